package app

import (
	"sync/atomic"

	"github.com/ealslive/ealslive/app/settings"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// paramChange is a control's new text. Like filter changes, actions may
// arrive out of order, so each carries a sequence number.
type paramChange struct {
	Name  string
	Value string
	Seq   int64
}

var paramSeq atomic.Int64

// paramControls are the inputs for K, c0, α, λ, w_new and epochs, each
// with what is wrong with its value, and the Retrain button.
type paramControls struct {
	app.Compo
	Istart    map[string]string // what the inputs show until edited: the config in use
	Iproblems map[string]string // by parameter name
	Ihold     hold              // why Retrain cannot run now
	Ichanged  bool              // the controls differ from the config in use
	onRetrain app.EventHandler  // kept from the first render (see catalogView.onRowClick)
}

func newParamControls() *paramControls { return &paramControls{} }

func (c *paramControls) Start(v map[string]string) *paramControls    { c.Istart = v; return c }
func (c *paramControls) Problems(v map[string]string) *paramControls { c.Iproblems = v; return c }
func (c *paramControls) Hold(v hold) *paramControls                  { c.Ihold = v; return c }
func (c *paramControls) Changed(v bool) *paramControls               { c.Ichanged = v; return c }
func (c *paramControls) OnRetrain(v app.EventHandler) *paramControls { c.onRetrain = v; return c }

func (c *paramControls) Render() app.UI {
	invalid := len(c.Iproblems) > 0
	status := "Retrain trains a new model on the same data with these values; your clicks are kept and learnt again."
	switch {
	case c.Ihold.Final:
		// Fixing a value would not help: say so first.
		status = c.Ihold.says("Retraining")
	case invalid:
		status = "Fix the values marked above to retrain."
	case c.Ihold.Reason != "":
		status = c.Ihold.says("Retraining")
	case !c.Ichanged:
		status = "These are the values of the model in use. Change any and retrain; your clicks are kept and learnt again."
	}
	return app.Section().ID("params").Class("card card-params").Body(
		app.H3().Text("Parameters"),
		app.Div().Class("param-grid").Body(
			app.Range(settings.Params).Slice(func(k int) app.UI {
				p := settings.Params[k]
				msg, bad := c.Iproblems[p.Name]
				name := p.Name
				return app.Div().Class("param").DataSet("param", name).Body(
					app.Label().For("param-"+name).Body(notation(p.Label)),
					// Not bound to the draft: writing the value back while the
					// visitor types would lose keystrokes. It changes only when
					// the config in use does.
					app.Input().ID("param-"+name).Type("text").Attr("inputmode", "decimal").
						AutoComplete(false).Attr("spellcheck", "false").
						Value(c.Istart[name]).Aria("invalid", bad).Aria("describedby", "param-"+name+"-error").
						OnInput(func(ctx app.Context, e app.Event) {
							ctx.NewActionWithValue(actParam, paramChange{Name: name, Value: ctx.JSSrc().Get("value").String(), Seq: paramSeq.Add(1)})
						}, name),
					app.Span().ID("param-"+name+"-error").Class("param-error").Attr("role", "alert").Text(msg),
				)
			}),
		),
		app.Div().Class("retrain-row").Body(
			// Held by a run (the one it starts, say), it stays focusable
			// and says it is unavailable: a disabled button would drop the
			// keyboard's focus to the page's body.
			app.Button().ID("retrain").Class("retrain").Disabled(invalid).Aria("disabled", c.Ihold.Reason != "").
				Aria("describedby", "retrain-status").Text("Retrain").
				OnClick(c.onRetrain),
			app.Span().ID("retrain-status").Class("caption").Text(status),
		),
	)
}
