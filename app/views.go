package app

import (
	"slices"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// views is the page's own state: what it says (the notes at the top, the
// live region's words) and what it shows (presenter mode's sections, the
// factor map's view, a section brought into view, the last "More like
// this"). The sections send it viewCommands and draw what it publishes.
type views struct {
	pub     publisher
	notes   notes
	present []string // presenter mode's sections; nil: the mode is off
}

// notes are the messages at the top of the page.
type notes struct {
	Failure *datainfo.Failure // what stopped the page, if it stopped
	List    []string          // for the visitor, newest last
}

func (n notes) clone() notes { return notes{Failure: n.Failure, List: slices.Clone(n.List)} }

// news is the live region's words: what the last action changed.
type news struct {
	Text   string
	ToList bool // the change is in your list, which the bar on a phone links to
}

// nearShown is the last "More like this" opened, which the factor map
// marks: the business and those it lists.
type nearShown struct {
	Of    int32
	Items []int32
}

func newViews(pub publisher) *views { return &views{pub: pub} }

// Note adds a message for the visitor.
func (v *views) Note(msg string) {
	if msg == "" {
		return
	}
	v.notes.List = append(v.notes.List, msg)
	v.pub.publish(keyNotes, v.notes.clone())
}

// fail shows what stopped the page at the top. The first failure stays:
// what follows from it (a training job without its data) says less.
func (v *views) fail(f datainfo.Failure) {
	if v.notes.Failure == nil {
		v.notes.Failure = &f
	}
	v.pub.publish(keyNotes, v.notes.clone())
}

// Dismiss drops note k.
func (v *views) Dismiss(k int) {
	if k >= 0 && k < len(v.notes.List) {
		v.notes.List = append(v.notes.List[:k:k], v.notes.List[k+1:]...)
		v.pub.publish(keyNotes, v.notes.clone())
	}
}

// Announce says msg in the live region once what it tells of is painted;
// with toList, the bar on a phone links to your list, where the change is.
func (v *views) Announce(msg string, toList bool) {
	v.pub.publish(keyNews, news{Text: msg, ToList: toList})
}

// ShowView brings a section, or a view of one, into view once painted.
func (v *views) ShowView(view string) {
	if view == "" {
		return
	}
	v.pub.publish(keyView, view)
}

// SetMapView shows one of the factor map section's two views.
func (v *views) SetMapView(view string) { v.pub.publish(keyMapView, view) }

// ShowNear tells the factor map what "More like this" found, and the live
// region words.
func (v *views) ShowNear(n nearShown, words string) {
	v.pub.publish(keyNear, n)
	if words != "" {
		v.Announce(words, false)
	}
}

// Present shows views in presenter mode, or leaves it (nil), with the
// factor map section in the view they ask for, and keeps the choice in
// the address bar, so that a reload keeps it.
func (v *views) Present(views []string) {
	// A scenario link not applied yet (the data is on its way) keeps the
	// rest of its query.
	setAddressQuery(withPresent(app.Window().Get("location").Get("search").String(), views))
	v.showPresent(views)
}

// showPresent shows views in presenter mode, or leaves it (nil).
func (v *views) showPresent(views []string) {
	v.present = views
	v.pub.publish(keyPresent, slices.Clone(views))
	if m := mapViewFor(views); m != "" {
		v.SetMapView(m)
	}
}

// TogglePresenter enters presenter mode with the default sections, or
// leaves it.
func (v *views) TogglePresenter() {
	if v.present != nil {
		v.Present(nil)
		v.Announce("Presenter mode is off: the whole page is shown.", false)
		return
	}
	v.Present(slices.Clone(defaultPresent))
	v.Announce("Presenter mode: your list, the finder and the update's steps, in larger type.", false)
}

// keepPresentInAddress makes the address bar's query presenter mode's
// part alone: the page's other state lives in storage.
func (v *views) keepPresentInAddress() { setAddressQuery(presentQuery(v.present)) }

// openRequest opens a business's "why?" or "similar" in your list.
type openRequest struct {
	Item      int32
	Why, Near bool
}

// Open opens a business's "why?" or "similar" in your list, as its button
// would.
func (v *views) Open(r openRequest) {
	v.pub.publish(keyOpen, r)
}

// MapDrawn publishes what the factor map draws: the tests' probe reads it.
func (v *views) MapDrawn(shown factorMapShown) { v.pub.publish(keyMapShown, shown) }
