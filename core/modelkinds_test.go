package core

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// savedKinds returns a model of every kind, each trained and then changed
// online (new users and items, repeats, an unseen item), keyed by kind,
// with the online steps it can take again after a round trip.
func savedKinds(t testing.TB) map[string]Recommender {
	d := randomDataset(t, 12, 10, 0.3, 31)
	out := map[string]Recommender{KindEALS: modelWithHistory(t)}

	rc := DefaultRCDConfig()
	rc.Config = smallConfig()
	rc.Alpha, rc.Epochs, rc.WNew, rc.OnlineIters = 0.5, 3, 3, 2
	r, err := TrainRCD(d, rc, nil)
	if err != nil {
		t.Fatal(err)
	}
	cc := CGConfig{Config: smallConfig(), Steps: 2}
	cc.Epochs, cc.WNew = 3, 2
	c, err := TrainCG(d, cc, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []interface {
		Learner
		AddUser() int32
	}{r, c} {
		u := l.AddUser()
		for _, x := range [][2]int32{{u, 3}, {u, 9}, {0, 9}, {2, 5}, {u, 3}} {
			if err := l.Update(x[0], x[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	out[KindRCD], out[KindCG] = r, c

	ac := smallConfig()
	ac.Epochs, ac.WNew = 3, 2
	a, err := TrainALS(d, ac, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := TrainBPR(d, BPRConfig{K: 4, LearnRate: 0.1, Lambda: 0.01, Epochs: 3, OnlineIters: 3, Seed: 5, InitStd: 0.1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPopularity(d)
	if err != nil {
		t.Fatal(err)
	}
	u, i := a.AddUser(), a.AddItem()
	bu, bi := b.AddUser(), b.AddItem()
	pi := p.AddItem()
	for _, x := range [][2]int32{{u, 3}, {u, i}, {0, i}, {2, 5}, {u, 3}} {
		if err := a.Update(x[0], x[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, x := range [][2]int32{{bu, 3}, {bu, bi}, {0, bi}, {2, 5}} {
		if err := b.Update(x[0], x[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, x := range [][2]int32{{0, pi}, {4, 2}, {7, pi}} {
		if err := p.Update(x[0], x[1]); err != nil {
			t.Fatal(err)
		}
	}
	out[KindALS], out[KindBPR], out[KindPopularity] = a, b, p
	return out
}

// Every kind saves and loads bit for bit, says what it is, and goes on
// exactly as the saved model would: the same online updates give the same
// file.
func TestEveryKindRoundTrips(t *testing.T) {
	for kind, m := range savedKinds(t) {
		t.Run(kind, func(t *testing.T) {
			b, err := Save(m)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := FileKind(b); err != nil || got != kind {
				t.Fatalf("FileKind = %q, %v", got, err)
			}
			loaded, err := Load(b)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprintf("%T", loaded) != fmt.Sprintf("%T", m) {
				t.Fatalf("loaded a %T, saved a %T", loaded, m)
			}
			again, err := Save(loaded)
			if err != nil || !bytes.Equal(again, b) {
				t.Fatalf("saving the loaded model gives other bytes (%v)", err)
			}
			for u := int32(0); u < 3; u++ {
				s1, s2 := m.Scores(u, nil), loaded.Scores(u, nil)
				for i := range s1 {
					if math.Float64bits(s1[i]) != math.Float64bits(s2[i]) {
						t.Fatalf("user %d, item %d: score %v, loaded %v", u, i, s1[i], s2[i])
					}
				}
			}
			l1, l2 := m.(Learner), loaded.(Learner)
			for _, x := range [][2]int32{{1, 2}, {3, 9}, {1, 2}} {
				if err := l1.Update(x[0], x[1]); err != nil {
					t.Fatal(err)
				}
				if err := l2.Update(x[0], x[1]); err != nil {
					t.Fatal(err)
				}
			}
			b1, _ := Save(m)
			b2, _ := Save(loaded)
			if !bytes.Equal(b1, b2) {
				t.Fatal("after the same updates the loaded model differs from the saved one")
			}
			if kind != KindEALS {
				if _, err := LoadModel(b); !errors.Is(err, ErrModelInvalid) || !strings.Contains(err.Error(), "not eALS") {
					t.Errorf("LoadModel of a %s file: %v", kind, err)
				}
			}
		})
	}
}

// The eALS layout is the one the page has stored in browsers since version
// 1: the same model gives the same bytes as before the other kinds joined,
// natively and under WebAssembly.
func TestEALSLayoutIsUnchanged(t *testing.T) {
	b, err := modelWithHistoryAlpha(t, 0).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	const want = "e5f691bd8e6b94702aa2de54968808fab84d71a1fdd95a3c5815e92a33964d1e"
	if got := fmt.Sprintf("%x", sha256.Sum256(b)); got != want || len(b) != 2407 {
		t.Errorf("the eALS file is %d bytes with SHA-256 %s, want 2407 bytes with %s", len(b), got, want)
	}
}

// A model mid-epoch has stale caches and is refused, not saved to fail on
// load; RCD's caches are current after every step, so it saves any time.
func TestSaveRefusesMidEpoch(t *testing.T) {
	d := randomDataset(t, 12, 10, 0.3, 3)
	cg, err := NewCGTrainer(d, CGConfig{Config: smallConfig(), Steps: 2})
	if err != nil {
		t.Fatal(err)
	}
	als, err := NewALSTrainer(d, smallConfig())
	if err != nil {
		t.Fatal(err)
	}
	rcd, err := NewRCDTrainer(d, smallRCDConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Stepper{cg, als, rcd} {
		mustStep(t, s, 1)
	}
	for name, m := range map[string]Recommender{"cg": cg.Model(), "als": als.Model()} {
		if _, err := Save(m); err == nil || !strings.Contains(err.Error(), "inside an epoch") {
			t.Errorf("%s mid-epoch: %v", name, err)
		}
	}
	b, err := Save(rcd.Model())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(b); err != nil {
		t.Errorf("RCD saved mid-epoch does not load: %v", err)
	}
	if _, err := Save(frozenForTest{}); err == nil || !strings.HasPrefix(err.Error(), "core: ") {
		t.Errorf("saving a foreign Recommender: %v", err)
	}
}

type frozenForTest struct{}

func (frozenForTest) NumItems() int                     { return 1 }
func (frozenForTest) Scores(int32, []float64) []float64 { return []float64{0} }

// Damage in each kind's own fields is caught and named.
func TestLoadChecksEveryKind(t *testing.T) {
	ms := savedKinds(t)
	save := func(m Recommender) []byte {
		b, err := Save(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	body := func(kind string) int { return len(modelMagic) + 2 + 1 + len(kind) }
	cfgLen := 4 + 4*8 + 4 + 4 + 8 + 8 + 4 // writeConfig's bytes
	put64 := func(b []byte, at int, v float64) []byte {
		b = bytes.Clone(b)
		binary.LittleEndian.PutUint64(b[at:], math.Float64bits(v))
		return b
	}
	put32 := func(b []byte, at int, v uint32) []byte {
		b = bytes.Clone(b)
		binary.LittleEndian.PutUint32(b[at:], v)
		return b
	}
	rcd, cg, als, bpr, pop := save(ms[KindRCD]), save(ms[KindCG]), save(ms[KindALS]), save(ms[KindBPR]), save(ms[KindPopularity])
	a := ms[KindALS].(*ALS)
	bm := ms[KindBPR].(*BPR)
	rm := ms[KindRCD].(*RCD)
	rcdSq := body(KindRCD) + cfgLen + 16 + 4 + 8 + 8 + 8*(len(rm.p)+len(rm.q)+len(rm.c)+len(rm.sp))
	alsP := body(KindALS) + cfgLen + 8 + 8 // after users, items and w0
	bprSeen := body(KindBPR) + 4 + 16 + 4 + 4 + 8 + 8 + 8 + 8*(len(bm.p)+len(bm.q))
	nnz := len(bm.pairs)
	bprPairs := bprSeen + 4*len(bm.seen) + 4*nnz + 4
	for _, tc := range []struct {
		name string
		in   []byte
		is   error
		says string
	}{
		{"unknown kind", append([]byte(modelMagic+"\x01\x00\x03svd"), 0), ErrModelInvalid, `unknown kind "svd"`},
		{"rcd: Armijo 0.7", put64(rcd, body(KindRCD)+cfgLen, 0.7), ErrModelInvalid, "rcd-armijo"},
		{"rcd: S^q edited", put64(rcd, rcdSq, 3), ErrModelInvalid, "S^q disagrees"},
		{"cg: 0 steps", put32(cg, body(KindCG)+cfgLen, 0), ErrModelInvalid, "cg-steps"},
		{"cg: truncated", cg[:len(cg)-3], ErrModelTruncated, "generator"},
		{"als: w0 NaN", put64(als, body(KindALS)+cfgLen+8, math.NaN()), ErrModelInvalid, "w0"},
		{"als: P edited", put64(als, alsP, 7), ErrModelInvalid, "PᵀP disagrees"},
		{"als: Inf in Q", put64(als, alsP+8*len(a.p), math.Inf(-1)), ErrModelInvalid, "beyond the"},
		{"bpr: learning rate 0", put64(bpr, body(KindBPR)+4, 0), ErrModelInvalid, "bpr-lr"},
		{"bpr: a pair not observed", put32(bpr, bprPairs+4, uint32(bm.NumItems()-1)^1), ErrModelInvalid, "pair 0"},
		{"bpr: pair count", put32(bpr, bprPairs-4, uint32(nnz+1)), ErrModelInvalid, "pairs to sample"},
		{"bpr: too many pairs claimed", put32(bpr, bprPairs-4, 1<<31-1), ErrModelInvalid, "pairs to sample"},
		{"pop: a count of 2^60", func() []byte {
			b := bytes.Clone(pop)
			binary.LittleEndian.PutUint64(b[body(KindPopularity)+4:], 1<<60)
			return b
		}(), ErrModelInvalid, "count"},
		{"pop: no items", put32(pop, body(KindPopularity), 0)[:body(KindPopularity)+4], ErrModelInvalid, "no items"},
		{"pop: more items than bytes", put32(pop, body(KindPopularity), 1<<30), ErrModelTruncated, "counts"},
	} {
		_, err := Load(tc.in)
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "core: ") {
			t.Errorf("%s: err = %v, want %v saying %q", tc.name, err, tc.is, tc.says)
		}
	}
	// Every cut of every kind is truncation.
	for kind, m := range ms {
		good := save(m)
		for n := 0; n < len(good); n += 1 + n/7 {
			if _, err := Load(good[:n]); !errors.Is(err, ErrModelTruncated) && !errors.Is(err, ErrNotModel) {
				t.Fatalf("%s cut to %d of %d bytes: err = %v", kind, n, len(good), err)
			}
		}
	}
}

// BPR's pairs must be its observed entries, each once, and its rows
// ascending, or sampling would go wrong.
func TestLoadChecksBPRRows(t *testing.T) {
	b := savedKinds(t)[KindBPR].(*BPR)
	for _, tc := range []struct {
		name string
		edit func(b *BPR)
		says string
	}{
		{"a pair twice", func(b *BPR) { b.pairs[1] = b.pairs[0] }, "twice"},
		{"a row out of order", func(b *BPR) {
			for u, row := range b.seen {
				if len(row) > 1 {
					r := append([]int32(nil), row...)
					r[0], r[1] = r[1], r[0]
					b.seen[u] = r
					return
				}
			}
		}, "ascending"},
	} {
		c := *b
		c.seen = cloneRows(b.seen)
		c.pairs = append([]Interaction(nil), b.pairs...)
		tc.edit(&c)
		buf, err := c.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Load(buf); !errors.Is(err, ErrModelInvalid) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: err = %v, want it to say %q", tc.name, err, tc.says)
		}
	}
}
