package app

import (
	"github.com/ealslive/ealslive/app/settings"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// The settings of the model in use are kept in localStorage, beside the
// clicks but under their own key, so that a reload trains with the
// settings the visitor chose, not the defaults. They are stored as a
// scenario link's query without likes: one format to read, which never
// fails (a damaged value goes back to its default).
const settingsKey = "ealslive.settings"

// loadSettings returns the stored settings over defaults, and whether any
// were stored; a damaged store gives the defaults and a note.
func loadSettings(defaults core.Config) (core.Config, string) {
	raw, found, err := readStorage(settingsKey)
	if err != nil || !found {
		return defaults, ""
	}
	sc, notes, _ := settings.Parse(raw, defaults, func(string) (int32, bool) { return 0, false }, visitor.MaxLearntClicks)
	if len(notes) > 0 {
		return sc.Config, "Some of your saved settings could not be used, so they are back to their defaults."
	}
	return sc.Config, ""
}

// saveSettings keeps cfg for the next visit. A browser that refuses is
// already reported by the clicks' store, so this stays quiet.
func saveSettings(cfg core.Config) {
	writeStorage(settingsKey, settingsQuery(cfg))
}

// settingsQuery is cfg as saveSettings stores it.
func settingsQuery(cfg core.Config) string { return settings.Query(cfg, nil, "") }
