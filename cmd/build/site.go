//go:build !wasm

package main

import "errors"

func runSite(args []string) error { return errors.New("not implemented yet") }

func runServe(args []string) error { return errors.New("not implemented yet") }
