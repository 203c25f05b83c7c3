package core

import (
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

func assertCachesFresh(t *testing.T, m *Model, tol float64) {
	t.Helper()
	sp, sq := make([]float64, m.k*m.k), make([]float64, m.k*m.k)
	gram(sp, m.p, m.k, nil, 1)
	gram(sq, m.q, m.k, m.c, 1)
	for j := range sp {
		if !closeRel(m.sp[j], sp[j], tol) {
			t.Fatalf("S^p[%d] = %.15g, recomputed %.15g", j, m.sp[j], sp[j])
		}
		if !closeRel(m.sq[j], sq[j], tol) {
			t.Fatalf("S^q[%d] = %.15g, recomputed %.15g", j, m.sq[j], sq[j])
		}
	}
	for f := 0; f < m.k; f++ {
		for g := 0; g < m.k; g++ {
			if m.sp[f*m.k+g] != m.sp[g*m.k+f] || m.sq[f*m.k+g] != m.sq[g*m.k+f] {
				t.Fatalf("caches lost symmetry at (%d, %d)", f, g)
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
