//go:build browser && !wasm

package pagetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

// yelpWords are the Phoenix reviews' own words, which no other data's
// page may use ("personal" may).
var yelpWords = regexp.MustCompile(`(?i)\b(business(es)?|review(s|ed|er|ers)?|yelp|phoenix|people|person)\b`)

// The page's words follow its data. A site built on a log, as `make site
// DATA=ratings.csv` builds one, names its own data in the data control,
// before and after the visitor chooses other data, and speaks of items
// and interactions from its pre-rendered page on; a planted world speaks
// of kitchens, and a MovieLens file with its movies.csv of movies. The
// finder's heading, its count line, a row's count's title, your list's
// caption, the update's sentence and the data control's summary use the
// data's words, never Yelp's.
func TestWordsFollowTheData(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "ratings.csv")
	if err := os.WriteFile(logPath, []byte(logFamilies[0].write(testLog(t, 31))), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := core.ReadLogFile(logPath, core.LogOptions{KCore: 10})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pack.BuildLog(read, pack.LogSource("ratings.csv", ""), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := packfile.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	packPath := filepath.Join(dir, "site.msgpack")
	if err := os.WriteFile(packPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	siteDir := siteWithPack(t, packPath)
	siteName := "ratings.csv (" + p.Subset.String() + ")"

	// The page as pre-rendered, before any code runs, already says what
	// the site trains on.
	index, err := os.ReadFile(filepath.Join(siteDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	tagline := "It trains in your browser on " + siteName + ", then updates itself the moment you like an item."
	if !strings.Contains(string(index), tagline) {
		t.Errorf("the pre-rendered page does not say %q", tagline)
	}
	if found := yelpWords.FindAllString(string(index), -1); len(found) > 0 {
		t.Errorf("the pre-rendered page of a site on ratings.csv speaks of %v", found)
	}

	srv := serveSite(t, siteDir, "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	m := waitFor(t, ctx, "training on the site's ratings.csv", trainTimeout, ready)
	if m.Data != siteName {
		t.Errorf("the page is on %q, want the site's %q", m.Data, siteName)
	}
	checkWords(t, ctx, "the site's ratings.csv", siteName, "item", "items")

	// A planted world: its items are kitchens. The site's own data is
	// still named as the choice beside it.
	world := core.DefaultPlanted()
	openDataChoice(t, ctx)
	click(t, ctx, "#data-kind-planted")
	eventually(t, "the world's fields", 10*time.Second, func() bool { return count(t, ctx, "#world-users") == 1 })
	for _, f := range [][2]string{{"users", "400"}, {"items", "160"}, {"seed", "3"}} {
		setFilter(t, ctx, "#world-"+f[0], f[1], "input")
	}
	click(t, ctx, "#data-plant")
	waitFor(t, ctx, "training on the planted world", trainTimeout, func(m metrics) bool {
		return ready(m) && strings.Contains(m.Data, "planted")
	})
	checkWords(t, ctx, "the planted world", fmt.Sprintf("a world of %d planted tastes", world.Groups), "kitchen", "kitchens")
	if got := text(t, ctx, `label[for="data-kind-pack"]`); got != siteName {
		t.Errorf("on a planted world the site's own data is offered as %q, want %q", got, siteName)
	}
	run(t, ctx, "seeing the page at 1366×900", 10*time.Second, chromedp.EmulateViewport(1366, 900),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	saveScreenshot(t, ctx, "73-planted-words", func(png *[]byte) chromedp.Action { return chromedp.CaptureScreenshot(png) })

	// A MovieLens file with its movies.csv: its items are movies.
	moviesLog := filepath.Join(dir, "movies-ratings", "ratings.csv")
	movies := filepath.Join(dir, "movies-ratings", "movies.csv")
	if err := os.MkdirAll(filepath.Dir(moviesLog), 0o755); err != nil {
		t.Fatal(err)
	}
	d := testLog(t, 32)
	if err := os.WriteFile(moviesLog, []byte(logFamilies[0].write(d)), 0o644); err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	list.WriteString("movieId,title,genres\n")
	for i := 1; i <= d.NumItems(); i++ {
		fmt.Fprintf(&list, "%d,Film %d (19%02d),Drama|Comedy\n", i, i, i%100)
	}
	if err := os.WriteFile(movies, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	loadFile(t, ctx, moviesLog, movies)
	checkWords(t, ctx, "the MovieLens file", "your file ratings.csv", "movie", "movies")
}

// checkWords holds the page on data called name, whose items are called
// item and items, to the data's words: the finder's heading, its count
// line and a row's count's title, the tagline, your list's caption and
// the update's sentence after a like, and the data control's summary,
// none of them with Yelp's words.
func checkWords(t *testing.T, ctx context.Context, what, name, item, items string) {
	t.Helper()
	heading := "Find " + items + " you like"
	eventually(t, what+": the finder's heading", 10*time.Second, func() bool { return text(t, ctx, "#browse h2") == heading })
	likeTop(t, ctx, len(readMetrics(t, ctx).ClickToScreenMs)+1)
	eventually(t, what+": the update's sentence", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#update-live .explain"), items)
	})
	shown := map[string]string{
		"the finder's heading":  text(t, ctx, "#browse h2"),
		"the finder's count":    text(t, ctx, "#browse-count"),
		"a row's count's title": attr(t, ctx, "#browse-list li .reviews", "title"),
		"the tagline":           text(t, ctx, ".tagline"),
		"your list's caption":   text(t, ctx, "#list-caption"),
		"the update's sentence": text(t, ctx, "#update-live .explain"),
		"the data control":      text(t, ctx, "#data-choice summary"),
	}
	for part, says := range map[string]string{
		"the finder's count":    "most popular",
		"a row's count's title": " of this " + item + " in the data",
		"the tagline":           "you like " + withArticle(item) + ".",
		"your list's caption":   "the " + items + " with the highest score",
		"the update's sentence": " " + items + " or the other users changes.",
		"the data control":      "Data: " + name,
	} {
		if !strings.Contains(shown[part], says) {
			t.Errorf("%s: %s does not say %q: %q", what, part, says, shown[part])
		}
	}
	if !strings.Contains(shown["the finder's count"], "interaction") {
		t.Errorf("%s: the finder's count does not count interactions: %q", what, shown["the finder's count"])
	}
	for part, s := range shown {
		if found := yelpWords.FindAllString(s, -1); len(found) > 0 {
			t.Errorf("%s: %s speaks of %v: %q", what, part, found, s)
		}
	}
}

// withArticle is "a" or "an" and noun, for the nouns these tests meet.
func withArticle(noun string) string {
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}
