// Package work is what the page's Web Workers do: decode the data pack,
// train eALS with every epoch split over the workers (bit for bit the model
// one thread trains), evaluate, replay the online protocol and train the
// rivals, reporting progress and results to the page in messages.
//
// The package is pure Go. A worker reaches the page and the other workers
// only through an Env, which package webworker implements with postMessage in
// a browser, and LocalEnvs with channels in-process: the tests run the same
// jobs natively over several goroutines and compare them with core.
//
// A job runs in every worker at once. Each ends by posting MsgDone (or
// MsgError) to the page; results come in MsgResult messages before that,
// progress in MsgProgress.
package work
