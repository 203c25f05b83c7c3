package settings

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/core"
)

// A Scenario is what a link carries: the settings the model trains with,
// the businesses liked in click order, and the section to show. Opening
// the link trains with those settings and replays the likes, so that the
// visitor sees the very list its author saw (training and Algorithm 2 are
// deterministic for a seed and an order).
type Scenario struct {
	Config core.Config
	Likes  []int32 // in click order
	View   string  // a section's id, or ""
	// HasLikes: the link names likes (possibly none that this data knows),
	// so they replace the visitor's own clicks.
	HasLikes bool
	// HasSettings: the link sets at least one parameter.
	HasSettings bool
}

// The query keys of a scenario link, beside the parameters' own names
// (lower-cased: "k", "c0", "alpha", "lambda", "wnew", "epochs").
const (
	linkSeed  = "seed"
	linkLikes = "likes"
	linkView  = "view"
)

// LinkViews are the sections a link may open at.
var LinkViews = []string{"training", "curves", "you", "browse", "history", "params", "weights", "update-view", "factor-map", "map", "replay", "compare"}

// linkKey is the query key of parameter p.
func linkKey(p Param) string { return strings.ToLower(p.Name) }

// Parse reads a link's query over the page's defaults. It never
// fails: a value it cannot use is named in a note and replaced by its
// default, an unknown business is dropped with a note, and a query
// without any scenario key gives ok false. With a nil lookup the likes are
// left for Likes to read once the data is in.
func Parse(query string, defaults core.Config, lookup func(id string) (int32, bool), maxLikes int) (sc Scenario, notes []string, ok bool) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil && len(q) == 0 {
		return Scenario{Config: defaults}, []string{"This page's link could not be read (" + err.Error() + "), so it opens with its usual settings."}, true
	}
	sc.Config = defaults
	raw := map[string]string{}
	for _, p := range Params {
		if v, found := q[linkKey(p)]; found {
			raw[p.Name] = v[len(v)-1]
			ok, sc.HasSettings = true, true
		}
	}
	// Each bad value goes back to its default, and the rest are judged
	// again: a value may be bad only beside another (none is today, but
	// core's checks are core's to change).
	for range Params {
		cfg, problems := Draft(defaults, raw)
		if len(problems) == 0 {
			sc.Config = cfg
			break
		}
		for _, p := range Params {
			if why, bad := problems[p.Name]; bad {
				text := raw[p.Name]
				delete(raw, p.Name)
				notes = append(notes, fmt.Sprintf("The link's %s=%s cannot be used (%s), so %s is %s, its default.",
					linkKey(p), Quote(text), why, plainLabel(p), p.Text(defaults)))
			}
		}
		sc.Config = defaults
	}
	if v, found := q[linkSeed]; found {
		ok, sc.HasSettings = true, true
		text := strings.TrimSpace(v[len(v)-1])
		seed, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			notes = append(notes, fmt.Sprintf("The link's seed=%s cannot be used (it must be a whole number from 0 up), so the seed is %d, its default.",
				Quote(text), defaults.Seed))
		} else {
			sc.Config.Seed = seed
		}
	}
	if _, found := q[linkLikes]; found {
		ok, sc.HasLikes = true, true
		if lookup != nil {
			var more []string
			// Parse knows no data's words; the page resolves a link's
			// likes with Likes, once its data is in.
			sc.Likes, more = likesOf(q, lookup, maxLikes, "business", "businesses")
			notes = append(notes, more...)
		}
	}
	if v, found := q[linkView]; found {
		ok = true
		view := strings.TrimSpace(v[len(v)-1])
		if slices.Contains(LinkViews, view) {
			sc.View = view
		} else {
			notes = append(notes, fmt.Sprintf("The link's view=%s is not a section of this page, so it opens at the top.", Quote(view)))
		}
	}
	// Duplicated dedup notes (a link with many extra likes) say it once.
	notes = slices.Compact(notes)
	return sc, notes, ok
}

// Query writes a scenario as a link's query, every parameter
// included so that the link means the same whatever the page's defaults
// become.
func Query(cfg core.Config, likes []string, view string) string {
	var b strings.Builder
	for k, p := range Params {
		if k > 0 {
			b.WriteByte('&')
		}
		b.WriteString(linkKey(p) + "=" + url.QueryEscape(p.Text(cfg)))
	}
	b.WriteString("&" + linkSeed + "=" + strconv.FormatUint(cfg.Seed, 10))
	escaped := make([]string, len(likes))
	for k, id := range likes {
		escaped[k] = url.QueryEscape(id)
	}
	b.WriteString("&" + linkLikes + "=" + strings.Join(escaped, ","))
	if view != "" {
		b.WriteString("&" + linkView + "=" + url.QueryEscape(view))
	}
	return b.String()
}

// Quote writes a link's value for a message, cut short if long.
func Quote(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return "“" + s + "”"
}

// plainLabel names a parameter in a sentence, without notation markup:
// only c_0's subscript needs a character of its own.
func plainLabel(p Param) string {
	return strings.Replace(p.Symbol(), "c_0", "c₀", 1)
}

// Likes reads a link's likes, in click order, resolved with lookup and at
// most maxLikes, with a note for what it leaves out, which calls the
// data's things item and items ("business", "businesses"); found says
// whether the link names likes at all.
func Likes(query string, lookup func(id string) (int32, bool), maxLikes int, item, items string) (likes []int32, notes []string, found bool) {
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if _, found = q[linkLikes]; !found {
		return nil, nil, false
	}
	likes, notes = likesOf(q, lookup, maxLikes, item, items)
	return likes, slices.Compact(notes), true
}

func likesOf(q url.Values, lookup func(id string) (int32, bool), maxLikes int, item, things string) (items []int32, notes []string) {
	v := q[linkLikes]
	var unknown []string
	for _, id := range strings.Split(v[len(v)-1], ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		i, known := lookup(id)
		switch {
		case !known:
			unknown = append(unknown, id)
		case slices.Contains(items, i):
			// A repeated like adds nothing: the model learns a pair once.
		case len(items) == maxLikes:
			notes = append(notes, fmt.Sprintf("The link names more than %d likes; only the first %d were kept.", maxLikes, maxLikes))
		default:
			items = append(items, i)
		}
	}
	switch {
	case len(unknown) == 1:
		notes = append(notes, fmt.Sprintf("The link's like %s is not %s in this data, so it was left out.", Quote(unknown[0]), textfmt.WithArticle(item)))
	case len(unknown) > 1:
		notes = append(notes, fmt.Sprintf("%d of the link's likes are not %s in this data (%s), so they were left out.",
			len(unknown), things, Quote(strings.Join(unknown[:min(len(unknown), 3)], ", "))))
	}
	return items, notes
}
