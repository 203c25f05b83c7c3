package work

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Msg is one message between the page and a worker, or between two
// workers: a kind, a small JSON head, and numbers in bulk, which travel
// without encoding (as typed arrays between browser threads).
type Msg struct {
	Kind  string
	Job   int // the job it belongs to; 0 for none
	From  int // the sending worker, or Page
	Head  []byte
	F64   [][]float64
	I32   [][]int32
	Bytes [][]byte
}

// Page is the sender number of the page.
const Page = -1

// Message kinds. From the page: MsgData (the pack, once), MsgJob (a job to
// run), MsgStop (stop the job). To the page: MsgData (a summary of the
// pack), MsgProgress, MsgResult, MsgDone, MsgError. Between workers: the
// kinds of each job's exchanges.
const (
	MsgData     = "data"
	MsgJob      = "job"
	MsgStop     = "stop"
	MsgProgress = "progress"
	MsgResult   = "result"
	MsgDone     = "done"
	MsgError    = "error"

	msgRows  = "rows"  // a part's rows of P, or of Q and the predictions
	msgRanks = "ranks" // a part's ranks of evaluated cases
	msgNext  = "next"  // worker 0 says whether the job goes on
	msgMeet  = "meet"  // a worker has reached a meeting (see meet)
	msgPlane = "plane" // the trained model's item plane, for worker 0 (see sharePlane)
	msgHave  = "have"  // whether a worker keeps the model in use (see baseFor)
	msgModel = "model" // the model in use, for a worker that does not keep it
)

// NewMsg returns a message whose head is v as JSON.
func NewMsg(kind string, job int, v any) Msg {
	m := Msg{Kind: kind, Job: job}
	if v != nil {
		// The heads are plain structs of numbers and strings: they
		// always encode.
		m.Head, _ = json.Marshal(v)
	}
	return m
}

// Decode reads the message's head into v.
func (m Msg) Decode(v any) error {
	if err := json.Unmarshal(m.Head, v); err != nil {
		return fmt.Errorf("work: a %q message's head cannot be read: %v", m.Kind, err)
	}
	return nil
}

// clone copies m's head and numbers, as a message between browser threads
// is copied.
func (m Msg) clone() Msg {
	m.Head = slices.Clone(m.Head)
	m.F64, m.I32, m.Bytes = cloneEach(m.F64), cloneEach(m.I32), cloneEach(m.Bytes)
	return m
}

func cloneEach[T any](blocks [][]T) [][]T {
	if blocks == nil {
		return nil
	}
	out := make([][]T, len(blocks))
	for k, b := range blocks {
		out[k] = slices.Clone(b)
	}
	return out
}
