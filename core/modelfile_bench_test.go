package core

import "testing"

// BenchmarkLoadModel reads a Phoenix 10-core model at K = 32 from its
// file, checked as a worker reads a kept model and trusted as the page
// then reads it: the two steps of a return visit.
func BenchmarkLoadModel(b *testing.B) {
	train, _, err := yelp10core(b).LeaveOneOut()
	if err != nil {
		b.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.K, cfg.Epochs = 32, 1
	m, err := Train(train, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	file, err := m.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		load func([]byte) (*Model, error)
	}{{"checked", LoadModel}, {"trusted", LoadModelTrusted}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(file)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.load(file); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
