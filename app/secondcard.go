package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// secondCard is "Two models, your likes": a second model with other
// settings (α = 0 unless changed) trained by the workers, learning your
// likes as your model does, with both lists side by side: which
// businesses both hold and where each stands in the other.
type secondCard struct {
	app.Compo
	Icmd   secondCommands
	data   dataSet
	inUse  modelInUse
	you    visitor.You
	hold   hold
	run    secondRun
	draft  map[string]string // the controls' text, by parameter
	second *visitor.Follower // you on the second model, nil until one is trained
	err    string            // why the second model could not be read
	models int               // the runner's count of second models, as last taken
}

// secondCommands are what the second model's card sends.
type secondCommands interface {
	TrainSecond(cfg core.Config)
	Stop(kind runKind)
}

func newSecondCard() *secondCard { return &secondCard{} }

func (c *secondCard) Commands(cmd secondCommands) *secondCard { c.Icmd = cmd; return c }

func (c *secondCard) OnMount(ctx app.Context) {
	// Drawn, so that the second model learns your likes once your list is
	// on screen, never delaying it.
	observe(ctx, "second", drawn(keyYou)).OnChange(func() {
		switch {
		case c.second == nil:
		case c.run.Data != c.you.Cat:
			// A model trained on other data knows none of this data's ids.
			c.second = nil
		default:
			c.second.Follow(c.you.Liked)
		}
	}).Value(&c.you)
	observe(ctx, "second", drawn(keyData)).Value(&c.data)
	observe(ctx, "second", drawn(keyModel)).Value(&c.inUse)
	observe(ctx, "second", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "second", keySecond).OnChange(c.take).Value(&c.run)
}

// take makes you a new user of a second model just trained.
func (c *secondCard) take() {
	r := c.run
	switch {
	case r.Running && r.Model == nil:
		c.second, c.err = nil, ""
	case r.Models != c.models && r.Model != nil:
		c.models = r.Models
		// The workers trained this model.
		model, err := core.LoadModelTrusted(r.Model)
		if err != nil {
			c.second, c.err = nil, "the trained model could not be read: "+err.Error()
			return
		}
		c.second, c.err = visitor.NewFollower(model, c.you.Liked), ""
	}
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
	if cfg, problems := c.settings(); len(problems) == 0 {
		c.Icmd.TrainSecond(cfg)
	}
}

func (c *secondCard) stop(ctx app.Context, e app.Event) { c.Icmd.Stop(runSecond) }

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
			when(!c.run.Running, func() app.UI {
				return app.Button().ID("second-train").Class("run").Disabled(len(problems) > 0 || h.Reason != "").
					Text("Train the second model").Aria("label", "Train the second model with these settings").OnClick(c.train)
			}),
			when(c.run.Running, func() app.UI {
				return app.Button().ID("second-stop").Class("stop").Text("Stop").
					Aria("label", "Stop training the second model").OnClick(c.stop)
			}),
			app.Span().ID("second-status").Class("caption").Attr("role", "status").Text(c.status(cfg, h)),
		),
		when(c.second != nil && c.you.Trained && c.run.Data == c.you.Cat, func() app.UI { return c.renderLists() }),
	)
}

func (c *secondCard) status(cfg core.Config, h hold) string {
	r := c.run
	switch {
	case r.Failed != "":
		return "The second model could not be trained: " + r.Failed + "."
	case c.err != "":
		return "The second model could not be trained: " + c.err + "."
	case r.Running && r.Phase == "evaluating":
		return "Measuring the second model on the held-out " + c.data.words().Users + "…"
	case r.Running:
		return fmt.Sprintf("Training the second model: epoch %d of %d…", min(r.Epoch+1, r.Config.Epochs), r.Config.Epochs)
	case c.second != nil && c.second.Err() != nil:
		return "The second model cannot rank: " + c.second.Err().Error()
	case h.Reason != "":
		return h.says("The second model")
	case c.second != nil:
		return "Both models learn each of your likes."
	}
	return "Not trained yet."
}

// renderLists shows your list and the second model's side by side.
func (c *secondCard) renderLists() app.UI {
	cat := c.you.Cat
	list := c.second.List()
	cmp := core.CompareLists(c.you.List, list)
	mine := c.inUse.Config
	other := c.run.Config
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
			cmp.Overlap, visitor.ListLength, textfmt.Plural(c.second.Learnt(), "like learnt by each", "likes learnt by each"))),
		app.Div().Class("second-cols").Body(
			column("second-yours", "Your model", mine, c.you.List, cmp.RankInB),
			column("second-list", "The second model", other, list, cmp.RankInA),
		),
	)
}
