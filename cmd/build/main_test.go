//go:build !wasm

package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// build follows eals's convention: 2 for a mistake on the command line,
// 1 for a failure while running, 0 for success and -h.
func TestExitCodes(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "usage: build"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"pack", "-nope"}, 2, "flag provided but not defined: -nope"},
		{[]string{"pack", "-k", "many"}, 2, `invalid value "many" for flag -k`},
		{[]string{"pack", "stray"}, 2, "unexpected arguments"},
		{[]string{"site", "-nope"}, 2, "flag provided but not defined"},
		{[]string{"serve", "-isolate=maybe"}, 2, "invalid boolean value"},
		{[]string{"serve", "stray"}, 2, "unexpected arguments"},
		{[]string{"site", "-h"}, 0, ""},
		{[]string{"pack", "-h"}, 0, ""},
		{[]string{"pack", "-data", missing}, 1, "no Yelp data folder"},
	} {
		var stderr bytes.Buffer
		if got := exitCode(c.args, &stderr); got != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("build %v: exit %d, stderr %q; want %d saying %q", c.args, got, stderr.String(), c.code, c.says)
		}
	}
}
