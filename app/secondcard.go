package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// secondCard is "Two models, your likes": a second model with other
// settings (α = 0 unless changed) trained by the workers, learning your
// likes as your model does, with both lists side by side: which
// businesses both hold and where each stands in the other.
type secondCard struct {
	app.Compo
	Isession *session
	data     dataSet
	inUse    modelInUse
	you      yours
	hold     hold
	m        secondModel
	draft    map[string]string // the controls' text, by parameter
	run      run
	epoch    int
	phase    string
	failed   string
	ctx      app.Context
}

func newSecondCard() *secondCard { return &secondCard{} }

func (c *secondCard) Session(s *session) *secondCard { c.Isession = s; return c }

func (c *secondCard) OnMount(ctx app.Context) {
	c.ctx = ctx
	// Drawn, so that the second model learns your likes once your list is
	// on screen, never delaying it.
	ctx.ObserveState(drawn(keyYou)).OnChange(func() { c.m.sync(c.you.Liked) }).Value(&c.you)
	ctx.ObserveState(drawn(keyData)).OnChange(func() {
		// A model trained on other data knows none of this data's ids.
		if c.m.data != c.data.Cat {
			c.m = secondModel{}
		}
	}).Value(&c.data)
	ctx.ObserveState(drawn(keyModel)).Value(&c.inUse)
	ctx.ObserveState(drawn(keyBusy)).Value(&c.hold)
}

// secondDefaults are the second model's settings before any change:
// yours with uniform weights, the comparison the paper's α is about.
func secondDefaults(cfg core.Config) core.Config {
	cfg.Alpha = 0
	return cfg
}

func (c *secondCard) settings() (core.Config, map[string]string) {
	return settings.Draft(secondDefaults(c.inUse.Config), c.draft)
}

func (c *secondCard) train(ctx app.Context, e app.Event) {
	cfg, problems := c.settings()
	if len(problems) > 0 {
		return
	}
	spec := trainingSpec(app.Getenv("GOAPP_VERSION"), cfg, true)
	if !c.run.start(c.ctx, c.Isession, "the second model is training", work.JobSpec{Kind: work.JobTrain, Train: &spec}, runNews{
		message:  c.onMessage,
		finished: c.onFinished,
	}) {
		return
	}
	c.epoch, c.phase, c.failed = 0, "training", ""
	c.m = secondModel{cfg: cfg}
}

func (c *secondCard) onMessage(ctx app.Context, m work.Msg) {
	switch m.Kind {
	case work.MsgProgress:
		var p work.TrainProgress
		if m.Decode(&p) == nil {
			c.epoch, c.phase = p.Epoch, p.Phase
		}
	case work.MsgResult:
		var run work.TrainRun
		if m.Decode(&run) != nil || len(m.Bytes) != 1 {
			c.failed = "the workers sent a damaged model"
			return
		}
		model, err := core.LoadModelTrusted(m.Bytes[0])
		if err != nil {
			c.failed = "the trained model could not be read: " + err.Error()
			return
		}
		c.m.cfg = run.Config
		c.m.data = c.data.Cat
		c.m.adopt(model, c.you.Liked)
	}
}

func (c *secondCard) onFinished(ctx app.Context, stopped bool, failed string) {
	c.phase = ""
	if failed != "" {
		c.failed = failed
	}
}

func (c *secondCard) stop(ctx app.Context, e app.Event) { c.run.stop(c.Isession) }

