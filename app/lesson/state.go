package lesson

import (
	"github.com/ealslive/ealslive/app/catalog"
)

// Data names the data a step is on.
type Data int

const (
	// Planted is the default world with planted tastes
	// (core.DefaultPlanted): a recommendation can be checked there.
	Planted Data = iota
	// Site is the site's own data: the Phoenix reviews, or what its host
	// packed.
	Site
)

// Pick chooses a business of the data by where it stands: the Rank-th
// most reviewed (0 for the first) of those in Category and City ("" for
// any). A pick, not an id, so that a step reads on any data that has the
// category or city.
type Pick struct {
	Category, City string
	Rank           int
}

// In finds the business p picks in cat; ok is false when cat has too few.
func (p Pick) In(cat *catalog.Catalog) (i int32, ok bool) {
	if cat == nil || !cat.Ready() {
		return 0, false
	}
	ids, _ := cat.Find(catalog.Query{Category: p.Category, City: p.City}, p.Rank+1)
	if len(ids) <= p.Rank {
		return 0, false
	}
	return ids[p.Rank], true
}

// State is what the page holds when a step opens from its link: the data,
// a model freshly trained on it with the page's settings, and the likes,
// learnt in click order.
type State struct {
	Data  Data
	Likes []Pick
}

// Items finds the likes in cat, in click order; ok is false when cat lacks
// one.
func (s State) Items(cat *catalog.Catalog) (items []int32, ok bool) {
	items = make([]int32, 0, len(s.Likes))
	for _, p := range s.Likes {
		i, found := p.In(cat)
		if !found {
			return nil, false
		}
		items = append(items, i)
	}
	return items, true
}
