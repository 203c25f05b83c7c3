package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// screenTiming is how long the last click took to reach the screen.
type screenTiming struct {
	Item int32
	Ms   float64 // from the click event to the first frame painted after the update
}

// like handles "I like this": it records the click, lets the model learn it
// (once trained) and re-ranks at once, then measures when the new list has
// been painted.
func (p *Page) like(ctx app.Context, c likeClick) {
	if p.cat == nil || p.stage == stageFailed {
		return
	}
	i, clickedAt := c.Item, c.At
	handled := now()
	if err := p.you.like(i); err != nil {
		if err != errLiked {
			p.note("That click could not be learnt: " + err.Error())
		}
		return
	}
	p.saveClicks()
	p.screen = nil
	if last := p.you.last; last != nil && last.Item == i {
		p.metrics.UpdateMs = append(p.metrics.UpdateMs, last.UpdateMs)
		p.metrics.RankMs = append(p.metrics.RankMs, last.RankMs)
		p.metrics.ExplainMs = append(p.metrics.ExplainMs, last.ExplainMs)
		if clickedAt > 0 {
			p.metrics.ClickToHandlerMs = append(p.metrics.ClickToHandlerMs, handled-clickedAt)
			p.measureScreen(i, clickedAt)
		}
	}
	p.publish()
}

// measureScreen records the time from the click event to the first frame
// painted after the page showed the new list. Event times and
// performance.now share the page's clock.
func (p *Page) measureScreen(i int32, clickedAt float64) {
	ctx := p.self
	ctx.Defer(func(ctx app.Context) {
		p.metrics.ClickToDOMMs = append(p.metrics.ClickToDOMMs, now()-clickedAt)
		afterPaint(func(now float64) {
			ctx.Dispatch(func(ctx app.Context) {
				ms := now - clickedAt
				p.screen = &screenTiming{Item: i, Ms: ms}
				p.metrics.ClickToScreenMs = append(p.metrics.ClickToScreenMs, ms)
				p.publish()
			})
		})
	})
}

func (p *Page) removeClick(ctx app.Context, i int32) {
	if err := p.you.remove(i); err != nil {
		p.note("That click could not be removed: " + err.Error())
		return
	}
	p.screen = nil
	p.saveClicks()
	p.publish()
}

func (p *Page) resetClicks(ctx app.Context) {
	if err := p.you.reset(); err != nil {
		p.note("Starting over failed: " + err.Error())
		return
	}
	p.screen = nil
	p.saveClicks()
	p.publish()
}

// restoreClicks brings back the clicks of an earlier visit; the model
// learns them when training ends.
func (p *Page) restoreClicks() {
	raw, found, err := p.store.load()
	if err != nil {
		p.note("This browser does not let the page read its storage, so earlier clicks cannot be restored (" + err.Error() + ").")
		return
	}
	if !found {
		return
	}
	items, note := decodeClicks(raw, p.cat.lookup)
	p.note(note)
	p.you.liked = items
	if note != "" {
		p.saveClicks()
	}
}

func (p *Page) saveClicks() {
	ids := make([]string, len(p.you.liked))
	for k, i := range p.you.liked {
		ids[k] = p.cat.item(i).ID
	}
	var err error
	if len(ids) == 0 {
		err = p.store.clear()
	} else {
		err = p.store.save(encodeClicks(ids))
	}
	if err != nil && !p.metrics.StorageFailed {
		p.metrics.StorageFailed = true
		p.note("This browser does not let the page save your clicks, so they will not survive a reload (" + err.Error() + ").")
	}
}

// afterPaint calls fn with performance.now() once the browser has painted
// the next frame: requestAnimationFrame runs just before a paint, and a
// zero timeout set there runs just after it.
func afterPaint(fn func(now float64)) {
	var frame, later app.Func
	later = app.FuncOf(func(this app.Value, args []app.Value) any {
		now := now()
		frame.Release()
		later.Release()
		// A JavaScript callback must not block; fn dispatches to the UI
		// goroutine.
		go fn(now)
		return nil
	})
	frame = app.FuncOf(func(this app.Value, args []app.Value) any {
		app.Window().Call("setTimeout", later, 0)
		return nil
	})
	app.Window().Call("requestAnimationFrame", frame)
}

// now is the page's clock, performance.now(), in milliseconds since
// navigation; event timestamps use the same clock.
func now() float64 {
	return app.Window().Get("performance").Call("now").Float()
}
