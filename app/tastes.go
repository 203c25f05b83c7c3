package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// tastesCard is "Known tastes", shown for a world with planted tastes:
// the group you clicked in, and how many of your top 20 are in it, for
// eALS and for popularity side by side, so that a teacher can show the
// model finding a taste after one, two, three clicks.
type tastesCard struct {
	app.Compo
	Icmd interface {
		LoadData(d dataSource, parts [][]byte)
	}
	data dataSet
	you  visitor.You
	hold hold
}

func newTastesCard() *tastesCard { return &tastesCard{} }

func (c *tastesCard) Commands(cmd interface{ LoadData(dataSource, [][]byte) }) *tastesCard {
	c.Icmd = cmd
	return c
}

func (c *tastesCard) OnMount(ctx app.Context) {
	observe(ctx, "tastes", drawn(keyData)).Value(&c.data)
	observe(ctx, "tastes", drawn(keyYou)).Value(&c.you)
	observe(ctx, "tastes", drawn(keyBusy)).Value(&c.hold)
}

// tastes is what the card shows.
type tastes struct {
	Group         string        // the group you clicked in most, "" before a like
	Likes         int           // your likes in it
	Eals, Popular []core.Ranked // the two top 20s
	InEals, InPop int           // how many of each are in Group
}

// yourTastes finds your group (your likes' most common one, the latest
// like's on a tie) and counts it in both lists. Popularity ranks every
// item by its interactions, as core.Popularity does, leaving out yours.
func yourTastes(d dataSet, y visitor.You) tastes {
	var t tastes
	cat := y.Cat
	if cat == nil || cat != d.Cat {
		return t // drawn between a change of data and yours
	}
	groupOf := func(i int32) string {
		if c := cat.Item(i).Categories; len(c) > 0 {
			return c[0]
		}
		return ""
	}
	count := map[string]int{}
	for _, i := range y.Liked {
		g := groupOf(i)
		count[g]++
		if count[g] >= count[t.Group] {
			t.Group = g
		}
	}
	t.Likes = count[t.Group]
	scores := make([]float64, cat.Len())
	for i := range scores {
		scores[i] = float64(cat.ReviewCount(int32(i)))
	}
	t.Eals, t.Popular = y.List, core.TopN(scores, visitor.ListLength, y.Liked)
	for _, r := range t.Eals {
		if t.Group != "" && groupOf(r.Item) == t.Group {
			t.InEals++
		}
	}
	for _, r := range t.Popular {
		if t.Group != "" && groupOf(r.Item) == t.Group {
			t.InPop++
		}
	}
	return t
}

func (c *tastesCard) Render() app.UI {
	i := c.data.Info
	card := app.Section().ID("tastes").Class("card card-tastes")
	if i == nil || i.Source != datainfo.SourcePlanted || i.Planted == nil {
		whose := "the Phoenix reviewers'"
		if d := c.data.about(); !d.Yelp() {
			whose = "these " + d.Words().Users + "'"
		}
		return card.Body(
			app.H2().Text("Known tastes"),
			app.P().Class("caption").Text("Nobody knows "+whose+" true tastes, so nobody can say whether a "+
				"recommendation is right. In a world with planted tastes everyone can: users and items come in taste groups, "+
				"and the page counts how many of your top 20 are in the group you click in, for eALS and for popularity."),
			app.Button().ID("tastes-make").Class("run").Disabled(c.hold.Reason != "").Text("Make a world with known tastes").
				OnClick(func(ctx app.Context, e app.Event) {
					w := core.DefaultPlanted()
					c.Icmd.LoadData(dataSource{Kind: datainfo.SourcePlanted, Planted: &w}, nil)
				}),
		)
	}
	t := yourTastes(c.data, c.you)
	head := []app.UI{
		app.H2().Text("Known tastes"),
		app.P().Class("caption").Text(fmt.Sprintf("Every user and item of this world belongs to one of %d taste groups; "+
			"users interact mostly with their group's items (%.0f%% outside it). The model is not told the groups. Like items of one "+
			"group and count how many of your top %d are in it, for eALS learning your clicks and for popularity, which ranks everyone alike.",
			i.Planted.Groups, 100*i.Planted.Noise, visitor.ListLength)),
	}
	switch {
	case !c.you.Trained:
		return card.Body(append(head, app.P().ID("tastes-group").Text("The counts come once the model is trained."))...)
	case t.Group == "":
		return card.Body(append(head, app.P().ID("tastes-group").Text("Like an item, and the group you click in appears here."))...)
	}
	column := func(id, title string, list []core.Ranked, in int) app.UI {
		return app.Div().Class("tastes-col").Body(
			app.H3().Body(app.Text(title+": "), app.Strong().ID(id).Text(fmt.Sprintf("%d of %d", in, len(list))), app.Text(" in "+t.Group)),
			app.Ol().ID(id+"-list").Class("tastes-list").Body(app.Range(list).Slice(func(k int) app.UI {
				it := c.you.Cat.Item(list[k].Item)
				in := len(it.Categories) > 0 && it.Categories[0] == t.Group
				li := app.Li().DataSet("id", list[k].Item).Body(app.Text(it.Name))
				if in {
					li = li.Class("in-group").Body(app.Text(it.Name), app.Span().Class("visually-hidden").Text(", in your group"))
				}
				return li
			})),
		)
	}
	return card.Body(append(head,
		app.P().ID("tastes-group").Text(fmt.Sprintf("You clicked in %s: %d of your %s.", t.Group,
			t.Likes, textfmt.Plural(len(c.you.Liked), "like", "likes"))),
		app.Div().Class("tastes-cols").Body(
			column("tastes-eals", "eALS", t.Eals, t.InEals),
			column("tastes-pop", "Popularity", t.Popular, t.InPop),
		),
	)...)
}
