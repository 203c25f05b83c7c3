package app

import (
	"fmt"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// shareCard is "Share this scenario": a link carrying the model's settings
// and your likes, copied in one click, and the way back to clicks that
// "Start over" or a link put aside.
type shareCard struct {
	app.Compo
	Icmd    interface{ BringBack() }
	data    dataSet
	you     visitor.You
	model   modelInUse
	present []string
	link    string // the last link made, shown so it can be copied by hand
	copied  string // what became of the copy
	ctx     app.Context
}

func newShareCard() *shareCard { return &shareCard{} }

func (c *shareCard) Commands(cmd interface{ BringBack() }) *shareCard { c.Icmd = cmd; return c }

func (c *shareCard) OnMount(ctx app.Context) {
	c.ctx = ctx
	// A link made before a change no longer says what the page shows.
	forget := func() { c.link, c.copied = "", "" }
	observe(ctx, "share", drawn(keyData)).Value(&c.data)
	observe(ctx, "share", drawn(keyYou)).OnChange(forget).Value(&c.you)
	observe(ctx, "share", drawn(keyModel)).OnChange(forget).Value(&c.model)
	observe(ctx, "share", keyPresent).Value(&c.present)
}

// copyLink makes the link and puts it on the clipboard; where the browser
// refuses, the link stays shown, selected, to copy by hand.
func (c *shareCard) copyLink(ctx app.Context, e app.Event) {
	if c.you.Cat == nil || c.data.Info == nil {
		return
	}
	likes := make([]string, len(c.you.Liked))
	for k, i := range c.you.Liked {
		likes[k] = c.you.Cat.Item(i).ID
	}
	i := c.data.Info
	c.link = scenarioLink(c.model.Config, likes, dataSource{Kind: i.Source, File: i.Name, Planted: i.Planted}, c.present)
	c.copied = "Making the link…"
	link := c.link
	done := func(msg string) app.Func {
		return app.FuncOf(func(app.Value, []app.Value) any {
			c.ctx.Dispatch(func(ctx app.Context) {
				if c.link == link {
					c.copied = msg
				}
			})
			return nil
		})
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		c.copied = "This browser does not let the page copy: select the link above and copy it."
		return
	}
	clip.Call("writeText", link).Call("then", done("Copied. Whoever opens it trains the same model and sees your list.")).
		Call("catch", done("This browser did not let the page copy: select the link above and copy it."))
}

func (c *shareCard) Render() app.UI {
	ready := c.data.Cat != nil
	likes := len(c.you.Liked)
	return app.Section().ID("share").Class("card card-share").Body(
		app.H2().Text("Share this scenario"),
		app.P().Class("caption").Text(fmt.Sprintf("A link with the model's settings and your likes in the order you made them "+
			"(%d so far): opening it trains the same model and learns the same clicks, so it shows the same list. "+
			"Your settings and clicks also stay in this browser for your next visit.", likes)),
		app.Button().ID("copy-link").Class("run").Disabled(!ready).Text("Copy a link to this").
			Aria("label", "Copy a link to this scenario: the settings and your likes").OnClick(c.copyLink),
		when(c.link != "", func() app.UI {
			return app.Div().Body(
				app.Label().For("share-link").Class("visually-hidden").Text("Link to this scenario"),
				app.Input().ID("share-link").Class("share-link").ReadOnly(true).Value(c.link).
					OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
				app.P().ID("share-status").Class("caption").Attr("role", "status").Text(c.copied),
			)
		}),
		when(len(c.you.Earlier.Items) > 0, func() app.UI {
			e := c.you.Earlier
			label := fmt.Sprintf("Bring back the %s you had %s", textfmt.Plural(len(e.Items), "click", "clicks"), e.Why)
			return app.Button().ID("bring-back").Class("reset").Text(label).
				OnClick(func(ctx app.Context, e app.Event) { c.Icmd.BringBack() })
		}),
	)
}
