//go:build wasm

package app

import (
	"fmt"
	"syscall/js"
)

// fetchBytes downloads url with the browser's fetch, which goes through
// the service worker (so it works offline) and costs nothing in binary
// size, unlike net/http.
func fetchBytes(url string) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	// A JavaScript callback must not block, and only the first outcome
	// counts.
	send := func(r result) {
		select {
		case done <- r:
		default:
		}
	}
	var onResponse, onBody, onError js.Func
	release := func() {
		onResponse.Release()
		onBody.Release()
		onError.Release()
	}
	onError = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "unknown error"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		send(result{err: &fetchError{URL: url, Reason: msg}})
		return nil
	})
	onBody = js.FuncOf(func(this js.Value, args []js.Value) any {
		arr := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(b, arr)
		send(result{b: b})
		return nil
	})
	onResponse = js.FuncOf(func(this js.Value, args []js.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			send(result{err: &fetchError{URL: url, Status: resp.Get("status").Int(),
				Reason: resp.Get("statusText").String()}})
			return nil
		}
		resp.Call("arrayBuffer").Call("then", onBody).Call("catch", onError)
		return nil
	})
	defer release()
	func() {
		defer func() {
			if r := recover(); r != nil {
				send(result{err: &fetchError{URL: url, Reason: fmt.Sprint(r)}})
			}
		}()
		js.Global().Call("fetch", url).Call("then", onResponse).Call("catch", onError)
	}()
	r := <-done
	return r.b, r.err
}
