package pack

import (
	"fmt"
	"math"
	"slices"
	"unicode/utf8"
)

// invalid formats a content error. Every one names the field and the entry,
// so a visitor's bug report says exactly what was wrong.
func invalid(format string, args ...any) error {
	return fmt.Errorf("pack: "+format+": %w", append(args, ErrInvalid)...)
}

// validate checks every rule of the schema that msgpack itself cannot
// express. After it returns nil, toPack cannot fail and the data set is
// exactly what the columns say: no pair is collapsed, no id is out of range.
func (w *wire) validate() error {
	if err := w.validateHeader(); err != nil {
		return err
	}
	if err := w.validateTables(); err != nil {
		return err
	}
	if err := w.validateItems(); err != nil {
		return err
	}
	return w.validateInteractions()
}

// validateHeader checks the notes and the subset.
func (w *wire) validateHeader() error {
	for _, f := range []struct{ name, s string }{
		{"source", w.source}, {"license", w.license}, {"format", w.format},
		{"subset category", w.subset.Category}, {"subset city", w.subset.City},
	} {
		if !utf8.ValidString(f.s) {
			return invalid("the %s note is not valid UTF-8 text", f.name)
		}
	}
	if w.subset.K < 0 || w.subset.K > math.MaxInt32 {
		return invalid("subset k = %d is not in [0, %d]", w.subset.K, math.MaxInt32)
	}
	if w.subset.MaxInteractions < 0 || w.subset.MaxInteractions > math.MaxInt32 {
		return invalid("subset max = %d is not in [0, %d]", w.subset.MaxInteractions, math.MaxInt32)
	}
	if x := w.subset.MinRating; math.IsNaN(x) || math.IsInf(x, 0) {
		return invalid("subset min_rating = %v is not a number", x)
	}
	return nil
}

func (w *wire) validateTables() error {
	seen := make(map[string]int, len(w.categories))
	for k, c := range w.categories {
		switch {
		case c == "":
			return invalid("category %d is empty", k)
		case !utf8.ValidString(c):
			return invalid("category %d (%q) is not valid UTF-8 text", k, c)
		}
		if j, dup := seen[c]; dup {
			return invalid("category %q is listed twice (entries %d and %d)", c, j, k)
		}
		seen[c] = k
	}
	if !w.hasCity && len(w.cities) > 0 {
		return invalid("the cities table lists %d names, but the items have no city column", len(w.cities))
	}
	clear(seen)
	for k, c := range w.cities {
		if !utf8.ValidString(c) {
			return invalid("city %d (%q) is not valid UTF-8 text", k, c)
		}
		if j, dup := seen[c]; dup {
			return invalid("city %q is listed twice (entries %d and %d)", c, j, k)
		}
		seen[c] = k
	}
	return nil
}

func (w *wire) validateItems() error {
	n := len(w.id)
	for _, col := range []struct {
		name string
		has  bool
		len  int
	}{
		{"name", true, len(w.name)}, {"categories", true, len(w.itemCats)}, {"city", w.hasCity, len(w.city)},
		{"lat", w.hasCoords, len(w.lat)}, {"lon", w.hasCoords, len(w.lon)}, {"stars", w.hasStars, len(w.stars)},
	} {
		if col.has && col.len != n {
			return invalid("item columns disagree: id has %d entries but %s has %d", n, col.name, col.len)
		}
	}
	ids := make(map[string]int, n)
	for i := 0; i < n; i++ {
		id := w.id[i]
		switch {
		case id == "":
			return invalid("item %d has an empty business id", i)
		case !utf8.ValidString(id):
			return invalid("item %d: business id %q is not valid UTF-8 text", i, id)
		case !utf8.ValidString(w.name[i]):
			return invalid("item %d (%s): name %q is not valid UTF-8 text", i, id, w.name[i])
		}
		if j, dup := ids[id]; dup {
			return invalid("business id %q is listed twice (items %d and %d)", id, j, i)
		}
		ids[id] = i
		if err := w.validatePlace(i); err != nil {
			return err
		}
		cats := w.itemCats[i]
		for k, c := range cats {
			if c < 0 || int(c) >= len(w.categories) {
				return invalid("item %d (%s): category number %d is out of range [0, %d)", i, id, c, len(w.categories))
			}
			for _, prev := range cats[:k] {
				if prev == c {
					return invalid("item %d (%s): category %q is given twice", i, id, w.categories[c])
				}
			}
		}
	}
	return nil
}