func (c *secondCard) Render() app.UI {
	cfg, problems := c.settings()
	h := c.hold
	start := secondDefaults(c.inUse.Config)
	return app.Section().ID("second").Class("card card-second").Body(
		app.H2().Text("Two models, your likes"),
		app.P().Class("caption").Text("Train a second model with other settings (uniform weights, α = 0, to begin with) and it learns "+
			"every like of yours too, one update each, as your model does: both lists side by side show what the settings change for you."),
		app.Div().Class("param-grid second-params").Body(
			app.Range(settings.Params).Slice(func(k int) app.UI {
				p := settings.Params[k]
				name := p.Name
				msg, bad := problems[name]
				return app.Div().Class("param").Body(
					app.Label().For("second-"+name).Body(notation(p.Label)),
					app.Input().ID("second-"+name).Type("text").Attr("inputmode", "decimal").AutoComplete(false).
						Value(p.Text(start)).Aria("invalid", bad).Aria("describedby", "second-"+name+"-error").
						OnInput(func(ctx app.Context, e app.Event) {
							if c.draft == nil {
								c.draft = map[string]string{}
							}
							c.draft[name] = ctx.JSSrc().Get("value").String()
						}),
					app.Span().ID("second-"+name+"-error").Class("param-error").Attr("role", "alert").Text(msg),
				)
			}),
		),
		app.Div().Class("retrain-row").Body(
			when(!c.run.running(), func() app.UI {
				return app.Button().ID("second-train").Class("run").Disabled(len(problems) > 0 || h.Reason != "").
					Text("Train the second model").Aria("label", "Train the second model with these settings").OnClick(c.train)
			}),
			when(c.run.running(), func() app.UI {
				return app.Button().ID("second-stop").Class("stop").Text("Stop").
					Aria("label", "Stop training the second model").OnClick(c.stop)
			}),
			app.Span().ID("second-status").Class("caption").Attr("role", "status").Text(c.status(cfg, h)),
		),
		when(c.m.model != nil && c.you.Trained && c.m.data == c.you.Cat, func() app.UI { return c.renderLists() }),
	)
}

func (c *secondCard) status(cfg core.Config, h hold) string {
	switch {
	case c.failed != "":
		return "The second model could not be trained: " + c.failed + "."
	case c.run.running() && c.phase == "evaluating":
		return "Measuring the second model on the held-out people…"
	case c.run.running():
		return fmt.Sprintf("Training the second model: epoch %d of %d…", min(c.epoch+1, cfg.Epochs), cfg.Epochs)
	case c.m.err != "":
		return "The second model cannot rank: " + c.m.err
	case h.Reason != "":
		return h.says("The second model")
	case c.m.model != nil:
		return "Both models learn each of your likes."
	}
	return "Not trained yet."
}

// renderLists shows your list and the second model's side by side.
func (c *secondCard) renderLists() app.UI {
	cat := c.you.Cat
	cmp := core.CompareLists(c.you.List, c.m.list)
	mine := c.inUse.Config
	other := c.m.cfg
	column := func(id, title string, cfg core.Config, list []core.Ranked, elsewhere []int) app.UI {
		return app.Div().Class("second-col").Body(
			app.H3().Body(notation(title)),
			app.P().Class("model-settings").Body(notation(fmt.Sprintf("K = %d, c_0 = %g, α = %g, λ = %g, w_new = %g, %d epochs",
				cfg.K, cfg.C0, cfg.Alpha, cfg.Lambda, cfg.WNew, cfg.Epochs))),
			app.Ol().ID(id).Class("second-list").Body(
				app.Range(list).Slice(func(k int) app.UI {
					i := list[k].Item
					where := "only here"
					class := "second-only"
					if j := elsewhere[k]; j >= 0 {
						class = "second-both"
						switch {
						case j == k:
							where = "same rank there"
						default:
							where = fmt.Sprintf("#%d there", j+1)
						}
					}
					return app.Li().Class(class).DataSet("id", i).Body(
						app.Span().Class("second-name").Text(cat.Item(i).Name),
						app.Span().Class("second-where").Text(where),
					)
				}),
			),
		)
	}
	return app.Div().ID("second-lists").Body(
		app.P().ID("second-overlap").Class("status").Text(fmt.Sprintf("%d of your top %d are in both lists; %s.",
			cmp.Overlap, listLength, textfmt.Plural(len(c.m.liked), "like learnt by each", "likes learnt by each"))),
		app.Div().Class("second-cols").Body(
			column("second-yours", "Your model", mine, c.you.List, cmp.RankInB),
			column("second-list", "The second model", other, c.m.list, cmp.RankInA),
		),
	)
}
