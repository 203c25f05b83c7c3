//go:build !wasm

package main

import "errors"

func runPack(args []string) error { return errors.New("not implemented yet") }
