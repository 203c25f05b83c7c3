package app

// hold is why a long run cannot start, worded by its control: a reason
// that will pass (the data is loading, another run holds the workers),
// or, once the page has failed, one that will not, which must not read as
// "waits".
type hold struct {
	Reason string // "" when the run can start
	Final  bool   // the page has failed: the run will never be available
}

// says words the hold for the run: "The replay waits: …" or "The replay
// is not available: …"; "" when the run can start.
func (h hold) says(run string) string {
	switch {
	case h.Reason == "":
		return ""
	case h.Final:
		return run + " is not available: " + h.Reason + "."
	}
	return run + " waits: " + h.Reason + "."
}
