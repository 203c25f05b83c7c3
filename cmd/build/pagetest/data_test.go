//go:build browser && !wasm

package pagetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
)

// logFamily is one layout of interaction log a visitor may bring, written
// from a data set.
type logFamily struct {
	name  string // the file's name, which format detection reads too
	write func(d *core.Dataset) string
}

// logFamilies are the layouts the browser tests load through the page's
// file control: a CSV with a header, MovieLens's u.data and ratings.dat,
// and a TSV without a header. Ids are numbers, as in MovieLens; the
// ratings vary, the times follow the data set's.
var logFamilies = []logFamily{
	{"ratings.csv", func(d *core.Dataset) string {
		return writeLog(d, "userId,movieId,rating,timestamp\n", func(u, i, r int, ts int64) string {
			return fmt.Sprintf("%d,%d,%d.5,%d\n", u, i, r, ts)
		})
	}},
	{"u.data", func(d *core.Dataset) string {
		return writeLog(d, "", func(u, i, r int, ts int64) string { return fmt.Sprintf("%d\t%d\t%d\t%d\n", u, i, r, ts) })
	}},
	{"ratings.dat", func(d *core.Dataset) string {
		return writeLog(d, "", func(u, i, r int, ts int64) string { return fmt.Sprintf("%d::%d::%d::%d\n", u, i, r, ts) })
	}},
	{"clicks.tsv", func(d *core.Dataset) string {
		return writeLog(d, "", func(u, i, r int, ts int64) string { return fmt.Sprintf("%d\t%d\t%d\n", u, i, ts) })
	}},
}

func writeLog(d *core.Dataset, header string, line func(u, i, r int, ts int64) string) string {
	var b strings.Builder
	b.WriteString(header)
	for k, x := range d.Interactions() {
		b.WriteString(line(int(x.User)+1, int(x.Item)+1, 1+k%5, 1e9+x.Time))
	}
	return b.String()
}

// testLog is a small data set with ten or more interactions a user.
func testLog(t *testing.T, seed uint64) *core.Dataset {
	t.Helper()
	d, err := core.Synthetic(150, 120, 3000, 0.8, seed)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// requestLog records every request the browser makes, for the test that
// the visitor's file leaves it in none.
type requestLog struct {
	mu   sync.Mutex
	reqs []*network.Request
}

func (l *requestLog) listen(ctx context.Context) {
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			l.mu.Lock()
			l.reqs = append(l.reqs, e.Request)
			l.mu.Unlock()
		}
	})
}

// carrying returns the requests that could carry what: any with a body,
// any whose address holds it.
func (l *requestLog) carrying(what string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, r := range l.reqs {
		if r.Method != "GET" || r.HasPostData || strings.Contains(r.URL, what) {
			out = append(out, r.Method+" "+r.URL)
		}
	}
	return out
}

// loadFile picks path (and items, if not "") in the page's data control
// and reads it; it returns once the page has trained on it.
func loadFile(t testing.TB, ctx context.Context, path, items string) metrics {
	t.Helper()
	openDataChoice(t, ctx)
	click(t, ctx, "#data-kind-file")
	eventually(t, "the file control", 10*time.Second, func() bool { return count(t, ctx, "#data-file") == 1 })
	files := []chromedp.Action{chromedp.SetUploadFiles("#data-file", []string{path}, chromedp.ByQuery)}
	if items != "" {
		files = append(files, chromedp.SetUploadFiles("#data-items", []string{items}, chromedp.ByQuery))
	}
	run(t, ctx, "picking "+filepath.Base(path), 10*time.Second, files...)
	before := readMetrics(t, ctx).DataHash
	click(t, ctx, "#data-read")
	name := "your file " + filepath.Base(path)
	// A file of a million interactions takes minutes to read and train.
	return waitFor(t, ctx, "training on "+name, 4*trainTimeout, func(m metrics) bool {
		return ready(m) && m.Data == name && m.DataHash != before && m.ModelChecksum != "" && !m.Restored
	})
}

// openDataChoice unfolds the model card's data control.
func openDataChoice(t testing.TB, ctx context.Context) {
	t.Helper()
	run(t, ctx, "opening the data control", 10*time.Second, chromedp.Evaluate(
		`document.querySelector("#data-choice").open = true`, nil))
}

// checksumOf is the SHA-256 of core.Train's model on d's leave-one-out
// split, with cfg: what the page's workers must train.
func checksumOf(t *testing.T, d *core.Dataset, cfg core.Config) (*core.Model, string) {
	t.Helper()
	train, _, err := d.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m, modelChecksum(t, m)
}

