package app

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// runButton starts a heavy run (the replay, the comparison) or, while it
// runs, stops it. While it cannot start it is disabled, and blocked (a
// sentence, see hold.says) says why. Its id is name+"-start" or
// name+"-stop"; on hears true to start and false to stop.
func runButton(name, label string, on func(ctx app.Context, start bool), running, stopping bool, blocked string) app.UI {
	switch {
	case running && stopping:
		return app.Button().ID(name + "-stop").Class("stop").Disabled(true).Text("Stopping…")
	case running:
		return app.Button().ID(name + "-stop").Class("stop").Text("Stop").
			Title("Stop now and keep the figures so far").
			OnClick(func(ctx app.Context, e app.Event) { on(ctx, false) })
	}
	b := app.Button().ID(name + "-start").Class("run").Text(label)
	if blocked != "" {
		return b.Disabled(true).Title(blocked)
	}
	return b.OnClick(func(ctx app.Context, e app.Event) { on(ctx, true) })
}

// progressMeter is a progress bar like the training's, under its own id,
// named label for screen readers.
func progressMeter(id, label string, v float64) app.UI {
	pct, fill := progressFill(v)
	return app.Div().ID(id).Class("progress").Attr("role", "progressbar").Aria("label", label).
		Aria("valuemin", "0").Aria("valuemax", "100").Aria("valuenow", pct).Body(fill)
}

// progressFill returns a progress bar's whole percentage and its filled
// part. The fill is scaled, not sized: a change of width would lay the
// page out again in every frame of the transition, on the page's thread,
// while the compositor animates a transform on its own.
func progressFill(v float64) (pct string, fill app.UI) {
	n := math.Round(100 * min(max(v, 0), 1))
	scale := strconv.FormatFloat(n/100, 'f', -1, 64)
	return strconv.Itoa(int(n)), app.Div().Class("progress-fill").Style("transform", "scaleX("+scale+")")
}

// runState names where a run is, for the panel's data-state attribute.
func runState(running, finished, stopped bool, err string) string {
	switch {
	case running:
		return "running"
	case err != "":
		return "failed"
	case stopped:
		return "stopped"
	case finished:
		return "finished"
	}
	return "idle"
}
