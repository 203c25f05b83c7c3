//go:build !wasm

// Command build is eALS Live's native build tool. It packs the Yelp subset
// the page trains on, generates the static site, and serves it locally:
//
//	build pack  [flags]   write the data pack (see -h)
//	build site  [flags]   generate the static site folder
//	build serve [flags]   serve a generated site on localhost
//
// Compiled with GOOS=js GOARCH=wasm the same package is the page itself;
// build tags keep this native code out of that binary.
package main

import (
	"fmt"
	"os"
)

var commands = []struct {
	name, summary string
	run           func(args []string) error
}{
	{"pack", "write the Yelp data pack the page trains on", runPack},
	{"site", "generate the static site folder", runSite},
	{"serve", "serve a generated site on localhost", runServe},
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	for _, c := range commands {
		if c.name == os.Args[1] {
			if err := c.run(os.Args[2:]); err != nil {
				fmt.Fprintf(os.Stderr, "build %s: %v\n", c.name, err)
				os.Exit(1)
			}
			return
		}
	}
	fmt.Fprintf(os.Stderr, "build: unknown command %q\n\n", os.Args[1])
	usage()
	os.Exit(2)
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: build <command> [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(os.Stderr, "  %-6s %s\n", c.name, c.summary)
	}
}
