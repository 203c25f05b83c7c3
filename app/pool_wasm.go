//go:build wasm

package app

import "github.com/ealslive/ealslive/app/webworker"

// startPool starts the page's Web Workers.
func startPool(n int, script string, onFatal func(string)) (webworker.Pool, error) {
	return webworker.NewPool(n, script, onFatal)
}
