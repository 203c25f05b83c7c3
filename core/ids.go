package core

import "fmt"

// checkID says why id is not one of the n ids of a kind ("user", "item").
func checkID(kind string, id int32, n int) error {
	if id < 0 || int(id) >= n {
		return fmt.Errorf("core: unknown %s id %d (the model has %d %ss)", kind, id, n, kind)
	}
	return nil
}
