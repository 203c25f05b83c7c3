// Package settings reads and writes the model's settings as the page takes
// them: the parameters a visitor can set, checked against core's limits and
// the page's tighter ones, and scenario links, whose query carries the
// settings, the likes in click order and a section to open at.
package settings
