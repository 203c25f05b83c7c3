package work

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// The newcomers the workers follow are eval's on the same split and
// model: the count, the most active suggested, and each one's steps; a
// second request reuses the trained model and follows any number; a
// number out of range is an error that names the range.
func TestNewcomersEqualEval(t *testing.T) {
	data, cfg, train, stream, m := streamSplit(t)
	all := eval.Newcomers(train, stream)
	if len(all) < 4 {
		t.Fatalf("the test pack's stream has %d newcomers, want a few", len(all))
	}
	follow := func(number int) []eval.FollowStep {
		pop, _ := core.NewPopularity(train)
		steps, err := eval.Follow(m.Clone(), pop, train, stream, all[number-1].User, eval.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return steps
	}
	g := newGroup(t, 2, data, nil)
	result := func(job int, spec NewcomerSpec) (NewcomerResult, []Msg) {
		msgs := g.run(t, job, JobSpec{Kind: JobNewcomer, Newcomer: &spec}, nil)
		rs := only(t, msgs, MsgResult)
		if len(rs) != 1 {
			return NewcomerResult{}, msgs
		}
		var r NewcomerResult
		if err := rs[0].Decode(&r); err != nil {
			t.Fatal(err)
		}
		return r, msgs
	}
	res, msgs := result(1, NewcomerSpec{Config: cfg, Split: 0.9, Suggest: 3})
	if n := len(only(t, msgs, MsgProgress)); n != cfg.Epochs {
		t.Errorf("%d progress messages while training %d epochs", n, cfg.Epochs)
	}
	reviews, most := 0, 0
	for _, n := range all {
		reviews += n.Reviews
		most = max(most, n.Reviews)
	}
	if res.Newcomers != len(all) || res.Reviews != reviews || res.Stream != len(stream) {
		t.Fatalf("result %d newcomers, %d reviews, stream %d; want %d, %d, %d", res.Newcomers, res.Reviews, res.Stream, len(all), reviews, len(stream))
	}
	if len(res.Suggested) != 3 || all[res.Suggested[0]-1].Reviews != most {
		t.Fatalf("suggested %v, want 3 starting with one of %d reviews", res.Suggested, most)
	}
	for k := 1; k < 3; k++ {
		if all[res.Suggested[k]-1].Reviews > all[res.Suggested[k-1]-1].Reviews {
			t.Fatalf("suggestions %v not by reviews, most first", res.Suggested)
		}
	}
	for k, f := range res.Followed {
		if f.Number != res.Suggested[k] || f.User != all[f.Number-1].User || !reflect.DeepEqual(f.Steps, follow(f.Number)) {
			t.Fatalf("followed %d: %+v, want eval's steps %+v", k, f, follow(f.Number))
		}
	}
	// Again, with a number asked for: the model is kept, no training.
	res, msgs = result(2, NewcomerSpec{Config: cfg, Split: 0.9, Suggest: 1, Follow: []int{len(all)}})
	if n := len(only(t, msgs, MsgProgress)); n != 0 || res.TrainMs != 0 {
		t.Errorf("the second request trained again (%d progress messages)", n)
	}
	if last := res.Followed[len(res.Followed)-1]; last.Number != len(all) || !reflect.DeepEqual(last.Steps, follow(len(all))) {
		t.Fatalf("newcomer %d followed as %+v, want %+v", len(all), last, follow(len(all)))
	}
	// group.run fails the test on an error: this job's messages are read
	// here.
	g.broadcast(NewMsg(MsgJob, 3, JobSpec{Kind: JobNewcomer, Newcomer: &NewcomerSpec{Config: cfg, Split: 0.9, Follow: []int{len(all) + 1}}}))
	var errs []Msg
	for done := 0; done < len(g.workers); {
		m := <-g.page
		switch m.Kind {
		case MsgError:
			errs = append(errs, m)
		case MsgDone:
			done++
		}
	}
	if len(errs) != 1 {
		t.Fatalf("asking for newcomer %d of %d: %d errors, want 1", len(all)+1, len(all), len(errs))
	}
	var f Failure
	if err := errs[0].Decode(&f); err != nil || !strings.Contains(f.Message, "no newcomer number") {
		t.Fatalf("the error says %q (%v)", f.Message, err)
	}
}
