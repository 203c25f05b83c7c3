package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/visitor"
)

// "More like this": for a listed business, the businesses whose vectors
// point most nearly the same way (core's Similar, by cosine), each with an
// "I like" of its own. The vectors hold taste: businesses reviewed by the
// same people come out alike, whatever their categories say.

// nearCount is how many businesses "More like this" lists.
const nearCount = 10

// nearItem is one business "More like this" lists.
type nearItem struct {
	entry
	Cosine float64
}

// nearOf lists the businesses most like business i in your model, or nil
// if there is no model to ask.
func nearOf(i int32, y visitor.You) []nearItem {
	m := y.Model()
	if m == nil || y.Cat == nil {
		return nil
	}
	near, err := m.Similar(i, nearCount)
	if err != nil {
		return nil
	}
	out := make([]nearItem, len(near))
	for k, r := range near {
		out[k] = nearItem{entry: entryOf(y.Cat, r.Item, y), Cosine: r.Score}
	}
	return out
}

// nearToggle is the "More like this" button of a row, named with its
// business's name, which controls panelID. Its word is short, for the
// row's narrow last line; aria-expanded says whether it is open.
func nearToggle(id, name, panelID string, open bool, w datainfo.Words) app.UI {
	return app.Button().ID(id).Class("near-toggle").Aria("expanded", open).Aria("controls", panelID).
		Aria("label", "Similar to "+name).Title("More like this: the " + w.Items + " whose vectors are nearest this one's").Text("similar")
}

// renderNear is the panel of a row's "More like this": divs, not a list,
// so that selectors for the list's rows do not find them, each with its
// business's data-id, so that the list's one click handler likes them.
func renderNear(panelID, of string, near []nearItem, w datainfo.Words) app.UI {
	return app.Div().ID(panelID).Class("near").Role("region").Aria("label", "More like "+of).Body(
		when(len(near) == 0, func() app.UI {
			return app.P().Class("caption").Text("The model has not trained yet: ask again once it has.")
		}),
		app.Range(near).Slice(func(k int) app.UI {
			n := near[k]
			return app.Div().Class("near-item").DataSet("id", n.ID).Body(
				app.Span().Class("near-name").Text(n.Name),
				app.Span().Class("near-cos").Title("The cosine of the two "+w.Items+"' vectors").Text("cos "+strconv.FormatFloat(n.Cosine, 'f', 2, 64)),
				likeButton(n.entry),
			)
		}),
	)
}

// nearRows is the "More like this" of each open row of a list, by
// business.
func nearRows(open map[int32]bool, y visitor.You) map[int32][]nearItem {
	out := map[int32][]nearItem{}
	for i := range open {
		if y.Cat != nil && int(i) < y.Cat.Len() {
			out[i] = nearOf(i, y)
		}
	}
	return out
}

// toggleNear opens or closes the "More like this" of business i in a
// list's open set, and, opening it, tells the factor map and the live
// region what it found.
func toggleNear(c listCommands, open map[int32]bool, i int32, y visitor.You, w datainfo.Words) {
	if open[i] {
		delete(open, i)
		return
	}
	open[i] = true
	near := nearOf(i, y)
	shown := nearShown{Of: i}
	for _, n := range near {
		shown.Items = append(shown.Items, n.ID)
	}
	words := ""
	if len(near) > 0 {
		words = fmt.Sprintf("%d %s most like %s, the nearest %s (cosine %.2f).",
			len(near), w.Items, y.Cat.Item(i).Name, near[0].Name, near[0].Cosine)
	}
	c.ShowNear(shown, words)
}
