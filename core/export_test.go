package core

import "slices"

// Test-only access. What no caller outside the package uses is unexported;
// the tests, the external ones (package core_test) among them, still reach
// it here, under the names it had.

var (
	NewALS = newALS
	NewBPR = newBPR
)

const MaxSynthetic = maxSynthetic

// Epoch is one whole ALS epoch: every user solved against QᵀQ, then every
// item against PᵀP. ALSTrainer in chunks, and TrainALS, are checked
// bitwise against it.
func (a *ALS) Epoch() {
	a.pass(false, 0, a.NumUsers())
	gram(a.sp, a.p, a.k, nil, a.threads)
	a.pass(true, 0, a.NumItems())
	gram(a.sq, a.q, a.k, nil, a.threads)
	a.epochs++
}

// Epoch is one whole BPR epoch: |R| SGD steps, each on an observed pair
// drawn uniformly with replacement and a fresh negative item. BPRTrainer
// in chunks, and TrainBPR, are checked bitwise against it.
func (b *BPR) Epoch() {
	for range len(b.pairs) {
		b.sampleStep()
	}
	b.epochs++
}

func (a *ALS) Epochs() int                          { return a.epochs }
func (a *ALS) AddUser() int32                       { return a.addUser() }
func (a *ALS) AddItem() int32                       { return a.addItem() }
func (a *ALS) UserVector(u int32) []float64         { return slices.Clone(a.user(u)) }
func (a *ALS) ItemVector(i int32) []float64         { return slices.Clone(a.item(i)) }
func (b *BPR) Epochs() int                          { return b.epochs }
func (b *BPR) AddUser() int32                       { return b.addUser() }
func (b *BPR) AddItem() int32                       { return b.addItem() }
func (b *BPR) Score(u, i int32) float64             { return dot(b.user(u), b.item(i)) }
func (b *BPR) UserVector(u int32) []float64         { return slices.Clone(b.user(u)) }
func (b *BPR) ItemVector(i int32) []float64         { return slices.Clone(b.item(i)) }
func (m *Model) AddItem() int32                     { return m.addItem() }
func (m *Model) UserVector(u int32) []float64       { return slices.Clone(m.user(u)) }
func (m *Model) ItemVector(i int32) []float64       { return slices.Clone(m.item(i)) }
func (m *Model) SetItemVector(i int32, v []float64) { copy(m.item(i), v) }
func (r *RCD) ItemVector(i int32) []float64         { return slices.Clone(r.item(i)) }
func (c *CG) ItemVector(i int32) []float64          { return slices.Clone(c.item(i)) }
func (p *Popularity) AddItem() int32                { return p.addItem() }
func (p *Popularity) Count(i int32) int             { return p.counts[i] }
func (t *Trainer) Epochs() int                      { return t.epochs }
func (t *BPRTrainer) Epochs() int                   { return t.b.epochs }
