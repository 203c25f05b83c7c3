// Package webworker is the browser's side of the page's Web Workers: Run is
// app.wasm in its worker role, answering the page's messages with the
// jobs of package work, and Pool is the page's handle on its workers. Both
// carry work.Msg as JavaScript objects, the bulk numbers as typed arrays
// whose buffers are transferred, not copied.
//
// Outside a browser (GOOS=js GOARCH=wasm) the package has NewLocalPool
// only: the same jobs on goroutines, for tests.
package webworker
