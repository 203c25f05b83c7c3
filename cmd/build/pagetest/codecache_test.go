//go:build browser

package pagetest

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A visitor who comes back in a new browser session gets app.wasm's
// compiled code from the browser's cache, instead of compiling it again
// on every thread that runs it: the worker compiles the response as
// fetched, which the browser can keep compiled code beside, not a copy of
// its body. The browser keeps code for the service worker's copy of
// app.wasm, which a first visit does not use, so it is the second session
// back that finds it; the trace of its start shows V8 deserialising the
// module.
func TestCompiledCodeKept(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	profile, err := os.MkdirTemp("", "ealslive-codecache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	for session := 0; session < 3; session++ {
		ctx := newBrowser(t, chromedp.UserDataDir(profile))
		var names []string
		var mu sync.Mutex
		done := make(chan struct{})
		last := session == 2
		if last {
			chromedp.ListenTarget(ctx, func(ev any) {
				switch e := ev.(type) {
				case *tracing.EventDataCollected:
					mu.Lock()
					for _, raw := range e.Value {
						var te struct{ Name string }
						if json.Unmarshal(raw, &te) == nil && strings.HasPrefix(te.Name, "wasm.") {
							names = append(names, te.Name)
						}
					}
					mu.Unlock()
				case *tracing.EventTracingComplete:
					close(done)
				}
			})
			run(t, ctx, "tracing the start", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
				return tracing.Start().WithTransferMode(tracing.TransferModeReportEvents).WithTraceConfig(&tracing.TraceConfig{
					IncludedCategories: []string{"v8.wasm"},
				}).Do(ctx)
			}))
		}
		run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
		m := waitFor(t, ctx, "the page to be ready", trainTimeout, ready)
		if session > 0 && !m.Restored {
			t.Errorf("session %d trained again instead of bringing the model back", session+1)
		}
		if session == 0 {
			eventually(t, "the service worker to take the site", time.Minute, func() bool { return serviceWorkerActive(t, ctx) })
		}
		if last {
			run(t, ctx, "ending the trace", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error { return tracing.End().Do(ctx) }))
			<-done
			mu.Lock()
			kept := false
			for _, n := range names {
				kept = kept || n == "wasm.Deserialize"
			}
			if !kept {
				t.Errorf("the third session compiled app.wasm again: no wasm.Deserialize among V8's %d wasm trace events", len(names))
			}
			mu.Unlock()
		} else {
			// V8 hands its code to the cache once it has optimised enough
			// of it, a few seconds into a visit.
			time.Sleep(8 * time.Second)
		}
		chromedp.Cancel(ctx)
	}
}
