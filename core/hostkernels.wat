;; core's innermost loops (core.Kernels): the row solve of an epoch
;; (gather, then sweep without a trace: core/sweep.go), the scoring of
;; rows (dotRowsLoop: core/kernels.go) and its count for a ranking
;; (RankWithin: core/rankwithin.go), and the caches S^p and S^q
;; (gramRows: core/gram.go), as hand-written WebAssembly with
;; 128-bit SIMD, for the browser's workers,
;; where Go's own WebAssembly takes three to five times as long as native
;; code. It gives core's bits: every sum keeps core's partial sums in
;; core's order, two lanes of f64x2 being the two (or the pairs of four)
;; partial sums core keeps, and no multiply is fused with an add. The
;; workers' model is checked against core.Train's, bit for bit, by the
;; browser tests. solveRow needs K a multiple of 4 (app/worker checks); addresses
;; are the Go program's, in its memory.
;;
;; Assembled by `make web/kernel.wasm` (binaryen's wasm-as --enable-simd).
(module
  ;; The Go program's own memory: the kernel reads and writes its slices
  ;; where they are.
  (import "go" "mem" (memory 1))
  ;; gather: for neighbour j (ids[j]), copy its row of other into the block
  ;; factor-major (blk[f*n+j]), and set pred[j] = (d0+d1)+(d2+d3), the four
  ;; partial sums over f as gather keeps them, a[j] = ws[j] - c_j and
  ;; wr[j] = ws[j]; cs == 0 means the scalar c for every neighbour.
  (func $gather (param $x i32) (param $other i32) (param $ids i32) (param $n i32) (param $ws i32) (param $cs i32) (param $c f64)
                (param $pred i32) (param $blk i32) (param $a i32) (param $wr i32) (param $k i32)
    (local $j i32) (local $f i32) (local $row i32) (local $id i32) (local $acc01 v128) (local $acc23 v128)
    (local $v01 v128) (local $v23 v128) (local $nb i32) (local $dst i32) (local $w f64) (local $cj f64)
    (local.set $nb (i32.shl (local.get $n) (i32.const 3)))
    (block $jd (loop $jl
      (br_if $jd (i32.ge_u (local.get $j) (local.get $n)))
      (local.set $id (i32.load (i32.add (local.get $ids) (i32.shl (local.get $j) (i32.const 2)))))
      (local.set $row (i32.add (local.get $other) (i32.shl (i32.mul (local.get $id) (local.get $k)) (i32.const 3))))
      (local.set $acc01 (v128.const i64x2 0 0)) (local.set $acc23 (v128.const i64x2 0 0))
      (local.set $f (i32.const 0))
      (local.set $dst (i32.add (local.get $blk) (i32.shl (local.get $j) (i32.const 3))))
      (block $fd (loop $fl
        (br_if $fd (i32.ge_u (local.get $f) (local.get $k)))
        (local.set $v01 (v128.load (i32.add (local.get $row) (i32.shl (local.get $f) (i32.const 3)))))
        (local.set $v23 (v128.load offset=16 (i32.add (local.get $row) (i32.shl (local.get $f) (i32.const 3)))))
        (f64.store (local.get $dst) (f64x2.extract_lane 0 (local.get $v01)))
        (local.set $dst (i32.add (local.get $dst) (local.get $nb)))
        (f64.store (local.get $dst) (f64x2.extract_lane 1 (local.get $v01)))
        (local.set $dst (i32.add (local.get $dst) (local.get $nb)))
        (f64.store (local.get $dst) (f64x2.extract_lane 0 (local.get $v23)))
        (local.set $dst (i32.add (local.get $dst) (local.get $nb)))
        (f64.store (local.get $dst) (f64x2.extract_lane 1 (local.get $v23)))
        (local.set $dst (i32.add (local.get $dst) (local.get $nb)))
        (local.set $acc01 (f64x2.add (local.get $acc01) (f64x2.mul (v128.load (i32.add (local.get $x) (i32.shl (local.get $f) (i32.const 3)))) (local.get $v01))))
        (local.set $acc23 (f64x2.add (local.get $acc23) (f64x2.mul (v128.load offset=16 (i32.add (local.get $x) (i32.shl (local.get $f) (i32.const 3)))) (local.get $v23))))
        (local.set $f (i32.add (local.get $f) (i32.const 4)))
        (br $fl)))
      (f64.store (i32.add (local.get $pred) (i32.shl (local.get $j) (i32.const 3)))
        (f64.add (f64.add (f64x2.extract_lane 0 (local.get $acc01)) (f64x2.extract_lane 1 (local.get $acc01)))
                 (f64.add (f64x2.extract_lane 0 (local.get $acc23)) (f64x2.extract_lane 1 (local.get $acc23)))))
      (local.set $w (f64.load (i32.add (local.get $ws) (i32.shl (local.get $j) (i32.const 3)))))
      (local.set $cj (local.get $c))
      (if (local.get $cs) (then (local.set $cj (f64.load (i32.add (local.get $cs) (i32.shl (local.get $id) (i32.const 3)))))))
      (f64.store (i32.add (local.get $a) (i32.shl (local.get $j) (i32.const 3))) (f64.sub (local.get $w) (local.get $cj)))
      (f64.store (i32.add (local.get $wr) (i32.shl (local.get $j) (i32.const 3))) (local.get $w))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $jl)))
  )
  ;; shift is shiftAndSum: pred += d*prev, then A = sum a g g, B = sum a pred g
  ;; and C = sum wr g, lane 0 the even neighbours and lane 1 the odd ones (an
  ;; odd last one goes to lane 0's sum), returned in the globals $A, $B, $C.
  (global $A (mut f64) (f64.const 0)) (global $B (mut f64) (f64.const 0)) (global $C (mut f64) (f64.const 0))
  (func $shift (param $d f64) (param $prev i32) (param $g i32) (param $a i32) (param $wr i32) (param $pred i32) (param $n i32)
    (local $j i32) (local $o i32) (local $A v128) (local $B v128) (local $C v128) (local $dd v128) (local $p v128) (local $v v128) (local $av v128)
    (local $sA f64) (local $sB f64) (local $sC f64) (local $ps f64) (local $vs f64) (local $avs f64) (local $n2 i32)
    (local.set $dd (f64x2.splat (local.get $d)))
    (local.set $A (v128.const i64x2 0 0)) (local.set $B (v128.const i64x2 0 0)) (local.set $C (v128.const i64x2 0 0))
    (local.set $n2 (i32.and (local.get $n) (i32.const -2)))
    (block $jd (loop $jl
      (br_if $jd (i32.ge_u (local.get $j) (local.get $n2)))
      (local.set $o (i32.shl (local.get $j) (i32.const 3)))
      (local.set $p (f64x2.add (v128.load (i32.add (local.get $pred) (local.get $o)))
                               (f64x2.mul (local.get $dd) (v128.load (i32.add (local.get $prev) (local.get $o))))))
      (v128.store (i32.add (local.get $pred) (local.get $o)) (local.get $p))
      (local.set $v (v128.load (i32.add (local.get $g) (local.get $o))))
      (local.set $av (f64x2.mul (v128.load (i32.add (local.get $a) (local.get $o))) (local.get $v)))
      (local.set $A (f64x2.add (local.get $A) (f64x2.mul (local.get $av) (local.get $v))))
      (local.set $B (f64x2.add (local.get $B) (f64x2.mul (local.get $av) (local.get $p))))
      (local.set $C (f64x2.add (local.get $C) (f64x2.mul (v128.load (i32.add (local.get $wr) (local.get $o))) (local.get $v))))
      (local.set $j (i32.add (local.get $j) (i32.const 2)))
      (br $jl)))
    (local.set $sA (f64x2.extract_lane 0 (local.get $A)))
    (local.set $sB (f64x2.extract_lane 0 (local.get $B)))
    (local.set $sC (f64x2.extract_lane 0 (local.get $C)))
    (if (i32.lt_u (local.get $j) (local.get $n)) (then
      (local.set $o (i32.shl (local.get $j) (i32.const 3)))
      (local.set $ps (f64.add (f64.load (i32.add (local.get $pred) (local.get $o))) (f64.mul (local.get $d) (f64.load (i32.add (local.get $prev) (local.get $o))))))
      (f64.store (i32.add (local.get $pred) (local.get $o)) (local.get $ps))
      (local.set $vs (f64.load (i32.add (local.get $g) (local.get $o))))
      (local.set $avs (f64.mul (f64.load (i32.add (local.get $a) (local.get $o))) (local.get $vs)))
      (local.set $sA (f64.add (local.get $sA) (f64.mul (local.get $avs) (local.get $vs))))
      (local.set $sB (f64.add (local.get $sB) (f64.mul (local.get $avs) (local.get $ps))))
      (local.set $sC (f64.add (local.get $sC) (f64.mul (f64.load (i32.add (local.get $wr) (local.get $o))) (local.get $vs))))))
    (global.set $A (f64.add (local.get $sA) (f64x2.extract_lane 1 (local.get $A))))
    (global.set $B (f64.add (local.get $sB) (f64x2.extract_lane 1 (local.get $B))))
    (global.set $C (f64.add (local.get $sC) (f64x2.extract_lane 1 (local.get $C))))
  )
  ;; dot is dotLoop for k a multiple of 4: lanes [s0 s1] and [s2 s3], then
  ;; (s0+s2) + (s1+s3).
  (func $dot (param $x i32) (param $y i32) (param $k i32) (result f64)
    (local $j i32) (local $a v128) (local $b v128) (local $t v128)
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $j) (local.get $k)))
      (local.set $a (f64x2.add (local.get $a) (f64x2.mul (v128.load (i32.add (local.get $x) (i32.shl (local.get $j) (i32.const 3)))) (v128.load (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 3)))))))
      (local.set $b (f64x2.add (local.get $b) (f64x2.mul (v128.load offset=16 (i32.add (local.get $x) (i32.shl (local.get $j) (i32.const 3)))) (v128.load offset=16 (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 3)))))))
      (local.set $j (i32.add (local.get $j) (i32.const 4)))
      (br $l)))
    (local.set $t (f64x2.add (local.get $a) (local.get $b)))
    (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
  ;; solveRow is gather, then sweep's k coordinate steps (eq. 12 or 13).
  (func (export "solveRow") (param $x i32) (param $other i32) (param $ids i32) (param $n i32) (param $ws i32) (param $cs i32) (param $c f64)
        (param $pred i32) (param $S i32) (param $sScale f64) (param $lambda f64) (param $blk i32) (param $a i32) (param $wr i32) (param $k i32)
    (local $f i32) (local $srow i32) (local $old f64) (local $sx f64) (local $num f64) (local $sff f64) (local $den f64) (local $nw f64) (local $d f64)
    (local $nb i32) (local $g i32) (local $j i32) (local $A f64) (local $B f64) (local $C f64)
    (call $gather (local.get $x) (local.get $other) (local.get $ids) (local.get $n) (local.get $ws) (local.get $cs) (local.get $c)
                  (local.get $pred) (local.get $blk) (local.get $a) (local.get $wr) (local.get $k))
    (local.set $nb (i32.shl (local.get $n) (i32.const 3)))
    (call $shift (f64.const 0) (local.get $blk) (local.get $blk) (local.get $a) (local.get $wr) (local.get $pred) (local.get $n))
    (local.set $A (global.get $A)) (local.set $B (global.get $B)) (local.set $C (global.get $C))
    (local.set $g (local.get $blk))
    (block $fd (loop $fl
      (br_if $fd (i32.ge_u (local.get $f) (local.get $k)))
      (local.set $srow (i32.add (local.get $S) (i32.shl (i32.mul (local.get $f) (local.get $k)) (i32.const 3))))
      (local.set $old (f64.load (i32.add (local.get $x) (i32.shl (local.get $f) (i32.const 3)))))
      (local.set $sx (f64.mul (f64.sub (call $dot (local.get $x) (local.get $srow) (local.get $k))
                                       (f64.mul (local.get $old) (f64.load (i32.add (local.get $srow) (i32.shl (local.get $f) (i32.const 3))))))
                              (local.get $sScale)))
      (local.set $num (f64.add (f64.sub (local.get $C) (local.get $B)) (f64.mul (local.get $old) (local.get $A))))
      (local.set $sff (f64.mul (f64.load (i32.add (local.get $srow) (i32.shl (local.get $f) (i32.const 3)))) (local.get $sScale)))
      (local.set $den (f64.add (f64.add (local.get $A) (local.get $sff)) (local.get $lambda)))
      (local.set $nw (local.get $old))
      (if (f64.gt (local.get $den) (f64.const 0)) (then (local.set $nw (f64.div (f64.sub (local.get $num) (local.get $sx)) (local.get $den)))))
      (f64.store (i32.add (local.get $x) (i32.shl (local.get $f) (i32.const 3))) (local.get $nw))
      (local.set $d (f64.sub (local.get $nw) (local.get $old)))
      (if (i32.lt_u (i32.add (local.get $f) (i32.const 1)) (local.get $k))
        (then
          (call $shift (local.get $d) (local.get $g) (i32.add (local.get $g) (local.get $nb)) (local.get $a) (local.get $wr) (local.get $pred) (local.get $n))
          (local.set $A (global.get $A)) (local.set $B (global.get $B)) (local.set $C (global.get $C)))
        (else
          (if (f64.ne (local.get $d) (f64.const 0)) (then
            (local.set $j (i32.const 0))
            (block $pd (loop $pl
              (br_if $pd (i32.ge_u (local.get $j) (local.get $n)))
              (f64.store (i32.add (local.get $pred) (i32.shl (local.get $j) (i32.const 3)))
                (f64.add (f64.load (i32.add (local.get $pred) (i32.shl (local.get $j) (i32.const 3))))
                         (f64.mul (local.get $d) (f64.load (i32.add (local.get $g) (i32.shl (local.get $j) (i32.const 3)))))))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br $pl)))))))
      (local.set $g (i32.add (local.get $g) (local.get $nb)))
      (local.set $f (i32.add (local.get $f) (i32.const 1)))
      (br $fl)))
  )

  ;; dotRows is dotRowsLoop: dst[i] = p . q_i for n rows of k, four partial
  ;; sums (lanes [s0 s1] and [s2 s3]), any tail into s0, then (s0+s2) + (s1+s3).
  ;; Where k is a multiple of 4 it takes four rows at a time: each row's sums
  ;; are the same, but eight of them grow side by side instead of two, so
  ;; the adds no longer wait on each other, and p is read once for four rows.
  (func $dotRows (export "dotRows") (param $dst i32) (param $p i32) (param $q i32) (param $n i32) (param $k i32)
    (local $i i32) (local $j i32) (local $a01 v128) (local $a23 v128) (local $t v128) (local $s0 f64) (local $k4 i32)
    (local $kb i32) (local $jb i32) (local $q1 i32) (local $q2 i32) (local $q3 i32) (local $p01 v128) (local $p23 v128)
    (local $b01 v128) (local $b23 v128) (local $c01 v128) (local $c23 v128) (local $d01 v128) (local $d23 v128)
    (local.set $k4 (i32.and (local.get $k) (i32.const -4)))
    (local.set $kb (i32.shl (local.get $k) (i32.const 3)))
    (if (i32.eq (local.get $k4) (local.get $k))
      (then
        (block $quadsDone
          (loop $quads
            (br_if $quadsDone (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
            (local.set $a01 (v128.const i64x2 0 0))
            (local.set $a23 (v128.const i64x2 0 0))
            (local.set $b01 (v128.const i64x2 0 0))
            (local.set $b23 (v128.const i64x2 0 0))
            (local.set $c01 (v128.const i64x2 0 0))
            (local.set $c23 (v128.const i64x2 0 0))
            (local.set $d01 (v128.const i64x2 0 0))
            (local.set $d23 (v128.const i64x2 0 0))
            (local.set $q1 (i32.add (local.get $q) (local.get $kb)))
            (local.set $q2 (i32.add (local.get $q1) (local.get $kb)))
            (local.set $q3 (i32.add (local.get $q2) (local.get $kb)))
            (local.set $jb (i32.const 0))
            (block $jqd
              (loop $jql
                (br_if $jqd (i32.ge_u (local.get $jb) (local.get $kb)))
                (local.set $p01 (v128.load (i32.add (local.get $p) (local.get $jb))))
                (local.set $p23 (v128.load offset=16 (i32.add (local.get $p) (local.get $jb))))
                (local.set $a01 (f64x2.add (local.get $a01) (f64x2.mul (local.get $p01) (v128.load (i32.add (local.get $q) (local.get $jb))))))
                (local.set $a23 (f64x2.add (local.get $a23) (f64x2.mul (local.get $p23) (v128.load offset=16 (i32.add (local.get $q) (local.get $jb))))))
                (local.set $b01 (f64x2.add (local.get $b01) (f64x2.mul (local.get $p01) (v128.load (i32.add (local.get $q1) (local.get $jb))))))
                (local.set $b23 (f64x2.add (local.get $b23) (f64x2.mul (local.get $p23) (v128.load offset=16 (i32.add (local.get $q1) (local.get $jb))))))
                (local.set $c01 (f64x2.add (local.get $c01) (f64x2.mul (local.get $p01) (v128.load (i32.add (local.get $q2) (local.get $jb))))))
                (local.set $c23 (f64x2.add (local.get $c23) (f64x2.mul (local.get $p23) (v128.load offset=16 (i32.add (local.get $q2) (local.get $jb))))))
                (local.set $d01 (f64x2.add (local.get $d01) (f64x2.mul (local.get $p01) (v128.load (i32.add (local.get $q3) (local.get $jb))))))
                (local.set $d23 (f64x2.add (local.get $d23) (f64x2.mul (local.get $p23) (v128.load offset=16 (i32.add (local.get $q3) (local.get $jb))))))
                (local.set $jb (i32.add (local.get $jb) (i32.const 32)))
                (br $jql)))
            (local.set $t (f64x2.add (local.get $a01) (local.get $a23)))
            (f64.store offset=0 (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))
              (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
            (local.set $t (f64x2.add (local.get $b01) (local.get $b23)))
            (f64.store offset=8 (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))
              (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
            (local.set $t (f64x2.add (local.get $c01) (local.get $c23)))
            (f64.store offset=16 (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))
              (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
            (local.set $t (f64x2.add (local.get $d01) (local.get $d23)))
            (f64.store offset=24 (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))
              (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
            (local.set $q (i32.add (local.get $q3) (local.get $kb)))
            (local.set $i (i32.add (local.get $i) (i32.const 4)))
            (br $quads)))))
    ;; The rows left, one at a time.
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $a01 (v128.const i64x2 0 0))
        (local.set $a23 (v128.const i64x2 0 0))
        (local.set $j (i32.const 0))
        (block $jd
          (loop $jl
            (br_if $jd (i32.ge_u (local.get $j) (local.get $k4)))
            (local.set $a01 (f64x2.add (local.get $a01)
              (f64x2.mul (v128.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 3))))
                         (v128.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 3)))))))
            (local.set $a23 (f64x2.add (local.get $a23)
              (f64x2.mul (v128.load offset=16 (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 3))))
                         (v128.load offset=16 (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 3)))))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $jl)))
        (local.set $s0 (f64x2.extract_lane 0 (local.get $a01)))
        (block $td
          (loop $tl
            (br_if $td (i32.ge_u (local.get $j) (local.get $k)))
            (local.set $s0 (f64.add (local.get $s0) (f64.mul
               (f64.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 3))))
               (f64.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 3)))))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $tl)))
        (local.set $a01 (f64x2.replace_lane 0 (local.get $a01) (local.get $s0)))
        (local.set $t (f64x2.add (local.get $a01) (local.get $a23)))
        (f64.store (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))
          (f64.add (f64x2.extract_lane 0 (local.get $t)) (f64x2.extract_lane 1 (local.get $t))))
        (local.set $q (i32.add (local.get $q) (i32.shl (local.get $k) (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows))))

  ;; countBefore scores n rows into dst as dotRows does, and returns how
  ;; many rank before the target (core's before): a score above $score, or
  ;; equal to it with an id (from + i) below $item. A NaN score is neither.
  ;; RankWithin's count, without a pass of Go's own over the scores.
  (func (export "countBefore") (param $dst i32) (param $p i32) (param $q i32) (param $n i32) (param $k i32)
                               (param $score f64) (param $from i32) (param $item i32) (result i32)
    (local $i i32) (local $c i32) (local $s f64)
    (call $dotRows (local.get $dst) (local.get $p) (local.get $q) (local.get $n) (local.get $k))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $s (f64.load (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $c (i32.add (local.get $c)
          (i32.or (f64.gt (local.get $s) (local.get $score))
                  (i32.and (f64.eq (local.get $s) (local.get $score))
                           (i32.lt_s (i32.add (local.get $from) (local.get $i)) (local.get $item))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l)))
    (local.get $c))

  ;; gram is gramRows over every row (first 0, step 1): the upper triangle
  ;; of dst (k x k) gains sum_r w_r m_r m_r^T, four rows at a time, each
  ;; entry as d + ((c0 a0 + c1 a1) + (c2 a2 + c3 a3)) with c_i = w_i m_i[f],
  ;; two neighbouring entries per f64x2 (the same sums, side by side), any
  ;; odd one alone; then the rows left over one at a time. w == 0 means
  ;; every weight is 1.
  (func (export "gram") (param $dst i32) (param $m i32) (param $n i32) (param $k i32) (param $w i32)
    (local $r i32) (local $f i32) (local $g i32) (local $len i32) (local $rb i32)
    (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $r3 i32) (local $d i32)
    (local $w0 f64) (local $w1 f64) (local $w2 f64) (local $w3 f64)
    (local $c0 f64) (local $c1 f64) (local $c2 f64) (local $c3 f64)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128) (local $o i32)
    (local.set $rb (i32.shl (local.get $k) (i32.const 3)))
    (local.set $w0 (f64.const 1)) (local.set $w1 (f64.const 1)) (local.set $w2 (f64.const 1)) (local.set $w3 (f64.const 1))
    (block $qd (loop $ql
      (br_if $qd (i32.ge_s (i32.add (local.get $r) (i32.const 3)) (local.get $n)))
      (local.set $r0 (i32.add (local.get $m) (i32.mul (local.get $r) (local.get $rb))))
      (local.set $r1 (i32.add (local.get $r0) (local.get $rb)))
      (local.set $r2 (i32.add (local.get $r1) (local.get $rb)))
      (local.set $r3 (i32.add (local.get $r2) (local.get $rb)))
      (if (local.get $w) (then
        (local.set $o (i32.add (local.get $w) (i32.shl (local.get $r) (i32.const 3))))
        (local.set $w0 (f64.load (local.get $o)))
        (local.set $w1 (f64.load offset=8 (local.get $o)))
        (local.set $w2 (f64.load offset=16 (local.get $o)))
        (local.set $w3 (f64.load offset=24 (local.get $o)))))
      (local.set $f (i32.const 0))
      (block $fd (loop $fl
        (br_if $fd (i32.ge_u (local.get $f) (local.get $k)))
        (local.set $o (i32.shl (local.get $f) (i32.const 3)))
        (local.set $c0 (f64.mul (local.get $w0) (f64.load (i32.add (local.get $r0) (local.get $o)))))
        (local.set $c1 (f64.mul (local.get $w1) (f64.load (i32.add (local.get $r1) (local.get $o)))))
        (local.set $c2 (f64.mul (local.get $w2) (f64.load (i32.add (local.get $r2) (local.get $o)))))
        (local.set $c3 (f64.mul (local.get $w3) (f64.load (i32.add (local.get $r3) (local.get $o)))))
        (local.set $v0 (f64x2.splat (local.get $c0))) (local.set $v1 (f64x2.splat (local.get $c1)))
        (local.set $v2 (f64x2.splat (local.get $c2))) (local.set $v3 (f64x2.splat (local.get $c3)))
        (local.set $d (i32.add (local.get $dst) (i32.shl (i32.add (i32.mul (local.get $f) (local.get $k)) (local.get $f)) (i32.const 3))))
        (local.set $len (i32.sub (local.get $k) (local.get $f)))
        (local.set $g (i32.const 0))
        (block $gd (loop $gl
          (br_if $gd (i32.ge_u (i32.add (local.get $g) (i32.const 1)) (local.get $len)))
          (local.set $o (i32.shl (i32.add (local.get $f) (local.get $g)) (i32.const 3)))
          (v128.store (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3)))
            (f64x2.add (v128.load (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3))))
              (f64x2.add
                (f64x2.add (f64x2.mul (local.get $v0) (v128.load (i32.add (local.get $r0) (local.get $o))))
                           (f64x2.mul (local.get $v1) (v128.load (i32.add (local.get $r1) (local.get $o)))))
                (f64x2.add (f64x2.mul (local.get $v2) (v128.load (i32.add (local.get $r2) (local.get $o))))
                           (f64x2.mul (local.get $v3) (v128.load (i32.add (local.get $r3) (local.get $o))))))))
          (local.set $g (i32.add (local.get $g) (i32.const 2)))
          (br $gl)))
        (if (i32.lt_u (local.get $g) (local.get $len)) (then
          (local.set $o (i32.shl (i32.add (local.get $f) (local.get $g)) (i32.const 3)))
          (f64.store (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3)))
            (f64.add (f64.load (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3))))
              (f64.add
                (f64.add (f64.mul (local.get $c0) (f64.load (i32.add (local.get $r0) (local.get $o))))
                         (f64.mul (local.get $c1) (f64.load (i32.add (local.get $r1) (local.get $o)))))
                (f64.add (f64.mul (local.get $c2) (f64.load (i32.add (local.get $r2) (local.get $o))))
                         (f64.mul (local.get $c3) (f64.load (i32.add (local.get $r3) (local.get $o))))))))))
        (local.set $f (i32.add (local.get $f) (i32.const 1)))
        (br $fl)))
      (local.set $r (i32.add (local.get $r) (i32.const 4)))
      (br $ql)))
    (block $rd (loop $rl
      (br_if $rd (i32.ge_s (local.get $r) (local.get $n)))
      (local.set $r0 (i32.add (local.get $m) (i32.mul (local.get $r) (local.get $rb))))
      (if (local.get $w) (then (local.set $w0 (f64.load (i32.add (local.get $w) (i32.shl (local.get $r) (i32.const 3)))))))
      (local.set $f (i32.const 0))
      (block $fd2 (loop $fl2
        (br_if $fd2 (i32.ge_u (local.get $f) (local.get $k)))
        (local.set $c0 (f64.mul (local.get $w0) (f64.load (i32.add (local.get $r0) (i32.shl (local.get $f) (i32.const 3))))))
        (local.set $d (i32.add (local.get $dst) (i32.shl (i32.add (i32.mul (local.get $f) (local.get $k)) (local.get $f)) (i32.const 3))))
        (local.set $len (i32.sub (local.get $k) (local.get $f)))
        (local.set $g (i32.const 0))
        (block $gd2 (loop $gl2
          (br_if $gd2 (i32.ge_u (local.get $g) (local.get $len)))
          (f64.store (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3)))
            (f64.add (f64.load (i32.add (local.get $d) (i32.shl (local.get $g) (i32.const 3))))
              (f64.mul (local.get $c0) (f64.load (i32.add (local.get $r0) (i32.shl (i32.add (local.get $f) (local.get $g)) (i32.const 3)))))))
          (local.set $g (i32.add (local.get $g) (i32.const 1)))
          (br $gl2)))
        (local.set $f (i32.add (local.get $f) (i32.const 1)))
        (br $fl2)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rl)))
  )
)
