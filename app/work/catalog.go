package work

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ealslive/ealslive/core/pack"
)

// The page shows the pack's businesses but must not decode the pack on its
// own thread: worker 0 sends them with its DataSummary, as flat columns the
// page turns into items in a few allocations. Strings travel in one blob
// each (ids, names), cut by offsets; a business's categories and city by
// index into tables of distinct names.
//
// In the MsgData, I32 holds: each business's reviews in the data, in the
// training set, its city's index, its categories' offsets (N+1) and the
// category indices; F64: stars, latitude, longitude; Bytes: the ids, the
// names, and their offsets as little-endian uint32 pairs are I32[5], I32[6].
// I32[7] is the businesses' popularity order (PopularOrder).

// CatalogHead is the part of a DataSummary that describes the businesses.
type CatalogHead struct {
	Source, License string
	Subset          pack.Subset
	Cities          []string
	Categories      []string
}

// putCatalog writes p's businesses into m.
func putCatalog(m *Msg, h *CatalogHead, p *pack.Pack) {
	cities, categories := map[string]int32{}, map[string]int32{}
	index := func(table map[string]int32, list *[]string, s string) int32 {
		k, ok := table[s]
		if !ok {
			k = int32(len(*list))
			table[s] = k
			*list = append(*list, s)
		}
		return k
	}
	n := len(p.Items)
	city := make([]int32, n)
	catPtr := make([]int32, n+1)
	var cats []int32
	stars, lat, lon := make([]float64, n), make([]float64, n), make([]float64, n)
	var ids, names []byte
	idEnd, nameEnd := make([]int32, n), make([]int32, n)
	for i, it := range p.Items {
		city[i] = index(cities, &h.Cities, it.City)
		for _, c := range it.Categories {
			cats = append(cats, index(categories, &h.Categories, c))
		}
		catPtr[i+1] = int32(len(cats))
		stars[i], lat[i], lon[i] = it.Stars, it.Lat, it.Lon
		ids = append(ids, it.ID...)
		names = append(names, it.Name...)
		idEnd[i], nameEnd[i] = int32(len(ids)), int32(len(names))
	}
	h.Source, h.License, h.Subset = p.Source, p.License, p.Subset
	m.I32 = append(m.I32, city, catPtr, cats, idEnd, nameEnd, popularOrder(p))
	m.F64 = [][]float64{stars, lat, lon}
	m.Bytes = [][]byte{ids, names}
}

// ReadCatalog reads the businesses of a DataSummary message (see
// putCatalog), checking that every column fits, so that a damaged message
// is an error, not a panic.
func ReadCatalog(m Msg, h CatalogHead) ([]pack.Item, error) {
	if len(m.I32) != 8 || len(m.F64) != 3 || len(m.Bytes) != 2 {
		return nil, errors.New("work: the data summary lacks the businesses' columns")
	}
	city, catPtr, cats, idEnd, nameEnd := m.I32[2], m.I32[3], m.I32[4], m.I32[5], m.I32[6]
	n := len(city)
	if len(catPtr) != n+1 || len(idEnd) != n || len(nameEnd) != n || len(m.F64[0]) != n || len(m.F64[1]) != n || len(m.F64[2]) != n {
		return nil, fmt.Errorf("work: the businesses' columns disagree on their number (%d)", n)
	}
	ids, names := string(m.Bytes[0]), string(m.Bytes[1])
	cut := func(blob string, ends []int32, k int) (string, error) {
		a := int32(0)
		if k > 0 {
			a = ends[k-1]
		}
		b := ends[k]
		if a > b || int(b) > len(blob) || !utf8.ValidString(blob[a:b]) {
			return "", fmt.Errorf("work: business %d's text does not fit the data summary", k)
		}
		return blob[a:b], nil
	}
	catNames := make([]string, len(cats))
	for k, c := range cats {
		if c < 0 || int(c) >= len(h.Categories) {
			return nil, fmt.Errorf("work: category %d of the data summary is out of range", c)
		}
		catNames[k] = h.Categories[c]
	}
	items := make([]pack.Item, n)
	for i := range items {
		it := &items[i]
		var err error
		if it.ID, err = cut(ids, idEnd, i); err != nil {
			return nil, err
		}
		if it.Name, err = cut(names, nameEnd, i); err != nil {
			return nil, err
		}
		if city[i] < 0 || int(city[i]) >= len(h.Cities) {
			return nil, fmt.Errorf("work: business %d's city is out of range", i)
		}
		it.City = h.Cities[city[i]]
		a, b := catPtr[i], catPtr[i+1]
		if a < 0 || a > b || int(b) > len(catNames) {
			return nil, fmt.Errorf("work: business %d's categories do not fit the data summary", i)
		}
		if a < b {
			it.Categories = slices.Clip(catNames[a:b])
		}
		it.Stars, it.Lat, it.Lon = m.F64[0][i], m.F64[1][i], m.F64[2][i]
	}
	return items, nil
}

// The finder and the first list show the businesses most reviewed first.
// Worker 0 orders them for the page, so that the page's thread does not
// lower-case and sort every name as the data arrives.

// PopularOrder returns the indices of the businesses named names, most
// reviews first, equal counts by name regardless of case, then by index:
// the order a stable sort by count and name gives. A business without a
// count has none.
func PopularOrder(names []string, reviews []int) []int32 {
	count := func(i int32) int {
		if int(i) < len(reviews) {
			return reviews[i]
		}
		return 0
	}
	lower := make([]string, len(names))
	for i, s := range names {
		lower[i] = strings.ToLower(s)
	}
	order := make([]int32, len(names))
	for i := range order {
		order[i] = int32(i)
	}
	// Ties broken by index: a stable sort's order with an unstable sort's
	// O(n log n) comparisons.
	slices.SortFunc(order, func(a, b int32) int {
		if d := count(b) - count(a); d != 0 {
			return d
		}
		if d := strings.Compare(lower[a], lower[b]); d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	return order
}

func popularOrder(p *pack.Pack) []int32 {
	names := make([]string, len(p.Items))
	for i, it := range p.Items {
		names[i] = it.Name
	}
	return PopularOrder(names, p.Data.ItemCounts())
}

// ReadPopular reads the popularity order of a DataSummary message of n
// businesses, checking that it lists each business once.
func ReadPopular(m Msg, n int) ([]int32, error) {
	if len(m.I32) != 8 {
		return nil, errors.New("work: the data summary lacks the businesses' order")
	}
	order := m.I32[7]
	if len(order) != n {
		return nil, fmt.Errorf("work: the data summary orders %d businesses of %d", len(order), n)
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || int(i) >= n || seen[i] {
			return nil, fmt.Errorf("work: the data summary's order lists business %d twice or out of range", i)
		}
		seen[i] = true
	}
	return order, nil
}
