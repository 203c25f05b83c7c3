package core

// Recommender scores every item for a user. *Model and the baselines
// implement it, so the evaluation protocols (package eval) run any of them.
type Recommender interface {
	NumItems() int
	// Scores returns user u's score for every item, in dst if it is large
	// enough. Higher is better.
	Scores(u int32, dst []float64) []float64
}

// Learner is a Recommender that folds in one new interaction at a time, as
// the online protocol needs.
type Learner interface {
	Recommender
	Update(u, i int32) error
}

var (
	_ Learner     = (*Model)(nil)
	_ BlockScorer = (*Model)(nil)
)
