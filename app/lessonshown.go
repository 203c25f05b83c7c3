package app

import "github.com/ealslive/ealslive/app/lesson"

// lessonCard is what happened on one step.
type lessonCard struct {
	Guess   string
	Answer  *lesson.Answer
	Right   bool
	Done    bool   // the step's action is done
	Did     string // what Next or "Do it for me" did
	Problem string // why the step cannot be done now, or on this data
}

// lessonShown is the lesson as its card draws it.
type lessonShown struct {
	On      bool
	Step    int // 0-based
	Of      int
	Title   string
	Text    string
	Look    string
	Uses    []string
	Hide    bool // the sections the step does not use are hidden, not dimmed
	Does    string
	Ask     *askShown
	Card    lessonCard
	Waits   string // what the page waits for before the step can go on
	Entered bool   // the step's state is reached
}

// askShown is a question as the card asks it.
type askShown struct {
	Text     string
	Kind     lesson.Kind
	Min, Max int
	Choices  []string
}
