package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// PlantedConfig describes a planted world: users and items in taste
// groups, so that whether a recommendation is right can be seen.
type PlantedConfig struct {
	Groups  int     // taste groups; users and items are dealt to them evenly
	Users   int     // users
	Items   int     // items
	PerUser int     // interactions per user on average; each has from half to one and a half times it, as the items allow
	Noise   float64 // share of interactions outside the user's group, in [0, 1)
	Zipf    float64 // exponent of item popularity (0: uniform)
	Seed    uint64  // the world is a function of the configuration, seed included
}

// DefaultPlanted is a world of eight cuisines: 1,000 users and 400 items,
// 20 interactions per user, a tenth of them outside the user's cuisine,
// and item popularity falling as 1/rank.
func DefaultPlanted() PlantedConfig {
	return PlantedConfig{Groups: 8, Users: 1000, Items: 400, PerUser: 20, Noise: 0.1, Zipf: 1, Seed: 1}
}

// PlantedWorld is a data set whose users' tastes are known.
type PlantedWorld struct {
	Data       *Dataset
	UserGroup  []int      // by user id, an index into GroupNames
	ItemGroup  []int      // by item id, an index into GroupNames
	GroupNames []string   // "Italian", …, then "cuisine 13", … past the named ones
	Items      []ItemInfo // by item id: a name, and its group's name as its one category
}

// cuisines name the first groups of a planted world.
var cuisines = []string{"Italian", "Mexican", "Japanese", "Indian", "Thai", "French", "Chinese", "Greek",
	"Lebanese", "Korean", "Ethiopian", "Peruvian"}

// maxPlantedGroups bounds the groups of a planted world; a world with more
// would have groups of one item.
const maxPlantedGroups = 1000

// Planted makes a planted world. Item popularity follows a Zipf law of
// exponent c.Zipf over a random order of the items, and users and items
// are dealt to c.Groups groups at random, evenly. Each user draws
// distinct items by popularity: a share c.Noise of them from outside the
// user's group, the rest from inside it. Times increase by 60 s per
// interaction, users interleaved. Keys are "u<n>" and "i<n>". The same
// configuration gives the same world, to the bit, natively and in
// WebAssembly.
func Planted(c PlantedConfig) (*PlantedWorld, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x504c414e54)) // "PLANT"
	w := &PlantedWorld{
		UserGroup:  make([]int, c.Users),
		ItemGroup:  make([]int, c.Items),
		GroupNames: make([]string, c.Groups),
	}
	for g := range w.GroupNames {
		w.GroupNames[g] = "cuisine " + strconv.Itoa(g+1)
		if g < len(cuisines) {
			w.GroupNames[g] = cuisines[g]
		}
	}
	// Groups are dealt round the table along the popularity order, so that
	// each has its share of popular and rare items and none stands out in
	// a popularity list.
	weight := make([]float64, c.Items)
	itemDeal, userDeal := rng.Perm(c.Groups), rng.Perm(c.Groups)
	for i, r := range rng.Perm(c.Items) {
		weight[i] = powShare(1/float64(r+1), c.Zipf)
		w.ItemGroup[i] = itemDeal[r%c.Groups]
	}
	for u, k := range rng.Perm(c.Users) {
		w.UserGroup[u] = userDeal[k%c.Groups]
	}
	members := make([][]int32, c.Groups)
	for i, g := range w.ItemGroup {
		members[g] = append(members[g], int32(i))
	}
	inGroup := make([]*weightedPool, c.Groups)
	for g, m := range members {
		inGroup[g] = newWeightedPool(m, weight)
	}
	all := make([]int32, c.Items)
	for i := range all {
		all[i] = int32(i)
	}
	everywhere := newWeightedPool(all, weight)

	var inter []Interaction
	mark := make([]int32, c.Items) // mark[i] == u+1: user u has item i, or may not draw it
	for u, g := range w.UserGroup {
		n := max(1, c.PerUser/2+rng.IntN(c.PerUser+1))
		outside := 0
		for range n {
			if rng.Float64() < c.Noise {
				outside++
			}
		}
		outside = min(outside, c.Items-len(members[g]))
		inside := min(n-outside, len(members[g]))
		tag := int32(u + 1)
		picked := inGroup[g].draw(inside, mark, tag, rng)
		for _, i := range members[g] {
			mark[i] = tag // the user's own group is not noise
		}
		picked = append(picked, everywhere.draw(outside, mark, tag, rng)...)
		for _, i := range picked {
			inter = append(inter, Interaction{User: int32(u), Item: i})
		}
	}
	rng.Shuffle(len(inter), func(a, b int) { inter[a], inter[b] = inter[b], inter[a] })
	const start = 1_100_000_000
	for n := range inter {
		inter[n].Time = start + 60*int64(n)
	}
	users := make([]string, c.Users)
	for u := range users {
		users[u] = "u" + strconv.Itoa(u)
	}
	items := make([]string, c.Items)
	w.Items = make([]ItemInfo, c.Items)
	count := make([]int, c.Groups)
	for i := range items {
		g := w.ItemGroup[i]
		count[g]++
		items[i] = "i" + strconv.Itoa(i)
		w.Items[i] = ItemInfo{ID: items[i], Name: fmt.Sprintf("%s kitchen %d", w.GroupNames[g], count[g]), Categories: []string{w.GroupNames[g]}}
	}
	d, err := FromInteractions(users, items, inter)
	if err != nil {
		return nil, err
	}
	w.Data = d
	return w, nil
}

