package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// modelCard is "The model": how the model your list comes from trains (or
// came back from an earlier visit), the data it trains on, and its
// learning curves. It draws the training the runner publishes, and asks
// for another.
type modelCard struct {
	app.Compo
	Icmd     modelCommands
	data     dataSet
	model    modelInUse
	training trainingShown
}

// modelCommands are what the model card and its data control send.
type modelCommands interface {
	TrainAgain()
	Stop(kind runKind)
	LoadData(d dataSource, parts [][]byte)
}

func newModelCard() *modelCard { return &modelCard{} }

func (c *modelCard) Commands(cmd modelCommands) *modelCard { c.Icmd = cmd; return c }

func (c *modelCard) OnMount(ctx app.Context) {
	observe(ctx, "model", keyData).Value(&c.data)
	observe(ctx, "model", keyModel).Value(&c.model)
	observe(ctx, "model", keyTraining).Value(&c.training)
}

func (c *modelCard) Render() app.UI {
	t := c.training
	stage := t.Stage
	if stage == "" {
		stage = "loading"
	}
	// Two cards of the page's grid, from one component: the wrapper is
	// display: contents.
	return app.Div().ID("model-card").Class("model-parts").Body(
		app.Section().ID("training").Class("card card-training").DataSet("stage", stage).Body(
			app.Div().Class("training-head").Body(
				app.H2().Text("The model"),
				c.renderButton(stage),
			),
			newTrainPanel().Stage(stage).Run(t.Run).Data(c.data.Info).Config(c.model.Config),
			newDataControl().Commands(c.Icmd),
		),
		newCurves().Run(t.Run).Planned(c.model.Config.Epochs).Previous(t.Previous).Words(c.data.words()),
	)
}

func (c *modelCard) renderButton(stage string) app.UI {
	stop := func(ctx app.Context, e app.Event) { c.Icmd.Stop(runTraining) }
	switch {
	case stage == "ready":
		label, title := "Train again", "Train a new model with these settings and watch it learn"
		if c.training.Run.Restored {
			label, title = "Train again and watch", "This model was trained on your last visit; train a fresh one and watch it learn"
		}
		return app.Button().ID("train-again").Class("run").Text(label).Title(title).
			OnClick(func(ctx app.Context, e app.Event) { c.Icmd.TrainAgain() })
	case stage != "training" && stage != "evaluating":
		return app.Span()
	case c.training.Stopping:
		return app.Button().ID("stop").Class("stop").Disabled(true).Text("Stopping…")
	case stage == "evaluating":
		return app.Button().ID("stop").Class("stop").Text("Skip").
			Title("Skip the evaluation on every held-out user").OnClick(stop)
	default:
		return app.Button().ID("stop").Class("stop").Text("Stop").
			Title("Stop training after this epoch and use the model as it is").OnClick(stop)
	}
}
