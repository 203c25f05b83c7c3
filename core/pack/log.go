package pack

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ealslive/ealslive/core"
)

// BuildLog packs a log that core.ReadLog read, its rating threshold and
// k-core already applied there: the items get the names and categories of
// the log's item file, if it had one, and no city, coordinates or stars.
// If maxInteractions > 0 only the latest maxInteractions pairs are kept,
// as Build's window keeps them. Times are kept to the day, as a pack keeps
// them, with the interactions in time order so that a day's keep theirs;
// a log without times packs without them, in its own order. Users and
// items are numbered by first appearance, as ReadLog numbers the rows
// packed.
func BuildLog(l *core.Log, source, license string, maxInteractions int) (*Pack, error) {
	if l == nil || l.Data == nil {
		return nil, fmt.Errorf("pack: no log to pack")
	}
	if maxInteractions < 0 {
		return nil, fmt.Errorf("pack: max = %d; want 0 (no limit) or more", maxInteractions)
	}
	d := l.Data
	if maxInteractions > 0 && d.Len() > maxInteractions {
		var err error
		if d, err = latest(d, maxInteractions); err != nil {
			return nil, err
		}
	}
	items, data, err := fromDataset(d, func(id string) Item {
		it := Item{ID: id}
		if i, ok := l.Data.ItemID(id); ok && int(i) < len(l.Items) {
			info := l.Items[i]
			it.Name, it.Categories = info.Name, slices.Clone(info.Categories)
		}
		return it
	})
	if err != nil {
		return nil, err
	}
	return &Pack{
		Source: source, License: license, Format: l.Format,
		Subset: Subset{K: l.KCore, MinRating: l.MinRating, MaxInteractions: maxInteractions},
		Items:  items, Data: data, HasTimes: l.HasTimes,
	}, nil
}

// logItemsSep joins a log's name and its item file's in a pack's Source.
const logItemsSep = " with "

// LogSource is the Source of a pack made from the log file named log and
// its item file named items ("" for none): "ratings.csv with movies.csv".
// The page reads the item file's name back (LogItems) to call the items
// what the file calls them.
func LogSource(log, items string) string {
	if items == "" {
		return log
	}
	return log + logItemsSep + items
}

// LogItems is the item file's name in a Source that LogSource wrote, ""
// for none. A log whose own name holds " with " and that had no item file
// reads as having one; the page only looks the name up among known
// nouns, so that costs nothing worse than an odd word.
func LogItems(source string) string {
	if k := strings.LastIndex(source, logItemsSep); k >= 0 {
		return source[k+len(logItemsSep):]
	}
	return ""
}
