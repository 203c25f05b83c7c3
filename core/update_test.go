package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func trainedSmall(t *testing.T, seed uint64) *Model {
	t.Helper()
	d := randomDataset(t, 12, 10, 0.3, seed)
	cfg := smallConfig()
	cfg.Epochs = 3
	cfg.WNew = 3
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// assertCachesFresh checks every cache of m against a recomputation: S^p and
// S^q (to tol on the scale √(s_ff s_gg) of entry (f, g), and exactly
// symmetric), the prediction of every observed entry (to tol on the scale
// ‖p_u‖‖q_i‖), the cross index between user and item rows, and the fast
// objective against the from-scratch one.
func assertCachesFresh(t *testing.T, m *Model, tol float64) {
	t.Helper()
	if m.midEpoch {
		t.Fatal("the model is marked mid-epoch")
	}
	sp, sq := make([]float64, m.k*m.k), make([]float64, m.k*m.k)
	gram(sp, m.p, m.k, nil, 1)
	gram(sq, m.q, m.k, m.c, 1)
	for f := 0; f < m.k; f++ {
		for g := 0; g < m.k; g++ {
			j := f*m.k + g
			if !closeScaled(m.sp[j], sp[j], tol, math.Sqrt(sp[f*m.k+f]*sp[g*m.k+g])) {
				t.Fatalf("S^p[%d] = %.15g, recomputed %.15g", j, m.sp[j], sp[j])
			}
			if !closeScaled(m.sq[j], sq[j], tol, math.Sqrt(sq[f*m.k+f]*sq[g*m.k+g])) {
				t.Fatalf("S^q[%d] = %.15g, recomputed %.15g", j, m.sq[j], sq[j])
			}
			if m.sp[j] != m.sp[g*m.k+f] || m.sq[j] != m.sq[g*m.k+f] {
				t.Fatalf("caches lost symmetry at (%d, %d)", f, g)
			}
		}
	}
	assertPredictionsFresh(t, m, tol)
	got, want := m.Objective(), m.objectiveFromScratch()
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"observed", got.Observed, want.Observed}, {"missing", got.Missing, want.Missing},
		{"penalty", got.Penalty, want.Penalty}, {"total", got.Total(), want.Total()}} {
		if !closeScaled(c.got, c.want, tol, want.Total()) {
			t.Fatalf("objective's %s term %.15g through the caches, %.15g from scratch", c.name, c.got, c.want)
		}
	}
}

// assertPredictionsFresh checks the prediction cache and its cross index.
func assertPredictionsFresh(t *testing.T, m *Model, tol float64) {
	t.Helper()
	c := &m.pred
	if len(c.r) != m.NumItems() || len(c.ipos) != m.NumItems() || len(c.upos) != m.NumUsers() {
		t.Fatalf("prediction cache has %d item rows (%d positions) and %d user rows, want %d and %d",
			len(c.r), len(c.ipos), len(c.upos), m.NumItems(), m.NumUsers())
	}
	for i, users := range m.items.idx {
		if len(c.r[i]) != len(users) || len(c.ipos[i]) != len(users) {
			t.Fatalf("item %d: %d users, %d predictions, %d positions", i, len(users), len(c.r[i]), len(c.ipos[i]))
		}
		q := m.item(int32(i))
		for k, u := range users {
			p := m.user(u)
			want := 0.0
			for f := range p {
				want += p[f] * q[f]
			}
			if !closeScaled(c.r[i][k], want, tol, math.Sqrt(sumSquares(p)*sumSquares(q))) {
				t.Fatalf("cached r̂(%d, %d) = %.15g, p_u·q_i = %.15g", u, i, c.r[i][k], want)
			}
			j := c.ipos[i][k]
			if int(j) >= len(m.users.idx[u]) || m.users.idx[u][j] != int32(i) || c.upos[u][j] != int32(k) {
				t.Fatalf("entry (%d, %d) at %d of the item row: its user-row position %d is wrong", u, i, k, j)
			}
			if m.users.w[u][j] != m.items.w[i][k] {
				t.Fatalf("entry (%d, %d) weighs %v by user, %v by item", u, i, m.users.w[u][j], m.items.w[i][k])
			}
		}
	}
	for u, items := range m.users.idx {
		if len(c.upos[u]) != len(items) {
			t.Fatalf("user %d: %d items, %d positions", u, len(items), len(c.upos[u]))
		}
		for j, i := range items {
			if k := c.upos[u][j]; int(k) >= len(m.items.idx[i]) || m.items.idx[i][k] != int32(u) {
				t.Fatalf("entry (%d, %d) at %d of the user row: its item-row position %d is wrong", u, i, j, k)
			}
		}
	}
}

