// Package runs is what the page shows of its long runs, which the Web
// Workers carry out: training, the replay of the paper's online protocol,
// the comparison with the rivals and the newcomers followed. Each is a
// value folded from the workers' news (package work), and the findings
// are those values in words, built from the results, never written in
// advance.
//
// The package is pure Go: the page's one owner of the runs starts them,
// folds their news in here and publishes the values.
package runs

// TopN is the length of the ranked lists every evaluation scores, as the
// paper's HR@100 and NDCG@100.
const TopN = 100
