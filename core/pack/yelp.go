package pack

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
)

// The files of the Phoenix data directory that Build reads (see its
// PROVENANCE.md).
const (
	ReviewsFile  = "phoenix2013_reviews.tsv"
	BusinessFile = "phoenix2013_business.tsv"
)

// The notes written into packs of the Phoenix data.
const (
	YelpSource = "Yelp Dataset Challenge, Phoenix academic dataset (2013): reviews dated " +
		"2005-03-07 to 2013-01-05 and their businesses, from the ID-mapped copy kept in " +
		"github.com/tummykung/yelp-dataset-challenge (commits aa796dd and 84f1268)"
	YelpLicense = "Yelp Dataset Terms of Use: academic, non-commercial use only. " +
		"Check the terms before shipping the data in a public demo."
)

var businessHeader = []string{
	"business_id", "name", "categories", "city", "state",
	"latitude", "longitude", "stars", "review_count", "open",
}

// ReadBusinesses reads the business table (phoenix2013_business.tsv). name
// is used in error messages, which give the line of the first problem.
func ReadBusinesses(r io.Reader, name string) ([]Item, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var items []Item
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if line == 1 {
			if got := strings.Split(text, "\t"); !slices.Equal(got, businessHeader) {
				return nil, fmt.Errorf("%s:1: header is %q, want %q", name, got, businessHeader)
			}
			continue
		}
		if text == "" {
			continue
		}
		it, err := parseBusiness(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%s: empty file (want the header %q)", name, businessHeader)
	}
	return items, nil
}

func parseBusiness(text string) (Item, error) {
	f := strings.Split(text, "\t")
	if len(f) != len(businessHeader) {
		return Item{}, fmt.Errorf("%d tab-separated columns, want %d", len(f), len(businessHeader))
	}
	it := Item{ID: f[0], Name: unescapeUnicode(f[1]), City: unescapeUnicode(f[3])}
	if it.ID == "" {
		return Item{}, fmt.Errorf("empty business_id")
	}
	if f[2] != "" {
		it.Categories = strings.Split(unescapeUnicode(f[2]), "|")
	}
	for _, x := range []struct {
		col string
		s   string
		v   *float64
	}{{"latitude", f[5], &it.Lat}, {"longitude", f[6], &it.Lon}, {"stars", f[7], &it.Stars}} {
		v, err := strconv.ParseFloat(x.s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return Item{}, fmt.Errorf("%s %q is not a number", x.col, x.s)
		}
		*x.v = v
	}
	return it, nil
}

// BuildDir reads the reviews and businesses of the Phoenix data directory
// and packs the subset s of them, as Build does.
func BuildDir(dir string, s Subset) (*Pack, error) {
	businesses, err := readBusinessFile(filepath.Join(dir, BusinessFile))
	if err != nil {
		return nil, err
	}
	events, err := readReviewFile(filepath.Join(dir, ReviewsFile))
	if err != nil {
		return nil, err
	}
	return Build(events, businesses, s)
}

func readBusinessFile(path string) ([]Item, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBusinesses(f, path)
}

func readReviewFile(path string) ([]core.Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return core.ReadEvents(bufio.NewReader(f), path, core.FormatYelp)
}

// Build packs a subset of a review log with its businesses' metadata. The
// subset is chosen in this order, each step on the result of the last:
//
//  1. only reviews of businesses with the category s.Category and in the
//     city s.City (each compared case-insensitively, if not "");
//  2. distinct (user, business) pairs (core.NewDataset: a repeated pair
//     keeps its latest review);
//  3. the iterative s.K-core (0 or 1: no k-core);
//  4. if s.MaxInteractions > 0, only the s.MaxInteractions latest pairs of
//     that core, ties in time going to the later one in the log.
//
// The window comes last so that it yields exactly the number asked for:
// a k-core of the latest reviews alone collapses (the 10-core of the
// latest 50,000 Phoenix reviews is empty). Users and businesses left
// without a pair by the window are dropped, and the others may have fewer
// than s.K pairs in the pack.
//
// Users and items are numbered in order of their first pair in the
// chosen subset, in log order: the ids core.ReadFile gives a file of the
// same rows. The pack's interactions are in time order, ties in log order. The recorded
// category and city are spelt as in the business table.
func Build(reviews []core.Event, businesses []Item, s Subset) (*Pack, error) {
	if s.K < 0 {
		return nil, fmt.Errorf("pack: k = %d; want 0 (no k-core) or more", s.K)
	}
	if s.MaxInteractions < 0 {
		return nil, fmt.Errorf("pack: max = %d; want 0 (no limit) or more", s.MaxInteractions)
	}
	byID := make(map[string]int, len(businesses))
	for k, b := range businesses {
		if _, dup := byID[b.ID]; dup {
			return nil, fmt.Errorf("pack: business %q is listed twice", b.ID)
		}
		byID[b.ID] = k
	}
	keep, err := filterBusinesses(businesses, &s)
	if err != nil {
		return nil, err
	}
	var events []core.Event
	for n, e := range reviews {
		b, ok := byID[e.Item]
		if !ok {
			return nil, fmt.Errorf("pack: review %d is of business %q, which is not in the business table", n+1, e.Item)
		}
		if keep[b] {
			events = append(events, e)
		}
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("pack: no review matches %s: %w", s, core.ErrEmpty)
	}
	d, err := core.NewDataset(events)
	if err != nil {
		return nil, err
	}
	if s.K > 1 {
		if d, err = d.KCore(s.K); err != nil {
			return nil, fmt.Errorf("pack: %s: %w", s, err)
		}
	}
	if s.MaxInteractions > 0 && d.Len() > s.MaxInteractions {
		if d, err = latest(d, s.MaxInteractions); err != nil {
			return nil, err
		}
	}
	items, data, err := fromDataset(d, func(id string) Item {
		b := businesses[byID[id]]
		b.Categories = slices.Clone(b.Categories)
		return b
	})
	if err != nil {
		return nil, err
	}
	return &Pack{Source: YelpSource, License: YelpLicense, Format: core.FormatYelp.Name(), Subset: s, Items: items, Data: data,
		HasCoords: true, HasTimes: true}, nil
}

