package core

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// KCore returns the iterative k-core of d: interactions are dropped until
// every remaining user and item has at least k of them. Surviving users and
// items are renumbered densely, keeping their relative order, and the
// interactions keep their input order.
func (d *Dataset) KCore(k int) (*Dataset, error) {
	if k < 1 {
		return nil, fmt.Errorf("core: k-core needs k ≥ 1, got %d", k)
	}
	userDeg := make([]int, d.NumUsers())
	itemDeg := make([]int, d.NumItems())
	for _, x := range d.interactions {
		userDeg[x.User]++
		itemDeg[x.Item]++
	}
	alive := make([]bool, len(d.interactions))
	for n := range alive {
		alive[n] = true
	}
	for changed := true; changed; {
		changed = false
		for n, x := range d.interactions {
			if alive[n] && (userDeg[x.User] < k || itemDeg[x.Item] < k) {
				alive[n] = false
				userDeg[x.User]--
				itemDeg[x.Item]--
				changed = true
			}
		}
	}
	userID := renumber(userDeg, k)
	itemID := renumber(itemDeg, k)
	var users, items []string
	for u, id := range userID {
		if id >= 0 {
			users = append(users, d.keys.users[u])
		}
	}
	for i, id := range itemID {
		if id >= 0 {
			items = append(items, d.keys.items[i])
		}
	}
	var inter []Interaction
	for n, x := range d.interactions {
		if alive[n] {
			inter = append(inter, Interaction{User: userID[x.User], Item: itemID[x.Item], Time: x.Time})
		}
	}
	if len(inter) == 0 {
		return nil, fmt.Errorf("core: the %d-core is empty: %w", k, ErrEmpty)
	}
	keys, err := newKeyTable(users, items)
	if err != nil {
		return nil, err
	}
	return build(keys, inter), nil
}

// renumber gives the ids whose degree reaches k new dense ids in order, and
// −1 to the rest.
func renumber(deg []int, k int) []int32 {
	id := make([]int32, len(deg))
	next := int32(0)
	for n, g := range deg {
		if g >= k {
			id[n] = next
			next++
		} else {
			id[n] = -1
		}
	}
	return id
}

// SortByTime sorts interactions by time, stably, so that interactions at
// the same time keep their input order: the order every split here uses.
func SortByTime(inter []Interaction) {
	slices.SortStableFunc(inter, func(a, b Interaction) int { return cmp.Compare(a.Time, b.Time) })
}

func (d *Dataset) byTime() []Interaction {
	s := append([]Interaction(nil), d.interactions...)
	SortByTime(s)
	return s
}

// LeaveOneOut holds out each user's latest interaction, as the paper's
// offline protocol does. Ties in time go to the later one in input order,
// as a stable sort by time would have it. A user with a single interaction
// keeps it for training and has no test case, since the offline protocol
// assumes every test user has a history. The test cases are ordered by
// user; train shares d's users and items.
func (d *Dataset) LeaveOneOut() (train *Dataset, test []Interaction, err error) {
	// One pass in input order finds each user's latest: ">=" lets a tie go
	// to the later one, as a stable sort by time would, without sorting.
	latest := make([]int, d.NumUsers()) // index into d.interactions
	count := make([]int, d.NumUsers())
	for k, x := range d.interactions {
		if count[x.User] == 0 || x.Time >= d.interactions[latest[x.User]].Time {
			latest[x.User] = k
		}
		count[x.User]++
	}
	held := make([]bool, len(d.interactions))
	for u, k := range latest {
		if count[u] >= 2 {
			test = append(test, d.interactions[k])
			held[k] = true
		}
	}
	if len(test) == 0 {
		return nil, nil, &splitError{fmt.Sprintf("core: leave-one-out needs a user with at least 2 interactions, one to hold out and one to train on, "+
			"but no user has more than one of the data's %s", plural(len(d.interactions), "interaction"))}
	}
	kept := make([]Interaction, 0, len(d.interactions)-len(test))
	for k, x := range d.interactions {
		if !held[k] {
			kept = append(kept, x)
		}
	}
	return d.derive(kept), test, nil
}

// TimeSplit sorts the interactions by time (stably) and keeps the first
// ⌊frac·n⌋ for training; the rest is the stream, in time order, as in the
// paper's online protocol (frac = 0.9). Train shares d's users and items,
// so users and items that occur only in the stream have no training data.
func (d *Dataset) TimeSplit(frac float64) (train *Dataset, stream []Interaction, err error) {
	if math.IsNaN(frac) || frac <= 0 || frac >= 1 {
		return nil, nil, fmt.Errorf("core: the training fraction must be in (0, 1), got %v", frac)
	}
	sorted := d.byTime()
	n := int(frac * float64(len(sorted)))
	if n == 0 {
		return nil, nil, &splitError{fmt.Sprintf("core: a %v time split of %s leaves none to train on (the first %v × %d, rounded down, is 0)",
			frac, plural(len(sorted), "interaction"), frac, len(sorted))}
	}
	if n == len(sorted) {
		return nil, nil, &splitError{fmt.Sprintf("core: a %v time split of %s leaves none to replay", frac, plural(len(sorted), "interaction"))}
	}
	head := append([]Interaction(nil), sorted[:n]...)
	// Training keeps input order, like every other Dataset.
	pos := make(map[Interaction]int, len(d.interactions))
	for k, x := range d.interactions {
		pos[x] = k
	}
	slices.SortFunc(head, func(a, b Interaction) int { return pos[a] - pos[b] })
	return d.derive(head), sorted[n:], nil
}

// splitError says why a split leaves one side empty. errors.Is finds
// ErrEmpty in it, but its text is its own: ErrEmpty's "the data set has no
// interactions" would contradict a data set that has some.
type splitError struct{ msg string }

func (e *splitError) Error() string { return e.msg }
func (e *splitError) Unwrap() error { return ErrEmpty }

// plural is n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
