//go:build !wasm

// Command build is eALS Live's native build tool. It packs the data the
// page trains on (the Yelp subset, or any interaction log core reads),
// generates the static site, and serves it locally:
//
//	build pack  [flags]   write the data pack (see -h)
//	build site  [flags]   generate the static site folder
//	build serve [flags]   serve a generated site on localhost
//
// Compiled with GOOS=js GOARCH=wasm the same package is the page itself;
// build tags keep this native code out of that binary.
//
// Exit status, as for eals: 0 on success (and for -h), 2 for a mistake on
// the command line (an unknown command or flag, a bad flag value, stray
// arguments), 1 for a failure while running.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

var commands = []struct {
	name, summary string
	run           func(args []string) error
}{
	{"pack", "write the data pack the page trains on (the Yelp subset, or any log)", runPack},
	{"site", "generate the static site folder", runSite},
	{"serve", "serve a generated site on localhost", runServe},
}

func main() { os.Exit(exitCode(os.Args[1:], os.Stderr)) }

// exitCode runs the command args name and returns the process's exit
// status, writing any error to stderr.
func exitCode(args []string, stderr io.Writer) int {
	if len(args) < 1 {
		usage(stderr)
		return 2
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:])
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case isUsage(err):
			fmt.Fprintf(stderr, "build %s: %v\n", c.name, err)
			return 2
		default:
			fmt.Fprintf(stderr, "build %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "build: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

// usageErrors begin the errors that are mistakes on the command line: the
// flag package's parse errors, and the commands' refusal of arguments.
var usageErrors = []string{
	"flag provided but not defined: ", "bad flag syntax: ", "flag needs an argument: ",
	"invalid value ", "invalid boolean value ", "invalid boolean flag ", "unexpected arguments ",
	"conflicting flags: ",
}

func isUsage(err error) bool {
	for _, p := range usageErrors {
		if strings.HasPrefix(err.Error(), p) {
			return true
		}
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: build <command> [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.summary)
	}
}
