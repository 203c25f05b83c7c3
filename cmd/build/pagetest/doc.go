// Package pagetest holds the page's end-to-end tests: the generated static
// site, served locally, driven in headless Chromium by chromedp. Each test
// checks what a visitor sees and what the browser holds, and compares the
// page's numbers with core's on the same data.
//
// The tests need the built app.wasm and data pack (`make build`) and the
// build tag browser; `make test-browser` runs them, and `make bench-web`
// times whole visits against another build (docs/performance.md says
// what its figures decided).
package pagetest
