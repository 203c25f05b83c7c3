package app

import (
	"github.com/ealslive/ealslive/app/runs"
	"github.com/ealslive/ealslive/core"
)

// What a section may ask of the page. A section draws only what is
// published (shared.go) and changes the page only through these commands,
// each set kept by the one owner of what it changes: you (you.go), the
// runs (runner.go) and the page's views (views.go). The keyboard, scenario
// links, presenter mode and the lesson send the same commands. A command
// is handled on the UI goroutine, at once; what it changes is published.

// youCommands change your clicks.
type youCommands interface {
	// Like learns that you like a business, from a click in a list.
	Like(c likeClick)
	// Remove forgets a like.
	Remove(item int32)
	// StartOver forgets every like, kept to bring back.
	StartOver()
	// BringBack swaps your likes with those kept to bring back.
	BringBack()
	// Replace makes items your likes, in order, keeping yours to bring
	// back with why ("before you opened a link").
	Replace(items []int32, why string)
}

// runCommands start and stop the long runs, which the workers carry out,
// one at a time.
type runCommands interface {
	// Train trains a model with cfg, or brings back one kept for it, for
	// your list; your likes are learnt by it.
	Train(cfg core.Config)
	// TrainAgain trains the model in use afresh, to watch it learn.
	TrainAgain()
	// LoadData makes d the page's data, with the bytes of a file just
	// picked (nil otherwise), and trains on it.
	LoadData(d dataSource, parts [][]byte)
	// Use trains a fresh model with cfg on d, the data in use or other:
	// a lesson's step starts so.
	Use(d dataSource, cfg core.Config)
	// StartReplay replays the paper's online protocol with the lanes
	// chosen.
	StartReplay(choices runs.ReplayChoices)
	// StartComparison trains and measures the rivals.
	StartComparison()
	// StartRetrain retrains the model in use from scratch with likes (your
	// likes, in click order), and warm, to set your list beside the
	// retrain's.
	StartRetrain(likes []int32)
	// FollowNewcomer finds the stream's newcomers and follows number n
	// (0: the most active), or shows one followed already.
	FollowNewcomer(n int)
	// TrainSecond trains a second model with cfg to learn your likes.
	TrainSecond(cfg core.Config)
	// Stop stops the run of that kind (training, the replay, …).
	Stop(kind runKind)
}

// viewCommands change what the page shows and says.
type viewCommands interface {
	// Announce says msg in the live region; with toList, the bar on a
	// phone links to your list.
	Announce(msg string, toList bool)
	// Note adds a message for the visitor at the top of the page.
	Note(msg string)
	// Dismiss drops note k.
	Dismiss(k int)
	// Present shows views in presenter mode, or leaves it (nil).
	Present(views []string)
	// TogglePresenter enters presenter mode with its default sections, or
	// leaves it.
	TogglePresenter()
	// ShowView brings a section, or a view of one, into view once painted.
	ShowView(view string)
	// SetMapView shows the factor map section's view (viewFactors or
	// viewWhere).
	SetMapView(view string)
	// ShowNear tells the factor map and the live region what "More like
	// this" found.
	ShowNear(n nearShown, words string)
	// MapDrawn tells the page what the factor map draws, for its tests.
	MapDrawn(shown factorMapShown)
	// Open opens a business's "why?" or "similar" in your list.
	Open(r openRequest)
}

// lessonCommands move through the lesson (guide.go).
type lessonCommands interface {
	// OpenLesson opens step k (1 for the first) in the state the path
	// reaches there.
	OpenLesson(k int)
	CloseLesson()
	LessonNext()
	LessonBack()
	// LessonDo does the step's action, as its button would.
	LessonDo()
	// LessonGuess takes the learner's prediction.
	LessonGuess(guess string)
	// LessonCheck shows the answer, once the step is done.
	LessonCheck()
}

// commands is every command, as the Page hands them to its sections: each
// section keeps the set it may send.
type commands struct {
	youCommands
	runCommands
	viewCommands
	lessonCommands
}

// runKind names a long run, for Stop and for what holds the workers.
type runKind string

const (
	runTraining runKind = "training"
	runReplay   runKind = "replay"
	runCompare  runKind = "comparison"
	runNewcomer runKind = "newcomer"
	runSecond   runKind = "second"
	runRetrain  runKind = "retrain"
)
