package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/lesson"
)

// lessonCardView is the lesson's step card: what to look at and do, the
// question to answer before seeing, the answer once the step is done, and
// Back and Next. It stays in view beside the page on a laptop and at the
// bottom on a phone. It draws the step the guide publishes; the guess as
// typed is its own.
type lessonCardView struct {
	app.Compo
	Icmd  lessonCommands
	shown lessonShown
	typed string // the number typed, before it is sent
}

func newLessonCard() *lessonCardView { return &lessonCardView{} }

func (c *lessonCardView) Commands(cmd lessonCommands) *lessonCardView { c.Icmd = cmd; return c }

func (c *lessonCardView) OnMount(ctx app.Context) {
	observe(ctx, "lesson", keyLesson).OnChange(func() { c.typed = c.shown.Card.Guess }).Value(&c.shown)
}

func (c *lessonCardView) Render() app.UI {
	l := c.shown
	if !l.On {
		return app.Aside().ID("lesson").Class("lesson-card").Hidden(true)
	}
	card := l.Card
	return app.Aside().ID("lesson").Class("lesson-card").Aria("labelledby", "lesson-title").Body(
		app.Div().Class("lesson-head").Body(
			app.P().ID("lesson-count").Class("lesson-count").Text(fmt.Sprintf("Lesson · step %d of %d", l.Step+1, l.Of)),
			app.Button().ID("lesson-close").Class("lesson-close").Aria("label", "Leave the lesson").Text("×").
				OnClick(func(ctx app.Context, e app.Event) { c.Icmd.CloseLesson() }),
		),
		app.H2().ID("lesson-title").TabIndex(-1).Text(l.Title),
		app.P().ID("lesson-text").Class("lesson-text").Body(notation(l.Text)),
		when(l.Ask != nil, func() app.UI { return c.renderAsk(l) }),
		app.P().ID("lesson-do").Class("lesson-do").Body(
			app.Strong().Text("Do: "), app.Text(l.Does+" "),
			when(!card.Done && l.Entered, func() app.UI {
				return app.Button().ID("lesson-do-it").Class("reset").Text("Do it for me").
					OnClick(func(ctx app.Context, e app.Event) { c.Icmd.LessonDo() })
			}),
		),
		app.Div().ID("lesson-said").Class("lesson-said").Attr("role", "status").Aria("live", "polite").Body(
			when(l.Waits != "", func() app.UI { return app.P().Class("lesson-waits").Text(l.Waits) }),
			when(card.Did != "", func() app.UI { return app.P().ID("lesson-did").Text(card.Did) }),
			when(card.Problem != "", func() app.UI { return app.P().ID("lesson-problem").Class("param-error").Text(card.Problem) }),
			when(card.Answer != nil, func() app.UI { return c.renderAnswer(card) }),
		),
		app.Nav().Class("lesson-nav").Aria("label", "Lesson steps").Body(
			app.Button().ID("lesson-back").Class("reset").Text("Back").Disabled(l.Step == 0).
				OnClick(func(ctx app.Context, e app.Event) { c.Icmd.LessonBack() }),
			app.Button().ID("lesson-next").Class("run").Text(c.nextLabel()).Disabled(!l.Entered || (l.Step == l.Of-1 && c.finished())).
				OnClick(func(ctx app.Context, e app.Event) { c.Icmd.LessonNext() }),
		),
	)
}

// finished says whether the step has nothing left to do or tell.
func (c *lessonCardView) finished() bool {
	l := c.shown
	return (l.Card.Done || l.Does == "") && (l.Ask == nil || l.Card.Answer != nil)
}

// nextLabel says what Next does: finish the step, or go on.
func (c *lessonCardView) nextLabel() string {
	if c.finished() {
		return "Next"
	}
	return "Next: finish this step"
}

// renderAsk is the step's question: a number to type or a choice to make,
// then "Check" once the step is done.
func (c *lessonCardView) renderAsk(l lessonShown) app.UI {
	q, card := l.Ask, l.Card
	told := card.Answer != nil
	var input app.UI
	switch q.Kind {
	case lesson.Number:
		input = app.Div().Class("lesson-number").Body(
			app.Label().For("lesson-guess").Text(fmt.Sprintf("Your guess (%d to %d)", q.Min, q.Max)),
			app.Input().ID("lesson-guess").Type("number").Attr("min", q.Min).Attr("max", q.Max).Attr("inputmode", "numeric").
				Value(c.typed).Disabled(told).
				OnInput(func(ctx app.Context, e app.Event) {
					c.typed = ctx.JSSrc().Get("value").String()
					c.Icmd.LessonGuess(c.typed)
				}),
		)
	default:
		input = app.Div().Class("lesson-choices").Role("radiogroup").Aria("labelledby", "lesson-question").Body(
			app.Range(q.Choices).Slice(func(k int) app.UI {
				v := q.Choices[k]
				id := "lesson-choice-" + strconv.Itoa(k)
				return app.Label().Class("choice").For(id).Body(
					app.Input().Type("radio").ID(id).Name("lesson-choice").Value(v).Checked(card.Guess == v).Disabled(told).
						OnChange(func(ctx app.Context, e app.Event) { c.Icmd.LessonGuess(v) }, v),
					app.Span().Text(v),
				)
			}),
		)
	}
	return app.Div().Class("lesson-ask").Body(
		app.P().ID("lesson-question").Class("lesson-question").Body(app.Strong().Text("Predict: "), app.Text(q.Text)),
		input,
		when(!told, func() app.UI {
			return app.Button().ID("lesson-check").Class("reset").Text("Check").Disabled(!l.Entered).
				OnClick(func(ctx app.Context, e app.Event) { c.Icmd.LessonCheck() })
		}),
	)
}

// renderAnswer is the answer, computed from the page as it is, and
// whether the guess was right.
func (c *lessonCardView) renderAnswer(card lessonCard) app.UI {
	verdict := "You did not guess. "
	switch {
	case card.Guess != "" && card.Right:
		verdict = "Right. "
	case card.Guess != "":
		verdict = "Not quite: you said " + card.Guess + ". "
	}
	return app.P().ID("lesson-answer").Class("lesson-answer").DataSet("value", card.Answer.Value).
		DataSet("right", card.Right).Body(
		app.Strong().Text(verdict), notation(card.Answer.Says),
	)
}
