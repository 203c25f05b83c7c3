// Package pack reads and writes the data pack the page trains on: a compact,
// self-describing msgpack encoding of a Yelp subset (interactions and
// business metadata). It is pure Go, shared by the native tools and the
// WebAssembly page.
package pack

import (
	"errors"

	"github.com/ealslive/ealslive/core"
)

// Schema is the version of the pack layout this package reads and writes.
const Schema = 1

// Item is a business's metadata, indexed by the data set's item id.
type Item struct {
	ID         string // Yelp business_id
	Name       string
	Categories []string
	City       string
	Lat, Lon   float64
	Stars      float64 // Yelp's business-level average, 1–5
}

// Subset records how the pack's interactions were chosen.
type Subset struct {
	K               int    // iterative k-core over distinct pairs
	Category        string // only businesses in this category, if not ""
	City            string // only businesses in this city, if not ""
	MaxInteractions int    // keep at most this many (latest) interactions, if > 0
}

// Pack is a decoded data pack.
type Pack struct {
	Source  string // where the data came from
	License string // the terms the data is used under
	Subset  Subset
	Items   []Item        // len(Items) == Data.NumItems()
	Data    *core.Dataset // users are dense numbers; times are whole days in Unix seconds (00:00 UTC)
}

// Encode returns the msgpack encoding of p.
func Encode(p *Pack) ([]byte, error) { return nil, errors.New("pack: not implemented yet") }

// Decode validates and decodes a pack.
func Decode(b []byte) (*Pack, error) { return nil, errors.New("pack: not implemented yet") }

// IsPack reports whether head, the first bytes of a file, look like a pack.
func IsPack(head []byte) bool { return false }
