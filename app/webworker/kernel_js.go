//go:build js && wasm

package webworker

import (
	"runtime"
	"unsafe"

	"github.com/ealslive/ealslive/core"
)

// The workers run core's innermost loops (core.Kernels) as
// core/hostkernels.wat, hand-written WebAssembly with SIMD that
// web/worker.js instantiates over this program's memory and hands in as
// the module "ealskernel". Where the browser has no WebAssembly SIMD,
// ready says 0 and core's own loops run.

//go:wasmimport ealskernel ready
func kernelReady() int32

//go:wasmimport ealskernel solveRow
func kernelSolveRow(x, other, ids, n, ws, cs int32, c float64, pred, s int32, sScale, lambda float64, block, a, wr, k int32)

//go:wasmimport ealskernel dotRows
func kernelDotRows(dst, p, q, n, k int32)

//go:wasmimport ealskernel gram
func kernelGram(dst, m, n, k, w int32)

//go:wasmimport ealskernel countBefore
func kernelCountBefore(dst, p, q, n, k int32, score float64, from, item int32) int32

// useKernels installs the kernels in core, if the script has them.
func useKernels() {
	if kernelReady() == 1 {
		core.UseKernels(core.Kernels{SolveRow: solveRow, DotRows: dotRows, Gram: gram, CountBefore: countBefore})
	}
}

// dotRows passes a scoring to the kernel.
func dotRows(dst, p, q []float64) bool {
	kernelDotRows(at(dst), at(p), at(q), int32(len(dst)), int32(len(p)))
	runtime.KeepAlive(dst)
	runtime.KeepAlive(p)
	runtime.KeepAlive(q)
	return true
}

// countBefore passes a ranking's scoring and count to the kernel. Item ids
// fit an int32, as the pack holds them.
func countBefore(dst, p, q []float64, score float64, from, item int) (int, bool) {
	n := kernelCountBefore(at(dst), at(p), at(q), int32(len(dst)), int32(len(p)), score, int32(from), int32(item))
	runtime.KeepAlive(dst)
	runtime.KeepAlive(p)
	runtime.KeepAlive(q)
	return int(n), true
}

// gram passes the forming of a cache to the kernel; w nil is address 0.
func gram(dst, m []float64, k int, w []float64) bool {
	var wAt int32
	if w != nil {
		wAt = at(w)
	}
	kernelGram(at(dst), at(m), int32(len(m)/k), int32(k), wAt)
	runtime.KeepAlive(dst)
	runtime.KeepAlive(m)
	runtime.KeepAlive(w)
	return true
}

// solveRow passes a row to the kernel by the addresses of its slices, which
// in WebAssembly are offsets in the memory the kernel shares; it declines a
// K the kernel's four-wide loops do not cover.
func solveRow(x, other []float64, ids []int32, ws, cs []float64, c float64, pred, S []float64, sScale, lambda float64, block, a, wr []float64) bool {
	k, n := len(x), len(ids)
	if k == 0 || k%4 != 0 || n == 0 {
		return false
	}
	var csAt int32 // 0: the scalar c for every neighbour
	if cs != nil {
		csAt = at(cs)
	}
	kernelSolveRow(at(x), at(other), int32(uintptr(unsafe.Pointer(unsafe.SliceData(ids)))), int32(n), at(ws), csAt, c,
		at(pred), at(S), sScale, lambda, at(block), at(a), at(wr), int32(k))
	// The kernel holds only addresses: the slices must outlive the call.
	runtime.KeepAlive(x)
	runtime.KeepAlive(other)
	runtime.KeepAlive(ids)
	runtime.KeepAlive(ws)
	runtime.KeepAlive(cs)
	runtime.KeepAlive(pred)
	runtime.KeepAlive(S)
	runtime.KeepAlive(block)
	runtime.KeepAlive(a)
	runtime.KeepAlive(wr)
	return true
}

func at(s []float64) int32 { return int32(uintptr(unsafe.Pointer(unsafe.SliceData(s)))) }
