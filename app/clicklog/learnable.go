package clicklog

// Learnable is the saved clicks the model learns, resolved with lookup, in
// the order they were liked, and how many are set aside: businesses the
// data does not have, and clicks in capped (those past the cap when the
// page read them, by business and time: liked again, a business is
// learnt).
func Learnable(l Log, lookup func(id string) (int32, bool), capped map[string]int64) (items []int32, unknown, pastCap int) {
	for _, r := range l.Clicks {
		if r.Removed {
			continue
		}
		if at, ok := capped[r.ID]; ok && at == r.At {
			pastCap++
			continue
		}
		i, ok := lookup(r.ID)
		if !ok {
			unknown++
			continue
		}
		items = append(items, i)
	}
	return items, unknown, pastCap
}

// PastCap is the saved clicks older than the latest max, by business and
// time: the model learns the newest, and every click made on the visit.
func PastCap(l Log, max int) map[string]int64 {
	n := len(l.Liked()) - max
	capped := map[string]int64{}
	for _, r := range l.Clicks {
		if len(capped) >= n {
			break
		}
		if !r.Removed {
			capped[r.ID] = r.At
		}
	}
	return capped
}
