package app

import (
	"errors"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// dataInfo says what the visitor's browser downloaded and trains on.
type dataInfo struct {
	Bytes      int
	DownloadMs float64
	DecodeMs   float64
	Users      int
	Items      int
	Reviews    int
	From, To   time.Time
	Subset     string
	Source     string
	License    string
	// Known once the data is split for training (0 before): the reviews
	// the model trains on and those held out, one per user with history.
	Train     int
	TestCases int
}

// failure is why the page cannot go on, worded for a visitor.
type failure struct {
	Title, Detail, Hint string
}

// loaded is the decoded pack split for training.
type loaded struct {
	pack   *pack.Pack
	train  *core.Dataset
	test   []core.Interaction
	counts []int // training reviews of each business, as core counts them
}

// trainReviews returns how many training reviews business i has, if
// known.
func (d *loaded) trainReviews(i int32) (int, bool) {
	if d == nil || int(i) >= len(d.counts) || i < 0 {
		return 0, false
	}
	return d.counts[i], true
}

// load downloads and decodes the pack, shows the most reviewed businesses
// at once, then trains. It runs in its own goroutine.
func (p *Page) load(ctx app.Context, url string) {
	start := time.Now()
	b, err := fetchBytes(url)
	fetched := time.Now()
	if err != nil {
		ctx.Dispatch(func(ctx app.Context) { p.fail(downloadFailure(err)) })
		return
	}
	pk, err := pack.Decode(b)
	if err != nil {
		ctx.Dispatch(func(ctx app.Context) { p.fail(packFailure(url, err)) })
		return
	}
	info := describe(pk, len(b))
	info.DownloadMs = durationMillis(fetched.Sub(start))
	info.DecodeMs = durationMillis(time.Since(fetched))
	cat := newCatalog(pk.Items, pk.Data.ItemCounts())
	painted := make(chan struct{})
	ctx.Dispatch(func(ctx app.Context) {
		p.data = info
		p.cat = cat
		p.restoreClicks()
		p.metrics.PackBytes = info.Bytes
		p.metrics.DownloadMs = info.DownloadMs
		p.metrics.DecodeMs = info.DecodeMs
		p.publish()
		ctx.Defer(func(ctx app.Context) {
			afterPaint(func(now float64) {
				close(painted)
				ctx.Dispatch(func(ctx app.Context) {
					p.metrics.FirstListMs = now
					p.publish()
				})
			})
		})
	})
	// Training would compete with drawing the first list; let the visitor
	// see it first.
	select {
	case <-painted:
	case <-time.After(2 * time.Second):
	}
	train, test, err := pk.Data.LeaveOneOut()
	if err != nil {
		ctx.Dispatch(func(ctx app.Context) {
			p.fail(failure{Title: "This data cannot be used for training", Detail: err.Error()})
		})
		return
	}
	src := &loaded{pack: pk, train: train, test: test, counts: train.ItemCounts()}
	ctx.Dispatch(func(ctx app.Context) {
		// A new value, not an edit: go-app compares a component's fields,
		// and a pointer to an edited struct looks unchanged.
		info := *p.data
		info.Train = train.Len()
		info.TestCases = len(test)
		p.data = &info
		p.src = src
	})
	p.train(ctx, src)
}

func describe(pk *pack.Pack, size int) *dataInfo {
	all := pk.Data.Interactions()
	info := &dataInfo{
		Bytes:   size,
		Users:   pk.Data.NumUsers(),
		Items:   pk.Data.NumItems(),
		Reviews: pk.Data.Len(),
		Subset:  pk.Subset.String(),
		Source:  pk.Source,
		License: pk.License,
	}
	if len(all) > 0 {
		// The pack stores interactions in time order.
		info.From = time.Unix(all[0].Time, 0).UTC()
		info.To = time.Unix(all[len(all)-1].Time, 0).UTC()
	}
	return info
}

func downloadFailure(err error) failure {
	var fe *fetchError
	if errors.As(err, &fe) && fe.Status == 404 {
		return failure{
			Title:  "The data is missing",
			Detail: fmt.Sprintf("The server has no data pack at %s (HTTP 404), so there is nothing to train on.", fe.URL),
			Hint:   "If you host this page, build the pack with `make pack` (or `make site`) and publish web/yelp.msgpack with the rest of the site.",
		}
	}
	return failure{
		Title:  "The data could not be downloaded",
		Detail: err.Error(),
		Hint:   "Check your connection and reload. After one complete visit the page also works offline.",
	}
}

func packFailure(url string, err error) failure {
	var ve *pack.VersionError
	switch {
	case errors.As(err, &ve):
		return failure{
			Title:  "The data is from another version",
			Detail: fmt.Sprintf("The data pack at %s has format version %d, but this page reads version %d.", url, ve.Found, pack.Schema),
			Hint:   "If you host this page, rebuild the pack and the page together (`make site`).",
		}
	case errors.Is(err, pack.ErrTruncated):
		return failure{
			Title:  "The data arrived incomplete",
			Detail: err.Error(),
			Hint:   "Reload the page; if it happens again, the file on the server is cut short.",
		}
	default:
		return failure{
			Title:  "The data is corrupted",
			Detail: fmt.Sprintf("The data pack at %s could not be read: %v", url, err),
			Hint:   "If you host this page, rebuild the pack with `make pack`.",
		}
	}
}
