package app

import (
	"github.com/ealslive/ealslive/app/visitor"

	"fmt"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/textfmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// whyShares is how many clicks a business's "why?" names; the others are
// summed into one line.
const whyShares = 3

// why is one listed business's score split by your clicks (see
// core.Explanation), as its "why?" shows it.
type why struct {
	Open      bool
	Score     float64
	Shares    []share // the largest, at most whyShares
	Rest      float64 // the other clicks' shares together
	RestCount int
	Remainder float64
}

// share is what one of your clicks added to a score.
type share struct {
	Name   string
	Amount float64
}

// whyRows returns a why for each business in your list, or nil when there
// is nothing of yours to explain; open says which are unfolded.
func whyRows(y visitor.You, open map[int32]bool) []why {
	exps := y.Why
	if len(exps) != len(y.List) || y.Cat == nil {
		return nil
	}
	rows := make([]why, len(exps))
	for k, e := range exps {
		top, rest := e.Top(whyShares)
		w := why{
			Open:      open[e.Item],
			Score:     e.Score,
			Rest:      rest,
			RestCount: len(e.Contributions) - len(top),
			Remainder: e.Remainder,
		}
		for _, c := range top {
			w.Shares = append(w.Shares, share{Name: y.Cat.Item(c.Item).Name, Amount: c.Amount})
		}
		rows[k] = w
	}
	return rows
}

// whyNote is the line under your list that says what "why?" shows, in
// notation, and why the scores cannot be split, if they cannot (core's
// words, kept out of the notation).
func whyNote(y visitor.You, w datainfo.Words) (note, problem string) {
	switch {
	case !y.Trained:
		return "", ""
	case len(y.Liked) == 0:
		return "Why these? Nothing of yours to explain yet: until you like " + textfmt.WithArticle(w.Item) + ", this order comes from " +
			"the small random vector every new user starts with.", ""
	case y.WhyErr != "":
		return "Why these? The scores cannot be split by your clicks here: ", y.WhyErr
	}
	return "Why? With every " + w.Item + "'s vector held fixed, the best vector for you is p^{*} = A^{−1} Σ w q_i over your clicks " +
		"(A = S^q + Σ (w − c_i) q_i q_i^T + λI), so each score splits exactly into one share per click: " +
		"w q_j^T A^{−1} q_i, how close " + w.Item + " j is to the one you liked, measured so that what everyone's missing data already " +
		"explains counts less. One update per click takes your vector most of the way to p^{*}, not all of it: what it has not " +
		"settled yet is shown as the remainder, and the shares plus the remainder are the score.", ""
}

// whyToggle is the "why?" button of row k of your list, named by its label
// and the row's business. Its clicks are handled by rowClicked on the list.
func whyToggle(k int, open bool, w datainfo.Words) app.UI {
	id := rowPart("why", k)
	label := []app.UI{app.Text("why?")}
	if open {
		// Shown short; read as what it hides.
		label = []app.UI{app.Text("hide"), app.Span().Class("visually-hidden").Text(" why")}
	}
	return app.Button().ID(id).Class("why-toggle").Aria("expanded", open).Aria("controls", rowPart("why-panel", k)).
		Aria("labelledby", id+" "+rowPart("name", k)).
		Title("Which of your clicks pulled this " + w.Item + " up, and by how much").Body(label...)
}

// renderWhy shows the score of row k's business split by your clicks.
func renderWhy(k int, w why) app.UI {
	return app.Div().ID(rowPart("why-panel", k)).Class("why").Body(
		// Divs, not a list: selectors for the ranked list's items must not
		// find these.
		app.Div().Class("why-parts").Body(
			app.Range(w.Shares).Slice(func(k int) app.UI {
				s := w.Shares[k]
				return whyLine("why-share", "you liked "+s.Name, s.Amount)
			}),
			when(w.RestCount > 0, func() app.UI {
				return whyLine("why-rest", textfmt.Plural(w.RestCount, "other click", "other clicks")+" together", w.Rest)
			}),
			whyLine("why-remainder", "not yet settled by the one-step update", w.Remainder),
		),
		app.P().Class("why-total").Body(
			app.Text("= score "),
			app.Span().Class("why-score").Text(fmt.Sprintf("%.3f", w.Score)),
		),
	)
}

func whyLine(class, label string, amount float64) app.UI {
	sign := "why-amount"
	if amount < -0.0005 {
		sign = "why-amount why-negative"
	}
	return app.Div().Class("why-part", class).Body(
		app.Span().Class("why-label").Text(label),
		app.Span().Class(sign).Text(textfmt.Signed(amount)),
	)
}
