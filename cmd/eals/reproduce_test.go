package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// -reproduce -quick writes a complete, self-consistent report: every file
// it links exists, every SVG is well-formed XML, every CSV parses, every
// table in the Markdown is its CSV cell for cell, every claim beside a
// figure is a row of claims.csv, and the run names its machine, commit and
// Go version.
func TestReproduceQuick(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	var out, errs bytes.Buffer
	args := []string{"-reproduce", dir, "-quick"}
	if d := os.Getenv("EALS_DATA"); d == "" {
		args = append(args, "-data", filepath.Join("..", "..", "..", "shared", "data", "yelp", "phoenix2013_reviews_10core.tsv"))
	}
	if err := run(args, &out, &errs); err != nil {
		t.Fatalf("eals %v: %v\nstderr:\n%s", args, err, errs.String())
	}
	if !strings.Contains(out.String(), "wrote "+filepath.Join(dir, "index.html")) {
		t.Errorf("stdout: %q", out.String())
	}
	if !strings.Contains(errs.String(), "expected time") || !strings.Contains(errs.String(), "Table 3: K = 128") {
		t.Errorf("no plan or progress on stderr:\n%s", errs.String())
	}
	md := read(t, dir, "report.md")
	page := read(t, dir, "index.html")

	// Links and files.
	linked := map[string]bool{}
	for _, m := range regexp.MustCompile(`\]\(([^)]+)\)`).FindAllStringSubmatch(md, -1) {
		linked[m[1]] = true
		if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
			t.Errorf("report.md links %s: %v", m[1], err)
		}
		if !strings.Contains(page, `"`+m[1]+`"`) {
			t.Errorf("index.html does not link %s", m[1])
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	svgs, csvs := 0, 0
	for _, e := range entries {
		name := e.Name()
		switch filepath.Ext(name) {
		case ".svg":
			svgs++
			checkSVG(t, filepath.Join(dir, name))
		case ".csv":
			csvs++
			readCSV(t, dir, name)
		default:
			if name != "report.md" && name != "index.html" {
				t.Errorf("unexpected file %s", name)
			}
			continue
		}
		if !linked[name] {
			t.Errorf("%s is written but not linked from the report", name)
		}
	}
	for _, fig := range []string{"fig3a", "fig3b", "fig4", "fig5", "fig6", "fig7", "fig8", "fig9", "fig10", "table3"} {
		if !linked[fig+".csv"] || !(linked[fig+".svg"] || linked[fig+"-a.svg"] || linked[fig+"-chart.svg"]) {
			t.Errorf("%s is missing its chart or data", fig)
		}
	}
	if svgs < 10 || csvs < 15 {
		t.Errorf("%d SVG and %d CSV files", svgs, csvs)
	}

	// Every Markdown table is its CSV.
	tables := 0
	lines := strings.Split(md, "\n")
	for n := 0; n < len(lines); n++ {
		if !strings.HasPrefix(lines[n], "|") {
			continue
		}
		var cells [][]string
		for ; n < len(lines) && strings.HasPrefix(lines[n], "|"); n++ {
			if strings.HasPrefix(lines[n], "|---") {
				continue
			}
			cells = append(cells, splitRow(lines[n]))
		}
		for ; n < len(lines) && strings.TrimSpace(lines[n]) == ""; n++ {
		}
		m := regexp.MustCompile(`^Data: \[([^\]]+\.csv)\]`).FindStringSubmatch(lines[n])
		if m == nil {
			t.Fatalf("the table ending before line %d has no CSV: %q", n+1, lines[n])
		}
		tables++
		want := readCSV(t, dir, m[1])
		if !equalCells(cells, want) {
			t.Errorf("the table of %s differs from its CSV:\nmarkdown %q\ncsv      %q", m[1], cells, want)
		}
	}
	if tables < 7 {
		t.Errorf("%d tables", tables)
	}

	// Every claim beside a figure is in claims.csv, which the report
	// also shows as a table (checked above).
	claims := readCSV(t, dir, "claims.csv")
	re := regexp.MustCompile(`^> \*\*Paper:\*\* (.*) \*\*Here:\*\* (.*) \*\*Verdict:\*\* (.*)\.$`)
	found := 0
	for _, line := range lines {
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		found++
		if !slices.ContainsFunc(claims[1:], func(row []string) bool {
			return row[1] == m[1] && row[2] == m[2] && row[3] == m[3]
		}) {
			t.Errorf("claim %q is not in claims.csv", line)
		}
	}
	if found != len(claims)-1 || found < 15 {
		t.Errorf("%d claims beside figures, %d rows in claims.csv", found, len(claims)-1)
	}

	// Numbers are numbers, in range.
	for _, row := range readCSV(t, dir, "significance.csv")[1:] {
		p, err := strconv.ParseFloat(row[5], 64)
		if row[5] != "<1e-300" && (err != nil || p < 0 || p > 1) {
			t.Errorf("p-value %q", row[5])
		}
	}
	for _, row := range readCSV(t, dir, "offline.csv")[1:] {
		for _, c := range row[3:5] {
			if v, err := strconv.ParseFloat(c, 64); err != nil || v <= 0 || v >= 1 {
				t.Errorf("offline metric %q in %v", c, row)
			}
		}
	}
	runInfo := map[string]string{}
	for _, row := range readCSV(t, dir, "run.csv")[1:] {
		runInfo[row[0]] = row[1]
	}
	if !strings.Contains(runInfo["Go"], runtime.Version()) || runInfo["commit"] == "" || !strings.Contains(runInfo["machine"], "CPUs") ||
		!strings.Contains(runInfo["mode"], "quick") {
		t.Errorf("the run is not described: %v", runInfo)
	}
	if !strings.Contains(md, "synthetic") || !strings.Contains(md, "may have been shared") {
		t.Error("the report does not say Table 3 is synthetic or that the machine may have been shared")
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readCSV(t *testing.T, dir, name string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(read(t, dir, name))).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("%s: %d rows, %v", name, len(rows), err)
	}
	return rows
}

// checkSVG parses the file as XML from start to end; its root must be an
// svg element in the SVG namespace.
func checkSVG(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	root := true
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root {
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("%s: the root is %v", path, se.Name)
			}
			root = false
		}
	}
}

// splitRow splits a Markdown table row into its cells, unescaping \|.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var cur strings.Builder
	for k := 0; k < len(line); k++ {
		switch {
		case line[k] == '\\' && k+1 < len(line) && line[k+1] == '|':
			cur.WriteByte('|')
			k++
		case line[k] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[k])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

func equalCells(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}
