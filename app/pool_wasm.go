//go:build wasm

package app

import "github.com/ealslive/ealslive/app/worker"

// startPool starts the page's Web Workers.
func startPool(n int, script string, onFatal func(string)) (worker.Pool, error) {
	return worker.NewPool(n, script, onFatal)
}
