package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// about explains in a few lines what runs behind the page, for the
// settings of the model in use (the visitor can change K and α) and in
// the words of the data in use.
type about struct {
	app.Compo
	model modelInUse
	data  dataSet
}

func newAbout() *about { return &about{model: modelInUse{Config: runs.PageConfig()}} }

func (a *about) OnMount(ctx app.Context) {
	ctx.ObserveState(drawn(keyModel)).Value(&a.model)
	observe(ctx, "about", drawn(keyData)).Value(&a.data)
}

func (a *about) Render() app.UI {
	c := a.model.Config
	w := a.data.words()
	numbers := textfmt.Plural(c.K, "number", "numbers")
	// α = 0 is the uniform weighting of Hu et al.: say so rather than
	// claim the popularity weighting the paper proposes.
	weights := fmt.Sprintf("weighted more for more popular %s (in proportion to their popularity to the power α = %g)", w.Items, c.Alpha)
	if c.Alpha == 0 {
		weights = "all with the same weight, since α = 0 (the uniform weighting of Hu et al.; the paper's popularity weighting needs α > 0)"
	}
	return app.Footer().Class("about").Body(
		app.H2().Text("What happens here"),
		app.P().Text("The model is eALS, element-wise alternating least squares with weighted missing data "+
			"(He, Zhang, Kan and Chua, “Fast Matrix Factorization for Online Recommendation with Implicit Feedback”, SIGIR 2016). "+
			"It gives every "+w.User+" and every "+w.Item+" "+numbers+" (K = "+fmt.Sprint(c.K)+"), and predicts how much "+
			textfmt.WithArticle(w.User)+" likes "+textfmt.WithArticle(w.Item)+" by their dot product. "+
			capitalise(w.Reviews)+" count as “liked”; every "+w.Item+" "+textfmt.WithArticle(w.User)+" did not "+w.Do+
			" counts as a weak “not liked”, "+weights+"."),
		app.P().Text("Training alternates between "+w.Users+" and "+w.Items+", solving one number at a time exactly, so each step can only lower the objective. "+
			"When you like "+textfmt.WithArticle(w.Item)+", the model treats you as a new "+w.User+" and runs the paper's incremental update: "+
			"it re-solves your "+numbers+" and the "+w.Item+"'s, and nothing else, which is why it takes a fraction of a millisecond."),
		app.P().Class("small").Text("Everything runs in this browser tab, written in Go and compiled to WebAssembly. "+
			"Nothing you click leaves your device; your clicks are kept in this browser's storage only."),
	)
}
