package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/visitor"
)

// The browser's localStorage keeps your clicks (package visitor), the
// settings and the data chosen. It may be missing or refuse writes
// (private windows, full quota), which JavaScript reports by throwing.
// The loader stands an in-memory store in for a blocked localStorage
// before the Go program starts, and says why in
// window.ealsStorageProblem; the page then says once that clicks will not
// survive a reload.

// localStore is the browser's localStorage as your clicks' store.
type localStore struct{}

func (localStore) Load(key string) (raw string, found bool, err error) {
	defer recoverJS(&err)
	v := app.Window().Get("localStorage").Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false, nil
	}
	return v.String(), true, nil
}

func (localStore) Save(key, raw string) (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("setItem", key, raw)
	return nil
}

func (localStore) Clear(key string) (err error) {
	defer recoverJS(&err)
	app.Window().Get("localStorage").Call("removeItem", key)
	return nil
}

// recoverJS turns a JavaScript exception, which syscall/js raises as a Go
// panic, into an error.
func recoverJS(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("the browser refused: %v", r)
	}
}

// storageProblem is why the browser's storage does not keep anything, or
// "".
func storageProblem() string {
	v := app.Window().Get("ealsStorageProblem")
	if !v.Truthy() {
		return ""
	}
	return v.String()
}

// readStorage and writeStorage keep the page's settings and choices; a
// browser that refuses is reported by the clicks' store, so they stay
// quiet ("" removes the key).
func readStorage(key string) (raw string, found bool, err error) {
	if storageProblem() != "" {
		return "", false, nil
	}
	return localStore{}.Load(key)
}

func writeStorage(key, raw string) error {
	if storageProblem() != "" {
		return nil
	}
	if raw == "" {
		return localStore{}.Clear(key)
	}
	return localStore{}.Save(key, raw)
}

// listenToOtherTabs follows the clicks other tabs of the page save: the
// browser tells every other tab of the origin when one writes storage.
func listenToOtherTabs(pub publisher, y *you) {
	onStorage := app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		if y.v == nil {
			return nil // the clicks are read when the data is
		}
		if key := e.Get("key"); !key.IsNull() && key.String() != y.v.Keys().Log {
			return nil
		}
		v := e.Get("newValue")
		raw, found := "", !v.IsNull() && !v.IsUndefined()
		if found {
			raw = v.String()
		}
		// A JavaScript callback must not block, and a dispatch may wait for
		// the UI goroutine.
		go pub.dispatch(func() { y.otherTab(raw, found) })
		return nil
	})
	app.Window().Call("addEventListener", "storage", onStorage)
}

var _ visitor.Store = localStore{}
