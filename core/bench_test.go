package core

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"
)

// The native budgets (docs/performance.md): an epoch at K = 32 on the
// Phoenix 10-core in at most 20 ms on one core and 11 ms on two; an online
// update in a median of at most 0.03 ms. Run with `make bench`.

func BenchmarkEpoch(b *testing.B) {
	d := yelp10core(b)
	for _, k := range []int{32, 64, 128} {
		for _, threads := range slices.Compact([]int{1, 2, runtime.NumCPU()}) {
			b.Run(fmt.Sprintf("K=%d/threads=%d", k, threads), func(b *testing.B) {
				cfg := DefaultConfig()
				cfg.K, cfg.Threads = k, threads
				tr, err := NewTrainer(d, cfg)
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for b.Loop() {
					tr.Step(-1)
				}
				b.ReportMetric(float64(d.Len()), "interactions")
			})
		}
	}
}

// BenchmarkUpdate replays the online protocol's stream (the latest 10% by
// time) into a model trained on the rest, timing each update; one op is
// the whole stream, and median-ms is the median single update.
func BenchmarkUpdate(b *testing.B) {
	d := yelp10core(b)
	train, stream, err := d.TimeSplit(0.9)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{32, 64} {
		b.Run(fmt.Sprintf("K=%d", k), func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.K, cfg.Epochs = k, 20
			trained, err := Train(train, cfg, nil)
			if err != nil {
				b.Fatal(err)
			}
			times := make([]time.Duration, 0, len(stream))
			b.ResetTimer()
			for b.Loop() {
				b.StopTimer()
				m := trained.Clone()
				times = times[:0]
				b.StartTimer()
				for _, x := range stream {
					start := time.Now()
					if err := m.Update(x.User, x.Item); err != nil {
						b.Fatal(err)
					}
					times = append(times, time.Since(start))
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "median-ms")
			b.ReportMetric(float64(times[len(times)*95/100].Nanoseconds())/1e6, "p95-ms")
			b.ReportMetric(float64(len(stream)), "updates/op")
		})
	}
}

// BenchmarkRecommend is one user's top 100 over all items.
func BenchmarkRecommend(b *testing.B) {
	d := yelp10core(b)
	cfg := DefaultConfig()
	cfg.Epochs = 5
	m, err := Train(d, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	scores := make([]float64, m.NumItems())
	u := int32(0)
	for b.Loop() {
		scores = m.Scores(u, scores)
		TopN(scores, 100, nil)
		u = (u + 1) % int32(m.NumUsers())
	}
}

// BenchmarkUpdateTraced is one click as the page makes it: an update that
// also records its steps for the teaching view, by visitors of 10 clicks.
func BenchmarkUpdateTraced(b *testing.B) {
	d := yelp10core(b)
	cfg := DefaultConfig()
	cfg.Epochs = 5
	m, err := Train(d, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	var u int32
	for n := 0; b.Loop(); n++ {
		if n%10 == 0 {
			u = m.AddUser()
		}
		if _, err := m.UpdateTraced(u, int32(n*7%m.NumItems())); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClick is a visitor's clicks as the page makes them: a new user
// likes the top business of their list 40 times, each an update with its
// trace. One op is a visitor, sweeps included; median-ms, the figure to
// read, is the median update alone. On the page a render and a layout
// run between two clicks and leave the processor's caches holding other
// things, so "cold" sweeps 32 MB between clicks: the update then reads the
// rows of the business's R_i from memory, as it does on the page, and takes
// about three times as long as "warm", where they stay cached.
func BenchmarkClick(b *testing.B) {
	d := yelp10core(b)
	train, _, err := d.LeaveOneOut()
	if err != nil {
		b.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Epochs = 25
	trained, err := Train(train, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	const clicks = 40
	sweep := make([]float64, 4<<20)
	for _, cold := range []bool{false, true} {
		name := "warm"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			scores := make([]float64, trained.NumItems())
			var times []time.Duration
			for b.Loop() {
				m := trained.Clone()
				u := m.AddUser()
				liked := make([]int32, 0, clicks)
				for range clicks {
					scores = m.Scores(u, scores)
					top := TopN(scores, 1, liked)[0].Item
					liked = append(liked, top)
					if cold {
						for j := range sweep {
							sweep[j]++
						}
					}
					start := time.Now()
					_, err := m.UpdateTraced(u, top)
					times = append(times, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "median-ms")
			b.ReportMetric(clicks, "clicks/op")
		})
	}
}

// BenchmarkObjective is the objective of a trained model through the caches
// (section 4.3) and from scratch, as it is computed inside an epoch.
func BenchmarkObjective(b *testing.B) {
	d := yelp10core(b)
	cfg := DefaultConfig()
	cfg.Epochs = 2
	m, err := Train(d, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			m.Objective()
		}
	})
	b.Run("scratch", func(b *testing.B) {
		for b.Loop() {
			m.objectiveFromScratch()
		}
	})
}

// BenchmarkSimilar lists a business's ten nearest on the Phoenix 10-core,
// K = 32: what "More like this" asks of the page on a click.
func BenchmarkSimilar(b *testing.B) {
	d := yelp10core(b)
	cfg := DefaultConfig()
	cfg.Epochs = 2
	m, err := Train(d, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if _, err := m.Similar(int32(n%d.NumItems()), 10); err != nil {
			b.Fatal(err)
		}
	}
}
