//go:build browser && !wasm

package pagetest

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// A second model with α = 0, trained by the workers, learns your likes
// beside your model: its list is core's for the same settings and likes,
// and the overlap the page states is core's comparison of the two lists.
func TestSecondModelMatchesCore(t *testing.T) {
	packPath := smallPackFile(t)
	b, err := os.ReadFile(packPath)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := pk.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)

	eventually(t, "the second model's button", 10*time.Second, func() bool {
		return count(t, ctx, "#second-train") == 1 && !disabled(t, ctx, "#second-train")
	})
	// A bad value is named and blocks training; fixing it unblocks it.
	run(t, ctx, "typing a bad K", 10*time.Second, typed("#second-K", "x"))
	eventually(t, "the bad K to be named", 10*time.Second, func() bool {
		return text(t, ctx, "#second-K-error") == "“32x” is not a number" && disabled(t, ctx, "#second-train")
	})
	run(t, ctx, "fixing K", 10*time.Second, typed("#second-K", "\b"))
	eventually(t, "K to be accepted", 10*time.Second, func() bool {
		return text(t, ctx, "#second-K-error") == "" && !disabled(t, ctx, "#second-train")
	})
	click(t, ctx, "#second-train")
	eventually(t, "the second model", trainTimeout, func() bool { return count(t, ctx, "#second-list li") == 20 })

	var likes []int32
	for k := 0; k < 2; k++ {
		target := ids(t, ctx, "#browse-list li:has(button.like)")[k]
		run(t, ctx, "liking", 10*time.Second, mouseClick(`#browse-list li[data-id="`+target+`"] button.like`))
		waitFor(t, ctx, "the like", 10*time.Second, func(m metrics) bool { return m.Liked == k+1 })
		i, _ := strconv.Atoi(target)
		likes = append(likes, int32(i))
	}
	eventually(t, "both likes learnt by the second model", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#second-overlap"), "2 likes learnt by each")
	})

	listOf := func(c core.Config) []core.Ranked {
		_, _, top := nativeUser(t, train, c, likes)
		return top
	}
	second := cfg
	second.Alpha = 0
	yours, theirs := listOf(cfg), listOf(second)
	var want []string
	for _, r := range theirs {
		want = append(want, strconv.Itoa(int(r.Item)))
	}
	if got := ids(t, ctx, "#second-list li"); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("the second model lists %v, core with α = 0 %v", got, want)
	}
	c := core.CompareLists(yours, theirs)
	contains(t, "the overlap", text(t, ctx, "#second-overlap"), strconv.Itoa(c.Overlap)+" of your top 20 are in both lists")
	t.Logf("α = %g and α = 0 share %d of the top 20 after 2 likes", cfg.Alpha, c.Overlap)
	screenshotOf(t, ctx, "#second", "65-second-model")
	run(t, ctx, "turning into a phone", 10*time.Second, phone())
	screenshotOf(t, ctx, "#second", "66-second-model-phone")
}
