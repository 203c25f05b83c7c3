package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
)

// document is the reproduction report, built once and written twice, as
// Markdown (report.md) and HTML (index.html), so the two cannot disagree.
// Every table is also a CSV file with the same cells, and every figure an
// SVG file with its data in a CSV file beside it.
type document struct {
	blocks []block
	files  map[string][]byte // name in the folder → content
	order  []string          // file names in the order written
	claims [][]string        // figure, paper, here, verdict
}

type block interface {
	markdown(b *bytes.Buffer)
	html(b *bytes.Buffer)
}

func newDocument() *document { return &document{files: map[string][]byte{}} }

func (d *document) add(b block) { d.blocks = append(d.blocks, b) }

func (d *document) file(name string, content []byte) {
	if _, ok := d.files[name]; !ok {
		d.order = append(d.order, name)
	}
	d.files[name] = content
}

func (d *document) heading(level int, text string) { d.add(heading{level, text}) }

func (d *document) para(format string, args ...any) { d.add(para(fmt.Sprintf(format, args...))) }

func (d *document) list(items ...string) { d.add(list(items)) }

// table adds a table shown in the report and written to name.csv with the
// same cells.
func (d *document) table(name, caption string, header []string, rows [][]string) {
	d.file(name+".csv", csvBytes(header, rows))
	d.add(table{name: name, caption: caption, header: header, rows: rows})
}

// figure adds charts, each written as an SVG, with their data, not shown
// as a table, written to name.csv.
func (d *document) figure(name, caption string, charts []chart, header []string, rows [][]string) {
	var svgs []string
	for k, c := range charts {
		file := name + ".svg"
		if len(charts) > 1 {
			file = fmt.Sprintf("%s-%c.svg", name, 'a'+k)
		}
		d.file(file, c.svg())
		svgs = append(svgs, file)
	}
	d.file(name+".csv", csvBytes(header, rows))
	d.add(figure{name: name, caption: caption, svgs: svgs})
}

// claim puts the paper's claim beside what this run found, and keeps it
// for the summary table of claims.
func (d *document) claim(fig, paper, here, verdict string) {
	d.claims = append(d.claims, []string{fig, paper, here, verdict})
	d.add(claim{paper, here, verdict})
}

// write writes every file, then report.md and index.html, into dir.
func (d *document) write(dir, title string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, name := range d.order {
		if err := os.WriteFile(filepath.Join(dir, name), d.files[name], 0o644); err != nil {
			return err
		}
	}
	var md, h bytes.Buffer
	fmt.Fprintf(&md, "# %s\n\n", title)
	fmt.Fprintf(&h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n<h1>%s</h1>\n",
		html.EscapeString(title), css, html.EscapeString(title))
	for _, b := range d.blocks {
		b.markdown(&md)
		b.html(&h)
	}
	h.WriteString("</body>\n</html>\n")
	if err := os.WriteFile(filepath.Join(dir, "report.md"), md.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), h.Bytes(), 0o644)
}

const css = `body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
th{background:#f3f3f3}img{max-width:100%;height:auto}.claim{border-left:4px solid #1b6ac9;padding:.3rem .8rem;background:#f6f9fe}
.data{font-size:.9em;color:#555}`

func csvBytes(header []string, rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	w.WriteAll(rows) // flushes; a bytes.Buffer cannot fail
	return b.Bytes()
}

type heading struct {
	level int
	text  string
}

func (x heading) markdown(b *bytes.Buffer) {
	fmt.Fprintf(b, "%s %s\n\n", strings.Repeat("#", x.level), x.text)
}

func (x heading) html(b *bytes.Buffer) {
	fmt.Fprintf(b, "<h%d>%s</h%d>\n", x.level, html.EscapeString(x.text), x.level)
}

type para string

func (x para) markdown(b *bytes.Buffer) { fmt.Fprintf(b, "%s\n\n", x) }
func (x para) html(b *bytes.Buffer)     { fmt.Fprintf(b, "<p>%s</p>\n", html.EscapeString(string(x))) }

type list []string

func (x list) markdown(b *bytes.Buffer) {
	for _, s := range x {
		fmt.Fprintf(b, "- %s\n", s)
	}
	b.WriteString("\n")
}

func (x list) html(b *bytes.Buffer) {
	b.WriteString("<ul>\n")
	for _, s := range x {
		fmt.Fprintf(b, "<li>%s</li>\n", html.EscapeString(s))
	}
	b.WriteString("</ul>\n")
}

type table struct {
	name, caption string
	header        []string
	rows          [][]string
}

func (x table) markdown(b *bytes.Buffer) {
	fmt.Fprintf(b, "**%s**\n\n", x.caption)
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			fmt.Fprintf(b, " %s |", cell(c))
		}
		b.WriteString("\n")
	}
	row(x.header)
	b.WriteString("|" + strings.Repeat("---|", len(x.header)) + "\n")
	for _, r := range x.rows {
		row(r)
	}
	fmt.Fprintf(b, "\nData: [%s.csv](%s.csv)\n\n", x.name, x.name)
}

func (x table) html(b *bytes.Buffer) {
	fmt.Fprintf(b, "<table>\n<caption>%s</caption>\n<tr>", html.EscapeString(x.caption))
	for _, h := range x.header {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(h))
	}
	b.WriteString("</tr>\n")
	for _, r := range x.rows {
		b.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(c))
		}
		b.WriteString("</tr>\n")
	}
	fmt.Fprintf(b, "</table>\n<p class=\"data\">Data: <a href=\"%s.csv\">%s.csv</a></p>\n", x.name, x.name)
}

type figure struct {
	name, caption string
	svgs          []string
}

func (x figure) markdown(b *bytes.Buffer) {
	for _, s := range x.svgs {
		fmt.Fprintf(b, "![%s](%s)\n", x.caption, s)
	}
	fmt.Fprintf(b, "\n*%s* Data: [%s.csv](%s.csv)\n\n", x.caption, x.name, x.name)
}

func (x figure) html(b *bytes.Buffer) {
	b.WriteString("<figure>\n")
	for _, s := range x.svgs {
		fmt.Fprintf(b, "<img src=\"%s\" alt=\"%s\">\n", s, html.EscapeString(x.caption))
	}
	fmt.Fprintf(b, "<figcaption>%s <span class=\"data\">Data: <a href=\"%s.csv\">%s.csv</a></span></figcaption>\n</figure>\n",
		html.EscapeString(x.caption), x.name, x.name)
}

type claim struct{ paper, here, verdict string }

func (x claim) markdown(b *bytes.Buffer) {
	fmt.Fprintf(b, "> **Paper:** %s **Here:** %s **Verdict:** %s.\n\n", x.paper, x.here, x.verdict)
}

func (x claim) html(b *bytes.Buffer) {
	fmt.Fprintf(b, "<p class=\"claim\"><b>Paper:</b> %s <b>Here:</b> %s <b>Verdict:</b> %s.</p>\n",
		html.EscapeString(x.paper), html.EscapeString(x.here), html.EscapeString(x.verdict))
}
