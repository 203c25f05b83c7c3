package app

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/core"
)

// The sections' sentences on the Phoenix reviews are the page's as it was
// first written, and on any other data they use the data's words and
// never Yelp's.

// otherData is data that is not the Phoenix reviews, with the noun its
// items go by.
var otherData = []struct {
	name  string
	info  *datainfo.Info
	items string
}{
	{"a planted world", &datainfo.Info{Source: datainfo.SourcePlanted, Format: "a planted world", Planted: &core.PlantedConfig{Groups: 8}}, "kitchens"},
	{"a MovieLens file", &datainfo.Info{Source: datainfo.SourceFile, Name: "ratings.csv", ItemFile: "movies.csv", Format: "MovieLens ratings.csv"}, "movies"},
	{"a file of ids", &datainfo.Info{Source: datainfo.SourceFile, Name: "clicks.tsv", Format: "TSV"}, "items"},
	{"a site's pack of a log", &datainfo.Info{Source: datainfo.SourcePack, Origin: "u.data with u.item", ItemFile: "u.item", Format: "MovieLens u.data"}, "items"},
}

// yelpWords are the words of the Phoenix reviews, as the sections see
// them before the data has arrived too.
func yelpWords() datainfo.Words { return dataSet{}.words() }

// yelpsOwn are the words of the Phoenix reviews that no other data's
// sentences may use ("personal" may).
var yelpsOwn = regexp.MustCompile(`(?i)\b(business(es)?|review(s|ed|er|ers)?|yelp|phoenix|people|person)\b`)

// speaksYelp says which of Yelp's words s uses.
func speaksYelp(s string) []string { return yelpsOwn.FindAllString(s, -1) }

func TestSectionsInTheDataWords(t *testing.T) {
	u := &updateShown{ItemHistory: 32, TrainReviews: 31, TrainKnown: true, Items: 2841}
	e := entry{Reviews: 31, TrainReviews: 30, TrainKnown: true}
	texts := func(w datainfo.Words, d *datainfo.Info) map[string]string {
		popularTitle, popular := listHeading(w, false, 0)
		_, cold := listHeading(w, true, 0)
		_, liked := listHeading(w, true, 3)
		return map[string]string{
			"finder heading": "Find " + w.Items + " you like",
			"finder count":   browseCount("", 30, 2841, w),
			"finder all":     browseCount("", 12, 12, w),
			"finder none":    browseCount("", 0, 0, w),
			"row's title":    reviewsTitle(e, w),
			"list title":     popularTitle,
			"list popular":   popular,
			"list cold":      cold,
			"list caption":   liked,
			"update view":    updateRest(u, w),
			"factor map":     mapCaption(false, 2841, 0.31, "Colours are main categories", w),
			"map of where":   mapCaption(true, 2841, 0.31, "", w),
			"tagline":        tagline(d),
			"search hint":    searchHint(d),
		}
	}
	yelp := texts(yelpWords(), nil)
	for part, want := range map[string]string{
		"finder heading": "Find businesses you like",
		"finder count":   "The 30 most reviewed of 2,841 matches, counting every review in the data, held-out ones included.",
		"finder all":     "12 matches, most reviewed first, counting every review in the data, held-out ones included.",
		"finder none":    "No business matches. Try part of a name, or another category or city.",
		"row's title":    "31 Yelp reviews of this business in the data, held-out ones included; the model trains on 30",
		"list title":     "Most reviewed, for now",
		"list popular": "Not personal yet: these are the businesses with the most reviews in the data. " +
			"Your list from the model replaces it when training ends. You can already like businesses; the model learns them then.",
		"list cold": "The model knows nothing about you yet. Like any new user (Algorithm 2 of the paper), " +
			"you start from a small random vector, so this order is close to arbitrary. Like a business and watch the list change.",
		"list caption": "Ranked by the model for you after 3 clicks: the businesses with the highest score, the predicted preference " +
			"p_u · q_i of your vector and theirs, leaving out the ones you already like. Marks show moves since the list before.",
		"update view": "” the same way over the 32 people in its R_i (31 from training, and you), with the cache S^p = P^T P, " +
			"and both caches are brought up to date in O(K^2). Nothing else of the 2,841 businesses or the other people changes.",
		"factor map": "Each dot is one of the 2,841 businesses, placed by its vector q_i along the two leading principal directions of Q " +
			"(the directions in which the trained vectors vary most; together they hold 31% of the variance). Colours are main categories, " +
			"which the model never sees: it learns only from who reviewed what, so businesses reviewed by the same people lie together " +
			"and your list can cross categories.",
		"map of where": "Each dot is one of the 2,841 businesses at its longitude and latitude, coloured by your score. The model was given " +
			"who reviewed what, and never where: if your list gathers in one place, it learnt that from the people who review there.",
		"tagline": "A recommender that learns while you click. It trains in your browser on real Yelp reviews from Phoenix, " +
			"then updates itself the moment you like a business.",
		"search hint": "e.g. pizza, coffee, tacos",
	} {
		if yelp[part] != want {
			t.Errorf("the Phoenix reviews: the %s reads\n%q\nwant\n%q", part, yelp[part], want)
		}
	}
	for _, d := range otherData {
		w := d.info.Words()
		if w.Items != d.items {
			t.Errorf("%s: its items are %q, want %q", d.name, w.Items, d.items)
		}
		for part, s := range texts(w, d.info) {
			if found := speaksYelp(s); len(found) > 0 {
				t.Errorf("%s: the %s speaks of %v: %q", d.name, part, found, s)
			}
		}
		for part, word := range map[string]string{"finder heading": w.Items, "finder count": w.Review, "row's title": w.Item,
			"list caption": w.Items, "update view": w.Items, "tagline": w.Item} {
			if s := texts(w, d.info)[part]; !strings.Contains(s, word) {
				t.Errorf("%s: the %s does not say %q: %q", d.name, part, word, s)
			}
		}
	}
}

