//go:build browser && !wasm

package pagetest

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
)

// "More like this" lists what core's Similar finds for the page's model,
// in your list and in the finder; the factor map section's second view
// draws every business with coordinates where it is and marks your likes;
// both views export as SVG and PNG; a link and presenter mode open the map.
func TestMoreLikeThisAndTheMap(t *testing.T) {
	bp := readBuiltPack(t)
	srv := bp.serve(t)
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)

	first := ids(t, ctx, "#browse-list li:has(button.like)")[0]
	run(t, ctx, "liking a business", 10*time.Second, mouseClick(`#browse-list li[data-id="`+first+`"] button.like`))
	liked, _ := strconv.Atoi(first)
	settled(t, ctx)
	likeShown(t, ctx, "#browse-list", first)
	model, _, _ := nativeUser(t, bp.train, cfg, []int32{int32(liked)})

	// In your list: the first row's neighbours.
	row := attr(t, ctx, "#ranked-list li:first-child", "data-id")
	run(t, ctx, "opening More like this", 10*time.Second, mouseClick("#you-near-1"))
	eventually(t, "the neighbours listed", 10*time.Second, func() bool { return count(t, ctx, "#you-near-panel-1 .near-item") > 0 })
	if got := attr(t, ctx, "#you-near-1", "aria-expanded"); got != "true" {
		t.Errorf("the open toggle has aria-expanded=%q", got)
	}
	rowID, _ := strconv.Atoi(row)
	checkNear(t, "your list's first row", ids(t, ctx, "#you-near-panel-1 .near-item"),
		texts(t, ctx, "#you-near-panel-1 .near-cos"), model, int32(rowID))
	eventually(t, "the live region", 5*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#announce"), "most like "+bp.pack.Items[rowID].Name)
	})
	if names := accessibleNames(t, ctx, "#you-near-1"); len(names) != 1 || !strings.Contains(names[0], bp.pack.Items[rowID].Name) {
		t.Errorf("the toggle is named %q, want the business's name in it", names)
	}

	// In the finder: the liked business's neighbours.
	run(t, ctx, "opening More like this in the finder", 10*time.Second, mouseClick("#browse-near-"+first))
	eventually(t, "the finder's neighbours", 10*time.Second, func() bool {
		return count(t, ctx, "#browse-near-panel-"+first+" .near-item") > 0
	})
	checkNear(t, "the finder's liked business", ids(t, ctx, "#browse-near-panel-"+first+" .near-item"),
		texts(t, ctx, "#browse-near-panel-"+first+" .near-cos"), model, int32(liked))
	// The factor map marks them, in its list of marked businesses.
	eventually(t, "the neighbours marked on the map", 10*time.Second, func() bool {
		return strings.Contains(text(t, ctx, "#factor-map-list"), "more like "+bp.pack.Items[liked].Name)
	})
	assertAccessible(t, ctx, "More like this open")

	// Liking from the panel teaches the model like any like.
	near := ids(t, ctx, "#browse-near-panel-"+first+" .near-item:has(button.like)")[0]
	run(t, ctx, "liking a neighbour", 10*time.Second,
		mouseClick("#browse-near-panel-"+first+` .near-item[data-id="`+near+`"] button.like`))
	settled(t, ctx)
	eventually(t, "the neighbour liked", 10*time.Second, func() bool {
		return count(t, ctx, "#browse-near-panel-"+first+` .near-item[data-id="`+near+`"] button.liked`) == 1
	})

	// The exports of the factor space.
	svg := exportFileFrom(t, ctx, "#factor-map-svg", "eals-factor-map.svg", "#factor-map-last")
	checkSVG(t, "the factor map", svg, "The factor map", "K = "+strconv.Itoa(cfg.K), "Your likes")
	if n, want := bytes.Count(svg, []byte("h3v3h-3z")), len(bp.pack.Items); n != want {
		t.Errorf("the factor map's SVG draws %d businesses, want %d", n, want)
	}

	// On the map: one mark per business with coordinates, your likes ringed.
	withCoords := 0
	for _, it := range bp.pack.Items {
		if it.Lat != 0 || it.Lon != 0 {
			withCoords++
		}
	}
	run(t, ctx, "choosing the map", 10*time.Second, scrolledTo("#factor-map-view-map"), mouseClick("#factor-map-view-map"))
	eventually(t, "the map drawn", 10*time.Second, func() bool {
		return attr(t, ctx, "#factor-map-canvas", "data-view") == "map" &&
			attr(t, ctx, "#factor-map-canvas", "data-marks") == strconv.Itoa(withCoords)
	})
	contains(t, "the map's caption", text(t, ctx, "#factor-map-caption"), "never where")
	if got := attr(t, ctx, "#factor-map-view-map", "aria-pressed"); got != "true" {
		t.Errorf("the map's button has aria-pressed=%q", got)
	}
	assertAccessible(t, ctx, "More like this and the map open")
	svg = exportFileFrom(t, ctx, "#factor-map-svg", "eals-map.svg", "#factor-map-last")
	checkSVG(t, "the map", svg, "The map of where", "Your top fifth")
	if n := bytes.Count(svg, []byte("h3v3h-3z")); n != withCoords {
		t.Errorf("the map's SVG draws %d businesses, want the %d with coordinates", n, withCoords)
	}
	if n := bytes.Count(svg, []byte(`stroke="#9b2c1f"`)); n != 2 {
		t.Errorf("the map's SVG rings %d businesses as liked, want 2", n)
	}
	for _, name := range []string{"eals-map.png", "eals-factor-map.png"} {
		if name == "eals-factor-map.png" {
			click(t, ctx, "#factor-map-view-factors")
			eventually(t, "the factor space shown", 10*time.Second, func() bool {
				return attr(t, ctx, "#factor-map-png", "aria-label") == "Export the factor map as PNG"
			})
		}
		img, err := png.Decode(bytes.NewReader(exportFileFrom(t, ctx, "#factor-map-png", name, "#factor-map-last")))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w := img.Bounds().Dx(); w < 400 {
			t.Errorf("%s is %d pixels wide", name, w)
		}
	}
	click(t, ctx, "#factor-map-view-map")
	// The map redraws for a new width once it is in sight.
	mapInSight := func() {
		run(t, ctx, "scrolling to the map", 5*time.Second, scrolledTo("#factor-map-canvas"))
		time.Sleep(500 * time.Millisecond)
	}
	run(t, ctx, "1366×900", 10*time.Second, chromedp.EmulateViewport(1366, 900))
	mapInSight()
	screenshotOf(t, ctx, "#factor-map", "71-map")
	screenshotOf(t, ctx, "#browse", "72-more-like-this")
	run(t, ctx, "1280×720 at 150%", 10*time.Second, projector())
	mapInSight()
	screenshotOf(t, ctx, "#factor-map", "73-map-projector")
	screenshotOf(t, ctx, "#you", "74-more-like-this-projector")
	run(t, ctx, "narrow screen", 10*time.Second, phone())
	mapInSight()
	screenshotOf(t, ctx, "#factor-map", "75-map-phone")
	screenshotOf(t, ctx, "#browse", "76-more-like-this-phone")

	// A link, and presenter mode, open the map.
	for _, q := range []string{"?view=map", "?present=you,map"} {
		run(t, ctx, "opening "+q, 30*time.Second, chromedp.Navigate(srv.base+q))
		waitFor(t, ctx, "training to end", trainTimeout, ready)
		eventually(t, q+" on the map", 20*time.Second, func() bool {
			return attr(t, ctx, "#factor-map-view-map", "aria-pressed") == "true"
		})
	}
	var shown bool
	run(t, ctx, "reading the section's display", 5*time.Second, chromedp.Evaluate(
		`getComputedStyle(document.getElementById("factor-map")).display != "none"`, &shown))
	if !shown {
		t.Error("presenter mode with the map hides the factor map section")
	}
}

// checkNear compares a "More like this" panel with core's Similar for
// business i: the same businesses in the same order, and each cosine as
// shown, to two decimals.
func checkNear(t *testing.T, what string, got, cosines []string, m *core.Model, i int32) {
	t.Helper()
	want, err := m.Similar(i, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(cosines) != len(want) {
		t.Fatalf("%s: %d neighbours and %d cosines, want %d", what, len(got), len(cosines), len(want))
	}
	for k, r := range want {
		if got[k] != strconv.Itoa(int(r.Item)) {
			t.Errorf("%s: neighbour %d is %s, core's is %d", what, k+1, got[k], r.Item)
		}
		if w := fmt.Sprintf("cos %.2f", r.Score); cosines[k] != w {
			t.Errorf("%s: neighbour %d shows %q, core's %q", what, k+1, cosines[k], w)
		}
	}
}

// texts are the texts of the elements sel matches.
func texts(t *testing.T, ctx context.Context, sel string) []string {
	t.Helper()
	var out []string
	run(t, ctx, "reading "+sel, 5*time.Second, chromedp.Evaluate(
		`[...document.querySelectorAll(`+jsString(sel)+`)].map(e => e.textContent)`, &out))
	return out
}
