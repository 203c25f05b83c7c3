package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// entry is one business as the lists show it.
type entry struct {
	ID         int32
	Name       string
	Categories string
	City       string
	Stars      float64
	Reviews    int
	Score      float64 // p_you·q_i, when HasScore
	HasScore   bool
	Move       move
	ShowMove   bool
	Liked      bool
}

// entry describes business i for a list.
func (p *Page) entry(i int32) entry {
	it := p.cat.item(i)
	cats := it.Categories
	if len(cats) > 3 {
		cats = cats[:3]
	}
	return entry{
		ID:         i,
		Name:       it.Name,
		Categories: strings.Join(cats, ", "),
		City:       it.City,
		Stars:      it.Stars,
		Reviews:    p.cat.reviewCount(i),
		Liked:      p.you.likes(i),
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
// are handled by rowClicked on the list.
func likeButton(e entry) app.UI {
	if e.Liked {
		return app.Span().Class("liked").Text("Liked ✓")
	}
	return app.Button().Class("like").Title("Tell the model you like " + e.Name).Text("I like this")
}

// businessText is the name and details of a business.
func businessText(e entry) app.UI {
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
	return app.Div().Class("biz").Body(
		app.Span().Class("biz-name").Text(e.Name),
		app.Span().Class("biz-cats").Text(strings.Join(details, " · ")),
		app.Span().Class("biz-where").Body(
			app.Text(where),
			when(e.HasScore, func() app.UI {
				return app.Span().Class("score").Title("The model's predicted preference p_you · q_i").
					Text(fmt.Sprintf(" · score %.3f", e.Score))
			}),
		),
	)
}
