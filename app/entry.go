package app

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// entry is one business as the lists show it.
type entry struct {
	ID         int32
	Name       string
	Categories string
	City       string
	Stars      float64
	Reviews    int     // all of its reviews in the data, held-out ones included
	Score      float64 // p_u·q_i for you, when HasScore
	HasScore   bool
	Move       visitor.Move
	ShowMove   bool
	Liked      bool
	// Its training reviews, when known (TrainKnown): what the model learnt
	// from, fewer than Reviews.
	TrainReviews int
	TrainKnown   bool
}

// entry describes business i of cat for a list, marked liked if you like
// it.
func entryOf(cat *catalog.Catalog, i int32, you visitor.You) entry {
	it := cat.Item(i)
	cats := it.Categories
	if len(cats) > 3 {
		cats = cats[:3]
	}
	train, known := cat.TrainReviews(i)
	return entry{
		ID:           i,
		Name:         it.Name,
		Categories:   strings.Join(cats, ", "),
		City:         it.City,
		Stars:        it.Stars,
		Reviews:      cat.ReviewCount(i),
		TrainReviews: train,
		TrainKnown:   known,
		Liked:        you.Likes(i),
	}
}

// stars writes Yelp's business-level average, as Yelp shows it.
func stars(v float64) string {
	if v <= 0 {
		return ""
	}
	return fmt.Sprintf("★ %.1f", v)
}

// likeButton is the "I like this" control shared by the lists; its clicks
// are handled by rowClicked on the list. Once liked it stays a button, so
// that the keyboard's focus stays on it, but does nothing. Its name says
// which business it acts on: a screen reader lists fifty of them.
func likeButton(e entry) app.UI {
	if e.Liked {
		return app.Button().Class("liked").Aria("disabled", true).Aria("label", "Liked "+e.Name).Text("Liked ✓")
	}
	// The name is read out but not shown: the row shows it already.
	return app.Button().Class("like").Title("Tell the model you like "+e.Name).Body(
		app.Text("I like"), app.Span().Class("visually-hidden").Text(" "+e.Name),
	)
}

// businessText is the name and details of a business: the name, its
// categories, and where it is with its stars.
func businessText(e entry) app.UI {
	return app.Div().Class("biz").Body(businessParts(e, "")...)
}

// businessParts are businessText's three lines, for a row that lays them
// out on a grid of its own (your list's, see the stylesheet) as siblings
// of its other parts, without a wrapper for go-app to compare on every
// re-rank. A name with an id (nameID, or "" for none) names the row's
// buttons.
func businessParts(e entry, nameID string) []app.UI {
	details := []string{}
	if e.Categories != "" {
		details = append(details, e.Categories)
	}
	where := e.City
	if s := stars(e.Stars); s != "" {
		if where != "" {
			where += " · "
		}
		where += s
	}
	name := app.Span().Class("biz-name").Text(e.Name)
	if nameID != "" {
		name = name.ID(nameID)
	}
	return []app.UI{
		name,
		app.Span().Class("biz-cats").Text(strings.Join(details, " · ")),
		app.Span().Class("biz-where").Text(where),
	}
}

// scoreText is a listed business's score, to three decimals as its "why?"
// sums it, labelled so that the two can be compared at a glance.
func scoreText(e entry, w datainfo.Words) app.UI {
	// The label "score " comes from the stylesheet: one node fewer per row.
	return app.Span().Class("score-box").Title("The model's predicted preference pᵤ·qᵢ of you for this " + w.Item).Body(
		app.Span().Class("score").Text(fmt.Sprintf("%.3f", e.Score)),
	)
}

// reviewsText is the number of reviews the browser shows for a business:
// all of them in the data, which is what orders it, with the training
// reviews among them, which are what the model learnt from, when known.
func reviewsText(e entry, w datainfo.Words) app.UI {
	return app.Span().Class("reviews").Title(reviewsTitle(e, w)).Text(textfmt.Plural(e.Reviews, w.Review, w.Reviews))
}

// reviewsTitle says what a row's count counts: "31 Yelp reviews of this
// business in the data, held-out ones included; the model trains on 30".
func reviewsTitle(e entry, w datainfo.Words) string {
	title := w.Count(e.Reviews) + " of this " + w.Item + " in the data, held-out ones included"
	if e.TrainKnown {
		title += "; the model trains on " + textfmt.Thousands(e.TrainReviews)
	}
	return title
}

// placeholderRows are n empty rows of your list, which fills in later,
// each the height of a real one (the same lines and a hidden button), so
// that nothing below moves when the businesses arrive. Screen readers skip
// them. They are built as a real row begins, so that go-app's diff turns
// them into the real rows in place instead of replacing them.
func placeholderRows(n int) app.UI {
	rows := make([]app.UI, n)
	for k := range rows {
		rows[k] = app.Li().Class("ranked-item", "placeholder").Aria("hidden", true).Body(
			app.Span().Class("rank").Text("\u00a0"),
			app.Span().Class("move"),
			app.Span().Class("biz-name").Text("\u00a0"),
			app.Span().Class("biz-cats").Text("\u00a0"),
			app.Span().Class("biz-where").Text("\u00a0"),
			app.Div().Class("row-actions").Body(app.Button().Class("like").Disabled(true).TabIndex(-1).Text("I like")),
		)
	}
	return app.Range(rows).Slice(func(k int) app.UI { return rows[k] })
}

// placeholderFill holds the finder's list, a box that scrolls past its
// maximum height, at that height while the businesses load: one element
// where 30 empty rows took 270, which the page mounts in its first task.
func placeholderFill() app.UI {
	return app.Li().Class("placeholder", "placeholder-fill").Aria("hidden", true)
}
