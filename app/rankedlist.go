package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// rankedList is "your list": the top businesses for you, with how each
// moved since the previous list.
type rankedList struct {
	app.Compo
	Ititle   string
	Icaption string
	Iorder   string // what the order is: "popular", "model"
	Ientries []entry
	Itiming  app.UI // the line on what the last click cost, nil for none
	Iwhy     []why  // one per entry once your clicks can explain them
	IwhyNote string // what "why?" shows, under the list, in notation
	IwhyErr  string // why the scores cannot be split, if they cannot
	// IonRowClick handles clicks on the rows' buttons. A func field counts
	// as changed on every render, which is right here: the list redraws
	// whenever its owner does.
	IonRowClick app.EventHandler
}

func newRankedList() *rankedList { return &rankedList{} }

func (l *rankedList) Title(v string) *rankedList    { l.Ititle = v; return l }
func (l *rankedList) Caption(v string) *rankedList  { l.Icaption = v; return l }
func (l *rankedList) Order(v string) *rankedList    { l.Iorder = v; return l }
func (l *rankedList) Entries(v []entry) *rankedList { l.Ientries = v; return l }
func (l *rankedList) Timing(v app.UI) *rankedList   { l.Itiming = v; return l }
func (l *rankedList) OnRowClick(h app.EventHandler) *rankedList {
	l.IonRowClick = h
	return l
}
func (l *rankedList) Why(v []why, note, problem string) *rankedList {
	l.Iwhy, l.IwhyNote, l.IwhyErr = v, note, problem
	return l
}

func (l *rankedList) Render() app.UI {
	return app.Section().ID("you").Class("card card-you").Body(
		app.H2().Text(l.Ititle),
		app.P().ID("list-caption").Class("caption").Body(notation(l.Icaption)),
		when(l.Itiming != nil, func() app.UI { return l.Itiming }),
		app.Ol().ID("ranked-list").Class("ranked").DataSet("order", l.Iorder).OnClick(l.IonRowClick).Body(
			when(len(l.Ientries) == 0, func() app.UI { return placeholderRows(listLength) }),
			app.Range(l.Ientries).Slice(l.row),
		),
		when(l.IwhyNote != "", func() app.UI {
			return app.P().ID("why-note").Class("explain").Body(notation(l.IwhyNote), app.Text(l.IwhyErr))
		}),
	)
}

// row is row k of the list: its parts are siblings on the row's grid.
func (l *rankedList) row(k int) app.UI {
	e := l.Ientries[k]
	parts := []app.UI{app.Span().Class("rank").Text(k + 1), moveBadge(e)}
	parts = append(parts, businessParts(e, rowPart("name", k))...)
	return app.Li().Class("ranked-item").DataSet("id", e.ID).Body(append(parts,
		when(e.HasScore, func() app.UI { return scoreText(e) }),
		// Under the name, beside where it is: a name gets the row's width
		// rather than wrapping beside the buttons.
		app.Div().Class("row-actions").Body(
			when(k < len(l.Iwhy), func() app.UI { return whyToggle(k, l.Iwhy[k].Open) }),
			rowLikeButton(k, e),
		),
		when(k < len(l.Iwhy) && l.Iwhy[k].Open, func() app.UI { return renderWhy(k, l.Iwhy[k]) }),
	)...)
}

// rowPart is the id of a part of row k of your list. The ids go by place,
// not by business, and the buttons take their names from the row's name
// through them (aria-labelledby): a like re-ranks the list, and every
// attribute that named a business was one more DOM call per moved row on
// the way to the screen.
func rowPart(part string, k int) string { return "you-" + part + "-" + strconv.Itoa(k+1) }

// rowLikeButton is likeButton for row k of your list, named "I like" or
// "Liked" and the business, with the row's name read from its place.
func rowLikeButton(k int, e entry) app.UI {
	id := rowPart("like", k)
	named := id + " " + rowPart("name", k)
	if e.Liked {
		return app.Button().ID(id).Class("liked").Aria("disabled", true).Aria("labelledby", named).Body(
			app.Text("Liked "), app.Span().Aria("hidden", true).Text("✓"),
		)
	}
	return app.Button().ID(id).Class("like").Aria("labelledby", named).Text("I like")
}

// moveBadge shows how a row moved since the list before. The arrows and
// the words a screen reader says for them come from the stylesheet, so a
// row whose move changes costs the DOM a class and a number, not a title
// as well.
func moveBadge(e entry) app.UI {
	if !e.ShowMove {
		return app.Span().Class("move")
	}
	switch m := e.Move; {
	case m.New:
		return app.Span().Class("move move-new").Text("new")
	case m.By > 0:
		return app.Span().Class("move move-up").Text(m.By)
	case m.By < 0:
		return app.Span().Class("move move-down").Text(-m.By)
	default:
		return app.Span().Class("move move-same")
	}
}

// clickReport is what the last click cost, for the line under the title.
type clickReport struct {
	Name        string
	UpdateMs    float64
	RankMs      float64
	ScreenMs    float64
	HasScreen   bool
	FineClock   bool // cross-origin isolated: 5 µs timer instead of 100 µs
	UserHistory int
	ItemHistory int
	K           int
}

func (r *clickReport) render() app.UI {
	clock := "The browser's clock ticks in 0.1 ms steps here, so single updates read as 0 or 0.1 ms."
	if r.FineClock {
		clock = ""
	}
	screen := "on screen: measuring…"
	if r.HasScreen {
		screen = "on screen " + millis(r.ScreenMs) + " after your click"
	}
	return app.P().ID("update-time").Class("timing").Body(
		app.Text("Learnt “"+r.Name+"” with one eALS update in "),
		app.Strong().ID("update-ms").Text(millis(r.UpdateMs)),
		app.Text(fmt.Sprintf(" (%s of yours; %s of the business, yours included; K = %d), re-ranked in %s, %s.",
			plural(r.UserHistory, "click", "clicks"), plural(r.ItemHistory, "observation", "observations"), r.K, millis(r.RankMs), screen)),
		when(clock != "", func() app.UI { return app.Span().Class("timing-note").Text(" " + clock) }),
	)
}
