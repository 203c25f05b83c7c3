//go:build browser && !wasm

package pagetest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// largeFile is MovieLens-1M's shape, the size the page's file limit is
// set for: 6,040 users, 3,706 items, 1,000,000 interactions.
const (
	largeUsers, largeItems, largeInteractions = 6040, 3706, 1_000_000
)

// BenchmarkLargeFile trains the page on the Phoenix pack, then on a
// generated file of MovieLens-1M's shape loaded through the file control,
// and prints each one's epoch time per training interaction, their ratio,
// and what worker 0 holds once each data set is in: the page's stated
// limits, measured.
func BenchmarkLargeFile(b *testing.B) {
	bp := readBuiltPack(b)
	d, err := core.Synthetic(largeUsers, largeItems, largeInteractions, 0.8, 1)
	if err != nil {
		b.Fatal(err)
	}
	train, _, err := d.LeaveOneOut()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "ratings.dat")
	if err := os.WriteFile(path, []byte(writeLog(d, "", func(u, i, r int, ts int64) string {
		return fmt.Sprintf("%d::%d::%d::%d\n", u, i, r, ts)
	})), 0o644); err != nil {
		b.Fatal(err)
	}
	info, _ := os.Stat(path)
	load := loadAverage()
	for n := 0; n < b.N; n++ {
		srv := serveSite(b, buildSite(b, ""), "")
		ctx := newBrowser(b)
		run(b, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
		m := waitFor(b, ctx, "training on the pack", trainTimeout, ready)
		packEpoch, packMem := eval.Median(m.EpochMs), m.MemBytes
		start := time.Now()
		m = loadFile(b, ctx, path, "")
		took := time.Since(start)
		// The metrics hold the latest training's epochs.
		fileEpoch := eval.Median(m.EpochMs)
		packPer := packEpoch * 1e6 / float64(bp.train.Len())
		filePer := fileEpoch * 1e6 / float64(train.Len())
		fmt.Printf("load average before: %s\n", load)
		fmt.Printf("Phoenix pack: %d training interactions, epoch %.0f ms, %.1f ns per interaction, worker 0 holds %.0f MB\n",
			bp.train.Len(), packEpoch, packPer, float64(packMem)/(1<<20))
		fmt.Printf("%s (%.1f MB, %d×%d): %d training interactions, epoch %.0f ms, %.1f ns per interaction, worker 0 holds %.0f MB; read, trained and evaluated in %.0f s\n",
			filepath.Base(path), float64(info.Size())/1e6, largeUsers, largeItems, train.Len(), fileEpoch, filePer,
			float64(m.MemBytes)/(1<<20), took.Seconds())
		fmt.Printf("epoch time per interaction, file / pack: %.2f (at most 1.5 asked)\n", filePer/packPer)
		chromedp.Cancel(ctx)
	}
	b.ReportMetric(0, "ns/op")
}
