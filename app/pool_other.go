//go:build !wasm

package app

import "github.com/ealslive/ealslive/app/worker"

// startPool runs the workers' jobs on goroutines outside a browser, where
// the page is only pre-rendered or tested.
func startPool(n int, script string, onFatal func(string)) (worker.Pool, error) {
	return worker.NewLocalPool(n, nil), nil
}