// filterBusinesses marks the businesses that pass s's category and city,
// and respells those in s as the table does.
func filterBusinesses(businesses []Item, s *Subset) ([]bool, error) {
	keep := make([]bool, len(businesses))
	category, city := "", ""
	for k, b := range businesses {
		ok := true
		if s.Category != "" {
			found := false
			for _, c := range b.Categories {
				if strings.EqualFold(c, strings.TrimSpace(s.Category)) {
					found = true
					if category == "" {
						category = c
					}
				}
			}
			ok = found
		}
		if s.City != "" {
			if strings.EqualFold(b.City, strings.TrimSpace(s.City)) {
				if city == "" {
					city = b.City
				}
			} else {
				ok = false
			}
		}
		keep[k] = ok
	}
	if s.Category != "" && category == "" {
		return nil, fmt.Errorf("pack: no business has the category %q (names are whole Yelp categories such as Restaurants, Shopping, Nightlife)", s.Category)
	}
	if s.City != "" && city == "" {
		return nil, fmt.Errorf("pack: no business is in the city %q (for example Phoenix, Scottsdale, Tempe)", s.City)
	}
	if s.Category != "" {
		s.Category = category
	}
	if s.City != "" {
		s.City = city
	}
	return keep, nil
}

// latest keeps the n latest interactions of d, in d's input order.
func latest(d *core.Dataset, n int) (*core.Dataset, error) {
	inter := d.Interactions()
	order := make([]int, len(inter))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(inter[a].Time, inter[b].Time) })
	kept := order[len(order)-n:]
	slices.Sort(kept)
	events := make([]core.Event, len(kept))
	for k, j := range kept {
		x := inter[j]
		events[k] = core.Event{User: d.UserKey(x.User), Item: d.ItemKey(x.Item), Time: x.Time}
	}
	return core.NewDataset(events)
}

// fromDataset turns the chosen interactions into the items and data set
// of a Pack equal to what decoding its encoding gives: users renamed to
// their numbers, items with the metadata meta gives each id, interactions
// in time order and their times cut to the day (ties keep d's order, so
// that cutting loses no order within a day).
//
// Users and items are numbered afresh by first appearance among the chosen
// interactions in log order. KCore keeps the full log's order instead, in
// which a business first reviewed by someone outside the core comes early;
// renumbering gives the ids core.ReadFile gives the same rows, so the page
// and the command line see the same ids.
func fromDataset(d *core.Dataset, meta func(id string) Item) ([]Item, *core.Dataset, error) {
	events := make([]core.Event, d.Len())
	for k, x := range d.Interactions() {
		events[k] = core.Event{User: d.UserKey(x.User), Item: d.ItemKey(x.Item), Time: x.Time}
	}
	d, err := core.NewDataset(events)
	if err != nil {
		return nil, nil, err
	}
	items := make([]Item, d.NumItems())
	ids := make([]string, d.NumItems())
	for i := range items {
		ids[i] = d.ItemKey(int32(i))
		items[i] = meta(ids[i])
	}
	users := make([]string, d.NumUsers())
	for u := range users {
		users[u] = userKey(u)
	}
	inter := slices.Clone(d.Interactions())
	core.SortByTime(inter)
	for k := range inter {
		inter[k].Time -= mod(inter[k].Time, secondsPerDay)
	}
	data, err := core.FromInteractions(users, ids, inter)
	if err != nil {
		return nil, nil, err
	}
	return items, data, nil
}

// mod is a mod m in [0, m), so that a time before 1970 is cut to the start
// of its own day.
func mod(a, m int64) int64 {
	return (a%m + m) % m
}
