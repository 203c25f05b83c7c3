//go:build browser && !wasm

package pagetest

import (
	"context"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
)

// factorMapJSON mirrors window.ealsLiveFactorMap.
type factorMapJSON struct {
	Axes  [2][]float64 `json:"axes"`
	Mean  []float64    `json:"mean"`
	Share float64      `json:"share"`
	Items [][2]float64 `json:"items"`
	You   [][2]float64 `json:"you"`
}

// The factor map draws what the core computes: the principal plane of the
// trained model's Q, every business projected onto it after each click,
// and your vector's path; on one canvas, with the marked businesses
// reachable by keyboard and named when focused.
func TestFactorMapMatchesCore(t *testing.T) {
	bp := readBuiltPack(t)
	pk, train := bp.pack, bp.train
	srv := bp.serve(t)
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)
	model, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	plane, err := model.ItemPlane()
	if err != nil {
		t.Fatal(err)
	}
	you := model.AddUser()
	var fm factorMapJSON
	eventually(t, "the factor map", 20*time.Second, func() bool {
		readPublished(t, ctx, "ealsLiveFactorMap", &fm)
		return len(fm.You) == 1
	})
	for a := range 2 {
		for f, v := range plane.Axes[a] {
			if math.Abs(fm.Axes[a][f]-v) > 1e-9 {
				t.Fatalf("axis %d, factor %d: the page has %v, the core %v", a, f, fm.Axes[a][f], v)
			}
		}
	}
	if math.Abs(fm.Share-plane.Share()) > 1e-9 {
		t.Errorf("the page's share of variance %v, the core's %v", fm.Share, plane.Share())
	}
	path := [][2]float64{}
	p, _ := model.UserPoint(plane, you)
	path = append(path, p)
	compareMap(t, fm, model.ItemPoints(plane), path)

	for k := 0; k < 2; k++ {
		target := ids(t, ctx, "#browse-list li:has(button.like)")[0]
		run(t, ctx, "liking a business", 10*time.Second,
			mouseClick(`#browse-list li[data-id="`+target+`"] button.like`))
		item, _ := strconv.Atoi(target)
		if err := model.Update(you, int32(item)); err != nil {
			t.Fatal(err)
		}
		p, _ := model.UserPoint(plane, you)
		path = append(path, p)
		eventually(t, "the map after the click", 10*time.Second, func() bool {
			readPublished(t, ctx, "ealsLiveFactorMap", &fm)
			return len(fm.You) == k+2
		})
		compareMap(t, fm, model.ItemPoints(plane), path)
		settled(t, ctx)
		likeShown(t, ctx, "#browse-list", target)
	}
	// Out of sight, the map is not drawn: its canvas would cost every
	// click a layout of the whole page and a raster. Brought into sight, it
	// draws your whole path at once.
	var below float64
	run(t, ctx, "scrolling to the top", 5*time.Second, chromedp.Evaluate(
		`scrollTo(0, 0), document.getElementById("factor-map-canvas").getBoundingClientRect().top - innerHeight`, &below))
	if below < 400 {
		t.Fatalf("the map's canvas starts %.0f px below the window: too near to test that it waits until it is in sight", below)
	}
	time.Sleep(300 * time.Millisecond)
	if n := inkedPixels(t, ctx); n != 0 {
		t.Errorf("the map out of sight has %d pixels drawn, want none", n)
	}
	run(t, ctx, "scrolling to the map", 5*time.Second, scrolledTo("#factor-map-canvas"))
	eventually(t, "the map drawn once in sight", 5*time.Second, func() bool {
		return attr(t, ctx, "#factor-map-canvas", "data-drawn") == strconv.Itoa(len(path))
	})
	if n := inkedPixels(t, ctx); n < len(fm.Items) {
		t.Errorf("the drawn map inks %d pixels, fewer than its %d businesses", n, len(fm.Items))
	}
	// Back to the top, so that no scroll below moves the canvas under the
	// pointer, which would name the business there.
	run(t, ctx, "scrolling to the top", 5*time.Second, chromedp.Evaluate(`scrollTo(0, 0)`, nil))
	if n := count(t, ctx, "#factor-map canvas"); n != 1 {
		t.Errorf("%d canvases in the map, want 1", n)
	}
	if n := count(t, ctx, "#factor-map *"); n > 200 {
		t.Errorf("the map has %d elements: the businesses belong on the canvas", n)
	}
	contains(t, "the map's caption", text(t, ctx, "#factor-map-caption"), "never sees")
	contains(t, "the map's caption", text(t, ctx, "#factor-map-caption"), "principal directions")
	// The marked businesses by keyboard: focusing one names it.
	run(t, ctx, "opening the marked list", 5*time.Second, mouseClick("#factor-map details summary"))
	first := attr(t, ctx, "#factor-map-list button", "data-id")
	i, _ := strconv.Atoi(first)
	run(t, ctx, "focusing a marked business", 5*time.Second, focusOn("#factor-map-list button"))
	eventually(t, "the focused business named", 5*time.Second, func() bool {
		return len(text(t, ctx, "#factor-map-named")) > 0
	})
	contains(t, "the named business", text(t, ctx, "#factor-map-named"), pk.Items[i].Name)
	screenshotOf(t, ctx, "#factor-map", "60-factor-map")
	// A projector: 1280×720 at 150% zoom.
	run(t, ctx, "1280×720 at 150%", 10*time.Second, projector())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#factor-map", "62-factor-map-projector")
	screenshotOf(t, ctx, "#update-stepper", "53-stepper-projector")
	run(t, ctx, "narrow screen", 10*time.Second, phone())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#factor-map", "61-factor-map-phone")
}

// inkedPixels counts the factor map canvas's pixels that are not blank.
func inkedPixels(t *testing.T, ctx context.Context) int {
	t.Helper()
	var n int
	run(t, ctx, "reading the canvas", 5*time.Second, chromedp.Evaluate(`(() => {
		const c = document.getElementById("factor-map-canvas");
		const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let k = 3; k < px.length; k += 4) if (px[k] > 0) n++;
		return n;
	})()`, &n))
	return n
}

func compareMap(t *testing.T, fm factorMapJSON, items [][2]float64, path [][2]float64) {
	t.Helper()
	if len(fm.Items) != len(items) {
		t.Fatalf("the page maps %d businesses, the core %d", len(fm.Items), len(items))
	}
	near := func(a, b [2]float64) bool {
		return math.Abs(a[0]-b[0]) <= 1e-9*(1+math.Abs(b[0])) && math.Abs(a[1]-b[1]) <= 1e-9*(1+math.Abs(b[1]))
	}
	for i := range items {
		if !near(fm.Items[i], items[i]) {
			t.Fatalf("business %d: the page draws it at %v, the core projects it to %v", i, fm.Items[i], items[i])
		}
	}
	if len(fm.You) != len(path) {
		t.Fatalf("your path has %d points on the page, %d in the core", len(fm.You), len(path))
	}
	for n := range path {
		if !near(fm.You[n], path[n]) {
			t.Fatalf("your path's point %d: the page %v, the core %v", n, fm.You[n], path[n])
		}
	}
}
