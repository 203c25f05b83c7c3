package core_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
)

// The planted world holds core to what a teacher shows with it: after five
// clicks inside one group, a new user's eALS list is that group's, where
// popularity's is everyone's.
//
// Beside beating popularity, eALS is held to floors the world's structure
// sets. A user of the group clicks outside it a Noise share of the time,
// so a list ranked as the group's own users click holds a share 1-Noise
// of its places in the group; over all seeds eALS must fill at least
// 1-2·Noise of them, missing no more again than the world's own noise,
// and on each seed the group must hold a majority of the list, where a
// list blind to the groups holds about one place in Groups.
func TestPlantedRecommendsTheGroup(t *testing.T) {
	const seeds, listLen = 20, 20
	eals, pop := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		pc := core.DefaultPlanted()
		pc.Seed = seed
		w, err := core.Planted(pc)
		if err != nil {
			t.Fatal(err)
		}
		cfg := core.DefaultConfig()
		cfg.Epochs, cfg.Seed = 10, seed
		m, err := core.Train(w.Data, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		popular, err := core.NewPopularity(w.Data)
		if err != nil {
			t.Fatal(err)
		}
		g := int(seed) % pc.Groups
		var group []int32
		for i, ig := range w.ItemGroup {
			if ig == g {
				group = append(group, int32(i))
			}
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		u := m.AddUser()
		var liked []int32
		for _, k := range rng.Perm(len(group))[:5] {
			liked = append(liked, group[k])
			if err := m.Update(u, group[k]); err != nil {
				t.Fatal(err)
			}
		}
		top, err := m.Recommend(u, listLen, true)
		if err != nil {
			t.Fatal(err)
		}
		a := inGroup(top, w.ItemGroup, g)
		b := inGroup(core.TopN(popular.Scores(u, nil), listLen, liked), w.ItemGroup, g)
		if a < 3*b || len(top) != listLen {
			t.Errorf("seed %d: eALS's top %d holds %d of %s's items, popularity's top %d %d; want at least three times as many",
				seed, len(top), a, w.GroupNames[g], listLen, b)
		}
		if majority := listLen/2 + 1; a < majority {
			t.Errorf("seed %d: eALS's top %d holds %d of %s's items; want a majority, %d or more", seed, listLen, a, w.GroupNames[g], majority)
		}
		eals, pop = eals+a, pop+b
	}
	if eals < 3*pop || pop == 0 {
		t.Errorf("over %d seeds: eALS %d items of the clicked group, popularity %d", seeds, eals, pop)
	}
	if floor := (1 - 2*core.DefaultPlanted().Noise) * seeds * listLen; float64(eals) < floor {
		t.Errorf("over %d seeds: eALS holds %d of %d places for the clicked group; want at least %g, a share 1-2·Noise",
			seeds, eals, seeds*listLen, floor)
	}
}

// inGroup counts the items of a ranked list in group g.
func inGroup(list []core.Ranked, group []int, g int) int {
	n := 0
	for _, r := range list {
		if group[r.Item] == g {
			n++
		}
	}
	return n
}

func TestPlantedShape(t *testing.T) {
	for _, pc := range []core.PlantedConfig{
		core.DefaultPlanted(),
		{Groups: 3, Users: 50, Items: 30, PerUser: 9, Noise: 0, Zipf: 0, Seed: 4},
		{Groups: 14, Users: 300, Items: 600, PerUser: 20, Noise: 0.4, Zipf: 2, Seed: 9},
		{Groups: 1, Users: 5, Items: 2, PerUser: 1, Noise: 0.5, Zipf: 1, Seed: 1},
	} {
		w, err := core.Planted(pc)
		if err != nil {
			t.Fatalf("%+v: %v", pc, err)
		}
		d := w.Data
		if d.NumUsers() != pc.Users || d.NumItems() != pc.Items || len(w.UserGroup) != pc.Users || len(w.ItemGroup) != pc.Items ||
			len(w.Items) != pc.Items || len(w.GroupNames) != pc.Groups {
			t.Fatalf("%+v: %d users, %d items, %d and %d groups, %d names", pc, d.NumUsers(), d.NumItems(), len(w.UserGroup), len(w.ItemGroup), len(w.GroupNames))
		}
		evenly := func(what string, groups []int) {
			size := make([]int, pc.Groups)
			for _, g := range groups {
				size[g]++
			}
			if slices.Max(size)-slices.Min(size) > 1 {
				t.Errorf("%+v: %s groups of sizes %v", pc, what, size)
			}
		}
		evenly("user", w.UserGroup)
		evenly("item", w.ItemGroup)
		outside := 0
		for u := int32(0); int(u) < d.NumUsers(); u++ {
			n := len(d.UserItems(u))
			if n < max(1, pc.PerUser/2) || n > pc.PerUser/2+pc.PerUser {
				t.Fatalf("%+v: user %d has %d interactions", pc, u, n)
			}
			for _, i := range d.UserItems(u) {
				if w.ItemGroup[i] != w.UserGroup[u] {
					outside++
				}
			}
		}
		if share := float64(outside) / float64(d.Len()); share > pc.Noise+0.03 || share < pc.Noise-0.03 && pc.Groups > 1 {
			t.Errorf("%+v: %.3f of the interactions are outside the user's group, want about %v", pc, share, pc.Noise)
		}
		for i, it := range w.Items {
			name := w.GroupNames[w.ItemGroup[i]]
			if it.ID != d.ItemKey(int32(i)) || !strings.HasPrefix(it.Name, name+" kitchen ") || !slices.Equal(it.Categories, []string{name}) {
				t.Fatalf("%+v: item %d is %+v, in group %s", pc, i, it, name)
			}
		}
		again, _ := core.Planted(pc)
		if !reflect.DeepEqual(again, w) {
			t.Errorf("%+v: the same configuration made another world", pc)
		}
	}
	w := func(seed uint64) *core.PlantedWorld {
		pc := core.DefaultPlanted()
		pc.Seed = seed
		w, _ := core.Planted(pc)
		return w
	}
	if reflect.DeepEqual(w(1).Data.Interactions(), w(2).Data.Interactions()) {
		t.Error("two seeds made the same world")
	}
	if got := w(1).GroupNames; got[0] != "Italian" || len(got) != 8 {
		t.Errorf("group names %q", got)
	}
	many := core.DefaultPlanted()
	many.Groups = 13
	if wm, err := core.Planted(many); err != nil || wm.GroupNames[12] != "cuisine 13" {
		t.Errorf("13 groups: %v, %v", wm.GroupNames, err)
	}
}

// Popularity follows the Zipf exponent: the steeper it is, the more the
// most popular tenth of the items holds. Users draw distinct items, so
// the head is flatter than the law alone would make it.
func TestPlantedPopularity(t *testing.T) {
	share := func(zipf float64) float64 {
		pc := core.DefaultPlanted()
		pc.Zipf = zipf
		w, err := core.Planted(pc)
		if err != nil {
			t.Fatal(err)
		}
		return topShare(w.Data)
	}
	flat, one, steep := share(0), share(1), share(2)
	if flat > 0.16 || one < 2*flat || steep <= one {
		t.Errorf("the top tenth of the items holds %.2f at zipf 0, %.2f at zipf 1, %.2f at zipf 2", flat, one, steep)
	}
}

func TestPlantedRejectsBadConfigs(t *testing.T) {
	for _, c := range []struct {
		change func(*core.PlantedConfig)
		want   string
	}{
		{func(c *core.PlantedConfig) { c.Groups = 0 }, "groups = 0"},
		{func(c *core.PlantedConfig) { c.Users = 7 }, "users = 7"},
		{func(c *core.PlantedConfig) { c.Items = 15 }, "items = 15"},
		{func(c *core.PlantedConfig) { c.PerUser = 0 }, "per-user = 0"},
		{func(c *core.PlantedConfig) { c.Noise = 1 }, "noise = 1"},
		{func(c *core.PlantedConfig) { c.Zipf = -1 }, "zipf = -1"},
		{func(c *core.PlantedConfig) { c.Users, c.PerUser = 1_000_000, 1000 }, "per-user = 1000"},
	} {
		pc := core.DefaultPlanted()
		c.change(&pc)
		if _, err := core.Planted(pc); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error mentioning %q", pc, err, c.want)
		}
	}
}

// A planted world's configuration reads back from its string, fields
// default from the last, and a bad one says which field.
func TestParsePlanted(t *testing.T) {
	c := core.DefaultPlanted()
	c.Groups, c.Noise, c.Seed = 5, 0.25, 42
	got, err := core.ParsePlanted(c.String())
	if err != nil || got != c {
		t.Errorf("%q reads back as %+v, %v; want %+v", c.String(), got, err, c)
	}
	if got, err := core.ParsePlanted("3,500"); err != nil || got.Groups != 3 || got.Users != 500 || got.Items != core.DefaultPlanted().Items {
		t.Errorf(`"3,500" reads as %+v, %v`, got, err)
	}
	for s, want := range map[string]string{"x": "groups", "8,1000,400,20,lots": "noise", "8,1000,400,20,0.1,1,-1": "seed",
		"1,2,3,4,5,6,7,8": "has 7 fields", "8,1000,400,20,1.5": "noise = 1.5"} {
		if _, err := core.ParsePlanted(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error naming %q", s, err, want)
		}
	}
}
