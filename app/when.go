package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// when renders f's element only if cond holds; go-app drops the nil.
// (go-app v9's If builds its element even when the condition is false.)
func when(cond bool, f func() app.UI) app.UI {
	if !cond {
		return nil
	}
	return f()
}
