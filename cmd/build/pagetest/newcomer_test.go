//go:build browser && !wasm

package pagetest

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

// newcomerEvidence mirrors window.ealsLiveEvidence.newcomer.
type newcomerEvidence struct {
	Newcomer struct {
		Running bool   `json:"running"`
		Epoch   int    `json:"epoch"`
		Epochs  int    `json:"epochs"`
		Err     string `json:"error"`
		Shown   int    `json:"shown"`
		Result  *struct {
			Newcomers, Reviews, Stream int
			Suggested                  []int
			Followed                   []struct {
				Number int
				User   int32
				Steps  []eval.FollowStep
			}
		} `json:"result"`
	} `json:"newcomer"`
}

// "Follow a newcomer" shows the core's newcomers on the online protocol's
// split of the same pack: their number, and for the first suggested one
// every review's ranks (before, after, popularity), in the table as in
// the published figures. A bad number is refused with a message.
func TestNewcomerMatchesCore(t *testing.T) {
	pk, err := pack.ReadFile(filepath.Join(repoRoot, "web", "yelp.msgpack"))
	if err != nil {
		t.Fatalf("the built pack is needed (make pack): %v", err)
	}
	train, stream, err := pk.Data.TimeSplit(0.9)
	if err != nil {
		t.Fatal(err)
	}
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	cfg := pageConfigShown(t, ctx)

	eventually(t, "the newcomer button enabled", 30*time.Second, func() bool { return !disabled(t, ctx, "#newcomer-start") })
	run(t, ctx, "finding the newcomers", 5*time.Second, mouseClick("#newcomer-start"))
	var ev newcomerEvidence
	// Training the replay's model on one worker takes a while on a busy
	// machine.
	for deadline := time.Now().Add(4 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		readPublished(t, ctx, "ealsLiveEvidence", &ev)
		if ev.Newcomer.Err != "" {
			t.Fatalf("the page says: %s", ev.Newcomer.Err)
		}
		if ev.Newcomer.Result != nil && !ev.Newcomer.Running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no newcomers after 4 minutes: %+v; the section says %q", ev.Newcomer, text(t, ctx, "#newcomer"))
		}
	}
	all := eval.Newcomers(train, stream)
	res := ev.Newcomer.Result
	if res.Newcomers != len(all) || res.Stream != len(stream) {
		t.Fatalf("the page counts %d newcomers in a stream of %d, the core %d in %d", res.Newcomers, res.Stream, len(all), len(stream))
	}
	contains(t, "the count", text(t, ctx, "#newcomer-count"), thousandsOf(len(all))+" newcomers")
	cfg.Threads = 1
	m, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := res.Followed[0]
	if first.Number != res.Suggested[0] || ev.Newcomer.Shown != first.Number {
		t.Fatalf("the page shows newcomer %d, first followed %d, first suggested %d", ev.Newcomer.Shown, first.Number, res.Suggested[0])
	}
	pop, _ := core.NewPopularity(train)
	want, err := eval.Follow(m, pop, train, stream, all[first.Number-1].User, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first.Steps, want) {
		t.Fatalf("newcomer %d: the page's steps %+v, the core's %+v", first.Number, first.Steps, want)
	}
	var rows [][]string
	run(t, ctx, "reading the table", 5*time.Second, chromedp.Evaluate(`Array.from(document.querySelectorAll("#newcomer-steps tbody tr")).map(r =>
		[r.dataset.item, ...Array.from(r.querySelectorAll("td[data-rank]")).map(td => td.textContent.replace(/,/g, ""))])`, &rows))
	if len(rows) != len(want) {
		t.Fatalf("the table has %d rows for %d reviews", len(rows), len(want))
	}
	for k, s := range want {
		before := strconv.Itoa(s.Before + 1)
		if k == 0 {
			before = "—"
		}
		if w := []string{strconv.Itoa(int(s.Item)), before, strconv.Itoa(s.After + 1), strconv.Itoa(s.Popularity + 1)}; !reflect.DeepEqual(rows[k], w) {
			t.Errorf("row %d: %v, want %v", k, rows[k], w)
		}
	}
	screenshotOf(t, ctx, "#newcomer", "70-newcomer")

	// The newcomers followed export as CSV and JSON with the core's ranks
	// (1-based, as the table shows them) and the settings that made them.
	_, csvRows := readCSVFile(t, "eals-newcomer.csv", exportFile(t, ctx, "#export-newcomer-csv", "eals-newcomer.csv"))
	if len(csvRows) < 1+len(want) || csvRows[0][0] != "newcomer" || csvRows[0][6] != "rank_before" {
		t.Fatalf("the newcomer CSV has %d rows, header %v; want %d reviews for newcomer %d first", len(csvRows), csvRows[0], len(want), first.Number)
	}
	for k, s := range want {
		row := csvRows[1+k]
		w := []string{strconv.Itoa(first.Number), strconv.Itoa(k + 1), pk.Items[s.Item].ID,
			strconv.Itoa(s.Before + 1), strconv.Itoa(s.After + 1), strconv.Itoa(s.Popularity + 1)}
		if g := []string{row[0], row[2], row[3], row[6], row[7], row[8]}; !reflect.DeepEqual(g, w) {
			t.Errorf("CSV row %d: %v, want %v", k+1, g, w)
		}
	}
	var file struct {
		Kind     string
		Settings core.Config
		Result   struct {
			Newcomers int
			Stream    int
			Followed  []struct {
				Number int
				Steps  []struct {
					BusinessID string `json:"business_id"`
					RankAfter  int    `json:"rank_after"`
				}
			}
		}
	}
	if err := json.Unmarshal(exportFile(t, ctx, "#export-newcomer-json", "eals-newcomer.json"), &file); err != nil {
		t.Fatalf("the newcomer JSON: %v", err)
	}
	if file.Kind != "newcomer" || file.Settings.K != cfg.K || file.Settings.Alpha != cfg.Alpha || file.Result.Newcomers != len(all) ||
		file.Result.Stream != len(stream) || len(file.Result.Followed) == 0 || len(file.Result.Followed[0].Steps) != len(want) {
		t.Fatalf("the newcomer JSON holds %+v", file)
	}
	if last := file.Result.Followed[0].Steps[len(want)-1]; last.BusinessID != pk.Items[want[len(want)-1].Item].ID || last.RankAfter != want[len(want)-1].After+1 {
		t.Errorf("the JSON's last review %+v, the core's %+v", last, want[len(want)-1])
	}

	// A bad number is refused and named.
	run(t, ctx, "typing a bad number", 5*time.Second,
		typed("#newcomer-number-input", "0"), mouseClick("#newcomer-follow"))
	eventually(t, "the message", 5*time.Second, func() bool { return text(t, ctx, "#newcomer-problem") != "" })
	contains(t, "the message", text(t, ctx, "#newcomer-problem"), "from 1 to "+strconv.Itoa(len(all)))
	run(t, ctx, "narrow screen", 10*time.Second, phone())
	time.Sleep(500 * time.Millisecond)
	screenshotOf(t, ctx, "#newcomer", "71-newcomer-phone")
}
