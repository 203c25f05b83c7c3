package wasmdata_test

import (
	"fmt"

	"github.com/ealslive/ealslive/cmd/build/wasmdata"
)

// A module whose memory starts with "abc" at 16 and "z" at 28, in two data
// segments with 9 zeros between them, travels as one segment.
func ExampleJoin() {
	module := []byte("\x00asm\x01\x00\x00\x00" + // the header
		"\x0b\x0f" + // the data section, 15 bytes
		"\x02" + // 2 segments
		"\x00\x41\x10\x0b\x03abc" + // active, at i32.const 16: "abc"
		"\x00\x41\x1c\x0b\x01z") // active, at i32.const 28: "z"
	joined, st, err := wasmdata.Join(module, wasmdata.DefaultGap)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d segments became %d: %q\n", st.Before, st.After, joined[10:])
	// Output:
	// 2 segments became 1: "\x01\x00A\x10\v\rabc\x00\x00\x00\x00\x00\x00\x00\x00\x00z"
}
