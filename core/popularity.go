package core

import (
	"errors"
	"fmt"
)

// Popularity recommends the same list to everyone: items by their number
// of interactions, most first. Update counts one more interaction, so it
// follows the stream in the online protocol.
type Popularity struct {
	counts []int
}

// NewPopularity counts the interactions of each item of d.
func NewPopularity(d *Dataset) (*Popularity, error) {
	if d == nil {
		return nil, errors.New("core: popularity needs a data set, got nil")
	}
	return &Popularity{counts: d.ItemCounts()}, nil
}

// NumItems returns the number of items, including any added since.
func (p *Popularity) NumItems() int { return len(p.counts) }

// Scores returns every item's count, whoever u is.
func (p *Popularity) Scores(u int32, dst []float64) []float64 {
	if cap(dst) < len(p.counts) {
		dst = make([]float64, len(p.counts))
	}
	dst = dst[:len(p.counts)]
	for i, c := range p.counts {
		dst[i] = float64(c)
	}
	return dst
}

// ScoreBlock sets dst[j] to the count of item from+j.
func (p *Popularity) ScoreBlock(u int32, from int, dst []float64) {
	for j, c := range p.counts[from : from+len(dst)] {
		dst[j] = float64(c)
	}
}

// Update counts one more interaction with item i. Popularity ignores who
// made it, but a negative user id is still an error.
func (p *Popularity) Update(u, i int32) error {
	if u < 0 {
		return fmt.Errorf("core: unknown user id %d", u)
	}
	if err := checkID("item", i, len(p.counts)); err != nil {
		return err
	}
	p.counts[i]++
	return nil
}

// addItem adds an item with no interactions and returns its id.
func (p *Popularity) addItem() int32 {
	p.counts = append(p.counts, 0)
	return int32(len(p.counts) - 1)
}

var (
	_ Learner     = (*Popularity)(nil)
	_ BlockScorer = (*Popularity)(nil)
)
