package core

// Top returns the n largest contributions of e and the sum of the others,
// so that a short display of e still adds up: Σ top + rest + Remainder =
// Score.
func (e Explanation) Top(n int) (top []Contribution, rest float64) {
	n = min(max(n, 0), len(e.Contributions))
	for _, c := range e.Contributions[n:] {
		rest += c.Amount
	}
	return e.Contributions[:n], rest
}
