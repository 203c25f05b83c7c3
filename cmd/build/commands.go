//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/cmd/build/site"
)

func runSite(args []string) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	o := site.Options{Log: os.Stderr}
	fs.StringVar(&o.Out, "out", "dist", "folder to write the static site into (replaced if it holds an earlier site)")
	fs.StringVar(&o.Prefix, "prefix", "", "URL path the site will be served under, e.g. /ealslive (empty: the root)")
	fs.StringVar(&o.Web, "web", "web", "folder holding the built app.wasm and yelp.msgpack")
	fs.StringVar(&o.Assets, "assets", "assets", "folder holding style.css and the icons")
	fs.StringVar(&o.WasmExec, "wasm-exec", "wasm_exec.js", "the Go toolchain's wasm_exec.js (the Makefile copies it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	ui.RegisterRoutes()
	sum, err := site.Generate(o)
	if err != nil {
		return err
	}
	fmt.Println(sum)
	return nil
}

func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("dir", "dist", "folder holding a site written by `build site`")
	addr := fs.String("addr", "localhost:8000", "address to listen on")
	prefix := fs.String("prefix", "", "URL path to serve the folder under; must be the site's -prefix")
	isolate := fs.Bool("isolate", true, "send cross-origin isolation headers, which give the page a 5 µs clock instead of 100 µs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	h, err := site.NewHandler(*dir, *prefix, *isolate)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	p, _ := site.NormalizePrefix(*prefix)
	// Name the host as given: browsers treat localhost (not every
	// address) as secure, which the service worker needs.
	host, _, _ := net.SplitHostPort(*addr)
	if host == "" {
		host = "localhost"
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	fmt.Printf("serving %s at http://%s%s/ (Ctrl-C stops)\n", *dir, net.JoinHostPort(host, port), p)
	return http.Serve(ln, h)
}
