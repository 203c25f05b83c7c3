//go:build js && wasm

package webworker

import (
	"syscall/js"
	"unsafe"

	"github.com/ealslive/ealslive/app/work"
)

// toJS turns m into a JavaScript object and the list of buffers to
// transfer with it: {kind, job, from, head, f64: [Float64Array], i32:
// [Int32Array], bytes: [Uint8Array]}.
func toJS(m work.Msg) (js.Value, []any) {
	obj := js.Global().Get("Object").New()
	obj.Set("kind", m.Kind)
	obj.Set("job", m.Job)
	obj.Set("from", m.From)
	obj.Set("head", string(m.Head))
	var transfer []any
	arrays := func(name, ctor string, n int, raw func(k int) []byte) {
		list := js.Global().Get("Array").New()
		for k := 0; k < n; k++ {
			b := raw(k)
			u8 := js.Global().Get("Uint8Array").New(len(b))
			js.CopyBytesToJS(u8, b)
			buf := u8.Get("buffer")
			list.Call("push", js.Global().Get(ctor).New(buf))
			transfer = append(transfer, buf)
		}
		obj.Set(name, list)
	}
	arrays("f64", "Float64Array", len(m.F64), func(k int) []byte { return f64Bytes(m.F64[k]) })
	arrays("i32", "Int32Array", len(m.I32), func(k int) []byte { return i32Bytes(m.I32[k]) })
	arrays("bytes", "Uint8Array", len(m.Bytes), func(k int) []byte { return m.Bytes[k] })
	return obj, transfer
}

// fromJS reads a message toJS made. Anything missing reads as empty.
func fromJS(v js.Value) work.Msg {
	var m work.Msg
	if v.Type() != js.TypeObject {
		return m
	}
	if k := v.Get("kind"); k.Type() == js.TypeString {
		m.Kind = k.String()
	}
	if j := v.Get("job"); j.Type() == js.TypeNumber {
		m.Job = j.Int()
	}
	if f := v.Get("from"); f.Type() == js.TypeNumber {
		m.From = f.Int()
	}
	if h := v.Get("head"); h.Type() == js.TypeString {
		m.Head = []byte(h.String())
	}
	each := func(name string, add func(u8 js.Value, n int)) {
		list := v.Get(name)
		if list.Type() != js.TypeObject {
			return
		}
		for k := 0; k < list.Length(); k++ {
			a := list.Index(k)
			n := a.Get("byteLength").Int()
			add(js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), n), n)
		}
	}
	each("f64", func(u8 js.Value, n int) {
		f := make([]float64, n/8)
		js.CopyBytesToGo(f64Bytes(f), u8)
		m.F64 = append(m.F64, f)
	})
	each("i32", func(u8 js.Value, n int) {
		x := make([]int32, n/4)
		js.CopyBytesToGo(i32Bytes(x), u8)
		m.I32 = append(m.I32, x)
	})
	each("bytes", func(u8 js.Value, n int) {
		b := make([]byte, n)
		js.CopyBytesToGo(b, u8)
		m.Bytes = append(m.Bytes, b)
	})
	return m
}

// f64Bytes and i32Bytes view numbers as their bytes: WebAssembly and every
// browser's typed arrays are little-endian, so the bytes copy as they are.
func f64Bytes(f []float64) []byte {
	if len(f) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), 8*len(f))
}

func i32Bytes(x []int32) []byte {
	if len(x) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&x[0])), 4*len(x))
}
