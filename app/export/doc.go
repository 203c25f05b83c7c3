// Package export writes the page's results as files to take away: CSV
// with '#' comment lines saying what made them, and indented JSON. Each
// file names the page, the settings and the data, so that a slide or a
// handout can be traced back to what made it.
//
// The package is pure Go: the page hands the file's text to the browser.
package export
