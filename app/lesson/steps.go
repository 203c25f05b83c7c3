package lesson

import (
	"fmt"

	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/app/textfmt"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// Act is what a step asks the learner to do.
type Act int

const (
	Look           Act = iota // nothing but look
	Like                      // like the business Action.Pick picks
	OpenWhy                   // open "why?" of your top business
	OpenSimilar               // open "similar" of your top business
	TrainSecond               // train the second model with uniform weights
	CompareRetrain            // compare your list with a full retrain's
	GoToSite                  // the site's data, with the likes of Action.To
	Replay                    // replay the paper's online protocol
	Compare                   // train and measure the rivals
)

// Action is what a step asks the learner to do, and what "Do it for me"
// (or Next, when they skip it) does through the page's own commands.
type Action struct {
	Act  Act
	Pick Pick   // Like: the business
	To   State  // GoToSite: the state it reaches
	Says string // what to do, in a sentence for the card
}

// Kind is how a question is answered.
type Kind int

const (
	Number Kind = iota // a whole number from Min to Max
	Choice             // one of Choices
)

// Question asks the learner to predict before they act.
type Question struct {
	Text     string
	Kind     Kind
	Min, Max int
	// Choices are the answers to choose from, for the state the page is
	// in (the names of your likes, say).
	Choices func(f Facts) []string
	// Watch are the businesses whose scores are kept when the question is
	// asked, for an answer about how they move.
	Watch []Pick
	// Answer computes the answer from what the page shows once the step's
	// action is done.
	Answer func(f Facts) (Answer, error)
}

// Step is one card of the lesson.
type Step struct {
	Title string
	Text  string // at most about 80 words
	// Look is the section the page brings into view and marks, and Uses
	// the sections the step uses: the others fold. Both are presenter
	// mode's names of the sections.
	Look string
	Uses []string
	// State is what the page holds when the step opens: the state the
	// path reaches there.
	State State
	Do    Action
	Ask   *Question
}

// The businesses the path likes.
var (
	thai        = Pick{Category: "Thai"}
	greek       = Pick{Category: "Greek"}
	secondGreek = Pick{Category: "Greek", Rank: 1}
	secondThai  = Pick{Category: "Thai", Rank: 1}
	tempe       = []Pick{{City: "Tempe"}, {City: "Tempe", Rank: 1}, {City: "Tempe", Rank: 2}}
)

func choices(c ...string) func(Facts) []string { return func(Facts) []string { return c } }

// The figures the steps' words give are those of the world, the settings
// and the lists the steps use.
var (
	world   = core.DefaultPlanted()
	page    = runs.PageConfig()
	listLen = visitor.ListLength
)

// Questions about the head of your list ask of its first topShort, and
// "similar" lists similarN.
const (
	topShort = 10
	similarN = 10
)

// Steps is the path, from a model that knows nothing about you to the
// paper's evidence.
var Steps = []Step{
	{
		Title: "A model that knows nothing about you",
		Text: fmt.Sprintf("This world has %s people and %s kitchens in %d cuisines, and each person mostly likes one cuisine. ",
			textfmt.Thousands(world.Users), textfmt.Thousands(world.Items), world.Groups) +
			"The model has trained on them, but you are new: Algorithm 2 gives you a small random vector, and your list " +
			"is whatever that vector picks.",
		Look: "you", Uses: []string{"you", "tastes", "training"},
		State: State{Data: Planted},
		Do:    Action{Act: Look, Says: "Look at your list, then Next."},
		Ask: &Question{Text: fmt.Sprintf("Before any like, how many of your %d are among the %d most reviewed kitchens?", listLen, listLen),
			Kind: Number, Max: listLen, Answer: popularInList},
	},
	{
		Title: "One like",
		Text: "Tell the model one thing: you like the most reviewed Thai kitchen. One element-wise update moves your " +
			"vector towards that kitchen's, and that kitchen's a little towards yours; then every kitchen is ranked again.",
		Look: "you", Uses: []string{"you", "browse", "tastes"},
		State: State{Data: Planted},
		Do:    Action{Act: Like, Pick: thai, Says: "Like the most reviewed Thai kitchen: search “Thai” in the finder."},
		Ask: &Question{Text: fmt.Sprintf("How many of your new top %d will be Thai?", topShort),
			Kind: Number, Max: topShort, Answer: groupOfLastLike(topShort)},
	},
	{
		Title: "A second taste",
		Text: "Now like the most reviewed Greek kitchen too. Watch two kitchens you have not liked: A, the second most " +
			"reviewed Greek one, and B, the second most reviewed Thai one. A like moves your vector, and every score with it.",
		Look: "you", Uses: []string{"you", "browse"},
		State: State{Data: Planted, Likes: []Pick{thai}},
		Do:    Action{Act: Like, Pick: greek, Says: "Like the most reviewed Greek kitchen: search “Greek” in the finder."},
		Ask: &Question{Text: "Whose score rises more: A, the second Greek kitchen, or B, the second Thai one?",
			Kind: Choice, Choices: choices("A", "B"), Watch: []Pick{secondGreek, secondThai}, Answer: rise(secondGreek, secondThai)},
	},
	{
		Title: "Why this one?",
		Text: "Every business in your list has a “why?”: its score split exactly into one share per like, with the item " +
			"vectors fixed, plus a remainder for what one pass of updates has not settled yet. Open it for your top business.",
		Look: "you", Uses: []string{"you"},
		State: State{Data: Planted, Likes: []Pick{thai, greek}},
		Do:    Action{Act: OpenWhy, Says: "Press “why?” on the first business of your list."},
		Ask: &Question{Text: "Which of your likes adds most to your top business's score?",
			Kind: Choice, Choices: likeChoices, Answer: largestShare},
	},
	{
		Title: "Inside one update",
		Text: "Your last like ran eq. (12): each of your K factors in turn set to the exact minimiser of the objective " +
			"with the others held, then eq. (13) for the kitchen's. Step through it below with Next and Back, and watch " +
			"the part of the objective each step works on.",
		Look: "update-stepper", Uses: []string{"update-view", "update-stepper"},
		State: State{Data: Planted, Likes: []Pick{thai, greek}},
		Do:    Action{Act: Look, Says: "Step through the update with its Next button."},
		Ask: &Question{Text: "Can one step of eq. (12) raise the objective?",
			Kind: Choice, Choices: choices("yes", "no"), Answer: objectiveRises},
	},
	{
		Title: "Missing data as a weak “no”",
		Text: fmt.Sprintf("Every kitchen you have not liked counts as a weak “no” of weight c_i: popular ones more (α = %g), since ", page.Alpha) +
			"you have likely seen them and passed. With α = 0 every kitchen weighs the same, as in Hu et al. Train a second " +
			"model with α = 0; it learns your likes too.",
		Look: "weights", Uses: []string{"weights", "params", "second"},
		State: State{Data: Planted, Likes: []Pick{thai, greek}},
		Do:    Action{Act: TrainSecond, Says: "Press “Train the second model”."},
		Ask: &Question{Text: fmt.Sprintf("How many of your top %d will the uniform model also list?", listLen),
			Kind: Number, Max: listLen, Answer: overlapWithSecond},
	},
	{
		Title: "One update against a full retrain",
		Text: "Each like cost one update, a fraction of a millisecond. A batch system would instead retrain from scratch " +
			"with your likes in the data, at the cost of a whole training. The paper's claim is that the update comes close.",
		Look: "full-retrain", Uses: []string{"full-retrain"},
		State: State{Data: Planted, Likes: []Pick{thai, greek}},
		Do:    Action{Act: CompareRetrain, Says: "Press “Retrain with your 2 likes”."},
		Ask: &Question{Text: fmt.Sprintf("How many of the update's top %d will a full retrain keep?", listLen),
			Kind: Number, Max: listLen, Answer: overlapWithRetrain},
	},
	{
		Title: "Real reviews: where, never told",
		Text: "Now real data: Yelp reviews from the Phoenix area. The model is given who reviewed what, never where. " +
			"You like the three most reviewed places in Tempe, a college town beside Phoenix; the map shows your list.",
		Look: "map", Uses: []string{"map", "you"},
		State: State{Data: Planted, Likes: []Pick{thai, greek}},
		Do:    Action{Act: GoToSite, To: State{Data: Site, Likes: tempe}, Says: "Like the three most reviewed places in Tempe."},
		Ask: &Question{Text: fmt.Sprintf("How many of your new top %d will be in Tempe too?", listLen),
			Kind: Number, Max: listLen, Answer: cityOfLastLike(listLen)},
	},
	{
		Title: "More like this",
		Text: fmt.Sprintf("A business's vector is its taste profile. “similar” lists the %d whose vectors point most nearly the ", similarN) +
			"same way, by the cosine: businesses reviewed by the same people, whatever their categories say.",
		Look: "you", Uses: []string{"you", "factor-map"},
		State: State{Data: Site, Likes: tempe},
		Do:    Action{Act: OpenSimilar, Says: "Press “similar” on the first business of your list."},
		Ask: &Question{Text: fmt.Sprintf("Of the %d most like your top business, how many share its main category?", similarN),
			Kind: Number, Max: similarN, Answer: similarShareCategory},
	},
	{
		Title: "Cold start, measured",
		Text: fmt.Sprintf("The paper's online protocol: train on the first %.0f%% of reviews by time, then for each later review rank, ", 100*runs.ReplaySplit) +
			"score, and only then learn it. Figure 8 splits the hits by how many reviews the reviewer had before.",
		Look: "replay", Uses: []string{"replay"},
		State: State{Data: Site, Likes: tempe},
		Do:    Action{Act: Replay, Says: "Press “Start the replay”."},
		Ask: &Question{Text: "From how many past reviews does learning eALS hit more often than popularity?",
			Kind: Choice, Choices: historyChoices, Answer: newcomerBeatsPopularity},
	},
	{
		Title: "What the evidence says here",
		Text: "Last, the rivals on each reviewer's latest review, held out: eALS with popularity-weighted and with " +
			"uniform missing data, BPR and RCD. A gap counts only beyond its 95% margin of error; within it, a tie.",
		Look: "compare", Uses: []string{"compare"},
		State: State{Data: Site, Likes: tempe},
		Do:    Action{Act: Compare, Says: "Press “Run the comparison”."},
		Ask: &Question{Text: "Will popularity weighting beat uniform weights beyond the margin?",
			Kind: Choice, Choices: choices("yes", "no"), Answer: weightingHelps},
	},
}

// After is the state the path reaches once step k's action is done: the
// state of the step after it, or, for the last, its own with its action's.
func After(k int) State {
	if k+1 < len(Steps) {
		return Steps[k+1].State
	}
	if s := Steps[k]; s.Do.Act == GoToSite {
		return s.Do.To
	}
	return Steps[k].State
}
