package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// rowButton is what a click on a list's row asked for.
type rowButton int

const (
	rowNone rowButton = iota
	rowLike
	rowWhy
	rowRemove
)

// rowClick reads which button of which row a click on a list hit ("I like
// this", "why?", "Remove"), each row naming its business in data-id. One
// handler on the list, not one per button: go-app re-binds a row's handler
// whenever the row shows another business, which on a re-ranking is every
// row, in the path from a click to the new list on screen.
func rowClick(e app.Event) (button rowButton, id int32, at float64) {
	target := e.Get("target")
	row := target.Call("closest", "li[data-id]")
	if !row.Truthy() {
		return rowNone, 0, 0
	}
	n, err := strconv.Atoi(row.Get("dataset").Get("id").String())
	if err != nil {
		return rowNone, 0, 0
	}
	switch {
	case target.Call("closest", "button.like").Truthy():
		button = rowLike
	case target.Call("closest", "button.why-toggle").Truthy():
		button = rowWhy
	case target.Call("closest", "button.remove").Truthy():
		button = rowRemove
	}
	return button, int32(n), e.Get("timeStamp").Float()
}
