// Package pack reads and writes the data pack the page trains on: a compact,
// self-describing msgpack encoding of an interaction log and its items'
// metadata, the Yelp subset (Build, BuildDir) or any log core.ReadLog reads
// (BuildLog). It is pure Go, shared by the native tools and the WebAssembly
// page.
//
// The layout, field by field, and the rules Decode enforces are described
// in assets/pack-schema.md.
package pack

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
)

// Schema is the version of the pack layout this package reads and writes.
// Version 2 added the log's format and minimum rating, and made
// coordinates, cities, stars and times optional.
const Schema = 2

// magic opens every pack. It is written as a msgpack string, so a pack is a
// plain sequence of msgpack values and its first bytes never change.
const magic = "eALS Live pack"

// Item is an item's metadata, indexed by the data set's item id. A Yelp
// pack's items are businesses with every field; a log's items have an ID,
// and a name and categories when an item file gave them.
type Item struct {
	ID         string // Yelp business_id, or the log's item key
	Name       string // "" if unknown: show the ID
	Categories []string
	City       string  // "" if unknown
	Lat, Lon   float64 // degrees, if the pack HasCoords
	Stars      float64 // Yelp's business-level average, 1–5; 0 if unknown
}

// Subset records how the pack's interactions were chosen.
type Subset struct {
	K               int     // iterative k-core over distinct pairs (0 or 1: none)
	Category        string  // only businesses in this category, if not ""
	City            string  // only businesses in this city, if not ""
	MaxInteractions int     // keep at most this many (latest) interactions, if > 0, after the k-core
	MinRating       float64 // only rows rated at least this, if not 0
}

// String describes the subset in a few words, for summaries and the page.
func (s Subset) String() string {
	var parts []string
	if s.Category != "" {
		parts = append(parts, "category "+s.Category)
	}
	if s.City != "" {
		parts = append(parts, "city "+s.City)
	}
	if s.MinRating != 0 {
		parts = append(parts, "rated at least "+strconv.FormatFloat(s.MinRating, 'g', -1, 64))
	}
	if s.K > 1 {
		parts = append(parts, strconv.Itoa(s.K)+"-core")
	}
	if s.MaxInteractions > 0 {
		parts = append(parts, "latest "+strconv.Itoa(s.MaxInteractions)+" interactions")
	}
	if len(parts) == 0 {
		return "all interactions"
	}
	return strings.Join(parts, ", ")
}

// Pack is a decoded data pack.
type Pack struct {
	Source  string // where the data came from
	License string // the terms the data is used under
	Format  string // the layout of the log it was made from, as core names it ("Yelp reviews TSV")
	Subset  Subset
	Items   []Item        // len(Items) == Data.NumItems()
	Data    *core.Dataset // users are dense numbers; times are whole days in Unix seconds (00:00 UTC), or all 0

	// HasCoords says the items have coordinates (a map can show them), and
	// HasTimes that the interactions have days (without them every time is
	// 0, and splits follow the pack's order). Write writes coordinates and
	// days when these are set or any value is not 0, so a Pack made before
	// the fields existed packs as it did; Decode sets them from the pack.
	HasCoords bool
	HasTimes  bool
}

// Errors that Decode wraps, so a caller can tell a file that is not a pack
// from a damaged pack. Every error also reads well on its own.
var (
	// ErrNotPack means the input does not start like a pack at all.
	ErrNotPack = errors.New("not an eALS Live data pack")
	// ErrTruncated means the input ends before the pack does.
	ErrTruncated = errors.New("the data pack is truncated (incomplete download?)")
	// ErrInvalid means the pack is well-formed msgpack but its content
	// breaks a rule of the schema.
	ErrInvalid = errors.New("the data pack is damaged")
)

// VersionError reports a pack written with a schema this package does not
// read.
type VersionError struct {
	Found int64 // the schema version in the pack
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("pack: the data pack has schema version %d, but this program reads only version %d (rebuild the pack with the matching cmd/build)", e.Found, Schema)
}

// IsPack reports whether head, the first bytes of a file, look like a pack.
// It looks only at the magic string, so packs of other schema versions are
// recognised too and Decode can say which version it found.
func IsPack(head []byte) bool {
	return bytes.HasPrefix(head, magicBytes())
}

// magicBytes is the msgpack encoding of magic: a fixstr header and the text.
func magicBytes() []byte {
	return append([]byte{0xa0 | byte(len(magic))}, magic...)
}

// ReadFile reads and decodes a pack from a file.
func ReadFile(path string) (*Pack, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := Decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// userKey is the key a decoded pack gives user u: Yelp's user ids are not
// shipped, so users are known by their dense numbers.
func userKey(u int) string { return strconv.Itoa(u) }
