// Package wasmdata joins the data segments of a WebAssembly module, so
// that it travels smaller once compressed.
//
// A module's memory starts as its data segments say: each copies some
// bytes to an offset, and the rest is zeros. Go's linker makes the file
// as small as it can uncompressed: it starts a new segment after every run
// of eight or more zeros, up to 100,000 segments. Each segment costs a
// header (its offset and its length) that Brotli and gzip can hardly
// shrink, while a run of zeros costs them next to nothing. Joining
// segments whose gaps are short, the gaps filled with the zeros the memory
// held anyway, takes the page's app.wasm from 100,000 segments to a few,
// and a few per cent smaller with Brotli (docs/performance.md), its code
// unchanged and the memory it starts with the same, byte for byte.
//
// Join leaves every other section as it was.
package wasmdata
