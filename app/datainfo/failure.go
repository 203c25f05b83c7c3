package datainfo

import (
	"fmt"

	"github.com/ealslive/ealslive/app/work"
	"github.com/ealslive/ealslive/core/pack"
)

// Failure is why the page cannot go on, worded for a visitor: what
// happened, in a title and a sentence, and what to do.
type Failure struct {
	Title, Detail, Hint string
}

// PackFailure words a pack at url that worker 0 could not download or
// decode.
func PackFailure(url string, f work.Failure) Failure {
	switch f.Kind {
	case "download":
		return downloadFailure(url, f)
	case "version":
		return versionFailure(url, f.Version)
	case "truncated":
		return truncatedFailure(f.Message)
	}
	return corruptFailure(url, f.Message)
}

// downloadFailure words a pack worker 0 could not download from url.
func downloadFailure(url string, f work.Failure) Failure {
	if f.Status == 404 {
		return Failure{
			Title:  "The data is missing",
			Detail: fmt.Sprintf("The server has no data pack at %s (HTTP 404), so there is nothing to train on.", url),
			Hint:   "If you host this page, build the pack with `make pack` (or `make site`) and publish web/yelp.msgpack with the rest of the site.",
		}
	}
	return Failure{
		Title:  "The data could not be downloaded",
		Detail: f.Message,
		Hint:   "Check your connection and reload. After one complete visit the page also works offline.",
	}
}

func versionFailure(url string, found int64) Failure {
	return Failure{
		Title:  "The data is from another version",
		Detail: fmt.Sprintf("The data pack at %s has format version %d, but this page reads version %d.", url, found, pack.Schema),
		Hint:   "If you host this page, rebuild the pack and the page together (`make site`).",
	}
}

func truncatedFailure(msg string) Failure {
	return Failure{
		Title:  "The data arrived incomplete",
		Detail: msg,
		Hint:   "Reload the page; if it happens again, the file on the server is cut short.",
	}
}

func corruptFailure(url, msg string) Failure {
	return Failure{
		Title:  "The data is corrupted",
		Detail: fmt.Sprintf("The data pack at %s could not be read: %s", url, msg),
		Hint:   "If you host this page, rebuild the pack with `make pack`.",
	}
}
