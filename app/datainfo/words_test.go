package datainfo

import (
	"testing"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
)

func TestItemNoun(t *testing.T) {
	for _, c := range []struct{ file, one, many string }{
		{"movies.csv", "movie", "movies"},
		{"movies.dat", "movie", "movies"},
		{"Movies.CSV", "movie", "movies"},
		{"/home/me/ml-latest/movies.csv", "movie", "movies"},
		{`C:\data\movies.csv`, "movie", "movies"},
		{"BX-Books.csv", "book", "books"},
		{"steam_games.json", "game", "games"},
		{"businesses.tsv", "business", "businesses"},
		// Names that are not a known plural noun say nothing reliable.
		{"u.item", "item", "items"},
		{"movie_titles.csv", "item", "items"},
		{"data.csv", "item", "items"},
		{"movie.csv", "item", "items"},
		{"kisses.csv", "item", "items"},
		{"", "item", "items"},
	} {
		if one, many := ItemNoun(c.file); one != c.one || many != c.many {
			t.Errorf("ItemNoun(%q) = %q, %q; want %q, %q", c.file, one, many, c.one, c.many)
		}
	}
}

func TestWords(t *testing.T) {
	yelp := Words{"person", "people", "business", "businesses", "review", "reviews", "reviewer", "reviewers",
		"review", "reviewed", "written", "most reviewed", "Yelp"}
	logOf := func(one, many string) Words {
		return Words{"user", "users", one, many, "interaction", "interactions", "user", "users",
			"interact with", "interacted with", "made", "most popular", ""}
	}
	planted := core.DefaultPlanted()
	for _, c := range []struct {
		name string
		info *Info
		want Words
		// called and about are Called and About; count is Count(2).
		called, about, count string
	}{
		{"no data yet", nil, yelp, "the Phoenix reviews", "real Yelp reviews from Phoenix", "2 Yelp reviews"},
		{"the Phoenix pack", &Info{Source: SourcePack, Format: core.FormatYelp.Name(), Origin: pack.YelpSource, Subset: "10-core"},
			yelp, "the Phoenix reviews", "real Yelp reviews from Phoenix", "2 Yelp reviews"},
		{"a file", &Info{Source: SourceFile, Name: "ratings.csv", Format: "MovieLens ratings.csv"},
			logOf("item", "items"), "your file ratings.csv", "your file ratings.csv", "2 interactions"},
		{"a file with movies", &Info{Source: SourceFile, Name: "ratings.csv", ItemFile: "movies.csv", Format: "MovieLens ratings.csv"},
			logOf("movie", "movies"), "your file ratings.csv", "your file ratings.csv", "2 interactions"},
		{"a file named as Yelp's layout", &Info{Source: SourceFile, Name: "reviews.tsv", Format: core.FormatYelp.Name()},
			logOf("item", "items"), "your file reviews.tsv", "your file reviews.tsv", "2 interactions"},
		{"a planted world", &Info{Source: SourcePlanted, Format: "a planted world", Planted: &planted},
			logOf("kitchen", "kitchens"), "a world of 8 planted tastes", "a world with planted tastes", "2 interactions"},
		{"a site's pack of a log", &Info{Source: SourcePack, Format: "MovieLens ratings.csv", Origin: "ratings.csv with movies.csv",
			ItemFile: "movies.csv", Subset: "10-core"},
			logOf("movie", "movies"), "ratings.csv with movies.csv (10-core)", "ratings.csv with movies.csv (10-core)", "2 interactions"},
		{"a site's pack of all a log", &Info{Source: SourcePack, Format: "u.data", Origin: "u.data", Subset: "all interactions"},
			logOf("item", "items"), "u.data", "u.data", "2 interactions"},
	} {
		if got := c.info.Words(); got != c.want {
			t.Errorf("%s: Words() = %+v, want %+v", c.name, got, c.want)
		}
		if got := c.info.Called(); got != c.called {
			t.Errorf("%s: Called() = %q, want %q", c.name, got, c.called)
		}
		if got := c.info.About(); got != c.about {
			t.Errorf("%s: About() = %q, want %q", c.name, got, c.about)
		}
		if got := c.info.Words().Count(2); got != c.count {
			t.Errorf("%s: Count(2) = %q, want %q", c.name, got, c.count)
		}
	}
	if got := yelp.Count(1); got != "1 Yelp review" {
		t.Errorf("Count(1) = %q", got)
	}
}

// The item file's name reaches the words from a visitor's file, and from
// the source of a site's pack made from a log, as cmd/build names it.
func TestNewFindsTheItemFile(t *testing.T) {
	sum := func(source, format string) work.DataSummary {
		var s work.DataSummary
		s.Catalog.Source, s.Format = source, format
		return s
	}
	for _, c := range []struct {
		name, source, file, items string
		sum                       work.DataSummary
		want                      string
	}{
		{"a file", SourceFile, "ratings.csv", "movies.csv", sum("ratings.csv", "MovieLens ratings.csv"), "movies"},
		{"a file, no items", SourceFile, "ratings.csv", "", sum("ratings.csv", "MovieLens ratings.csv"), "items"},
		{"a pack of a log", SourcePack, "", "", sum(pack.LogSource("ratings.csv", "movies.csv"), "MovieLens ratings.csv"), "movies"},
		{"a planted world", SourcePlanted, "", "", sum("a world with planted tastes", "a planted world"), "kitchens"},
		{"the Phoenix pack", SourcePack, "", "", sum(pack.YelpSource, core.FormatYelp.Name()), "businesses"},
	} {
		if got := New(c.source, c.file, c.items, nil, c.sum).Words().Items; got != c.want {
			t.Errorf("%s: the items are %q, want %q", c.name, got, c.want)
		}
	}
}

// The site's generator tells the page its pack's head; the page reads it
// back as the same data.
func TestSitePack(t *testing.T) {
	p := &pack.Pack{Source: pack.LogSource("ratings.csv", "movies.csv"), Format: "MovieLens ratings.csv", Subset: pack.Subset{K: 10}}
	got := SitePack(HeadOf(p).JSON())
	if got == nil {
		t.Fatal("SitePack read nothing")
	}
	if got.Called() != "ratings.csv with movies.csv (10-core)" || got.Words().Items != "movies" {
		t.Errorf("the site's pack is %q with %q, want ratings.csv with movies.csv (10-core) with movies", got.Called(), got.Words().Items)
	}
	yelp := SitePack(HeadOf(&pack.Pack{Source: pack.YelpSource, Format: core.FormatYelp.Name(), Subset: pack.Subset{K: 10}}).JSON())
	if yelp.Called() != "the Phoenix reviews" || yelp.Words().Items != "businesses" {
		t.Errorf("the Phoenix pack is %q with %q", yelp.Called(), yelp.Words().Items)
	}
	for _, v := range []string{"", "{", "null"} {
		if got := SitePack(v); got != nil {
			t.Errorf("SitePack(%q) = %+v, want nil", v, got)
		}
	}
}
