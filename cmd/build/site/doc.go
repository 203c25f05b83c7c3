// Package site writes eALS Live's static site and serves it.
//
// Generate renders the page with go-app's static-site generator, then
// makes the folder fit to be served from any static host: every path
// local and under the chosen prefix, a version pinned to a hash of
// everything served, the page's own loader in place of go-app's (a slim
// progress bar over the pre-rendered page, the compiled module kept for the
// page's Web Workers, and a message in words when the program cannot start
// or stops), and a Brotli and a gzip copy beside every compressible file.
//
// NewHandler serves such a folder as a careful static host would: the
// compressed copy the browser accepts, strong ETags from the bytes sent (so
// a rollback to older files still reaches visitors), the MIME types
// browsers insist on, and only under the prefix the site was built for.
//
// The package is native only: neither the generator nor the server may
// reach app.wasm (see cmd/build).
package site
