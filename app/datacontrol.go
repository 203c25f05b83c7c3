package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
)

// The page's limits on a planted world, tighter than core's: a world is
// trained in the browser as the Phoenix reviews are, and a class waits.
const (
	plantedMaxUsers   = 20000
	plantedMaxItems   = 10000
	plantedMaxPerUser = 200
)

// dataControl is the model card's "Data": the Phoenix reviews (the site's
// pack), a file of the visitor's own, with an optional item file, or a
// world with planted tastes. What it reads and makes is the runner's
// (LoadData); the choice being made, the files picked and the world's
// fields as typed are its own.
type dataControl struct {
	app.Compo
	Icmd interface {
		LoadData(d dataSource, parts [][]byte)
	}
	data    dataSet
	hold    hold
	load    loadState
	kind    string            // the choice shown, "" for the data in use
	dropped app.Value         // a file dropped on the control, instead of one picked
	world   map[string]string // the planted world's fields as typed, by name
	problem string            // why the choice cannot be read or made
	ctx     app.Context
}

func newDataControl() *dataControl { return &dataControl{world: map[string]string{}} }

func (c *dataControl) Commands(cmd interface{ LoadData(dataSource, [][]byte) }) *dataControl {
	c.Icmd = cmd
	return c
}

func (c *dataControl) OnMount(ctx app.Context) {
	c.ctx = ctx
	observe(ctx, "data", drawn(keyData)).OnChange(func() { c.kind, c.dropped, c.problem = "", nil, "" }).Value(&c.data)
	observe(ctx, "data", drawn(keyBusy)).Value(&c.hold)
	observe(ctx, "data", keyLoad).Value(&c.load)
}

// inUse is the kind of data in use.
func (c *dataControl) inUse() string {
	if c.data.Info == nil || c.data.Info.Source == "" {
		return sourcePack
	}
	return c.data.Info.Source
}

// shown is the choice the control shows.
func (c *dataControl) shown() string {
	if c.kind != "" {
		return c.kind
	}
	return c.inUse()
}

// plantedFields are the planted world's fields, in the order core reads
// them (core.ParsePlanted), with their labels.
var plantedFields = []struct{ name, label string }{
	{"groups", "taste groups"}, {"users", "users"}, {"items", "items"}, {"per-user", "interactions per user"},
	{"noise", "share outside the user's group"}, {"zipf", "popularity's Zipf exponent"}, {"seed", "seed"},
}

// worldConfig reads the planted world's fields over the world in use (or
// the default one), and says what is wrong.
func (c *dataControl) worldConfig() (core.PlantedConfig, error) {
	base := core.DefaultPlanted()
	if i := c.data.Info; i != nil && i.Planted != nil {
		base = *i.Planted
	}
	values := strings.Split(base.String(), ",")
	for k, f := range plantedFields {
		if v, ok := c.world[f.name]; ok {
			values[k] = strings.ReplaceAll(v, ",", " ")
		}
	}
	cfg, err := core.ParsePlanted(strings.Join(values, ","))
	switch {
	case err != nil:
		return cfg, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "core: "))
	case cfg.Users > plantedMaxUsers || cfg.Items > plantedMaxItems || cfg.PerUser > plantedMaxPerUser:
		return cfg, fmt.Errorf("in the browser a world has at most %s, %s and %d interactions per user",
			textfmt.Plural(plantedMaxUsers, "user", "users"), textfmt.Plural(plantedMaxItems, "item", "items"), plantedMaxPerUser)
	}
	return cfg, nil
}

// choose shows a choice; the Phoenix reviews are loaded at once.
func (c *dataControl) choose(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		c.kind, c.problem = kind, ""
		if kind == sourcePack && c.inUse() != sourcePack {
			c.Icmd.LoadData(dataSource{Kind: sourcePack}, nil)
		}
	}
}

