package core

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The encodings a log or an item file is read in, as its byte-order mark
// says: UTF-8 without one.
const (
	encUTF8    = "UTF-8"
	encUTF16LE = "UTF-16LE"
	encUTF16BE = "UTF-16BE"
)

// notUTF16 stands in the text for a UTF-16 unit that is half of a
// surrogate pair, or a last byte without its pair: it is never part of
// UTF-8, so a key holding it is refused as a stray byte of a UTF-8 file is.
const notUTF16 = 0xff

// newTextReader returns the text of r as UTF-8 whose lines end in LF or
// CRLF, and the encoding r was written in. A UTF-8 byte-order mark is
// dropped; UTF-16, little- or big-endian as its byte-order mark says, is
// decoded, since that is what Excel's "Unicode Text" saves; and a CR that
// no LF follows, the line end of old Mac files, is read as LF.
func newTextReader(r io.Reader) (io.Reader, string) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(3)
	var order binary.ByteOrder
	enc := encUTF8
	switch {
	case bytes.HasPrefix(head, []byte("\ufeff")):
		br.Discard(3)
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		br.Discard(2)
		order, enc = binary.LittleEndian, encUTF16LE
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		br.Discard(2)
		order, enc = binary.BigEndian, encUTF16BE
	}
	if order != nil {
		br = bufio.NewReader(&utf16Reader{r: br, order: order, buf: make([]byte, 4096)})
	}
	return lineEnds{br}, enc
}

// utf16Reader decodes UTF-16 text to UTF-8, unit by unit; what is not
// UTF-16 becomes notUTF16.
type utf16Reader struct {
	r     io.Reader
	order binary.ByteOrder
	buf   []byte // room for the bytes read
	held  []byte // bytes read but not decoded: an odd byte, or a high surrogate whose pair is unread
	dec   []byte // room for the decoded text
	out   []byte // decoded text not yet returned, in dec
	err   error  // the error that ended reading, io.EOF at the end
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			return 0, u.err
		}
		u.fill()
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// fill reads the next bytes and decodes every whole unit among them.
func (u *utf16Reader) fill() {
	k := copy(u.buf, u.held)
	n, err := u.r.Read(u.buf[k:])
	raw, end := u.buf[:k+n], err != nil
	u.err = err
	out := u.dec[:0]
	for len(raw) >= 2 {
		c := rune(u.order.Uint16(raw))
		switch {
		case !utf16.IsSurrogate(c):
			out = utf8.AppendRune(out, c)
			raw = raw[2:]
			continue
		case c < 0xdc00 && len(raw) >= 4:
			if r := utf16.DecodeRune(c, rune(u.order.Uint16(raw[2:]))); r != utf8.RuneError {
				out = utf8.AppendRune(out, r)
				raw = raw[4:]
				continue
			}
		case c < 0xdc00 && !end:
			// A high surrogate whose pair is in the next read.
			u.held = append(u.held[:0], raw...)
			u.dec, u.out = out, out
			return
		}
		out = append(out, notUTF16)
		raw = raw[2:]
	}
	if len(raw) == 1 && end {
		out = append(out, notUTF16)
		raw = nil
	}
	u.held = append(u.held[:0], raw...)
	u.dec, u.out = out, out
}

// lineEnds reads text with every CR that no LF follows read as LF: old
// Mac files end their lines with a CR alone, which neither encoding/csv
// nor bufio.Scanner takes for the end of a line. A CR before an LF stays,
// as both take CRLF for one line end already.
type lineEnds struct{ br *bufio.Reader }

func (l lineEnds) Read(p []byte) (int, error) {
	n, err := l.br.Read(p)
	for b := p[:n]; ; {
		k := bytes.IndexByte(b, '\r')
		if k < 0 {
			break
		}
		if k+1 < len(b) {
			if b[k+1] != '\n' {
				b[k] = '\n'
			}
		} else if next, _ := l.br.Peek(1); len(next) == 0 || next[0] != '\n' {
			b[k] = '\n'
		}
		b = b[k+1:]
	}
	return n, err
}

// checkKey refuses a key that holds what an id cannot: bytes that are not
// text in the file's encoding, or control characters, which no one types
// in an id and which a file saved as UTF-16 without a byte-order mark is
// full of (every other byte NUL).
func checkKey(v, enc string) string {
	if !utf8.ValidString(v) {
		if enc == encUTF8 {
			return fmt.Sprintf("%q is not UTF-8 text (save the file as UTF-8)", clip(v))
		}
		return fmt.Sprintf("%q is not %s text: half of a surrogate pair, or a last byte alone (save the file as UTF-8)", clip(v), enc)
	}
	k := strings.IndexFunc(v, unicode.IsControl)
	if k < 0 {
		return ""
	}
	c, _ := utf8.DecodeRuneInString(v[k:])
	msg := fmt.Sprintf("%q holds a control character (U+%04X), which an id cannot hold", clip(v), c)
	if c == 0 {
		msg += " (a file saved as UTF-16 without a byte-order mark reads so: save it as UTF-8)"
	}
	return msg
}
