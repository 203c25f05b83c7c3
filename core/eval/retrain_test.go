package eval_test

import (
	"fmt"
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// retrainCase is a synthetic log split by time: a training set, a stream
// with users and items the training set lacks, and small settings.
func retrainCase(t *testing.T) (*core.Dataset, []core.Interaction, core.Config) {
	t.Helper()
	d, err := core.Synthetic(40, 30, 500, 0.8, 3)
	if err != nil {
		t.Fatal(err)
	}
	train, stream, err := d.TimeSplit(0.8)
	if err != nil {
		t.Fatal(err)
	}
	cfg := core.DefaultConfig()
	cfg.K, cfg.Epochs, cfg.C0 = 6, 5, 16
	return train, stream, cfg
}

// The lane judges interaction t with a model trained from scratch on the
// training set and the stream's first N·⌊t/N⌋ interactions: here each of
// those models is trained apart, and each interaction ranked by hand.
func TestRetrainingEqualsTrainingAtEachPoint(t *testing.T) {
	train, stream, cfg := retrainCase(t)
	start, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	const topN = 10
	for _, every := range []int{1, 7, 25, len(stream) + 1} {
		t.Run(fmt.Sprint("every ", every), func(t *testing.T) {
			var ranks []int32
			judge := start
			for n, x := range stream {
				if n > 0 && n%every == 0 {
					d, err := train.WithInteractions(stream[:n])
					if err != nil {
						t.Fatal(err)
					}
					if judge, err = core.Train(d, cfg, nil); err != nil {
						t.Fatal(err)
					}
				}
				ranks = append(ranks, int32(core.Rank(judge.Scores(x.User, nil), x.Item, nil)))
			}
			want := eval.MetricsOfRanks(ranks, topN)

			lane, err := eval.NewRetraining(start, train, every)
			if err != nil {
				t.Fatal(err)
			}
			got, err := eval.EvaluateOnline(lane, train, stream, eval.Options{TopN: topN, RanksWithinTopN: true})
			if err != nil {
				t.Fatal(err)
			}
			if got.Metrics != want {
				t.Errorf("the lane's metrics %+v, want %+v", got.Metrics, want)
			}
			if lane.Retrains() != len(stream)/every || len(got.UpdateSeconds) != len(stream) {
				t.Errorf("%d retrains and %d timed updates over %d interactions", lane.Retrains(), len(got.UpdateSeconds), len(stream))
			}
		})
	}
}

// Never retraining is the frozen model; the lane gives the same figures
// on any number of threads and in any chunks, and never changes the model
// it starts from.
func TestRetrainingIsDeterministic(t *testing.T) {
	train, stream, cfg := retrainCase(t)
	start, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := start.MarshalBinary()
	opts := eval.Options{TopN: 10}
	frozen, err := eval.EvaluateOnline(eval.Frozen(start), train, stream, opts)
	if err != nil {
		t.Fatal(err)
	}
	never, err := eval.NewRetraining(start, train, len(stream)+1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := eval.EvaluateOnline(never, train, stream, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got.Metrics != frozen.Metrics || fmt.Sprint(got.ByHistory) != fmt.Sprint(frozen.ByHistory) {
		t.Errorf("never retraining: %+v, the frozen model %+v", got.Metrics, frozen.Metrics)
	}

	whole, err := eval.NewRetraining(start, train, 9)
	if err != nil {
		t.Fatal(err)
	}
	want, err := eval.EvaluateOnline(whole, train, stream, opts)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Threads = 3
	threaded, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	lane, err := eval.NewRetraining(threaded, train, 9)
	if err != nil {
		t.Fatal(err)
	}
	o := eval.NewOnline(lane, train, stream, opts)
	for !mustStep(t, o, 4) {
	}
	res := o.Result()
	if res.Metrics != want.Metrics || fmt.Sprint(res.ByHistory, res.Curve) != fmt.Sprint(want.ByHistory, want.Curve) {
		t.Errorf("3 threads in chunks: %+v, one thread whole: %+v", res.Metrics, want.Metrics)
	}
	after, _ := start.MarshalBinary()
	if string(before) != string(after) {
		t.Error("the lane changed the model it started from")
	}
}

func TestRetrainingRefuses(t *testing.T) {
	train, stream, cfg := retrainCase(t)
	start, err := core.Train(train, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := core.Synthetic(10, 8, 60, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		m     *core.Model
		d     *core.Dataset
		every int
	}{
		{"no model", nil, train, 5},
		{"no data", start, nil, 5},
		{"every 0", start, train, 0},
		{"another data set", start, other, 5},
	} {
		if _, err := eval.NewRetraining(tc.m, tc.d, tc.every); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	lane, err := eval.NewRetraining(start, train, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := lane.Update(int32(train.NumUsers()), stream[0].Item); err == nil {
		t.Error("an unknown user was learnt")
	}
}
