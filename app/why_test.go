package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"

	"github.com/ealslive/ealslive/core/pack"
)

// trainedModel returns a model trained for a few epochs on synthetic data
// with enough items for a full list.
func trainedModel(t *testing.T) *core.Model {
	t.Helper()
	d, err := core.Synthetic(60, 80, 900, 0.8, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs = 8, 5
	m, err := core.Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// catalogOf is a catalogue of the businesses b0, b1, … named Business 0,
// Business 1, …, as the page has once the workers have counted the
// reviews.
func catalogOf(n int) *catalog.Catalog {
	items := make([]pack.Item, n)
	for i := range items {
		items[i] = pack.Item{ID: fmt.Sprint("b", i), Name: fmt.Sprint("Business ", i)}
	}
	zero := make([]int, n)
	cat := catalog.New(items)
	cat.SetCounts(zero, zero, work.PopularOrder(make([]string, n), zero))
	return cat
}

// visitorWithModel is you, attached to a trained model.
func visitorWithModel(t *testing.T) *visitor.Visitor {
	t.Helper()
	m := trainedModel(t)
	v := visitor.New(catalogOf(m.NumItems()), visitor.MemoryStore{}, "", nil)
	if err := v.Attach(m); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestWhyRows(t *testing.T) {
	p := visitorWithModel(t)
	open := map[int32]bool{}
	if rows := whyRows(p.Snapshot(), open); rows != nil {
		t.Fatalf("before any click: %d rows to explain", len(rows))
	}
	if note, _ := whyNote(p.Snapshot(), dataSet{}.words()); !strings.Contains(note, "Nothing of yours to explain yet") {
		t.Errorf("before any click the note reads %q", note)
	}
	liked := []int32{7, 12, 30, 31, 44}
	for n, i := range liked {
		if _, err := p.Like(i); err != nil {
			t.Fatal(err)
		}
		rows := whyRows(p.Snapshot(), open)
		if len(rows) != len(p.Snapshot().List) {
			t.Fatalf("after %d clicks: %d rows for %d listed", n+1, len(rows), len(p.Snapshot().List))
		}
		for k, w := range rows {
			r := p.Snapshot().List[k]
			if w.Score != r.Score {
				t.Errorf("row %d explains score %v, the list shows %v", k, w.Score, r.Score)
			}
			if len(w.Shares) != min(n+1, whyShares) || w.RestCount != n+1-len(w.Shares) {
				t.Errorf("after %d clicks row %d names %d clicks and sums %d", n+1, k, len(w.Shares), w.RestCount)
			}
			sum := w.Rest + w.Remainder
			for s, sh := range w.Shares {
				sum += sh.Amount
				if !strings.HasPrefix(sh.Name, "Business ") {
					t.Errorf("row %d share %d is named %q", k, s, sh.Name)
				}
				if s > 0 && math.Abs(sh.Amount) > math.Abs(w.Shares[s-1].Amount) {
					t.Errorf("row %d: shares not largest first", k)
				}
			}
			if math.Abs(sum-w.Score) > 1e-9*max(1, math.Abs(w.Score)) {
				t.Errorf("row %d: shares, rest and remainder sum to %v, score %v", k, sum, w.Score)
			}
			// As shown, to three decimals, they add up within rounding.
			shown := signedValue(t, textfmt.Signed(w.Rest)) + signedValue(t, textfmt.Signed(w.Remainder))
			for _, sh := range w.Shares {
				shown += signedValue(t, textfmt.Signed(sh.Amount))
			}
			score, _ := strconv.ParseFloat(fmt.Sprintf("%.3f", w.Score), 64)
			if tol := float64(len(w.Shares)+3) * 0.0005; math.Abs(shown-score) > tol {
				t.Errorf("row %d: shown parts sum to %.4f, shown score %.3f", k, shown, score)
			}
		}
	}
	// The named shares are your clicks: each one is something you liked.
	for _, w := range whyRows(p.Snapshot(), open) {
		for _, sh := range w.Shares {
			var id int32
			fmt.Sscanf(sh.Name, "Business %d", &id)
			if !p.Snapshot().Likes(id) {
				t.Errorf("a share is credited to %q, which you did not like", sh.Name)
			}
		}
	}
	first := p.Snapshot().List[0].Item
	open = map[int32]bool{first: true}
	if rows := whyRows(p.Snapshot(), open); !rows[0].Open || rows[1].Open {
		t.Errorf("opening %d's why: open flags %v, %v", first, rows[0].Open, rows[1].Open)
	}
	if note, _ := whyNote(p.Snapshot(), dataSet{}.words()); !strings.Contains(note, "remainder") {
		t.Errorf("after clicks the note reads %q", note)
	}
	if _, err := p.StartOver(); err != nil {
		t.Fatal(err)
	}
	if rows := whyRows(p.Snapshot(), open); rows != nil {
		t.Errorf("after starting over: %d rows to explain", len(rows))
	}
}

func signedValue(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, "−", "-"), 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}
