// Package packfile encodes data packs to bytes with the msgpack library
// that defines their format, github.com/vmihailenco/msgpack/v5. It is kept
// apart from package pack, which only asks for an Encoder, so that
// programs that only decode packs (the page and its workers) do not link
// that library: it registers a codec for every Go kind as it starts.
package packfile

import (
	"bytes"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/ealslive/ealslive/core/pack"
)

// Encode returns p written as a pack (see pack.Write).
func Encode(p *pack.Pack) ([]byte, error) {
	var buf bytes.Buffer
	if err := pack.Write(msgpack.NewEncoder(&buf), p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
