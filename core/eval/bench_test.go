package eval_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// phoenix reads the Phoenix 10-core from the shared folder (EALS_DATA
// overrides it); its absence is a failure, since CI always has it.
func phoenix(b *testing.B) *core.Dataset {
	b.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "yelp")
	if d := os.Getenv("EALS_DATA"); d != "" {
		dir = d
	}
	d, err := core.ReadFile(filepath.Join(dir, "phoenix2013_reviews_10core.tsv"), "")
	if err != nil {
		b.Fatalf("reading the Phoenix 10-core (set EALS_DATA to the yelp folder): %v", err)
	}
	return d
}

// BenchmarkOffline is the whole leave-one-out evaluation (HR and NDCG at
// 100 for all 3,536 users) of an eALS model at K = 32, working out every
// rank (full) or only those inside the top 100 (within), as the page does.
func BenchmarkOffline(b *testing.B) {
	d := phoenix(b)
	train, test, err := d.LeaveOneOut()
	if err != nil {
		b.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.Epochs = 5
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, opts := range []struct {
		name string
		eval.Options
	}{{"full", eval.Options{}}, {"within", eval.Options{RanksWithinTopN: true}}} {
		b.Run(opts.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := eval.EvaluateOffline(m, train, test, opts.Options); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(test)), "cases/op")
		})
	}
}
