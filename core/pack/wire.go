package pack

import (
	"fmt"
	"slices"

	"github.com/ealslive/ealslive/core"
)

// wire is a pack as it travels: columns of plain numbers and strings, with
// the strings that repeat (categories, cities) kept once in tables. Write
// and Decode both pass through it and both check it with validate, so the
// writer can never produce a pack the reader rejects. A column a pack
// lacks is nil, and its has flag false.
type wire struct {
	source, license, format string
	subset                  Subset
	users                   int

	categories []string // table; items refer to it by index
	cities     []string // table; items refer to it by index

	id, name   []string
	city       []int32   // index into cities
	itemCats   [][]int32 // indices into categories, in the item's own order
	lat, lon   []float64 // degrees
	stars      []float64 // 0 means unknown
	user, item []int32   // one entry per interaction, in time order
	day        []int32   // day[0] in days since 1970-01-01, then differences

	hasCity, hasCoords, hasStars, hasTimes bool
}

const (
	secondsPerDay = 86400
	// maxDay is 9999-12-31: a later day is a corrupt number, not a review.
	maxDay = 2932896
)

// fromPack lays p out as columns. Interactions are sorted by day, stably,
// so that same-day interactions keep p.Data's input order and a
// leave-one-out split of the decoded pack matches one of p.Data. A column
// whose every value is unknown (every city "", every star 0) is left out,
// as are coordinates and days unless p has them (see Pack).
func fromPack(p *Pack) (*wire, error) {
	if p == nil {
		return nil, fmt.Errorf("pack: nothing to encode (nil pack): %w", ErrInvalid)
	}
	if p.Data == nil {
		return nil, fmt.Errorf("pack: the pack has no data set: %w", ErrInvalid)
	}
	d := p.Data
	if len(p.Items) != d.NumItems() {
		return nil, fmt.Errorf("pack: %d items of metadata for a data set of %d items: %w", len(p.Items), d.NumItems(), ErrInvalid)
	}
	w := &wire{source: p.Source, license: p.License, format: p.Format, subset: p.Subset, users: d.NumUsers(),
		hasCoords: p.HasCoords, hasTimes: p.HasTimes}
	for _, it := range p.Items {
		w.hasCity = w.hasCity || it.City != ""
		w.hasCoords = w.hasCoords || it.Lat != 0 || it.Lon != 0
		w.hasStars = w.hasStars || it.Stars != 0
	}
	for _, x := range d.Interactions() {
		w.hasTimes = w.hasTimes || x.Time != 0
	}

	catIndex := map[string]int32{}
	cityIndex := map[string]int32{}
	n := len(p.Items)
	w.id, w.name, w.itemCats = make([]string, n), make([]string, n), make([][]int32, n)
	w.city = column[int32](w.hasCity, n)
	w.lat, w.lon = column[float64](w.hasCoords, n), column[float64](w.hasCoords, n)
	w.stars = column[float64](w.hasStars, n)
	for i, it := range p.Items {
		if key := d.ItemKey(int32(i)); it.ID != key {
			return nil, fmt.Errorf("pack: item %d: metadata id %q differs from the data set's item key %q: %w", i, it.ID, key, ErrInvalid)
		}
		w.id[i], w.name[i] = it.ID, it.Name
		cats := make([]int32, len(it.Categories))
		for k, c := range it.Categories {
			cats[k] = intern(&w.categories, catIndex, c)
		}
		w.itemCats[i] = cats
		if w.hasCity {
			w.city[i] = intern(&w.cities, cityIndex, it.City)
		}
		if w.hasCoords {
			w.lat[i], w.lon[i] = it.Lat, it.Lon
		}
		if w.hasStars {
			w.stars[i] = it.Stars
		}
	}

	inter := slices.Clone(d.Interactions())
	core.SortByTime(inter)
	w.user, w.item = make([]int32, len(inter)), make([]int32, len(inter))
	w.day = column[int32](w.hasTimes, len(inter))
	prev := int64(0)
	for k, x := range inter {
		w.user[k], w.item[k] = x.User, x.Item
		if !w.hasTimes {
			continue
		}
		if x.Time%secondsPerDay != 0 || x.Time < 0 || x.Time/secondsPerDay > maxDay {
			return nil, fmt.Errorf("pack: interaction %d: time %d is not 00:00 UTC of a day in 1970..9999: %w", k, x.Time, ErrInvalid)
		}
		day := x.Time / secondsPerDay
		w.day[k] = int32(day - prev)
		prev = day
	}
	return w, nil
}

// column is a column of n entries if the pack has it, else nil.
func column[T any](has bool, n int) []T {
	if !has {
		return nil
	}
	return make([]T, n)
}

// intern returns s's index in table, adding it on first sight, so tables
// list strings in order of first use and encoding stays deterministic.
func intern(table *[]string, index map[string]int32, s string) int32 {
	if k, ok := index[s]; ok {
		return k
	}
	k := int32(len(*table))
	index[s] = k
	*table = append(*table, s)
	return k
}

// toPack builds the Pack of a wire that validate accepted.
func (w *wire) toPack() (*Pack, error) {
	p := &Pack{Source: w.source, License: w.license, Format: w.format, Subset: w.subset, Items: w.toItems(),
		HasCoords: w.hasCoords, HasTimes: w.hasTimes}
	users := make([]string, w.users)
	for u := range users {
		users[u] = userKey(u)
	}
	inter := make([]core.Interaction, len(w.user))
	day := int64(0)
	for k := range inter {
		inter[k] = core.Interaction{User: w.user[k], Item: w.item[k]}
		if w.hasTimes {
			day += int64(w.day[k])
			inter[k].Time = day * secondsPerDay
		}
	}
	d, err := core.FromInteractions(users, w.id, inter)
	if err != nil {
		// validate checks everything FromInteractions does; reaching this
		// is a bug here, but still an error and not a panic.
		return nil, fmt.Errorf("pack: %v: %w", err, ErrInvalid)
	}
	p.Data = d
	return p, nil
}

// toItems builds the items of a wire whose tables and items validate
// accepted.
func (w *wire) toItems() []Item {
	items := make([]Item, len(w.id))
	total := 0
	for _, c := range w.itemCats {
		total += len(c)
	}
	// One backing array for every item's categories; the three-index slices
	// stop an append on one item from overwriting the next.
	all := make([]string, 0, total)
	for i := range items {
		it := &items[i]
		it.ID, it.Name = w.id[i], w.name[i]
		if w.hasCity {
			it.City = w.cities[w.city[i]]
		}
		if w.hasCoords {
			it.Lat, it.Lon = w.lat[i], w.lon[i]
		}
		if w.hasStars {
			it.Stars = w.stars[i]
		}
		if len(w.itemCats[i]) > 0 {
			start := len(all)
			for _, c := range w.itemCats[i] {
				all = append(all, w.categories[c])
			}
			it.Categories = all[start:len(all):len(all)]
		}
	}
	return items
}
