package core

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Event is one raw interaction as read from a log: who, what and when.
type Event struct {
	User, Item string
	Time       int64 // Unix seconds
}

// Interaction is an observed (user, item) pair in a Dataset's dense ids.
type Interaction struct {
	User, Item int32
	Time       int64
}

// Dataset is implicit feedback: distinct (user, item) pairs, each observed
// with value 1, kept in input order and indexed by user and by item.
//
// A Dataset is immutable once built. Datasets derived from one another by a
// split share the same users and items, so ids mean the same in both.
type Dataset struct {
	keys         *keyTable
	interactions []Interaction // distinct pairs, in input order
	byUser       rows          // items of each user, ascending
	byItem       rows          // users of each item, ascending
}

// keyTable maps dense ids to the original string keys and back.
type keyTable struct {
	users, items     []string
	userIDs, itemIDs map[string]int32
}

// rows is a compressed sparse row index: row r holds idx[ptr[r]:ptr[r+1]].
type rows struct {
	ptr []int32
	idx []int32
}

func (r rows) row(i int32) []int32 { return r.idx[r.ptr[i]:r.ptr[i+1]] }

// ErrEmpty is returned when a data set would hold no interactions.
var ErrEmpty = errors.New("core: the data set has no interactions")

// NewDataset builds a data set from raw events. Users and items get dense
// ids in order of first appearance. A (user, item) pair seen more than once
// collapses to one entry carrying the latest time; its place in the input
// order is that of the first event with that time, so a stable sort by time
// puts it where the log put it.
func NewDataset(events []Event) (*Dataset, error) {
	if len(events) == 0 {
		return nil, ErrEmpty
	}
	keys := newKeys()
	inter := make([]Interaction, len(events))
	for n, e := range events {
		inter[n] = Interaction{User: keys.user(e.User), Item: keys.item(e.Item), Time: e.Time}
	}
	return build(keys, inter), nil
}

// newKeys returns an empty key table to fill with user and item.
func newKeys() *keyTable {
	return &keyTable{userIDs: map[string]int32{}, itemIDs: map[string]int32{}}
}

// user returns the id of the user with the given key, adding the user if
// it is new.
func (k *keyTable) user(key string) int32 { return intern(&k.users, k.userIDs, key) }

// item returns the id of the item with the given key, adding the item if
// it is new.
func (k *keyTable) item(key string) int32 { return intern(&k.items, k.itemIDs, key) }

// intern returns key's id, giving a new key the next one. The kept key is
// a copy: a reader's keys are slices of whole lines, which would stay in
// memory with them.
func intern(keys *[]string, ids map[string]int32, key string) int32 {
	if id, ok := ids[key]; ok {
		return id
	}
	id := int32(len(*keys))
	key = strings.Clone(key)
	ids[key] = id
	*keys = append(*keys, key)
	return id
}

// FromInteractions builds a data set over the given user and item keys from
// interactions in dense ids, listed in input order. Ids out of range are an
// error; repeated pairs collapse as in NewDataset.
func FromInteractions(users, items []string, inter []Interaction) (*Dataset, error) {
	if len(inter) == 0 {
		return nil, ErrEmpty
	}
	keys, err := newKeyTable(users, items)
	if err != nil {
		return nil, err
	}
	if err := checkIDs(inter, len(users), len(items)); err != nil {
		return nil, err
	}
	return build(keys, append([]Interaction(nil), inter...)), nil
}

func newKeyTable(users, items []string) (*keyTable, error) {
	keys := &keyTable{
		users:   append([]string(nil), users...),
		items:   append([]string(nil), items...),
		userIDs: make(map[string]int32, len(users)),
		itemIDs: make(map[string]int32, len(items)),
	}
	for id, k := range keys.users {
		if _, dup := keys.userIDs[k]; dup {
			return nil, fmt.Errorf("core: user key %q appears twice", k)
		}
		keys.userIDs[k] = int32(id)
	}
	for id, k := range keys.items {
		if _, dup := keys.itemIDs[k]; dup {
			return nil, fmt.Errorf("core: item key %q appears twice", k)
		}
		keys.itemIDs[k] = int32(id)
	}
	return keys, nil
}

// build collapses repeated pairs in inter and indexes the result. The
// index comes from two counting passes (see transpose), linear in the
// pairs, where sorting each row took most of a pack's decode in the page;
// the map of pairs that collapsing needs is built only when a row shows a
// repeat.
func build(keys *keyTable, inter []Interaction) *Dataset {
	byUser := transpose(usersOfItems(len(keys.items), inter), len(keys.users))
	if hasRepeat(byUser) {
		inter = collapse(inter)
		byUser = transpose(usersOfItems(len(keys.items), inter), len(keys.users))
	}
	return &Dataset{keys: keys, interactions: inter, byUser: byUser, byItem: transpose(byUser, len(keys.items))}
}

