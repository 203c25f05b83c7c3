package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// about explains in a few lines what runs behind the page, for the
// settings of the model in use: the visitor can change K and α.
type about struct {
	app.Compo
	model modelInUse
}

func newAbout() *about { return &about{model: modelInUse{Config: runs.PageConfig()}} }

func (a *about) OnMount(ctx app.Context) { ctx.ObserveState(drawn(keyModel)).Value(&a.model) }

func (a *about) Render() app.UI {
	c := a.model.Config
	numbers := textfmt.Plural(c.K, "number", "numbers")
	// α = 0 is the uniform weighting of Hu et al.: say so rather than
	// claim the popularity weighting the paper proposes.
	weights := fmt.Sprintf("weighted more for more popular businesses (in proportion to their popularity to the power α = %g)", c.Alpha)
	if c.Alpha == 0 {
		weights = "all with the same weight, since α = 0 (the uniform weighting of Hu et al.; the paper's popularity weighting needs α > 0)"
	}
	return app.Footer().Class("about").Body(
		app.H2().Text("What happens here"),
		app.P().Text("The model is eALS, element-wise alternating least squares with weighted missing data "+
			"(He, Zhang, Kan and Chua, “Fast Matrix Factorization for Online Recommendation with Implicit Feedback”, SIGIR 2016). "+
			"It gives every person and every business "+numbers+" (K = "+fmt.Sprint(c.K)+"), and predicts how much a person likes a business by their dot product. "+
			"Reviews count as “liked”; every business a person did not review counts as a weak “not liked”, "+weights+"."),
		app.P().Text("Training alternates between people and businesses, solving one number at a time exactly, so each step can only lower the objective. "+
			"When you like a business, the model treats you as a new person and runs the paper's incremental update: "+
			"it re-solves your "+numbers+" and the business's, and nothing else, which is why it takes a fraction of a millisecond."),
		app.P().Class("small").Text("Everything runs in this browser tab, written in Go and compiled to WebAssembly. "+
			"Nothing you click leaves your device; your clicks are kept in this browser's storage only."),
	)
}