func TestTrainingLeavesCachesFresh(t *testing.T) {
	assertCachesFresh(t, trainedSmall(t, 11), 1e-12)
}

func TestUpdatesKeepCachesFresh(t *testing.T) {
	m := trainedSmall(t, 12)
	newUser := m.AddUser()
	newItem := m.AddItem()
	steps := []struct{ u, i int32 }{
		{0, 1}, {newUser, 3}, {newUser, 4}, {5, newItem}, {newUser, newItem}, {0, 1}, {2, 9},
	}
	for _, s := range steps {
		if err := m.Update(s.u, s.i); err != nil {
			t.Fatal(err)
		}
		assertCachesFresh(t, m, 1e-9)
	}
	if err := m.Remove(newUser, 3); err != nil {
		t.Fatal(err)
	}
	assertCachesFresh(t, m, 1e-9)
	for _, i := range []int32{4, newItem} {
		if err := m.Remove(newUser, i); err != nil {
			t.Fatal(err)
		}
	}
	assertCachesFresh(t, m, 1e-9)
	if items, _ := m.UserItems(newUser); len(items) != 0 {
		t.Fatalf("after removing every click the user still has %v", items)
	}
	// Remove entries from the middle of long rows, so that both rows shift.
	for _, u := range []int32{0, 3} {
		items, _ := m.UserItems(u)
		if len(items) < 3 {
			t.Fatalf("user %d has %d items, want a longer row", u, len(items))
		}
		if err := m.Remove(u, items[len(items)/2]); err != nil {
			t.Fatal(err)
		}
		assertCachesFresh(t, m, 1e-9)
	}
	if got, want := m.Objective().Total(), naiveOf(m).objective(); !closeRel(got, want, 1e-10) {
		t.Fatalf("after the updates: objective %.15g, brute force %.15g", got, want)
	}
}

// Any sequence of online changes (clicks, repeats, new users and items,
// removals) keeps every cache equal to a recomputation, the objective
// through them equal to the brute-force one, and a model grown by Update
// continues to train with fresh caches.
func TestRandomUpdatesKeepCachesFresh(t *testing.T) {
	for _, iters := range []int{1, 3} {
		t.Run(fmt.Sprintf("iters=%d", iters), func(t *testing.T) {
			d := randomDataset(t, 14, 11, 0.3, 40)
			cfg := smallConfig()
			cfg.Epochs, cfg.WNew, cfg.OnlineIters = 2, 2.5, iters
			m, err := Train(d, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(41, uint64(iters)))
			for step := 0; step < 120; step++ {
				switch op := rng.IntN(10); {
				case op == 0:
					m.AddUser()
				case op == 1:
					m.AddItem()
				case op < 4: // forget one of a random user's interactions
					u := int32(rng.IntN(m.NumUsers()))
					items, _ := m.UserItems(u)
					if len(items) == 0 {
						continue
					}
					if err := m.Remove(u, items[rng.IntN(len(items))]); err != nil {
						t.Fatal(err)
					}
				case op < 6: // repeat one
					u := int32(rng.IntN(m.NumUsers()))
					items, _ := m.UserItems(u)
					if len(items) == 0 {
						continue
					}
					if err := m.Update(u, items[rng.IntN(len(items))]); err != nil {
						t.Fatal(err)
					}
				default:
					if err := m.Update(int32(rng.IntN(m.NumUsers())), int32(rng.IntN(m.NumItems()))); err != nil {
						t.Fatal(err)
					}
				}
				assertCachesFresh(t, m, 1e-9)
				if step%20 == 19 {
					if got, want := m.Objective().Total(), naiveOf(m).objective(); !closeRel(got, want, 1e-10) {
						t.Fatalf("step %d: objective %.15g, brute force %.15g", step, got, want)
					}
				}
			}
			tr := newTrainerFor(m)
			tr.Step(-1)
			assertCachesFresh(t, m, 1e-12)
			c := m.Clone()
			assertSameModel(t, m, c)
			assertCachesFresh(t, c, 1e-12)
		})
	}
}

