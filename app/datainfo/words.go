package datainfo

import (
	"fmt"
	"path"
	"strings"
	"unicode"

	"github.com/ealslive/ealslive/app/textfmt"
)

// Words are what the page calls the data's people, things and clicks, so
// that a sentence written once reads true on Yelp's reviews, on a
// visitor's file and on a planted world.
type Words struct {
	User, Users         string // "person", "people"
	Item, Items         string // "business", "businesses"
	Review, Reviews     string // "review", "reviews": one of the data's interactions
	Reviewer, Reviewers string // "reviewer", "reviewers": a user as the author of interactions
	Do, Done            string // "review", "reviewed": what a user does to an item
	Made                string // "written": what a user had done to its interactions ("had written 3 reviews")
	Most                string // "most reviewed": with the most interactions
	// Brand names the interactions in a count of the data ("103,976 Yelp
	// reviews"); "" for none.
	Brand string
}

// yelpWords are the Phoenix reviews' words, which the page was first
// written in.
var yelpWords = Words{
	User: "person", Users: "people", Item: "business", Items: "businesses",
	Review: "review", Reviews: "reviews", Reviewer: "reviewer", Reviewers: "reviewers",
	Do: "review", Done: "reviewed", Made: "written", Most: "most reviewed", Brand: "Yelp",
}

// logWords are the words of any other data, whose items are called one
// and many: an interaction log says who interacted with what and no more,
// so the page claims no more (no reviews, no ratings, no people).
func logWords(one, many string) Words {
	return Words{
		User: "user", Users: "users", Item: one, Items: many,
		Review: "interaction", Reviews: "interactions", Reviewer: "user", Reviewers: "users",
		Do: "interact with", Done: "interacted with", Made: "made", Most: "most popular",
	}
}

// Words are the data's own: Yelp's people, businesses and reviews; a
// planted world's users, kitchens (core.Planted names its items "Thai
// kitchen 3") and interactions; or a log's users, items and interactions,
// the items called by their item file's name where that name is a noun
// the page knows (see ItemNoun). Before the data has arrived (d == nil)
// they are Yelp's.
func (d *Info) Words() Words {
	switch {
	case d.Yelp():
		return yelpWords
	case d.Source == SourcePlanted:
		return logWords("kitchen", "kitchens")
	}
	return logWords(ItemNoun(d.ItemFile))
}

// Count is n of the data's interactions, named as the data names them:
// "103,976 Yelp reviews", "3,000 interactions".
func (w Words) Count(n int) string {
	one, many := w.Review, w.Reviews
	if w.Brand != "" {
		one, many = w.Brand+" "+one, w.Brand+" "+many
	}
	return textfmt.Plural(n, one, many)
}

// itemNouns are the nouns an item file's name may give its items, plural
// to singular. Only these: a name is a reliable noun only when the page
// knows the word ("movies.csv" names movies; "u.item", "titles.csv" or
// "data.csv" name nothing the page can trust, and a guessed singular of
// an unknown plural is often wrong).
var itemNouns = map[string]string{
	"albums": "album", "apps": "app", "articles": "article", "artists": "artist",
	"beers": "beer", "books": "book", "businesses": "business", "courses": "course", "dishes": "dish",
	"films": "film", "games": "game", "hotels": "hotel", "jokes": "joke", "movies": "movie",
	"places": "place", "podcasts": "podcast", "products": "product", "recipes": "recipe",
	"restaurants": "restaurant", "shows": "show", "songs": "song", "tracks": "track",
	"videos": "video", "wines": "wine",
}

// ItemNoun is what the items of an item file named file are called, one
// and many: the last word of the file's name without its extension when
// it is one of the plural nouns the page knows ("movies.csv" and
// "movies.dat" give movies, "BX-Books.csv" books), else "item" and
// "items".
func ItemNoun(file string) (one, many string) {
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), path.Ext(file))
	words := strings.FieldsFunc(strings.ToLower(base), func(r rune) bool { return !unicode.IsLetter(r) })
	if file != "" && len(words) > 0 {
		last := words[len(words)-1]
		if one, ok := itemNouns[last]; ok {
			return one, last
		}
	}
	return "item", "items"
}

// Called is what the page calls the data in a sentence: "the Phoenix
// reviews", "your file ratings.csv", "a world of 8 planted tastes", or,
// for a site's own pack made from another log, its source and subset
// ("ratings.csv with movies.csv (10-core)").
func (d *Info) Called() string {
	switch {
	case d.Yelp():
		return "the Phoenix reviews"
	case d.Source == SourceFile:
		return "your file " + d.Name
	case d.Source == SourcePlanted && d.Planted != nil:
		return fmt.Sprintf("a world of %d planted tastes", d.Planted.Groups)
	case d.Source == SourcePlanted:
		return "a world with planted tastes"
	}
	name := d.Origin
	if name == "" {
		name = "the site's data"
	}
	if d.Subset != "" && d.Subset != "all interactions" {
		name += " (" + d.Subset + ")"
	}
	return name
}

// About is what the model trains on, for the line under the page's
// title: "real Yelp reviews from Phoenix", "your file ratings.csv", "a
// world with planted tastes", or a site's pack's source.
func (d *Info) About() string {
	switch {
	case d.Yelp():
		return "real Yelp reviews from Phoenix"
	case d.Source == SourcePlanted:
		return "a world with planted tastes"
	}
	return d.Called()
}
