package core

import (
	"fmt"
	"maps"
	"slices"
)

// Retraining with extra interactions is Train on a data set that holds
// them: WithInteractions and WithUser make that data set, leaving the
// original as it is, so a retrain and the model it is compared with read
// the same rows.

// WithInteractions returns a copy of d with extra appended after d's own
// interactions, over the same users and items, so ids mean the same in
// both. An id out of range is an error; a pair that repeats one of d's,
// or another of extra, collapses as in NewDataset.
func (d *Dataset) WithInteractions(extra []Interaction) (*Dataset, error) {
	if err := checkIDs(extra, d.NumUsers(), d.NumItems()); err != nil {
		return nil, err
	}
	inter := make([]Interaction, 0, len(d.interactions)+len(extra))
	inter = append(append(inter, d.interactions...), extra...)
	return d.derive(inter), nil
}

// WithUser returns a copy of d with one more user, named key, whose
// interactions are items in the order given (a visitor's clicks, in the
// order the online update learnt them), and the new user's id, which is
// d.NumUsers(): the id Model.AddUser gives on a model of d. The clicks'
// times follow d's latest one, in click order, so a sort by time keeps
// them last and in order. A key d already has, or an item out of range,
// is an error; an item given twice counts once, as in NewDataset.
func (d *Dataset) WithUser(key string, items []int32) (*Dataset, int32, error) {
	if _, taken := d.keys.userIDs[key]; taken {
		return nil, 0, fmt.Errorf("core: the data set already has a user %q", key)
	}
	u := int32(d.NumUsers())
	var last int64
	for _, x := range d.interactions {
		last = max(last, x.Time)
	}
	extra := make([]Interaction, len(items))
	for k, i := range items {
		extra[k] = Interaction{User: u, Item: i, Time: last + 1 + int64(k)}
	}
	if err := checkIDs(extra, d.NumUsers()+1, d.NumItems()); err != nil {
		return nil, 0, err
	}
	keys := &keyTable{
		users:   append(slices.Clip(d.keys.users), key),
		items:   d.keys.items, // shared: a data set never changes its keys
		userIDs: maps.Clone(d.keys.userIDs),
		itemIDs: d.keys.itemIDs,
	}
	keys.userIDs[key] = u
	inter := make([]Interaction, 0, len(d.interactions)+len(extra))
	inter = append(append(inter, d.interactions...), extra...)
	return build(keys, inter), u, nil
}

// UserID returns the dense id of the user with the given key.
func (d *Dataset) UserID(key string) (int32, bool) {
	u, ok := d.keys.userIDs[key]
	return u, ok
}

// checkIDs reports the first interaction whose user or item is outside
// [0, users) or [0, items).
func checkIDs(inter []Interaction, users, items int) error {
	for n, x := range inter {
		if x.User < 0 || int(x.User) >= users {
			return fmt.Errorf("core: interaction %d: user id %d out of range [0, %d)", n, x.User, users)
		}
		if x.Item < 0 || int(x.Item) >= items {
			return fmt.Errorf("core: interaction %d: item id %d out of range [0, %d)", n, x.Item, items)
		}
	}
	return nil
}
