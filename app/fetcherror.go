package app

import "fmt"

// fetchError is a failed download: an HTTP status, or no response at all.
type fetchError struct {
	URL    string
	Status int // 0 when there was no response
	Reason string
}

func (e *fetchError) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s: HTTP %d %s", e.URL, e.Status, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.URL, e.Reason)
}