// readFile reads the picked (or dropped) file and item file, once their
// sizes are within the page's limit, and hands them to the session.
func (c *dataControl) readFile(ctx app.Context, e app.Event) {
	doc := app.Window().Get("document")
	file := c.dropped
	if file == nil || !file.Truthy() {
		file = firstFile(doc.Call("getElementById", "data-file"))
	}
	items := firstFile(doc.Call("getElementById", "data-items"))
	if !file.Truthy() {
		c.problem = "Pick a file first, or drop one here."
		return
	}
	size := file.Get("size").Int()
	if items.Truthy() {
		size += items.Get("size").Int()
	}
	if err := work.CheckLogSize(file.Get("name").String(), size); err != nil {
		c.problem = err.Error() + ", so it was not read."
		return
	}
	min, err := optionalNumber(doc.Call("getElementById", "data-min-rating").Get("value").String())
	if err != nil {
		c.problem = "The minimum rating " + err.Error() + "."
		return
	}
	d := dataSource{Kind: sourceFile, File: file.Get("name").String(), Options: work.LogOptions{MinRating: min}}
	if items.Truthy() {
		d.Items = items.Get("name").String()
	}
	c.problem = ""
	readBytes(file, func(log []byte, err error) {
		if err != nil {
			c.ctx.Dispatch(func(app.Context) { c.problem = "The browser could not read " + d.File + ": " + err.Error() + "." })
			return
		}
		readBytes(items, func(it []byte, err error) {
			c.ctx.Dispatch(func(ctx app.Context) {
				if err != nil {
					c.problem = "The browser could not read " + d.Items + ": " + err.Error() + "."
					return
				}
				parts := [][]byte{log}
				if it != nil {
					parts = append(parts, it)
				}
				c.Icmd.LoadData(d, parts)
			})
		})
	})
}

// optionalNumber reads a number typed in a field, 0 for none.
func optionalNumber(text string) (float64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, fmt.Errorf("“%s” is not a number", text)
	}
	return v, nil
}

// makeWorld makes the planted world the fields describe.
func (c *dataControl) makeWorld(ctx app.Context, e app.Event) {
	cfg, err := c.worldConfig()
	if err != nil {
		c.problem = "This world cannot be made: " + err.Error() + "."
		return
	}
	c.problem = ""
	c.Icmd.LoadData(dataSource{Kind: sourcePlanted, Planted: &cfg}, nil)
}

// onDrop takes a file dropped on the control.
func (c *dataControl) onDrop(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if f := firstFile(e.Get("dataTransfer")); f.Truthy() {
		c.dropped, c.kind, c.problem = f, sourceFile, ""
	}
}

func (c *dataControl) Render() app.UI {
	kind := c.shown()
	busy := c.hold.Reason != "" || c.load.Reading != ""
	radio := func(value, label string) app.UI {
		id := "data-kind-" + value
		return app.Label().Class("choice").For(id).Body(
			app.Input().Type("radio").ID(id).Name("data-kind").Value(value).Checked(kind == value).Disabled(busy).
				OnChange(c.choose(value), value),
			app.Span().Text(label),
		)
	}
	status := c.status(busy)
	return app.Details().ID("data-choice").Class("data-choice").Body(
		app.Summary().Text("Data: "+c.inUseName()),
		app.Div().Class("data-choice-body").On("dragover", func(ctx app.Context, e app.Event) { e.PreventDefault() }).
			On("drop", c.onDrop).Body(
			app.FieldSet().Class("choices").Body(
				app.Legend().Text("Train on"),
				radio(sourcePack, c.data.sitePackName()),
				radio(sourceFile, "your file"),
				radio(sourcePlanted, "a world with known tastes"),
			),
			when(kind == sourceFile, func() app.UI { return c.renderFile(busy) }),
			when(kind == sourcePlanted, func() app.UI { return c.renderWorld(busy) }),
			app.P().ID("data-status").Class("caption").Attr("role", "status").Text(status),
			app.P().ID("data-problem").Class("param-error").Attr("role", "alert").Text(c.problemText()),
		),
	)
}

// inUseName names the data in use: the site's own pack by what it holds
// (its source and subset, or the Phoenix reviews), not by the pack this
// repository builds by default.
func (c *dataControl) inUseName() string { return c.data.about().Called() }

func (c *dataControl) problemText() string {
	if c.problem != "" {
		return c.problem
	}
	return c.load.Problem
}