// validatePlace checks item i's city, coordinates and stars, those the
// pack has.
func (w *wire) validatePlace(i int) error {
	id := w.id[i]
	if w.hasCity {
		if c := w.city[i]; c < 0 || int(c) >= len(w.cities) {
			return invalid("item %d (%s): city number %d is out of range [0, %d)", i, id, c, len(w.cities))
		}
	}
	if w.hasCoords {
		if x := w.lat[i]; !(x >= -90 && x <= 90) {
			return invalid("item %d (%s): latitude %v is not a number in [-90, 90]", i, id, x)
		}
		if x := w.lon[i]; !(x >= -180 && x <= 180) {
			return invalid("item %d (%s): longitude %v is not a number in [-180, 180]", i, id, x)
		}
	}
	if w.hasStars {
		if x := w.stars[i]; !(x >= 0 && x <= 5) {
			return invalid("item %d (%s): stars %v is not a number in [0, 5]", i, id, x)
		}
	}
	return nil
}

func (w *wire) validateInteractions() error {
	n := len(w.user)
	if len(w.item) != n || w.hasTimes && len(w.day) != n {
		if !w.hasTimes {
			return invalid("interaction columns disagree: user has %d entries, item %d", n, len(w.item))
		}
		return invalid("interaction columns disagree: user has %d entries, item %d, day %d", n, len(w.item), len(w.day))
	}
	if n == 0 {
		return invalid("the pack holds no interactions (empty data set)")
	}
	// Users are dense numbers with nothing but their interactions, so each
	// must have one; this also bounds the user count by the input's size.
	if w.users < 1 || w.users > n {
		return invalid("%d users declared for %d interactions (need 1 to %d: every user has an interaction)", w.users, n, n)
	}
	items := len(w.id)
	perUser := make([]int32, w.users+1) // then the start of each user's run
	day := int64(0)
	for k := 0; k < n; k++ {
		u, i := w.user[k], w.item[k]
		if u < 0 || int(u) >= w.users {
			return invalid("interaction %d: user %d is out of range [0, %d)", k, u, w.users)
		}
		if i < 0 || int(i) >= items {
			return invalid("interaction %d: item %d is out of range [0, %d)", k, i, items)
		}
		perUser[u+1]++
		if !w.hasTimes {
			continue
		}
		dd := int64(w.day[k])
		switch {
		case k == 0 && (dd < 0 || dd > maxDay):
			return invalid("interaction 0: day %d is not a day in 1970..9999", dd)
		case dd < 0:
			return invalid("interaction %d: days go backwards (day %d comes after day %d); interactions must be in time order", k, day+dd, day)
		}
		day += dd
		if day > maxDay {
			return invalid("interaction %d: day %d is past the year 9999", k, day)
		}
	}
	for u := 0; u < w.users; u++ {
		if perUser[u+1] == 0 {
			return invalid("user %d has no interaction (users must be numbered densely)", u)
		}
		perUser[u+1] += perUser[u]
	}
	return w.checkDistinct(perUser)
}

// checkDistinct rejects a pair that occurs twice. Duplicates are rejected
// rather than collapsed: the packer writes distinct pairs, so a repeat
// means the columns were damaged. Positions are bucketed by item, then
// laid into each user's run item by item, so a repeat sits next to its
// first: two linear passes, where a map of pairs or a sort per user would
// cost the page far more.
func (w *wire) checkDistinct(start []int32) error {
	items := len(w.id)
	byItem := make([]int32, items+1)
	for _, i := range w.item {
		byItem[i+1]++
	}
	for i := 0; i < items; i++ {
		byItem[i+1] += byItem[i]
	}
	next := slices.Clone(byItem[:items])
	pos := make([]int32, len(w.item)) // positions, grouped by item, ascending
	for k, i := range w.item {
		pos[next[i]] = int32(k)
		next[i]++
	}
	next = slices.Clone(start[:len(start)-1])
	run := make([]int32, len(w.user)) // positions, grouped by user, by item
	for _, k := range pos {
		u := w.user[k]
		run[next[u]] = k
		next[u]++
	}
	for u := 0; u+1 < len(start); u++ {
		row := run[start[u]:start[u+1]]
		for j := 1; j < len(row); j++ {
			if first, again := row[j-1], row[j]; w.item[first] == w.item[again] {
				return invalid("interaction %d repeats the pair (user %d, item %d) of interaction %d", again, u, w.item[again], first)
			}
		}
	}
	return nil
}
