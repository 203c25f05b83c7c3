// Package lesson is the page's guided path through online matrix
// factorisation: a dozen step cards from a model that knows nothing (a
// world whose tastes are planted, so that a recommendation can be checked)
// to the paper's evidence on real reviews.
//
// A step says what to look at and what to do, and most ask the learner to
// predict before they see: the answer is computed from what the page
// shows at that moment (the live model, your list, the runs' figures),
// never written in the steps, so that a learner whose own clicks changed
// the state is told about their state. Each step also names the state the
// path reaches when it opens (the data, the settings, the likes), so that
// a link to it rebuilds that state exactly.
//
// The package is pure Go: the page's guide (app/guide.go) drives the page
// through its commands and hands the package what is published.
package lesson
