package app

import (
	"errors"
	"slices"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// you is the visitor on the page: package visitor's Visitor, with the
// clicks kept in the browser's storage, and what ties a click to the
// screen. It is the one owner of your clicks: the sections send it
// youCommands and draw the visitor.You it publishes after every change.
type you struct {
	pub   publisher
	page  youPage
	store visitor.Store
	v     *visitor.Visitor // nil until the data is in
	shown visitor.You      // as last published
	// failed: the page stopped on an error, so no model will come.
	failed bool
}

// youPage is what you tell the rest of the page: the session.
type youPage interface {
	note(msg string)
	announce(msg string)
	// youChanged follows each change of yours, once published.
	youChanged(y visitor.You)
}

// likeClick is an "I like this" click and when it happened on the page's
// clock (the event's timeStamp), to time it to the screen.
type likeClick struct {
	Item int32
	At   float64
	List string // the id of the list clicked in, where the keyboard's focus stays, "" for none
}

// clickScreen is how long a like took to reach the screen.
type clickScreen struct {
	Of        *visitor.Click // the like, as visitor.You.Last gives it
	At        float64        // the click event, on the page's clock
	HandledAt float64        // the page's handler took it
	Ms        float64        // from the click event to the first frame painted after the update
}

// focusRequest is where the keyboard's focus goes once the page is
// painted: the business just liked, in the list it was liked in, or the
// element To names.
type focusRequest struct {
	List string // the list's element id
	Item int32
	Row  int    // its row in your list before the like, -1 if it was not there
	To   string // a selector, instead of a list
}

func newYou(pub publisher, page youPage, store visitor.Store) *you {
	return &you{pub: pub, page: page, store: store}
}

// Like learns that you like a business: the model learns the click at
// once (Algorithm 2) and re-ranks, the click is saved, and your list
// redraws in this task; the rest of the page follows once it is painted.
func (y *you) Like(c likeClick) {
	if y.v == nil || y.failed {
		return
	}
	handled := now()
	row := -1
	if c.List == "ranked-list" {
		row = slices.IndexFunc(y.shown.List, func(r core.Ranked) bool { return r.Item == c.Item })
	}
	words, err := y.v.Like(c.Item)
	if err != nil {
		if !errors.Is(err, visitor.ErrLiked) {
			y.page.note("That click could not be learnt: " + err.Error())
		}
		return
	}
	snap := y.snapshot()
	if c.List != "" {
		y.pub.publish(keyFocus, focusRequest{List: c.List, Item: c.Item, Row: row})
	}
	if last := snap.Last; c.At > 0 && last != nil && last.Item == c.Item {
		y.pub.publishOnPaint(keyScreen, func(at float64) any {
			return clickScreen{Of: last, At: c.At, HandledAt: handled, Ms: at - c.At}
		})
	}
	y.pub.publish(keyNews, news{Text: words, ToList: snap.Trained})
	y.pub.publishNow(keyYou, snap)
	y.page.youChanged(snap)
}

// Remove forgets that you liked business i: the model drops the
// observation and re-solves your vector and the business's.
func (y *you) Remove(i int32) {
	if y.v == nil {
		return
	}
	words, err := y.v.Remove(i)
	if err != nil {
		y.page.note("That click could not be removed: " + err.Error())
		return
	}
	y.pub.publish(keyNews, news{Text: words})
	y.publishNow()
}

// StartOver forgets every click: you are a new user again.
func (y *you) StartOver() {
	if y.v == nil {
		return
	}
	words, err := y.v.StartOver()
	if err != nil {
		y.page.note("Starting over failed: " + err.Error())
		return
	}
	y.pub.publish(keyNews, news{Text: words})
	y.publishNow()
}

// BringBack swaps your clicks with those kept to bring back.
func (y *you) BringBack() {
	if y.v == nil {
		return
	}
	if err := y.v.BringBack(); err != nil {
		y.page.note(capitalise(err.Error()))
	}
	y.publish()
}

// Replace makes items your clicks, keeping yours to bring back with why.
func (y *you) Replace(items []int32, why string) {
	if y.v == nil {
		return
	}
	if err := y.v.Replace(items, why); err != nil {
		y.page.note("Those clicks could not be learnt: " + err.Error())
	}
	y.publish()
}

// forData makes you the visitor on the data cat (of hash, "" for the
// site's pack), with your clicks on it from storage: each data set keeps
// its clicks, and those on the data before stay saved.
func (y *you) forData(cat *catalog.Catalog, hash string) {
	told := y.v != nil && y.shown.StorageFailed
	y.v = visitor.New(cat, y.store, hash, y.page.note)
	y.v.TellStorageFailed(told)
	if why := storageProblem(); why != "" {
		y.v.StorageFails("Your clicks will not survive a reload: " + why + ". Everything else works as usual.")
		return
	}
	y.v.Restore()
}

// attach hands you the trained model m, which learns your clicks.
func (y *you) attach(m *core.Model) error {
	if err := y.v.Attach(m); err != nil {
		return err
	}
	snap := y.snapshot()
	ids := make([]int32, len(snap.List))
	for k, r := range snap.List {
		ids[k] = r.Item
	}
	y.page.announce("The model is ready. " + visitor.ListChange(nil, ids, func(i int32) string { return snap.Cat.Item(i).Name }))
	y.pub.publish(keyYou, snap)
	y.page.youChanged(snap)
	return nil
}

// detach lets go of the model in use; your clicks are kept for the next.
func (y *you) detach() {
	if y.v == nil {
		return
	}
	y.v.Detach()
	y.publish()
}

// halt says no model will come: the page has stopped on an error.
func (y *you) halt() {
	y.failed = true
	if y.v != nil {
		y.publish()
	}
}

// otherTab takes the clicks another tab saved (the storage event's new
// value): your clicks and your list follow them at once.
func (y *you) otherTab(raw string, found bool) {
	if y.v == nil || storageProblem() != "" {
		return // the clicks are read when the data is; or nothing is shared
	}
	if y.v.OtherTab(raw, found) {
		y.publish()
	}
}

// publish hands you, as you are now, to the sections.
func (y *you) publish() {
	snap := y.snapshot()
	y.pub.publish(keyYou, snap)
	y.page.youChanged(snap)
}

// publishNow is publish, your list redrawn in this task.
func (y *you) publishNow() {
	snap := y.snapshot()
	y.pub.publishNow(keyYou, snap)
	y.page.youChanged(snap)
}

func (y *you) snapshot() visitor.You {
	snap := y.v.Snapshot()
	if y.failed {
		snap.Waiting = false
	}
	y.shown = snap
	return snap
}
