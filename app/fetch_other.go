//go:build !wasm

package app

// fetchBytes has no browser to ask outside WebAssembly; the page only
// fetches once mounted in a browser.
func fetchBytes(url string) ([]byte, error) {
	return nil, &fetchError{URL: url, Reason: "downloads need a browser"}
}
