package work

import (
	"testing"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
	"github.com/ealslive/ealslive/core/pack"
)

// BenchmarkRetrainJob is the retrain with a visitor's clicks against the
// first training, alternating in the same two in-process workers on the
// Phoenix pack at K = 32: retrain/first is the retrain's setup and epochs
// over the first training's (the aim is about 1), the median over
// the iterations. Run it as wasm too (GOOS=js GOARCH=wasm), which is what
// the page runs.
func BenchmarkRetrainJob(b *testing.B) {
	data := packBytes(b, pack.Subset{K: 10})
	cfg := core.DefaultConfig()
	cfg.Epochs = 10
	g := newGroup(b, 2, data, nil)
	train := TrainSpec{Config: cfg, Sample: 1, TopN: 100}
	retrain := RetrainSpec{Config: cfg, Likes: []int32{12, 400, 7}, WarmEpochs: 1}
	var ratios []float64
	job := 1
	for b.Loop() {
		g.run(b, job, JobSpec{Kind: JobTrain, Train: &train}, nil)
		run := runRetrain(b, g, job+1, retrain)
		if run.BaseTrained || run.FirstTrainMs <= 0 {
			b.Fatalf("the retrain did not start from the model trained: %+v", run)
		}
		ratios = append(ratios, run.RetrainMs/run.FirstTrainMs)
		job += 2
	}
	b.ReportMetric(eval.Median(ratios), "retrain/first")
}
