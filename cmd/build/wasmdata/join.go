package wasmdata

import "fmt"

// DefaultGap is the longest run of zeros Join fills by default. A segment
// header takes 5 to 12 bytes that compress poorly, and Brotli codes a run
// of zeros in a few bits, so filling the gaps costs next to nothing on the
// wire; longer gaps than this join no more on the page's app.wasm.
const DefaultGap = 1024

// Stats says what Join did.
type Stats struct {
	Before, After int // data segments
}

// Join returns module with each run of data segments whose gaps are at
// most maxGap zeros joined into one segment. The module starts with the
// same memory, and its other sections are copied unchanged.
//
// A module that is not one returns an error wrapping ErrNotModule; one
// whose segments Join cannot safely join returns one wrapping
// ErrNotJoinable, so that a caller can ship it unchanged.
func Join(module []byte, maxGap int) ([]byte, Stats, error) {
	secs, err := sections(module)
	if err != nil {
		return nil, Stats{}, err
	}
	var segs []segment
	data := false
	for _, s := range secs {
		switch s.id {
		case dataCountSection:
			// Instructions name segments by index when this is present.
			return nil, Stats{}, fmt.Errorf("%w: the module counts its data segments (bulk memory)", ErrNotJoinable)
		case dataSection:
			if data {
				return nil, Stats{}, fmt.Errorf("%w: two data sections", ErrNotModule)
			}
			data = true
			if segs, err = readSegments(s.body); err != nil {
				return nil, Stats{}, err
			}
			if segs, err = inAddressOrder(segs); err != nil {
				return nil, Stats{}, err
			}
		}
	}
	joined := joinSegments(segs, maxGap)
	out := make([]byte, 0, len(module))
	out = append(out, header...)
	for _, s := range secs {
		body := s.body
		if s.id == dataSection {
			body = appendSegments(nil, joined)
		}
		out = append(out, s.id)
		out = appendU32(out, uint32(len(body)))
		out = append(out, body...)
	}
	return out, Stats{Before: len(segs), After: len(joined)}, nil
}

// joinSegments joins neighbours at most maxGap bytes apart. segs are in
// address order and do not overlap, so no gap is written by any other
// segment: it holds zeros when the module starts.
func joinSegments(segs []segment, maxGap int) []segment {
	var out []segment
	for first := 0; first < len(segs); {
		last := first
		for last+1 < len(segs) && int64(segs[last+1].offset)-int64(segs[last].end()) <= int64(maxGap) {
			last++
		}
		if last == first {
			out = append(out, segs[first])
		} else {
			start := segs[first].offset
			data := make([]byte, segs[last].end()-uint64(start))
			for _, s := range segs[first : last+1] {
				copy(data[s.offset-start:], s.data)
			}
			out = append(out, segment{offset: start, data: data})
		}
		first = last + 1
	}
	return out
}
