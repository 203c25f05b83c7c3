//go:build browser && !wasm

package pagetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

// exportFile clicks an export button and returns the file it made, read
// back through the page's link to it, as text or, for a PNG, as bytes.
func exportFile(t *testing.T, ctx context.Context, button, name string) []byte {
	t.Helper()
	return exportFileFrom(t, ctx, button, name, "#export-last")
}

// exportFileFrom is exportFile for a section that offers its own files,
// by the link it keeps to the last one.
func exportFileFrom(t *testing.T, ctx context.Context, button, name, link string) []byte {
	t.Helper()
	click(t, ctx, button)
	eventually(t, name, 20*time.Second, func() bool { return attr(t, ctx, link, "download") == name })
	var b64 string
	run(t, ctx, "reading "+name, 20*time.Second, chromedp.Evaluate(`
		fetch(document.querySelector(`+jsString(link)+`).href).then(r => r.arrayBuffer()).then(buf => {
			const a = new Uint8Array(buf); let s = "";
			for (let k = 0; k < a.length; k++) s += String.fromCharCode(a[k]);
			return btoa(s);
		})`, &b64, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readCSVFile(t *testing.T, name string, b []byte) (comments string, rows [][]string) {
	t.Helper()
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			comments += line + "\n"
		}
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s does not parse as CSV: %v\n%s", name, err, b)
	}
	return comments, rows
}

// The exports parse and hold what the page showed: the training run's
// objective per epoch (equal to core's on the same pack), its final
// HR@100, the replay's figures as published, and the charts as standalone
// SVG and PNG with their title, legend and settings.
func TestExportsHoldWhatThePageShowed(t *testing.T) {
	packPath := smallPackFile(t)
	b, err := os.ReadFile(packPath)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := pack.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	srv := serveSite(t, siteWithPack(t, packPath), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	m := waitFor(t, ctx, "training to end", trainTimeout, ready)
	eventually(t, "the export buttons", 10*time.Second, func() bool { return count(t, ctx, "#export-training-csv") == 1 })

	// The training run: every epoch's objective is core's, natively, on
	// the same split and settings.
	cfg := pageConfigShown(t, ctx)
	train, _, err := pk.Data.LeaveOneOut()
	if err != nil {
		t.Fatal(err)
	}
	var objective []float64
	if _, err := core.Train(train, cfg, func(m *core.Model, _ core.EpochInfo) error {
		objective = append(objective, m.Objective().Total())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	comments, rows := readCSVFile(t, "eals-training.csv", exportFile(t, ctx, "#export-training-csv", "eals-training.csv"))
	contains(t, "the training CSV's head", comments, "# settings: K="+strconv.Itoa(cfg.K)+" c0=")
	contains(t, "the training CSV's head", comments, "20-core, latest 5000 interactions")
	if len(rows) != cfg.Epochs+1 || rows[0][1] != "objective" {
		t.Fatalf("the training CSV has %d rows (want a header and %d epochs): %v", len(rows), cfg.Epochs, rows[0])
	}
	for k, want := range objective {
		got, err := strconv.ParseFloat(rows[k+1][1], 64)
		if err != nil || !agree(got, want) {
			t.Errorf("epoch %d: the export's objective is %q, core's %v", k+1, rows[k+1][1], want)
		}
		if ms, _ := strconv.ParseFloat(rows[k+1][3], 64); ms != m.EpochMs[k] {
			t.Errorf("epoch %d: the export's time is %v ms, the page's %v", k+1, ms, m.EpochMs[k])
		}
	}
	var doc struct {
		Kind     string
		Settings struct{ K int }
		Data     struct{ SHA256 string }
		Result   struct {
			Final struct{ HR float64 }
		}
	}
	if err := json.Unmarshal(exportFile(t, ctx, "#export-training-json", "eals-training.json"), &doc); err != nil {
		t.Fatalf("the training JSON: %v", err)
	}
	if doc.Kind != "training" || doc.Settings.K != cfg.K || doc.Result.Final.HR != m.HR {
		t.Errorf("the training JSON reads %+v; the page's HR@100 is %v", doc, m.HR)
	}
	// The pack's name is its SHA-256, which the worker has the browser
	// compute (WebCrypto): it must be Go's, natively, on the same bytes.
	if sum := sha256.Sum256(b); doc.Data.SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("the training JSON names the pack %q, its SHA-256 is %x", doc.Data.SHA256, sum)
	}

	// A chart as SVG: well-formed, styled inline, titled.
	svg := exportFile(t, ctx, "#export-chart-objective-svg", "eals-chart-objective.svg")
	checkSVG(t, "the objective chart", svg, "Objective (eq. 7)", "data-role=\"line\"", "stroke: rgb(31, 92, 77)", "K = "+strconv.Itoa(cfg.K))
	img, err := png.Decode(bytes.NewReader(exportFile(t, ctx, "#export-chart-objective-png", "eals-chart-objective.png")))
	if err != nil {
		t.Fatalf("the objective chart's PNG: %v", err)
	}
	if got := img.Bounds().Size(); got.X != 720 || got.Y != 428 {
		t.Errorf("the PNG is %v, want 720×428 (the chart at twice its size)", got)
	}

	// The replay, exported as published.
	click(t, ctx, "#replay-start")
	ev := waitEvidence(t, ctx, "the replay to finish", 2*time.Minute, func(ev evidenceJSON) bool { return ev.Replay.Finished })
	eventually(t, "the replay's export", 10*time.Second, func() bool { return count(t, ctx, "#export-replay-csv") == 1 })
	_, rows = readCSVFile(t, "eals-replay.csv", exportFile(t, ctx, "#export-replay-csv", "eals-replay.csv"))
	overall := map[string][]string{}
	curve := 0
	for _, r := range rows[1:] {
		switch r[2] {
		case "overall":
			overall[r[0]] = r
		case "curve":
			curve++
		}
	}
	for _, l := range ev.Replay.Lanes {
		r, ok := overall[l.Key]
		if !ok {
			t.Errorf("the replay CSV has no overall row for %s", l.Key)
			continue
		}
		if hr, _ := strconv.ParseFloat(r[4], 64); hr != l.Overall.HR || r[6] != strconv.Itoa(l.Overall.Count) {
			t.Errorf("%s: the export has HR %s over %s, the page %v over %d", l.Key, r[4], r[6], l.Overall.HR, l.Overall.Count)
		}
		curve -= len(l.Curve)
	}
	if curve != 0 {
		t.Errorf("the replay CSV's curve rows differ from the page's points by %d", curve)
	}
	svg = exportFile(t, ctx, "#export-replay-hr-svg", "eals-replay-hr.svg")
	checkSVG(t, "the replay's chart", svg, "HR@100 so far", "Popularity", "eALS, no updates")
	screenshotOf(t, ctx, "#export", "64-export-card")
}

// checkSVG parses an exported SVG as XML and looks for each of wants.
func checkSVG(t *testing.T, what string, b []byte, wants ...string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s's SVG is not well-formed XML: %v", what, err)
		}
	}
	for _, w := range wants {
		if !bytes.Contains(b, []byte(w)) {
			t.Errorf("%s's SVG lacks %q", what, w)
		}
	}
}
