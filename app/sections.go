package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func (p *Page) renderTraining() app.UI {
	return newTrainPanel().Stage(p.stage).Run(p.run).Data(p.data).Stopping(p.stopping)
}

// renderList shows your ranked list, labelled for what it is at each
// stage: popularity while the model trains, the model's guess for a user
// it knows nothing about, then what it learnt from your clicks.
func (p *Page) renderList() app.UI {
	l := newRankedList()
	switch {
	case p.cat == nil && p.stage == stageFailed:
		return l.Title("Your list").Order("none").
			Caption("No list without data.")
	case p.cat == nil:
		return l.Title("Your list").Order("none").
			Caption("Waiting for the data…")
	case !p.you.trained():
		ids := p.cat.mostReviewed(listLength)
		entries := make([]entry, len(ids))
		for k, i := range ids {
			entries[k] = p.entry(i)
		}
		return l.Title("Most reviewed, while the model trains").Order("popular").Entries(entries).
			Caption("Not personal yet: these are the businesses with the most reviews in the data. " +
				"Your list from the model replaces it when training ends. You can already like businesses; " +
				"the model learns them then.")
	}
	entries := make([]entry, len(p.you.list))
	mv := moves(p.you.prev, p.you.ids())
	for k, r := range p.you.list {
		e := p.entry(r.Item)
		e.Score, e.HasScore = r.Score, true
		e.Move, e.ShowMove = mv[k], p.you.prev != nil
		entries[k] = e
	}
	note, problem := p.whyNote()
	l = l.Order("model").Entries(entries).Report(p.report()).Why(p.whyRows(), note, problem)
	if len(p.you.liked) == 0 {
		return l.Title("Your list: cold start").
			Caption("The model knows nothing about you yet. Like any new user (Algorithm 2 of the paper), " +
				"you start from a small random vector, so this order is close to arbitrary. " +
				"Like a business and watch the list change.")
	}
	return l.Title("Your list").
		Caption(fmt.Sprintf("Ranked by the model for you after %s: the businesses with the highest score, "+
			"the predicted preference p_u · q_i of your vector and theirs, leaving out the ones you already like. "+
			"Marks show moves since the list before.",
			plural(len(p.you.liked), "click", "clicks")))
}

func (p *Page) report() *clickReport {
	last := p.you.last
	if last == nil {
		return nil
	}
	r := &clickReport{
		Name:      p.cat.item(last.Item).Name,
		UpdateMs:  last.UpdateMs,
		RankMs:    last.RankMs,
		FineClock: p.metrics.CrossOriginIsolated,
	}
	if tr := last.Trace; tr != nil {
		r.UserHistory, r.ItemHistory, r.K = tr.UserHistory, tr.ItemHistory, tr.K
	}
	if s := p.screen; s != nil && s.Item == last.Item {
		r.ScreenMs, r.HasScreen = s.Ms, true
	}
	return r
}

func (p *Page) renderCatalog() app.UI {
	v := newCatalogView()
	switch {
	case p.cat == nil && p.stage == stageFailed:
		return v.Query(p.query).Waiting("No businesses to show: the data could not be loaded.")
	case p.cat == nil:
		return v.Query(p.query).Waiting("Loading the businesses…")
	}
	ids, total := p.cat.find(p.query, browseLimit)
	entries := make([]entry, len(ids))
	for k, i := range ids {
		entries[k] = p.entry(i)
	}
	return v.Categories(p.cat.categories).Cities(p.cat.cities).Query(p.query).Results(entries, total)
}

func (p *Page) renderHistory() app.UI {
	var entries []entry
	if p.cat != nil {
		entries = make([]entry, len(p.you.liked))
		for k, i := range p.you.liked {
			entries[k] = p.entry(i)
		}
	}
	return newHistoryList().Entries(entries).Pending(!p.you.trained() && p.stage != stageFailed)
}
