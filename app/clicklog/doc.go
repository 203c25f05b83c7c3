// Package clicklog is what the browser keeps of a visitor's clicks: a log
// of operations (like, remove, start over) that every open tab of the page
// writes, merged so that no tab loses another's click; its stored format,
// read from any version of the page without losing what cannot be read;
// and which saved clicks a model learns.
//
// The package is pure Go: the page hands it what localStorage holds.
package clicklog
