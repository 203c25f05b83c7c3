//go:build !wasm

package app

import "github.com/ealslive/ealslive/app/webworker"

// startPool runs the workers' jobs on goroutines outside a browser, where
// the page is only pre-rendered or tested.
func startPool(n int, script string, onFatal func(string)) (webworker.Pool, error) {
	return webworker.NewLocalPool(n, nil), nil
}
