package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// notice is a message box: an error that stops the page, or information
// the visitor may dismiss.
type notice struct {
	app.Compo
	Ilevel   string // "error" or "info"
	Iid      string
	Ititle   string
	Itext    string
	Ihint    string
	Idismiss int // index reported by the close button; -1 for none
	Icmd     interface{ Dismiss(k int) }
}

func newNotice() *notice { return &notice{Ilevel: "info", Idismiss: -1} }

func (n *notice) Level(v string) *notice { n.Ilevel = v; return n }
func (n *notice) ID(v string) *notice    { n.Iid = v; return n }
func (n *notice) Title(v string) *notice { n.Ititle = v; return n }
func (n *notice) Text(v string) *notice  { n.Itext = v; return n }
func (n *notice) Hint(v string) *notice  { n.Ihint = v; return n }

// DismissIn lets the close button drop note k through c.
func (n *notice) DismissIn(c interface{ Dismiss(k int) }, k int) *notice {
	n.Icmd, n.Idismiss = c, k
	return n
}

func (n *notice) Render() app.UI {
	role := "status"
	if n.Ilevel == "error" {
		role = "alert"
	}
	return app.Div().ID(n.Iid).Class("notice", "notice-"+n.Ilevel).Attr("role", role).Body(
		when(n.Ititle != "", func() app.UI { return app.Strong().Class("notice-title").Text(n.Ititle) }),
		app.P().Text(n.Itext),
		when(n.Ihint != "", func() app.UI { return app.P().Class("notice-hint").Text(n.Ihint) }),
		when(n.Idismiss >= 0, func() app.UI {
			k := n.Idismiss
			return app.Button().Class("notice-close").Aria("label", "Dismiss").Text("×").
				OnClick(func(ctx app.Context, e app.Event) { n.Icmd.Dismiss(k) }, k)
		}),
	)
}
