package core

import (
	"fmt"
	"slices"
)

// The kinds of model a file can hold, as FileKind reports them.
const (
	KindEALS       = "eals" // *Model
	KindALS        = "als"  // *ALS
	KindBPR        = "bpr"  // *BPR
	KindRCD        = "rcd"  // *RCD
	KindCG         = "cg"   // *CG
	KindPopularity = "pop"  // *Popularity
)

var kinds = []string{KindEALS, KindALS, KindBPR, KindRCD, KindCG, KindPopularity}

// Save writes any model of this package as a model file: its
// MarshalBinary.
func Save(r Recommender) ([]byte, error) {
	switch m := r.(type) {
	case *Model:
		return m.MarshalBinary()
	case *ALS:
		return m.MarshalBinary()
	case *BPR:
		return m.MarshalBinary()
	case *RCD:
		return m.MarshalBinary()
	case *CG:
		return m.MarshalBinary()
	case *Popularity:
		return m.MarshalBinary()
	}
	return nil, fmt.Errorf("core: a %T cannot be saved: only this package's models have a file format", r)
}

// FileKind returns the kind of model a model file says it holds (KindEALS,
// …), reading only its header.
func FileKind(b []byte) (string, error) {
	_, kind, err := openModelFile(b)
	if err != nil {
		return "", err
	}
	if !slices.Contains(kinds, kind) {
		return "", invalidModel("holds a model of unknown kind %q", kind)
	}
	return kind, nil
}

// Load reads a model file of any kind and returns the model it holds: a
// *Model, *ALS, *BPR, *RCD, *CG or *Popularity, as FileKind says. Every
// kind is checked as thoroughly as LoadModel checks eALS: lengths before
// allocating, numbers finite and in range, ids in range, rows each other's
// transpose, caches against the factors, settings valid.
func Load(b []byte) (Recommender, error) {
	kind, err := FileKind(b)
	if err != nil {
		return nil, err
	}
	r, _, _ := openModelFile(b)
	var rec Recommender
	switch kind {
	case KindEALS:
		rec, err = nonNil(unmarshalModel(r, true))
	case KindALS:
		rec, err = nonNil(unmarshalALS(r))
	case KindBPR:
		rec, err = nonNil(unmarshalBPR(r))
	case KindRCD:
		rec, err = nonNil(unmarshalRCD(r))
	case KindCG:
		rec, err = nonNil(unmarshalCG(r))
	case KindPopularity:
		rec, err = nonNil(unmarshalPopularity(r))
	}
	if err != nil {
		return nil, err
	}
	if err := r.end(); err != nil {
		return nil, err
	}
	return rec, nil
}

// nonNil turns a model and an error into a Recommender that is nil, not a
// nil pointer, when there is an error.
func nonNil[M Recommender](m M, err error) (Recommender, error) {
	if err != nil {
		return nil, err
	}
	return m, nil
}
