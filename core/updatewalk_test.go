package core

import (
	"math"
	"slices"
	"testing"
)

// walkCases are updates of every kind: a user and item who have met, a
// new pair, a new user, a new item.
func walkCases(t *testing.T) []struct {
	name string
	m    *Model
	u, i int32
} {
	t.Helper()
	var cases []struct {
		name string
		m    *Model
		u, i int32
	}
	add := func(name string, m *Model, u, i int32) {
		cases = append(cases, struct {
			name string
			m    *Model
			u, i int32
		}{name, m, u, i})
	}
	m := trainedSmall(t, 31)
	items, _ := m.UserItems(2)
	add("repeated interaction", m, 2, items[0])
	m = trainedSmall(t, 32)
	i := int32(0)
	for slices.Contains(m.users.idx[1], i) {
		i++
	}
	add("known user and item", m, 1, i)
	m = trainedSmall(t, 33)
	add("new user", m, m.AddUser(), 3)
	m = trainedSmall(t, 34)
	add("new item", m, 4, m.AddItem())
	return cases
}

// Replaying a trace from its recorded terms gives Update's vectors bit for
// bit, and tracing changes nothing: an untraced update of the same model
// ends at the same bits.
func TestReplayReproducesUpdateBitwise(t *testing.T) {
	for _, c := range walkCases(t) {
		t.Run(c.name, func(t *testing.T) {
			plain := c.m.Clone()
			before := c.m.Clone()
			tr, err := c.m.UpdateTraced(c.u, c.i)
			if err != nil {
				t.Fatal(err)
			}
			if err := plain.Update(c.u, c.i); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(tr.UserBefore, before.UserVector(c.u)) || !slices.Equal(tr.ItemBefore, before.ItemVector(c.i)) {
				t.Fatal("the trace's vectors before the update are not the model's")
			}
			for _, side := range []struct {
				name        string
				before, got []float64
				steps       []FactorStep
				want        []float64
			}{
				{"p_u", tr.UserBefore, nil, tr.UserSteps, c.m.UserVector(c.u)},
				{"q_i", tr.ItemBefore, nil, tr.ItemSteps, c.m.ItemVector(c.i)},
			} {
				got := Replay(side.before, side.steps, len(side.steps))
				if !slices.Equal(got, side.want) {
					t.Fatalf("%s replayed %v, Update left %v", side.name, got, side.want)
				}
				// Each intermediate vector differs from the one before in
				// the step's factor only.
				for n := 1; n <= len(side.steps); n++ {
					prev, next := Replay(side.before, side.steps, n-1), Replay(side.before, side.steps, n)
					for f := range next {
						if f != side.steps[n-1].Factor && next[f] != prev[f] {
							t.Fatalf("%s step %d moved factor %d", side.name, n, f)
						}
					}
					if next[side.steps[n-1].Factor] != side.steps[n-1].New {
						t.Fatalf("%s step %d replays to %v, recorded %v", side.name, n, next[side.steps[n-1].Factor], side.steps[n-1].New)
					}
				}
			}
			if !slices.Equal(plain.UserVector(c.u), c.m.UserVector(c.u)) || !slices.Equal(plain.ItemVector(c.i), c.m.ItemVector(c.i)) {
				t.Fatal("a traced update ends elsewhere than an untraced one")
			}
		})
	}
}

// The restricted objective recorded at each step equals the same terms of
// the objective summed from scratch over every partner (observed or
// missing, no cache), never rises, and falls by exactly what a quadratic's
// exact minimiser gives: denominator × (new − old)².
func TestUpdateWalkLossFalls(t *testing.T) {
	for _, c := range walkCases(t) {
		t.Run(c.name, func(t *testing.T) {
			before := c.m.Clone()
			tr, err := c.m.UpdateTraced(c.u, c.i)
			if err != nil {
				t.Fatal(err)
			}
			k, lambda, cs := c.m.k, c.m.cfg.Lambda, c.m.c
			items, iw := c.m.UserItems(c.u)
			users, uw := c.m.ItemUsers(c.i)
			userLoss := func(p []float64) (loss, size float64) {
				for j := 0; j < before.NumItems(); j++ {
					r := dot(p, before.item(int32(j)))
					var term float64
					if n := slices.Index(items, int32(j)); n >= 0 {
						term = iw[n] * (1 - r) * (1 - r)
					} else {
						term = cs[j] * r * r
					}
					loss += term
					size += math.Abs(term) + cs[j]*r*r
				}
				return loss + lambda*dot(p, p), size
			}
			pNew := c.m.UserVector(c.u)
			itemLoss := func(q []float64) (loss, size float64) {
				for v := 0; v < before.NumUsers(); v++ {
					p := before.user(int32(v))
					if int32(v) == c.u {
						p = pNew
					}
					r := dot(p, q)
					var term float64
					if n := slices.Index(users, int32(v)); n >= 0 {
						term = uw[n] * (1 - r) * (1 - r)
					} else {
						term = cs[c.i] * r * r
					}
					loss += term
					size += math.Abs(term) + cs[c.i]*r*r
				}
				return loss + lambda*dot(q, q), size
			}
			for _, side := range []struct {
				name   string
				before []float64
				steps  []FactorStep
				loss   func([]float64) (float64, float64)
			}{{"p_u", tr.UserBefore, tr.UserSteps, userLoss}, {"q_i", tr.ItemBefore, tr.ItemSteps, itemLoss}} {
				if len(side.steps) != k {
					t.Fatalf("%s: %d steps, want K = %d", side.name, len(side.steps), k)
				}
				for n, s := range side.steps {
					wantBefore, size := side.loss(Replay(side.before, side.steps, n))
					wantAfter, sizeAfter := side.loss(Replay(side.before, side.steps, n+1))
					size = math.Max(size, sizeAfter)
					if !closeScaled(s.LossBefore, wantBefore, 1e-11, size) || !closeScaled(s.LossAfter, wantAfter, 1e-11, size) {
						t.Fatalf("%s step %d: loss %.15g → %.15g, from scratch %.15g → %.15g",
							side.name, n, s.LossBefore, s.LossAfter, wantBefore, wantAfter)
					}
					if n > 0 && s.LossBefore != side.steps[n-1].LossAfter {
						t.Fatalf("%s step %d starts at %v, the step before ended at %v", side.name, n, s.LossBefore, side.steps[n-1].LossAfter)
					}
					if s.LossAfter > s.LossBefore+1e-12*size {
						t.Fatalf("%s step %d: the restricted objective rose from %.15g to %.15g", side.name, n, s.LossBefore, s.LossAfter)
					}
					d := s.New - s.Old
					drop := (s.ObservedDenom + s.CachedDenom + s.Lambda) * d * d
					if !closeScaled(s.LossBefore-s.LossAfter, drop, 1e-9, size) {
						t.Fatalf("%s step %d fell by %.15g, denominator × step² = %.15g", side.name, n, s.LossBefore-s.LossAfter, drop)
					}
				}
			}
		})
	}
}
