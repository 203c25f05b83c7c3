package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/datainfo"
)

// historyList shows the businesses you liked, in the order you liked them,
// and lets you take any of them back or start over.
type historyList struct {
	app.Compo
	Ientries []entry
	Ipending bool           // training has not ended; clicks are learnt afterwards
	Iwords   datainfo.Words // what the data's things are called
	// onRowClick and onStartOver handle the buttons (see rankedList), kept
	// from the first render (see catalogView.onRowClick).
	onRowClick  app.EventHandler
	onStartOver app.EventHandler
}

func newHistoryList() *historyList { return &historyList{} }

func (h *historyList) Entries(v []entry) *historyList { h.Ientries = v; return h }
func (h *historyList) Pending(v bool) *historyList    { h.Ipending = v; return h }
func (h *historyList) Words(v datainfo.Words) *historyList {
	h.Iwords = v
	return h
}
func (h *historyList) OnRowClick(v app.EventHandler) *historyList {
	h.onRowClick = v
	return h
}
func (h *historyList) OnStartOver(v app.EventHandler) *historyList {
	h.onStartOver = v
	return h
}

func (h *historyList) Render() app.UI {
	return app.Section().ID("history").Class("card card-history").Body(
		app.H2().Text("Your clicks"),
		when(len(h.Ientries) == 0, func() app.UI {
			return app.P().Class("caption").Text("None yet. Every " + h.Iwords.Item + " you like is listed here, saved in this browser, and replayed into the model when you come back.")
		}),
		when(len(h.Ientries) > 0, func() app.UI {
			return app.Div().Body(
				when(h.Ipending, func() app.UI {
					return app.P().Class("caption pending").Text("Saved. The model learns these as soon as training ends.")
				}),
				app.Ol().ID("history-list").Class("history").OnClick(h.onRowClick).Body(
					app.Range(h.Ientries).Slice(func(k int) app.UI {
						e := h.Ientries[k]
						return app.Li().Class("history-item").DataSet("id", e.ID).Body(
							businessText(e),
							app.Button().Class("remove").Aria("label", "Remove "+e.Name).Title("Forget this click").Text("Remove"),
						)
					}),
				),
				app.Button().ID("reset").Class("reset").Text("Start over as a new user").
					OnClick(h.onStartOver),
			)
		}),
		app.P().Class("explain").Text("Remove forgets one observation: the model deletes it from its data and "+
			"re-solves your vector and that "+h.Iwords.Item+"'s vector (eqs. 12 and 13 of the paper), so the effect of "+
			"the click is undone, not hidden. Remove your last click and you start again from a random vector, "+
			"like any new user. Starting over removes every click."),
	)
}
