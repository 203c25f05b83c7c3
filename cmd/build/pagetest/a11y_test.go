//go:build browser && !wasm

package pagetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeSource is axe-core as .ci/package.json pins it, installed by
// `npm ci --prefix .ci` (make test-browser does it).
var axeSource = sync.OnceValues(func() (string, error) {
	p := filepath.Join(repoRoot, ".ci", "node_modules", "axe-core", "axe.min.js")
	b, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("axe-core is not installed (%v): run `npm ci --prefix .ci`", err)
	}
	return string(b), nil
})

// axeViolation is one failed rule of an axe run.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Nodes  []struct {
		Target  []string `json:"target"`
		Summary string   `json:"failureSummary"`
	} `json:"nodes"`
}

// assertAccessible runs axe-core on the page as it is and fails the test
// for every violation of any impact, naming the state the page is in.
func assertAccessible(t testing.TB, ctx context.Context, state string) {
	t.Helper()
	src, err := axeSource()
	if err != nil {
		t.Fatal(err)
	}
	awaited := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	var out []axeViolation
	run(t, ctx, "running axe-core ("+state+")", 60*time.Second,
		chromedp.Evaluate(`window.axe || (0, eval)(`+jsString(src)+`); 0`, nil),
		chromedp.Evaluate(`axe.run(document).then(r => r.violations)`, &out, awaited))
	for _, v := range out {
		var where []string
		for k, n := range v.Nodes {
			if k == 3 {
				where = append(where, fmt.Sprintf("and %d more", len(v.Nodes)-3))
				break
			}
			where = append(where, strings.Join(n.Target, " ")+": "+strings.ReplaceAll(n.Summary, "\n", " "))
		}
		t.Errorf("axe, %s: %s (%s) on %d nodes: %s", state, v.ID, v.Impact, len(v.Nodes), strings.Join(where, "; "))
	}
}

// focused describes the element that has the keyboard's focus: its tag,
// id, accessible name (as the browser computes it for a screen reader,
// from text, aria-label or aria-labelledby), text, and the list it is in.
func focused(t testing.TB, ctx context.Context) string {
	t.Helper()
	var s string
	run(t, ctx, "reading the focus", 10*time.Second, chromedp.Evaluate(`(() => {
		const e = document.activeElement;
		if (!e || e === document.body) return "body";
		const list = e.closest("ol, ul");
		return [e.tagName.toLowerCase(), e.id, "", e.textContent.trim().slice(0, 80), list ? list.id : ""].join("|");
	})()`, &s))
	if s == "body" {
		return s
	}
	name := ""
	run(t, ctx, "reading the focus's name", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
		obj, _, err := runtime.Evaluate("document.activeElement").Do(ctx)
		if err != nil {
			return err
		}
		name, err = axName(ctx, accessibility.GetPartialAXTree().WithObjectID(obj.ObjectID))
		return err
	}))
	f := strings.SplitN(s, "|", 4)
	return strings.Join([]string{f[0], f[1], name, f[3]}, "|")
}

// accessibleNames are the accessible names of the elements matching sel,
// as the browser computes them for a screen reader.
func accessibleNames(t testing.TB, ctx context.Context, sel string) []string {
	t.Helper()
	var nodes []*cdp.Node
	run(t, ctx, "finding "+sel, 10*time.Second, chromedp.Nodes(sel, &nodes, chromedp.ByQueryAll, chromedp.AtLeast(0)))
	names := make([]string, len(nodes))
	for k, n := range nodes {
		run(t, ctx, "reading the name of "+sel, 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
			var err error
			names[k], err = axName(ctx, accessibility.GetPartialAXTree().WithBackendNodeID(n.BackendNodeID))
			return err
		}))
	}
	return names
}