// Removing a training interaction changes the model, not the data set it
// was trained on.
func TestRemoveLeavesTheDatasetAlone(t *testing.T) {
	d := randomDataset(t, 12, 10, 0.4, 42)
	byUser, byItem := slices.Clone(d.byUser.idx), slices.Clone(d.byItem.idx)
	m, err := Train(d, smallConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	items := d.UserItems(0)
	if err := m.Remove(0, items[len(items)/2]); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.byUser.idx, byUser) || !slices.Equal(d.byItem.idx, byItem) {
		t.Fatal("Remove changed the data set's index")
	}
}

// Algorithm 2 for a new user: a random p_u, then one exact sweep of p_u and
// one of q_i with w_ui = w_new, computed here by the dense reference.
func TestNewUserFirstUpdateFollowsAlgorithm2(t *testing.T) {
	m := trainedSmall(t, 13)
	u := m.AddUser()
	before := m.UserVector(u)
	if norm := dot(before, before); norm == 0 {
		t.Fatal("a new user should start from a random vector, got zeros")
	}
	const item = 4
	ref := naiveOf(m)
	ref.obs[[2]int32{u, item}] = m.cfg.WNew
	ref.updateUser(int(u))
	ref.updateItem(item)

	tr, err := m.UpdateTraced(u, item)
	if err != nil {
		t.Fatal(err)
	}
	p, q := modelVectors(m)
	compareVectors(t, "P", p, ref.p, 1e-9)
	compareVectors(t, "Q", q, ref.q, 1e-9)
	if tr.UserHistory != 1 || len(tr.UserSteps) != m.k || len(tr.ItemSteps) != m.k || tr.K != m.k {
		t.Fatalf("trace %+v: want |R_u| = 1 and K steps per side", tr)
	}
	// A new user's only observation pulls p_u towards q_i.
	if m.Score(u, item) <= 0 {
		t.Fatalf("score of the clicked item %v, want positive", m.Score(u, item))
	}
	// Each recorded step is the closed form it claims.
	for _, s := range tr.UserSteps {
		want := (s.Observed - s.Cached) / (s.ObservedDenom + s.CachedDenom + s.Lambda)
		if !closeRel(s.New, want, 1e-12) || s.New != p[u][s.Factor] {
			t.Fatalf("step %+v: new %v, closed form %v", s, s.New, want)
		}
	}
}

// Algorithm 2 for a new item: its first interaction gives it the weight
// c0/N, then one exact sweep of p_u and one of q_i, as the dense reference
// computes them with that weight.
func TestNewItemFirstUpdateFollowsAlgorithm2(t *testing.T) {
	for _, newUser := range []bool{false, true} {
		m := trainedSmall(t, 17)
		u := int32(1)
		if newUser {
			u = m.AddUser()
		}
		i := m.AddItem()
		ref := naiveOf(m)
		ref.c[i] = m.cfg.C0 / float64(m.NumItems())
		ref.obs[[2]int32{u, i}] = m.cfg.WNew
		ref.updateUser(int(u))
		ref.updateItem(int(i))
		if err := m.Update(u, i); err != nil {
			t.Fatal(err)
		}
		p, q := modelVectors(m)
		compareVectors(t, "P", p, ref.p, 1e-9)
		compareVectors(t, "Q", q, ref.q, 1e-9)
		assertCachesFresh(t, m, 1e-9)
		if got, want := m.Objective().Total(), ref.objective(); !closeRel(got, want, 1e-10) {
			t.Fatalf("objective %.15g, reference %.15g", got, want)
		}
	}
}

