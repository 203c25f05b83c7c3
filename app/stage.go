package app

// stage is how far the page has got.
type stage int

const (
	stageLoading  stage = iota // downloading and decoding the pack
	stageTraining              // a model is being trained (or restored)
	stageReady                 // you can click and the model learns, and the workers are free
	stageFailed                // the page cannot go on; the notices say why
)

func (s stage) String() string {
	return [...]string{"loading", "training", "ready", "failed"}[s]
}
