package eval

import (
	"fmt"

	"github.com/ealslive/ealslive/core"
)

// userCounter is implemented by recommenders that know their users, so the
// protocols can reject a test user the recommender cannot score.
type userCounter interface{ NumUsers() int }

// checkCase says why (u, i) cannot be scored by r on a data set of train's
// shape, or returns nil.
func checkCase(train *core.Dataset, r core.Recommender, x core.Interaction) error {
	if x.User < 0 || int(x.User) >= train.NumUsers() {
		return fmt.Errorf("user id %d is not in the training data's %d users", x.User, train.NumUsers())
	}
	if uc, ok := r.(userCounter); ok && int(x.User) >= uc.NumUsers() {
		return fmt.Errorf("user id %d is beyond the recommender's %d users", x.User, uc.NumUsers())
	}
	if x.Item < 0 || int(x.Item) >= r.NumItems() {
		return fmt.Errorf("item id %d is not among the recommender's %d items", x.Item, r.NumItems())
	}
	return nil
}
