package app

import (
	"fmt"
	"strconv"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// yourList is "Your list": the businesses the model ranks highest for you,
// with how each moved since your last click and, on request, which of your
// clicks pulled it up. It draws your clicks in the click's own task (it
// observes the keys themselves, not their drawn copies). Which "why?" and
// which "More like this" are open is its own business.
type yourList struct {
	app.Compo
	Icmd     listCommands
	data     dataSet
	you      visitor.You
	whyOpen  map[int32]bool // by business, so a row stays open while it moves
	nearOpen map[int32]bool // the rows whose "More like this" is open, by business
	opening  openRequest
}

// listCommands are what a list of businesses sends: likes, and what
// "More like this" found.
type listCommands interface {
	Like(c likeClick)
	ShowNear(n nearShown, words string)
}

func newYourList() *yourList { return &yourList{whyOpen: map[int32]bool{}, nearOpen: map[int32]bool{}} }

func (l *yourList) Commands(c listCommands) *yourList { l.Icmd = c; return l }

func (l *yourList) OnMount(ctx app.Context) {
	observe(ctx, "list", keyData).Value(&l.data)
	observe(ctx, "list", keyYou).Value(&l.you)
	observe(ctx, "list", keyOpen).OnChange(l.open).Value(&l.opening)
}

// open opens a "why?" or "similar" asked for by a command (the lesson's).
func (l *yourList) open() {
	r := l.opening
	if r.Why {
		l.whyOpen[r.Item] = true
	}
	if r.Near && !l.nearOpen[r.Item] {
		toggleNear(l.Icmd, l.nearOpen, r.Item, l.you, l.data.words())
	}
}

// onRowClick likes a business or opens its "why?" or "More like this":
// one handler on the list, not one per button, reading which button of
// which row was hit (rowClick).
func (l *yourList) onRowClick(ctx app.Context, e app.Event) {
	// The inner list has nothing new to draw: what changes is this
	// section's (a "why?") or yours (a like, which is published).
	ctx.PreventUpdate()
	button, id, at := rowClick(e)
	switch button {
	case rowLike:
		l.Icmd.Like(likeClick{Item: id, At: at, List: "ranked-list"})
	case rowWhy:
		if l.whyOpen[id] {
			delete(l.whyOpen, id)
		} else {
			l.whyOpen[id] = true
		}
		l.Update()
	case rowNear:
		toggleNear(l.Icmd, l.nearOpen, id, l.you, l.data.words())
		l.Update()
	}
}

func (l *yourList) Render() app.UI {
	d, y := l.data, l.you
	w := d.words()
	r := newRankedList().OnRowClick(l.onRowClick).Words(w)
	switch {
	case d.Failed:
		return r.Title("Your list").Order("none").Caption("No list without data.")
	case !d.Cat.Ready():
		return r.Title("Your list").Order("none").Caption("Waiting for the data…")
	case !y.Trained:
		ids := d.Cat.MostReviewed(visitor.ListLength)
		entries := make([]entry, len(ids))
		for k, i := range ids {
			entries[k] = entryOf(d.Cat, i, y)
		}
		title, caption := listHeading(w, false, 0)
		return r.Title(title).Order("popular").Entries(entries).Caption(caption)
	}
	entries := make([]entry, len(y.List))
	for k, rk := range y.List {
		e := entryOf(y.Cat, rk.Item, y)
		e.Score, e.HasScore = rk.Score, true
		if y.Moves != nil {
			e.Move, e.ShowMove = y.Moves[k], true
		}
		entries[k] = e
	}
	note, problem := whyNote(y, w)
	r = r.Order("model").Entries(entries).Timing(newClickCostLine().Item(w.Item)).Why(whyRows(y, l.whyOpen), note, problem).
		Near(nearRows(l.nearOpen, y))
	title, caption := listHeading(w, true, len(y.Liked))
	return r.Title(title).Caption(caption)
}

// listHeading is your list's title and caption in the data's words w:
// before the model has trained (the most reviewed), at the cold start (no
// likes yet), and after likes.
func listHeading(w datainfo.Words, trained bool, likes int) (title, caption string) {
	switch {
	case !trained:
		return capitalise(w.Most) + ", for now",
			"Not personal yet: these are the " + w.Items + " with the most " + w.Reviews + " in the data. " +
				"Your list from the model replaces it when training ends. You can already like " + w.Items + "; " +
				"the model learns them then."
	case likes == 0:
		return "Your list: cold start",
			"The model knows nothing about you yet. Like any new user (Algorithm 2 of the paper), " +
				"you start from a small random vector, so this order is close to arbitrary. " +
				"Like " + textfmt.WithArticle(w.Item) + " and watch the list change."
	}
	return "Your list", fmt.Sprintf("Ranked by the model for you after %s: the %s with the highest score, "+
		"the predicted preference p_u · q_i of your vector and theirs, leaving out the ones you already like. "+
		"Marks show moves since the list before.",
		textfmt.Plural(likes, "click", "clicks"), w.Items)
}

// rankedList is "your list": the top businesses for you, with how each
// moved since the previous list.
type rankedList struct {
	app.Compo
	Ititle   string
	Icaption string
	Iorder   string // what the order is: "popular", "model"
	Ientries []entry
	Itiming  app.UI               // the line on what the last click cost, nil for none
	Iwhy     []why                // one per entry once your clicks can explain them
	IwhyNote string               // what "why?" shows, under the list, in notation
	IwhyErr  string               // why the scores cannot be split, if they cannot
	Inear    map[int32][]nearItem // the open "More like this" panels, by business
	Iwords   datainfo.Words       // what the data's things are called, in the rows' titles
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
func (l *rankedList) Near(v map[int32][]nearItem) *rankedList { l.Inear = v; return l }
func (l *rankedList) Words(v datainfo.Words) *rankedList      { l.Iwords = v; return l }
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
			when(len(l.Ientries) == 0, func() app.UI { return placeholderRows(visitor.ListLength) }),
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
		when(e.HasScore, func() app.UI { return scoreText(e, l.Iwords) }),
		// Under the name, beside where it is: a name gets the row's width
		// rather than wrapping beside the buttons.
		app.Div().Class("row-actions").Body(
			when(k < len(l.Iwhy), func() app.UI { return whyToggle(k, l.Iwhy[k].Open, l.Iwords) }),
			when(l.Iorder == "model", func() app.UI {
				_, open := l.Inear[e.ID]
				return nearToggle(rowPart("near", k), e.Name, rowPart("near-panel", k), open, l.Iwords)
			}),
			rowLikeButton(k, e),
		),
		when(k < len(l.Iwhy) && l.Iwhy[k].Open, func() app.UI { return renderWhy(k, l.Iwhy[k]) }),
		when(l.Inear[e.ID] != nil, func() app.UI { return renderNear(rowPart("near-panel", k), e.Name, l.Inear[e.ID], l.Iwords) }),
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

// rowButton is what a click on a list's row asked for.
type rowButton int

const (
	rowNone rowButton = iota
	rowLike
	rowWhy
	rowRemove
	rowNear
)

// rowClick reads which button of which row a click on a list hit ("I like
// this", "why?", "more like this", "Remove"), each row (or row of a "More
// like this" panel) naming its business in data-id. One
// handler on the list, not one per button: go-app re-binds a row's handler
// whenever the row shows another business, which on a re-ranking is every
// row, in the path from a click to the new list on screen.
func rowClick(e app.Event) (button rowButton, id int32, at float64) {
	target := e.Get("target")
	row := target.Call("closest", "[data-id]")
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
	case target.Call("closest", "button.near-toggle").Truthy():
		button = rowNear
	}
	return button, int32(n), e.Get("timeStamp").Float()
}

// clickCostLine is the line under your list's title on what the last like
// cost. The time to the screen is known only once the new list has been
// painted: the line then redraws alone, not the list's twenty rows.
type clickCostLine struct {
	app.Compo
	Iitem  string // what the data's things are called: "business"
	you    visitor.You
	screen clickScreen
}

func newClickCostLine() *clickCostLine { return &clickCostLine{} }

func (c *clickCostLine) Item(v string) *clickCostLine { c.Iitem = v; return c }

func (c *clickCostLine) OnMount(ctx app.Context) {
	observe(ctx, "timing", keyYou).Value(&c.you)
	observe(ctx, "timing", keyScreen).Value(&c.screen)
}

func (c *clickCostLine) Render() app.UI {
	last := c.you.Last
	if last == nil || last.Replayed || c.you.Cat == nil {
		return app.P().ID("update-time").Class("timing").Hidden(true)
	}
	r := clickReport{Name: c.you.Cat.Item(last.Item).Name, Item: c.Iitem, UpdateMs: last.UpdateMs, RankMs: last.RankMs, FineClock: fineClock()}
	if tr := last.Trace; tr != nil {
		r.UserHistory, r.ItemHistory, r.K = tr.UserHistory, tr.ItemHistory, tr.K
	}
	if c.screen.Of == last {
		r.ScreenMs, r.HasScreen = c.screen.Ms, true
	}
	return r.render()
}

// clickReport is what the last click cost, for the line under the title.
type clickReport struct {
	Name        string
	Item        string // what the data calls it: "business"
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
		screen = "on screen " + textfmt.Millis(r.ScreenMs) + " after your click"
	}
	return app.P().ID("update-time").Class("timing").Body(
		app.Text("Learnt “"+r.Name+"” with one eALS update in "),
		app.Strong().ID("update-ms").Text(textfmt.Millis(r.UpdateMs)),
		app.Text(fmt.Sprintf(" (%s of yours; %s of the %s, yours included; K = %d), re-ranked in %s, %s.",
			textfmt.Plural(r.UserHistory, "click", "clicks"), textfmt.Plural(r.ItemHistory, "observation", "observations"), r.Item, r.K, textfmt.Millis(r.RankMs), screen)),
		when(clock != "", func() app.UI { return app.Span().Class("timing-note").Text(" " + clock) }),
	)
}