// Each term of every recorded step equals an independent computation of
// eq. (12) (user side) and eq. (13) (item side) from the vector as it stood
// before the step, the observed entries, and S^q (S^p) summed from scratch.
func TestUpdateTraceTermsFollowTheEquations(t *testing.T) {
	for _, c := range []struct {
		name             string
		newUser, newItem bool
	}{{"known user and item", false, false}, {"new user", true, false}, {"new item", false, true}} {
		t.Run(c.name, func(t *testing.T) {
			m := trainedSmall(t, 19)
			u, i := int32(0), int32(0)
			for slices.Contains(m.users.idx[u], i) {
				i++
			}
			if c.newUser {
				u = m.AddUser()
			}
			if c.newItem {
				i = m.AddItem()
			}
			before := m.Clone()
			tr, err := m.UpdateTraced(u, i)
			if err != nil {
				t.Fatal(err)
			}
			k, lambda := m.k, m.cfg.Lambda
			// The item weights are those after the update (a new item gets
			// its weight first); the vectors are those before.
			cs := m.c
			vec := func(rows []float64, r int32) []float64 { return rows[int(r)*k : int(r)*k+k] }
			sq := make([]float64, k*k)
			for j := 0; j < before.NumItems(); j++ {
				q := vec(before.q, int32(j))
				for f := 0; f < k; f++ {
					for g := 0; g < k; g++ {
						sq[f*k+g] += cs[j] * q[f] * q[g]
					}
				}
			}
			x := slices.Clone(vec(before.p, u))
			checkSteps(t, "user", tr.UserSteps, x, m.users.idx[u], m.users.w[u],
				func(n int) []float64 { return vec(before.q, m.users.idx[u][n]) },
				func(n int) float64 { return cs[m.users.idx[u][n]] }, sq, 1, lambda)
			if !slices.Equal(x, m.UserVector(u)) {
				t.Fatalf("the user steps end at %v, the model has %v", x, m.UserVector(u))
			}
			// The item side sees P with the new p_u.
			p := slices.Clone(before.p)
			copy(vec(p, u), x)
			sp := make([]float64, k*k)
			for v := 0; v < before.NumUsers(); v++ {
				pv := vec(p, int32(v))
				for f := 0; f < k; f++ {
					for g := 0; g < k; g++ {
						sp[f*k+g] += pv[f] * pv[g]
					}
				}
			}
			y := slices.Clone(vec(before.q, i))
			checkSteps(t, "item", tr.ItemSteps, y, m.items.idx[i], m.items.w[i],
				func(n int) []float64 { return vec(p, m.items.idx[i][n]) },
				func(int) float64 { return cs[i] }, sp, cs[i], lambda)
			if !slices.Equal(y, m.ItemVector(i)) {
				t.Fatalf("the item steps end at %v, the model has %v", y, m.ItemVector(i))
			}
		})
	}
}

// checkSteps replays the coordinate steps on x (which it updates) against
// the observed partners (their vectors other(n), weights ws[n], missing
// weights c(n)) and the cache S scaled by scale: eq. (12) with scale 1,
// eq. (13) with scale c_i.
func checkSteps(t *testing.T, side string, steps []FactorStep, x []float64, partners []int32, ws []float64,
	other func(int) []float64, c func(int) float64, S []float64, scale, lambda float64) {
	t.Helper()
	k := len(x)
	if len(steps) != k {
		t.Fatalf("%s: %d steps, want K = %d", side, len(steps), k)
	}
	for f, s := range steps {
		if s.Factor != f || s.Old != x[f] || s.Lambda != lambda {
			t.Fatalf("%s step %d: %+v, want factor %d from %v with λ = %v", side, f, s, f, x[f], lambda)
		}
		var obs, obsScale, obsDen, cached, cachedScale float64
		for n := range partners {
			y := other(n)
			rf := 0.0 // r̂^f: the prediction without factor f
			for g := 0; g < k; g++ {
				if g != f {
					rf += x[g] * y[g]
				}
			}
			w, cn := ws[n], c(n)
			obs += (w*1 - (w-cn)*rf) * y[f]
			obsScale += math.Abs(w*y[f]) + math.Abs((w-cn)*rf*y[f])
			obsDen += (w - cn) * y[f] * y[f]
		}
		for g := 0; g < k; g++ {
			if g != f {
				cached += x[g] * S[g*k+f]
				cachedScale += math.Abs(x[g] * S[g*k+f])
			}
		}
		cached *= scale
		const tol = 1e-10
		for _, term := range []struct {
			name            string
			got, want, size float64
		}{
			{"Observed", s.Observed, obs, obsScale},
			{"Cached", s.Cached, cached, cachedScale * math.Abs(scale)},
			{"ObservedDenom", s.ObservedDenom, obsDen, math.Abs(obsDen)},
			{"CachedDenom", s.CachedDenom, scale * S[f*k+f], scale * S[f*k+f]},
		} {
			if !closeScaled(term.got, term.want, tol, term.size) {
				t.Fatalf("%s step %d: %s = %.15g, recomputed %.15g", side, f, term.name, term.got, term.want)
			}
		}
		want := (obs - cached) / (obsDen + scale*S[f*k+f] + lambda)
		if !closeScaled(s.New, want, 1e-9, math.Abs(s.Old)) {
			t.Fatalf("%s step %d: new %.15g, eq. from recomputed terms %.15g", side, f, s.New, want)
		}
		x[f] = s.New
	}
}