// modelChecksum is the SHA-256 of m's model file, as the page publishes
// its own model's.
func modelChecksum(t *testing.T, m *core.Model) string {
	t.Helper()
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// likeTwice likes your list's top business twice, and holds the page's
// list after each to core's model m, learning the same clicks. The page's
// data-ids are the model's item ids.
func likeTwice(t *testing.T, ctx context.Context, m *core.Model) []string {
	t.Helper()
	you := m.AddUser()
	var liked []string
	start := len(readMetrics(t, ctx).ClickToScreenMs)
	for k := 0; k < 2; k++ {
		id := ids(t, ctx, "#ranked-list li:has(button.like)")[0]
		likeTop(t, ctx, start+k+1)
		i, _ := strconv.Atoi(id)
		if err := m.Update(you, int32(i)); err != nil {
			t.Fatal(err)
		}
		rec, err := m.Recommend(you, 20, true)
		if err != nil {
			t.Fatal(err)
		}
		compareList(t, ctx, k+1, m, you, rec)
		liked = append(liked, id)
	}
	return liked
}

// A visitor's own file in each family is read and trained on in the
// browser, bit for bit as core reads and trains on it natively; what was
// read is said before the model is shown; two likes give core's list; no
// request carries the file; a file that cannot be read is named with its
// line and the page keeps its data; and a reload comes back to the last
// file and its clicks.
func TestYourFileMatchesCore(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	var reqs requestLog
	reqs.listen(ctx)
	run(t, ctx, "opening the page", 30*time.Second, network.Enable(), chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training on the Phoenix reviews", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)
	dir := t.TempDir()
	var last string
	var lastLiked []string
	var lastData *core.Dataset
	for k, fam := range logFamilies {
		d := testLog(t, uint64(20+k))
		path := filepath.Join(dir, fam.name)
		content := fam.write(d)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := core.ReadLogFile(path, core.LogOptions{})
		if err != nil {
			t.Fatalf("%s: core cannot read the test's own file: %v", fam.name, err)
		}
		m := loadFile(t, ctx, path, "")
		model, sum := checksumOf(t, want.Data, cfg)
		if m.ModelChecksum != sum {
			t.Errorf("%s: the page's model has SHA-256 %s, core's on the same file %s", fam.name, m.ModelChecksum, sum)
		}
		data := text(t, ctx, "#data")
		for _, says := range []string{"your file " + fam.name, want.Format, "Read " + thousandsOf(want.Rows) + " rows",
			thousandsOf(want.Data.NumUsers()) + " users", thousandsOf(want.Data.NumItems()) + " items"} {
			if !strings.Contains(data, says) {
				t.Errorf("%s: the data card does not say %q: %q", fam.name, says, data)
			}
		}
		lastLiked = likeTwice(t, ctx, model)
		last, lastData = fam.name, want.Data
		if got := reqs.carrying(fam.name); len(got) > 0 {
			t.Errorf("%s: requests that may carry the file: %v", fam.name, got)
		}
	}
	screenshot(t, ctx, "70-your-file")

	// A file that cannot be read says why, and the page keeps its data.
	bad := filepath.Join(dir, "broken.csv")
	if err := os.WriteFile(bad, []byte("user,item,rating\na,b,1\na,c,lots\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := readMetrics(t, ctx)
	openDataChoice(t, ctx)
	click(t, ctx, "#data-kind-file")
	eventually(t, "the file control", 10*time.Second, func() bool { return count(t, ctx, "#data-file") == 1 })
	run(t, ctx, "picking a broken file", 10*time.Second, chromedp.SetUploadFiles("#data-file", []string{bad}, chromedp.ByQuery))
	click(t, ctx, "#data-read")
	eventually(t, "the broken file's message", 20*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#data-problem"), "broken.csv:3")
	})
	contains(t, "the notes", text(t, ctx, "#notices"), "The page keeps your file "+last)
	after := waitFor(t, ctx, "the workers back on the file in use", 20*time.Second, func(m metrics) bool {
		return ready(m) && !strings.HasPrefix(text(t, ctx, "#data-status"), "Reading")
	})
	if after.Data != before.Data || after.DataHash != before.DataHash || after.ModelChecksum != before.ModelChecksum {
		t.Errorf("after a broken file the page is on %s (%s), want %s (%s) as before", after.Data, after.DataHash, before.Data, before.DataHash)
	}
	// And it still learns: likeTop likes your list's top business.
	third := ids(t, ctx, "#ranked-list li:has(button.like)")[0]
	likeTop(t, ctx, len(after.ClickToScreenMs)+1)
	lastLiked = append(lastLiked, third)
	screenshot(t, ctx, "71-broken-file")

	// A reload comes back to the last file, its kept model and its clicks.
	liked := ids(t, ctx, "#history-list li")
	run(t, ctx, "reloading", 30*time.Second, chromedp.Reload())
	m := waitFor(t, ctx, "the file to come back", trainTimeout, func(m metrics) bool { return ready(m) && m.Liked == len(liked) })
	if m.Data != "your file "+last || !m.Restored {
		t.Errorf("after a reload the page is on %q (restored %v), want your file %s brought back", m.Data, m.Restored, last)
	}
	if got := ids(t, ctx, "#history-list li"); !slices.Equal(got, liked) || len(got) != len(lastLiked) {
		t.Errorf("after a reload your clicks are %v, want %v", got, liked)
	}
	// The clicks core learnt, in their order, and core's list after them:
	// the reload replays the very likes on the very model.
	if got := ids(t, ctx, "#history-list li"); !slices.Equal(got, lastLiked) {
		t.Errorf("after a reload your clicks are %v, the ones core learnt %v", got, lastLiked)
	}
	train, _, err := lastData.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	likes := make([]int32, len(lastLiked))
	for k, id := range lastLiked {
		likes[k] = int32(atoi(t, id))
	}
	settled0(t, ctx)
	model, you, rec := nativeUser(t, train, cfg, likes)
	compareList(t, ctx, len(likes), model, you, rec)
	if got := reqs.carrying(last); len(got) > 0 {
		t.Errorf("requests that may carry the file: %v", got)
	}
	// And one button back to the Phoenix reviews, whose clicks were kept.
	openDataChoice(t, ctx)
	click(t, ctx, "#data-kind-pack")
	waitFor(t, ctx, "the Phoenix reviews again", trainTimeout, func(m metrics) bool {
		return ready(m) && m.Data == "the Phoenix reviews"
	})
	if n := count(t, ctx, "#history-list li"); n != 0 {
		t.Errorf("back on the Phoenix reviews, %d clicks made on the files are listed", n)
	}
}

// A world with planted tastes: the page trains core's model of it, bit
// for bit; after likes in one group it shows core's list, and counts that
// group in your top 20 for eALS and for popularity exactly as core's model
// and core.TopN on the same world, clicks and settings do.
func TestPlantedWorldMatchesCore(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training on the Phoenix reviews", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)
	world := core.DefaultPlanted()
	world.Users, world.Items, world.Seed = 400, 160, 3
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
	w, err := core.Planted(world)
	if err != nil {
		t.Fatal(err)
	}
	model, sum := checksumOf(t, w.Data, cfg)
	if got := readMetrics(t, ctx).ModelChecksum; got == "" {
		t.Fatal("no model checksum")
	} else if got != sum {
		t.Errorf("the page's model of the planted world has SHA-256 %s, core's on the same world %s", got, sum)
	}
	you := model.AddUser()
	// Five likes in the group of the first business the finder lists.
	group := w.ItemGroup[atoi(t, ids(t, ctx, "#browse-list li:has(button.like)")[0])]
	var liked []int32
	for i, g := range w.ItemGroup {
		if g == group && len(liked) < 5 {
			liked = append(liked, int32(i))
		}
	}
	setFilter(t, ctx, "#search", w.GroupNames[group], "input")
	start := len(readMetrics(t, ctx).ClickToScreenMs)
	for k, i := range liked {
		eventually(t, "the business in the finder", 10*time.Second, func() bool {
			return count(t, ctx, `#browse-list li[data-id="`+strconv.Itoa(int(i))+`"] button.like`) == 1
		})
		run(t, ctx, "liking", 10*time.Second, mouseClick(`#browse-list li[data-id="`+strconv.Itoa(int(i))+`"] button.like`))
		waitFor(t, ctx, "the like", 10*time.Second, func(m metrics) bool { return len(m.ClickToScreenMs) >= start+k+1 })
		if err := model.Update(you, i); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := model.Recommend(you, 20, true)
	if err != nil {
		t.Fatal(err)
	}
	// Your list itself, not only its counts: core's businesses, order and
	// scores after the same five likes.
	settled(t, ctx)
	compareList(t, ctx, len(liked), model, you, rec)
	counts := make([]float64, w.Data.NumItems())
	for i, c := range w.Data.ItemCounts() {
		counts[i] = float64(c)
	}
	pop := core.TopN(counts, 20, liked)
	in := func(list []core.Ranked) int {
		n := 0
		for _, r := range list {
			if w.ItemGroup[r.Item] == group {
				n++
			}
		}
		return n
	}
	wantEals, wantPop := fmt.Sprintf("%d of 20", in(rec)), fmt.Sprintf("%d of 20", in(pop))
	eventually(t, "the tastes' counts", 10*time.Second, func() bool {
		return text(t, ctx, "#tastes-eals") == wantEals && text(t, ctx, "#tastes-pop") == wantPop
	})
	contains(t, "your group", text(t, ctx, "#tastes-group"), "You clicked in "+w.GroupNames[group]+": 5 of your 5 likes")
	if in(rec) < 3*in(pop) {
		t.Errorf("eALS holds %d of the group in your top 20, popularity %d", in(rec), in(pop))
	}
	screenshotOf(t, ctx, "#tastes", "72-known-tastes")
}

// A link made on someone's own file says it cannot carry the file, and
// learns its likes, the very items it names, once that file is loaded; a
// file larger than the page reads, in the decimal megabytes it states the
// limit in, is refused with its size and the limit before anything is
// read, and the page keeps its data.
func TestFileLinkAndFileLimit(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening a link made on a file", 30*time.Second,
		chromedp.Navigate(srv.base+"?data=file&file=ratings.csv&likes=1,2"))
	before := waitFor(t, ctx, "training on the Phoenix reviews", trainTimeout, ready)
	contains(t, "the notices", text(t, ctx, "#notices"), "ratings.csv")
	contains(t, "the notices", text(t, ctx, "#notices"), "cannot carry")
	if before.Liked != 0 {
		t.Errorf("the link's likes were learnt on the Phoenix reviews: %d", before.Liked)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "ratings.csv")
	if err := os.WriteFile(path, []byte(logFamilies[0].write(testLog(t, 5))), 0o644); err != nil {
		t.Fatal(err)
	}
	m := loadFile(t, ctx, path, "")
	eventually(t, "the link's likes learnt on the file", 10*time.Second, func() bool { return readMetrics(t, ctx).Liked == 2 })

	// The likes learnt are the link's, items 1 and 2 of the file in that
	// order, as core numbers them, and your list is core's after them.
	want, err := core.ReadLogFile(path, core.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var linkIDs []string
	var likes []int32
	for _, key := range []string{"1", "2"} {
		i, ok := want.Data.ItemID(key)
		if !ok {
			t.Fatalf("the test's file has no item %s", key)
		}
		linkIDs, likes = append(linkIDs, strconv.Itoa(int(i))), append(likes, i)
	}
	var got []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if got = ids(t, ctx, "#history-list li"); slices.Equal(got, linkIDs) {
			break
		}
	}
	if !slices.Equal(got, linkIDs) {
		t.Errorf("the link's likes were learnt as the businesses %v, want the file's items 1 and 2, %v", got, linkIDs)
	}
	train, _, err := want.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	settled0(t, ctx)
	model, you, rec := nativeUser(t, train, pageConfigShown(t, ctx), likes)
	compareList(t, ctx, len(likes), model, you, rec)

	for _, c := range []struct {
		name string
		size int64 // sparse: nothing is written
		says string
	}{
		{"big.csv", 65 << 20, "big.csv is 68.2 MB; the page reads files of up to 64 MB"},
		// Within 64 binary megabytes: the limit is in the decimal
		// megabytes the page shows sizes in.
		{"decimal.csv", 66_000_000, "decimal.csv is 66.0 MB; the page reads files of up to 64 MB"},
	} {
		big := filepath.Join(dir, c.name)
		f, err := os.Create(big)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(c.size); err != nil {
			t.Fatal(err)
		}
		f.Close()
		openDataChoice(t, ctx)
		click(t, ctx, "#data-kind-file")
		run(t, ctx, "picking "+c.name, 10*time.Second, chromedp.SetUploadFiles("#data-file", []string{big}, chromedp.ByQuery))
		// As a visitor would, once the workers are free for it.
		eventually(t, "Read and train", 60*time.Second, func() bool { return count(t, ctx, "#data-read:not([disabled])") == 1 })
		click(t, ctx, "#data-read")
		refused := func() bool {
			return strings.Contains(text(t, ctx, "#data-problem"), c.says)
		}
		for deadline := time.Now().Add(10 * time.Second); !refused() && time.Now().Before(deadline); {
			time.Sleep(100 * time.Millisecond)
		}
		if !refused() {
			t.Fatalf("%s was not refused: the control says %q and %q, the button disabled %q, the stage %s", c.name,
				text(t, ctx, "#data-status"), text(t, ctx, "#data-problem"), attr(t, ctx, "#data-read", "disabled"), readMetrics(t, ctx).Stage)
		}
		time.Sleep(time.Second)
		if after := readMetrics(t, ctx); after.DataHash != m.DataHash || after.Stage != "ready" || after.Liked != 2 {
			t.Errorf("after the refused %s the page has data %s (stage %s, %d likes), want %s still, ready, 2 likes",
				c.name, after.DataHash, after.Stage, after.Liked, m.DataHash)
		}
	}
}
