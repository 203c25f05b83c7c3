package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// rowClicked handles the buttons of a list's rows ("I like this", "why?",
// "Remove"), each row naming its business in data-id. One handler on the
// list, not one per button: go-app re-binds a row's handler whenever the
// row shows another business, which on a re-ranking is every row, in the
// path from a click to the new list on screen.
func rowClicked(ctx app.Context, e app.Event) {
	target := e.Get("target")
	row := target.Call("closest", "li[data-id]")
	if !row.Truthy() {
		return
	}
	n, err := strconv.Atoi(row.Get("dataset").Get("id").String())
	if err != nil {
		return
	}
	id := int32(n)
	switch {
	case target.Call("closest", "button.like").Truthy():
		ctx.NewActionWithValue(actLike, likeClick{Item: id, At: e.Get("timeStamp").Float()})
	case target.Call("closest", "button.why-toggle").Truthy():
		ctx.NewActionWithValue(actWhy, id)
	case target.Call("closest", "button.remove").Truthy():
		ctx.NewActionWithValue(actRemove, id)
	}
}
