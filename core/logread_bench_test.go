package core_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// movieLens1M writes a log of MovieLens 1M's shape, 1,000,209 ratings by
// 6,040 users of 3,706 films, in ratings.dat's layout or ratings.csv's.
func movieLens1M(csv bool) []byte {
	const users, items, rows = 6040, 3706, 1_000_209
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.Grow(rows * 24)
	if csv {
		b.WriteString("userId,movieId,rating,timestamp\n")
	}
	for range rows {
		u := 1 + min(rng.IntN(users), rng.IntN(users))
		i := 1 + min(rng.IntN(items), rng.IntN(items))
		r, ts := 1+rng.IntN(5), 956703932+rng.IntN(90_000_000)
		if csv {
			fmt.Fprintf(&b, "%d,%d,%d.0,%d\n", u, i, r, ts)
		} else {
			fmt.Fprintf(&b, "%d::%d::%d::%d\n", u, i, r, ts)
		}
	}
	return b.Bytes()
}

// BenchmarkReadLogMovieLens1M reads a log of a million rows; its bytes
// per operation say what reading one costs in memory.
func BenchmarkReadLogMovieLens1M(b *testing.B) {
	for _, c := range []struct {
		name string
		csv  bool
		opts core.LogOptions
	}{
		{"ratings.dat", false, core.LogOptions{}},
		{"ratings.csv", true, core.LogOptions{}},
		{"ratings.dat/min4/core10", false, core.LogOptions{MinRating: 4, KCore: 10}},
	} {
		text := movieLens1M(c.csv)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				l, err := core.ReadLog(bytes.NewReader(text), c.name, c.opts)
				if err != nil {
					b.Fatal(err)
				}
				if l.Rows != 1_000_209 || !strings.HasPrefix(l.Format, "MovieLens") {
					b.Fatalf("%d rows read as %q", l.Rows, l.Format)
				}
			}
		})
	}
}