// usersOfItems indexes inter by item, each item's users in input order.
func usersOfItems(items int, inter []Interaction) rows {
	r := rows{ptr: make([]int32, items+1), idx: make([]int32, len(inter))}
	for _, x := range inter {
		r.ptr[x.Item+1]++
	}
	for i := 0; i < items; i++ {
		r.ptr[i+1] += r.ptr[i]
	}
	next := slices.Clone(r.ptr[:items])
	for _, x := range inter {
		r.idx[next[x.Item]] = x.User
		next[x.Item]++
	}
	return r
}

// transpose returns r's columns as rows, n of them. Rows are visited in
// order, so each new row lists the old rows ascending: transposing twice
// sorts every row without comparing.
func transpose(r rows, n int) rows {
	t := rows{ptr: make([]int32, n+1), idx: make([]int32, len(r.idx))}
	for _, c := range r.idx {
		t.ptr[c+1]++
	}
	for k := 0; k < n; k++ {
		t.ptr[k+1] += t.ptr[k]
	}
	next := slices.Clone(t.ptr[:n])
	for row := 0; row+1 < len(r.ptr); row++ {
		for _, c := range r.idx[r.ptr[row]:r.ptr[row+1]] {
			t.idx[next[c]] = int32(row)
			next[c]++
		}
	}
	return t
}

// hasRepeat reports whether a row with sorted entries holds one twice.
func hasRepeat(r rows) bool {
	for row := 0; row+1 < len(r.ptr); row++ {
		entries := r.idx[r.ptr[row]:r.ptr[row+1]]
		for j := 1; j < len(entries); j++ {
			if entries[j] == entries[j-1] {
				return true
			}
		}
	}
	return false
}

// collapse keeps one entry per (user, item) pair, with the pair's latest
// time, at the place of the first event with that time.
func collapse(inter []Interaction) []Interaction {
	type pair struct{ u, i int32 }
	kept := make(map[pair]int, len(inter)) // pair -> index into out
	out := make([]Interaction, 0, len(inter))
	for _, x := range inter {
		p := pair{x.User, x.Item}
		if k, seen := kept[p]; seen {
			if x.Time > out[k].Time {
				// A later event moves the pair to its own place in the log.
				out[k].User = -1
				kept[p] = len(out)
				out = append(out, x)
			}
			continue
		}
		kept[p] = len(out)
		out = append(out, x)
	}
	live := out[:0]
	for _, x := range out {
		if x.User >= 0 {
			live = append(live, x)
		}
	}
	return live
}

// NumUsers returns the number of users in the id space, including users
// whose interactions all went to another split.
func (d *Dataset) NumUsers() int { return len(d.keys.users) }

// NumItems returns the number of items in the id space.
func (d *Dataset) NumItems() int { return len(d.keys.items) }

// Len returns the number of distinct observed (user, item) pairs.
func (d *Dataset) Len() int { return len(d.interactions) }

// Interactions returns the observed pairs in input order. The slice is
// shared: callers must not modify it.
func (d *Dataset) Interactions() []Interaction { return d.interactions }

// UserItems returns the items user u interacted with, ascending. The slice
// is shared: callers must not modify it.
func (d *Dataset) UserItems(u int32) []int32 { return d.byUser.row(u) }

// ItemUsers returns the users who interacted with item i, ascending. The
// slice is shared: callers must not modify it.
func (d *Dataset) ItemUsers(i int32) []int32 { return d.byItem.row(i) }

// UserKey returns the original key of user u.
func (d *Dataset) UserKey(u int32) string { return d.keys.users[u] }

// ItemKey returns the original key of item i.
func (d *Dataset) ItemKey(i int32) string { return d.keys.items[i] }

// ItemID returns the dense id of the item with the given key.
func (d *Dataset) ItemID(key string) (int32, bool) {
	i, ok := d.keys.itemIDs[key]
	return i, ok
}

// ItemCounts returns, for every item, its number of observed interactions.
func (d *Dataset) ItemCounts() []int {
	c := make([]int, d.NumItems())
	for i := range c {
		c[i] = int(d.byItem.ptr[i+1] - d.byItem.ptr[i])
	}
	return c
}

// derive returns a data set over the same keys holding inter, which must
// already be distinct pairs in input order.
func (d *Dataset) derive(inter []Interaction) *Dataset {
	return build(d.keys, inter)
}