// spokenText is the text a screen reader reads in the element matching
// sel, from the browser's accessibility tree: its text runs in order,
// generated content (and its alternative text) included.
func spokenText(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	var nodes []*cdp.Node
	run(t, ctx, "finding "+sel, 10*time.Second, chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
	// Raw, so that a property this cdproto does not know cannot fail the
	// read.
	type axValue struct {
		Value any `json:"value"`
	}
	type axNode struct {
		NodeID   string   `json:"nodeId"`
		Role     *axValue `json:"role"`
		Name     *axValue `json:"name"`
		ChildIDs []string `json:"childIds"`
		Backend  int64    `json:"backendDOMNodeId"`
	}
	var tree struct {
		Nodes []axNode `json:"nodes"`
	}
	run(t, ctx, "reading the accessibility tree", 10*time.Second, chromedp.ActionFunc(func(ctx context.Context) error {
		return cdp.Execute(ctx, accessibility.CommandGetFullAXTree, nil, &tree)
	}))
	byID := map[string]axNode{}
	var root string
	for _, n := range tree.Nodes {
		byID[n.NodeID] = n
		if n.Backend == int64(nodes[0].BackendNodeID) {
			root = n.NodeID
		}
	}
	var parts []string
	var walk func(id string)
	walk = func(id string) {
		n := byID[id]
		if n.Role != nil && n.Role.Value == "StaticText" && n.Name != nil {
			parts = append(parts, fmt.Sprint(n.Name.Value))
			return
		}
		for _, c := range n.ChildIDs {
			walk(c)
		}
	}
	if root != "" {
		walk(root)
	}
	return strings.Join(parts, "")
}

// axName is the accessible name of the one node the query asks for.
func axName(ctx context.Context, q *accessibility.GetPartialAXTreeParams) (string, error) {
	nodes, err := q.WithFetchRelatives(false).Do(ctx)
	if err != nil {
		return "", err
	}
	if len(nodes) == 0 || nodes[0].Name == nil {
		return "", nil
	}
	var name string
	if err := json.Unmarshal(nodes[0].Name.Value, &name); err != nil {
		return "", fmt.Errorf("an accessible name that is not a string: %s", nodes[0].Name.Value)
	}
	return name, nil
}

func press(t testing.TB, ctx context.Context, key string, mods ...input.Modifier) {
	t.Helper()
	var opts []chromedp.KeyOption
	if len(mods) > 0 {
		opts = append(opts, chromedp.KeyModifiers(mods...))
	}
	run(t, ctx, fmt.Sprintf("pressing %q", key), 10*time.Second, chromedp.KeyEvent(key, opts...))
}

// The main path with the keyboard alone: the skip link to the finder, a
// search, a like with Enter, the shortcut to your list, a like there, and
// a "why?" opened; focus never falls to the page's body, every control
// says which business it acts on, the live region says what changed, and
// axe-core finds nothing wrong on the way.
func TestKeyboardOnly(t *testing.T) {
	srv := serveSite(t, buildSite(t, ""), "")
	ctx := newBrowser(t)
	run(t, ctx, "opening the page", 30*time.Second, chromedp.Navigate(srv.base))
	run(t, ctx, "waiting for the first list", 30*time.Second, visible(`#ranked-list li[data-id]`))
	assertAccessible(t, ctx, "loading")
	waitFor(t, ctx, "training to end", trainTimeout, ready)
	assertAccessible(t, ctx, "ready")

	press(t, ctx, kb.Tab)
	if f := focused(t, ctx); !strings.Contains(f, "Skip to your list") {
		t.Fatalf("the first Tab stop is %q, want the skip link to your list", f)
	}
	press(t, ctx, kb.Tab)
	if f := focused(t, ctx); !strings.Contains(f, "Skip to the finder") {
		t.Fatalf("the second Tab stop is %q, want the skip link to the finder", f)
	}
	press(t, ctx, kb.Enter)
	if f := focused(t, ctx); !strings.HasPrefix(f, "input|search|") {
		t.Fatalf("the skip link to the finder put the focus on %q, want the finder's search box", f)
	}
	run(t, ctx, "typing a search", 10*time.Second, chromedp.KeyEvent("pizza"))
	eventually(t, "the search to filter", 10*time.Second, func() bool {
		return strings.Contains(strings.ToLower(text(t, ctx, "#browse-list li:first-child .biz")), "pizza")
	})
	// Past the two pickers and the first business's "similar" to its "I like".
	for k := 0; k < 3; k++ {
		press(t, ctx, kb.Tab)
	}
	first := ids(t, ctx, "#browse-list li[data-id]")[0]
	name := text(t, ctx, `#browse-list li[data-id="`+first+`"] .biz-name`)
	if f := focused(t, ctx); !strings.Contains(f, "Similar to "+name) {
		t.Fatalf("three Tabs after the search reach %q, want the button named \"Similar to %s\"", f, name)
	}
	press(t, ctx, kb.Tab)
	if f := focused(t, ctx); !strings.HasPrefix(f, "button||") || !strings.Contains(f, "I like "+name) {
		t.Fatalf("four Tabs after the search reach %q, want the button named \"I like %s\"", f, name)
	}
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "the like", 10*time.Second, func(m metrics) bool { return m.Liked == 1 && len(m.ClickToScreenMs) == 1 })
	// The finder's button is renamed in a redraw of its own, after the
	// list's: wait for it, then check the focus stayed on it.
	f := focused(t, ctx)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(f, "Liked "+name) && time.Now().Before(deadline); f = focused(t, ctx) {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(f, "Liked "+name) || !strings.HasSuffix(f, "|browse-list") {
		t.Errorf("after Enter on the like, focus is on %q, want that business's button in the finder", f)
	}
	eventually(t, "the announcement", 10*time.Second, func() bool {
		return strings.HasPrefix(text(t, ctx, "#announce"), "Liked "+name+". Your list")
	})
	if got := attr(t, ctx, "#announce", "role"); got != "status" {
		t.Errorf("the announcement's role is %q, want status (a polite live region)", got)
	}

	// The shortcut to your list, and a like there.
	press(t, ctx, "l")
	f = focused(t, ctx)
	top := text(t, ctx, "#ranked-list li:first-child .biz-name")
	if !strings.HasPrefix(f, "button|you-like-1|I like "+top+"|") || !strings.HasSuffix(f, "|ranked-list") {
		t.Fatalf("after the shortcut l, focus is on %q, want the first like button of your list, named \"I like %s\"", f, top)
	}
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "the second like", 10*time.Second, func(m metrics) bool { return m.Liked == 2 && len(m.ClickToScreenMs) == 2 })
	f = focused(t, ctx)
	if !strings.HasPrefix(f, "button|you-") || !strings.HasSuffix(f, "|ranked-list") {
		t.Errorf("after a like in your list, focus is on %q, want a button in your list", f)
	}
	// The "why?" beside the focused business, past its "similar", opened
	// from the keyboard.
	press(t, ctx, kb.Tab, input.ModifierShift)
	if f = focused(t, ctx); !strings.Contains(f, "|Similar to ") {
		t.Fatalf("Shift+Tab from a like button reaches %q, want its \"similar\"", f)
	}
	press(t, ctx, kb.Tab, input.ModifierShift)
	f = focused(t, ctx)
	if !strings.Contains(f, "|why? ") {
		t.Fatalf("Shift+Tab twice from a like button reaches %q, want its \"why?\"", f)
	}
	press(t, ctx, kb.Enter)
	eventually(t, "the why to open", 10*time.Second, func() bool { return count(t, ctx, `#ranked-list .why-toggle[aria-expanded="true"]`) == 1 })
	// Every control of a row is named with the row's business.
	rows := func(list string) []string {
		var names []string
		run(t, ctx, "reading the names in "+list, 10*time.Second, chromedp.Evaluate(
			`[...document.querySelectorAll(`+jsString(list+" li[data-id]")+`)].map(e => e.querySelector(".biz-name").textContent)`, &names))
		return names
	}
	for _, b := range []struct{ list, button, prefix, open string }{
		{"#history-list", "button.remove", "Remove ", ""},
		{"#ranked-list", "button.why-toggle", "why? ", "hide why "},
		{"#ranked-list", "button.like", "I like ", ""},
	} {
		businesses := rows(b.list)
		names := accessibleNames(t, ctx, b.list+" "+b.button)
		if len(names) == 0 || len(names) != len(businesses) {
			t.Errorf("%d of %s for %d businesses", len(names), b.list+" "+b.button, len(businesses))
			continue
		}
		for k, n := range names {
			if n != b.prefix+businesses[k] && (b.open == "" || n != b.open+businesses[k]) {
				t.Errorf("%s %d is named %q, want %q", b.list+" "+b.button, k+1, n, b.prefix+businesses[k])
			}
		}
	}
	if n := accessibleNames(t, ctx, `#ranked-list button.why-toggle[aria-expanded="true"]`); len(n) != 1 || !strings.HasPrefix(n[0], "hide why ") {
		t.Errorf("the open why is named %q, want \"hide why\" and its business", n)
	}
	// The marks of how rows moved are read in words, not as arrows.
	moved := regexp.MustCompile(`^(up [1-9][0-9]*|down [1-9][0-9]*|new|same place)$`)
	for k := 1; k <= 3; k++ {
		sel := fmt.Sprintf("#ranked-list li[data-id]:nth-child(%d) .move", k)
		if said := spokenText(t, ctx, sel); !moved.MatchString(said) {
			t.Errorf("row %d's move is read as %q, want up or down and a number, new, or same place", k, said)
		}
	}
	assertAccessible(t, ctx, "after two likes with a why open")
	screenshot(t, ctx, "30-keyboard")
}