// The data control and the messages name the data in use: the site's own
// pack by what it holds, the Phoenix reviews only when it is Yelp's.
func TestDataNames(t *testing.T) {
	planted := core.PlantedConfig{Groups: 8}
	for _, c := range []struct {
		name string
		data dataSet
		src  dataSource
		want string
	}{
		{"nothing yet", dataSet{}, dataSource{Kind: sourcePack}, "the Phoenix reviews"},
		{"your file", dataSet{Info: &datainfo.Info{Source: sourceFile, Name: "ratings.csv"}},
			dataSource{Kind: sourceFile, File: "ratings.csv"}, "your file ratings.csv"},
		{"a planted world", dataSet{Info: &datainfo.Info{Source: sourcePlanted, Planted: &planted}},
			dataSource{Kind: sourcePlanted, Planted: &planted}, "a world of 8 planted tastes"},
	} {
		if got := (&dataControl{data: c.data}).inUseName(); got != c.want {
			t.Errorf("%s: the data control names %q, want %q", c.name, got, c.want)
		}
		if got := c.src.String(); got != c.want {
			t.Errorf("%s: the source is named %q, want %q", c.name, got, c.want)
		}
	}
	// A site's pack made from a log is named by its source and subset,
	// once it is the data in use, and as the choice beside other data.
	site := &datainfo.Info{Source: sourcePack, Origin: "ratings.csv with movies.csv", ItemFile: "movies.csv",
		Format: "MovieLens ratings.csv", Subset: "10-core"}
	want := "ratings.csv with movies.csv (10-core)"
	if got := (&dataControl{data: dataSet{Info: site}}).inUseName(); got != want {
		t.Errorf("a site's pack of a log: the data control names %q, want %q", got, want)
	}
	if got := (dataSet{Info: site}).sitePackName(); got != want {
		t.Errorf("a site's pack of a log: its choice is labelled %q, want %q", got, want)
	}
}