func (c PlantedConfig) check() error {
	bad := func(field string, v any, why string) error {
		return fmt.Errorf("core: planted %s = %v is invalid: %s", field, v, why)
	}
	switch {
	case c.Groups < 1 || c.Groups > maxPlantedGroups:
		return bad("groups", c.Groups, fmt.Sprintf("must be between 1 and %d", maxPlantedGroups))
	case c.Users < c.Groups || c.Users > maxSynthetic:
		return bad("users", c.Users, fmt.Sprintf("must be between the number of groups (%d) and %d", c.Groups, maxSynthetic))
	case c.Items < 2*c.Groups || c.Items > maxSynthetic:
		return bad("items", c.Items, fmt.Sprintf("must be between twice the number of groups (%d) and %d", 2*c.Groups, maxSynthetic))
	case c.PerUser < 1 || float64(c.PerUser)*float64(c.Users) > maxSynthetic:
		return bad("per-user", c.PerUser, fmt.Sprintf("must be at least 1, and users × per-user at most %d", maxSynthetic))
	case math.IsNaN(c.Noise) || c.Noise < 0 || c.Noise >= 1:
		return bad("noise", c.Noise, "the share outside the user's group must be in [0, 1)")
	case math.IsNaN(c.Zipf) || c.Zipf < 0 || c.Zipf > 10:
		return bad("zipf", c.Zipf, "the exponent must be between 0 and 10")
	}
	return nil
}

// weightedPool draws items from a set by weight, without replacement.
type weightedPool struct {
	items  []int32
	weight []float64 // by position in items
	alias  *alias
}

func newWeightedPool(items []int32, weight []float64) *weightedPool {
	p := &weightedPool{items: items, weight: make([]float64, len(items))}
	for k, i := range items {
		p.weight[k] = weight[i]
	}
	p.alias = newAlias(p.weight)
	return p
}

// draw returns n distinct items the user marked tag may draw, and marks
// them. Drawing with replacement and skipping marked items is fast while
// few are marked; what is still missing after that is drawn one at a
// time from the unmarked rest, by a scan of their weights, which needs no
// logarithm (whose last bits differ between builds) and so keeps the
// world the same everywhere. The caller makes sure n items are unmarked.
func (p *weightedPool) draw(n int, mark []int32, tag int32, rng *rand.Rand) []int32 {
	out := make([]int32, 0, n)
	for tries := 0; len(out) < n && tries < 4*n+16; tries++ {
		if i := p.items[p.alias.next(rng)]; mark[i] != tag {
			mark[i] = tag
			out = append(out, i)
		}
	}
	for len(out) < n {
		z := 0.0
		last := -1
		for k, i := range p.items {
			if mark[i] != tag {
				z += p.weight[k]
				last = k
			}
		}
		x := rng.Float64() * z
		pick := last // what rounding leaves past the last weight
		for k, i := range p.items {
			if mark[i] != tag {
				if x -= p.weight[k]; x < 0 {
					pick = k
					break
				}
			}
		}
		mark[p.items[pick]] = tag
		out = append(out, p.items[pick])
	}
	return out
}

// ParsePlanted reads a planted world's configuration written as its
// fields in order, comma-separated: groups, users, items, per-user, noise,
// zipf and seed, each optional from the last, over DefaultPlanted. It
// checks the values as Planted does.
func ParsePlanted(s string) (PlantedConfig, error) {
	c := DefaultPlanted()
	if strings.TrimSpace(s) == "" {
		return c, nil
	}
	fields := strings.Split(s, ",")
	names := []string{"groups", "users", "items", "per-user", "noise", "zipf", "seed"}
	if len(fields) > len(names) {
		return c, fmt.Errorf("core: a planted world has %d fields (%s), not %d", len(names), strings.Join(names, ", "), len(fields))
	}
	ints := []*int{&c.Groups, &c.Users, &c.Items, &c.PerUser}
	floats := []*float64{&c.Noise, &c.Zipf}
	for k, f := range fields {
		f = strings.TrimSpace(f)
		var err error
		kind := "a whole number"
		switch {
		case k < len(ints):
			*ints[k], err = strconv.Atoi(f)
		case k < len(ints)+len(floats):
			*floats[k-len(ints)], err = strconv.ParseFloat(f, 64)
			kind = "a number"
		default:
			c.Seed, err = strconv.ParseUint(f, 10, 64)
			kind = "a whole number from 0 up"
		}
		if err != nil {
			return c, fmt.Errorf("core: planted %s: %q is not %s", names[k], f, kind)
		}
	}
	return c, c.check()
}

// String writes c as ParsePlanted reads it.
func (c PlantedConfig) String() string {
	return fmt.Sprintf("%d,%d,%d,%d,%s,%s,%d", c.Groups, c.Users, c.Items, c.PerUser,
		strconv.FormatFloat(c.Noise, 'g', -1, 64), strconv.FormatFloat(c.Zipf, 'g', -1, 64), c.Seed)
}

// Check says what is wrong with c, if anything, as Planted would.
func (c PlantedConfig) Check() error { return c.check() }
