package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// about explains in a few lines what runs behind the page.
type about struct {
	app.Compo
}

func newAbout() *about { return &about{} }

func (a *about) Render() app.UI {
	return app.Footer().Class("about").Body(
		app.H2().Text("What happens here"),
		app.P().Text("The model is eALS, element-wise alternating least squares with popularity-weighted missing data "+
			"(He, Zhang, Kan and Chua, “Fast Matrix Factorization for Online Recommendation with Implicit Feedback”, SIGIR 2016). "+
			"It gives every person and every business 32 numbers, and predicts how much a person likes a business by their dot product. "+
			"Reviews count as “liked”; every business a person did not review counts as a weak “not liked”, weighted more for popular businesses."),
		app.P().Text("Training alternates between people and businesses, solving one number at a time exactly, so each step can only lower the objective. "+
			"When you like a business, the model treats you as a new person and runs the paper's incremental update: "+
			"it re-solves your 32 numbers and the business's, and nothing else, which is why it takes a fraction of a millisecond."),
		app.P().Class("small").Text("Everything runs in this browser tab, written in Go and compiled to WebAssembly. "+
			"Nothing you click leaves your device; your clicks are kept in this browser's storage only."),
	)
}