func (c *dataControl) status(busy bool) string {
	switch {
	case c.load.Reading != "":
		return "Reading " + c.load.Reading + " in your browser…"
	case c.hold.Reason != "":
		return c.hold.says("Changing the data")
	case c.shown() == sourceFile:
		return fmt.Sprintf("CSV, TSV, semicolon- or space-separated, or MovieLens (ratings.csv, ratings.dat, u.data): "+
			"user, item, then optional rating and time, with or without a header, in UTF-8 or UTF-16; up to %d MB. "+
			"It is read and trained on in your browser and never leaves it.", work.MaxLogMB)
	case c.shown() == sourcePlanted:
		return "Users and items in taste groups, made from the fields above: whether the model finds your group is " +
			"something you can check."
	}
	return ""
}

func (c *dataControl) renderFile(busy bool) app.UI {
	dropped := ""
	if c.dropped != nil && c.dropped.Truthy() {
		dropped = "Dropped: " + c.dropped.Get("name").String()
	}
	return app.Div().ID("data-file-choice").Class("data-fields").Body(
		app.Label().For("data-file").Text("Interactions file"),
		app.Input().ID("data-file").Type("file").Attr("accept", ".csv,.tsv,.txt,.dat,.data,.base,.test,text/csv,text/plain").
			Disabled(busy).OnChange(func(ctx app.Context, e app.Event) { c.dropped = nil }),
		app.P().ID("data-dropped").Class("small").Text(dropped),
		app.Label().For("data-items").Text("Item file, optional (names and categories)"),
		app.Input().ID("data-items").Type("file").Attr("accept", ".csv,.tsv,.txt,.dat,.item,text/csv,text/plain").Disabled(busy),
		app.Label().For("data-min-rating").Text("Keep rows rated at least (optional)"),
		app.Input().ID("data-min-rating").Type("text").Attr("inputmode", "decimal").AutoComplete(false).Placeholder("every row"),
		app.Button().ID("data-read").Class("run").Disabled(busy).Text("Read and train").OnClick(c.readFile),
	)
}

func (c *dataControl) renderWorld(busy bool) app.UI {
	base := core.DefaultPlanted()
	if i := c.data.Info; i != nil && i.Planted != nil {
		base = *i.Planted
	}
	start := strings.Split(base.String(), ",")
	_, err := c.worldConfig()
	return app.Div().ID("data-world").Class("data-fields param-grid").Body(
		app.Range(plantedFields).Slice(func(k int) app.UI {
			f := plantedFields[k]
			return app.Div().Class("param").Body(
				app.Label().For("world-"+f.name).Text(f.label),
				app.Input().ID("world-"+f.name).Type("text").Attr("inputmode", "decimal").AutoComplete(false).
					Value(start[k]).OnInput(func(ctx app.Context, e app.Event) { c.world[f.name] = ctx.JSSrc().Get("value").String() }, f.name),
			)
		}),
		app.Button().ID("data-plant").Class("run").Disabled(busy || err != nil).Text("Make this world and train").OnClick(c.makeWorld),
		when(err != nil, func() app.UI { return app.P().Class("param-error").Text(err.Error() + ".") }),
	)
}

// firstFile is the first of a file input's (or a drop's) files, or null.
func firstFile(v app.Value) app.Value {
	if !v.Truthy() {
		return app.Null()
	}
	files := v.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return app.Null()
	}
	return files.Index(0)
}

// readBytes reads a File's bytes and calls done with them, nil for a null
// file.
func readBytes(file app.Value, done func([]byte, error)) {
	if !file.Truthy() {
		done(nil, nil)
		return
	}
	var ok, fail app.Func
	release := func() { ok.Release(); fail.Release() }
	ok = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		u8 := app.Window().Get("Uint8Array").New(args[0])
		b := make([]byte, u8.Length())
		app.CopyBytesToGo(b, u8)
		go done(b, nil)
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		go done(nil, fmt.Errorf("%s", args[0].Call("toString").String()))
		return nil
	})
	file.Call("arrayBuffer").Call("then", ok, fail)
}
