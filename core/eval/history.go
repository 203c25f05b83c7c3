package eval

import "fmt"

// HistoryBucket gathers the online test interactions whose user had
// between Min and Max past interactions (Max < 0: no upper bound), as in
// the paper's Figure 8. Past interactions are the user's training
// interactions plus their earlier ones in the stream.
type HistoryBucket struct {
	Min, Max int
	Label    string
	Metrics
}

// Contains reports whether a user with n past interactions falls in b.
func (b HistoryBucket) Contains(n int) bool {
	return n >= b.Min && (b.Max < 0 || n <= b.Max)
}

// historyEdges are the lower bounds of the buckets. Single counts up to 4
// show the cold-start recovery click by click, as Figure 8 does; wider
// buckets above keep the well-known users of a 10-core (most of the stream)
// apart from the merely sparse ones.
var historyEdges = []int{0, 1, 2, 3, 4, 5, 10, 20, 50}

// HistoryBuckets returns the online protocol's buckets, empty.
func HistoryBuckets() []HistoryBucket {
	bs := make([]HistoryBucket, len(historyEdges))
	for k, lo := range historyEdges {
		b := HistoryBucket{Min: lo, Max: -1}
		if k+1 < len(historyEdges) {
			b.Max = historyEdges[k+1] - 1
		}
		switch {
		case b.Max < 0:
			b.Label = fmt.Sprintf("%d+", b.Min)
		case b.Max == b.Min:
			b.Label = fmt.Sprint(b.Min)
		default:
			b.Label = fmt.Sprintf("%d-%d", b.Min, b.Max)
		}
		bs[k] = b
	}
	return bs
}

// historyBucket returns the index of the bucket holding n past interactions.
func historyBucket(n int) int {
	k := len(historyEdges) - 1
	for k > 0 && n < historyEdges[k] {
		k--
	}
	return k
}