func TestNewItemGetsUniformWeightOnFirstInteraction(t *testing.T) {
	m := trainedSmall(t, 14)
	i := m.AddItem()
	if m.c[i] != 0 {
		t.Fatalf("an item with no interactions has weight %v, want 0", m.c[i])
	}
	tr, err := m.UpdateTraced(2, i)
	if err != nil {
		t.Fatal(err)
	}
	want := m.cfg.C0 / float64(m.NumItems())
	if m.c[i] != want || tr.NewItemWeight != want {
		t.Fatalf("new item weight %v (trace %v), want c0/N = %v", m.c[i], tr.NewItemWeight, want)
	}
	assertCachesFresh(t, m, 1e-9)
}

func TestRepeatedInteractionReweights(t *testing.T) {
	m := trainedSmall(t, 15)
	items, _ := m.UserItems(0)
	if len(items) == 0 {
		t.Fatal("user 0 has no training items")
	}
	n := len(items)
	if err := m.Update(0, items[0]); err != nil {
		t.Fatal(err)
	}
	items, ws := m.UserItems(0)
	if len(items) != n || ws[0] != m.cfg.WNew {
		t.Fatalf("repeat gave %d items with weight %v, want %d items and weight w_new = %v", len(items), ws[0], n, m.cfg.WNew)
	}
	users, uw := m.ItemUsers(items[0])
	for k, u := range users {
		if u == 0 && uw[k] != m.cfg.WNew {
			t.Fatalf("item side weight %v, want %v", uw[k], m.cfg.WNew)
		}
	}
}

func TestUpdateRejectsUnknownIDs(t *testing.T) {
	m := trainedSmall(t, 16)
	for _, c := range []struct {
		u, i int32
		want string
	}{
		{-1, 0, "unknown user id -1"},
		{int32(m.NumUsers()), 0, "unknown user id"},
		{0, int32(m.NumItems()), "unknown item id"},
		{0, -3, "unknown item id -3"},
	} {
		err := m.Update(c.u, c.i)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("Update(%d, %d) = %v, want an error containing %q", c.u, c.i, err, c.want)
		}
		if err := m.Remove(c.u, c.i); err == nil {
			t.Fatalf("Remove(%d, %d) accepted unknown ids", c.u, c.i)
		}
	}
	u := m.AddUser()
	if err := m.Remove(u, 0); err == nil || !strings.Contains(err.Error(), "no interaction") {
		t.Fatalf("Remove of an interaction never made: %v", err)
	}
}

func TestUpdateMovesClickedItemUp(t *testing.T) {
	d := yelpSample(t, 400)
	cfg := DefaultConfig()
	cfg.K = 16
	cfg.Epochs = 10
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := m.AddUser()
	const item = 7
	rankBefore := Rank(m.Scores(u, nil), item, nil)
	if err := m.Update(u, item); err != nil {
		t.Fatal(err)
	}
	rankAfter := Rank(m.Scores(u, nil), item, nil)
	if rankAfter >= rankBefore || rankAfter > 20 {
		t.Fatalf("the clicked item went from rank %d to %d; one click should bring it near the top", rankBefore, rankAfter)
	}
}
