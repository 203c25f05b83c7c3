package core

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// modelWithHistory is a trained model that has also learnt online: a new
// user, a new item, a repeat (reweighted) and a removal, so its rows are no
// longer in training order and its weights are not all 1.
func modelWithHistory(t testing.TB) *Model { return modelWithHistoryAlpha(t, smallConfig().Alpha) }

// modelWithHistoryAlpha is modelWithHistory with the popularity exponent
// alpha. With alpha = 0 no math.Pow is taken, whose amd64 assembly (through
// math.Exp) rounds differently from pure Go: the model is then bitwise the
// same natively and under WebAssembly.
func modelWithHistoryAlpha(t testing.TB, alpha float64) *Model {
	d := randomDataset(t, 12, 10, 0.3, 31)
	cfg := smallConfig()
	cfg.Epochs = 3
	cfg.WNew = 3
	cfg.Alpha = alpha
	m, err := Train(d, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	u, i := m.AddUser(), m.AddItem()
	for _, x := range [][2]int32{{u, 3}, {u, i}, {0, i}, {2, 5}, {u, 3}} {
		if err := m.Update(x[0], x[1]); err != nil {
			t.Fatal(err)
		}
	}
	items, _ := m.UserItems(1)
	if err := m.Remove(1, items[0]); err != nil {
		t.Fatal(err)
	}
	return m
}

// A saved model loads bit for bit, and goes on exactly as the original:
// the same next random user, the same updates, the same objective.
func TestModelFileRoundTrip(t *testing.T) {
	m := modelWithHistory(t)
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadModel(b)
	if err != nil {
		t.Fatal(err)
	}
	assertSameModel(t, m, got)
	trusted, err := LoadModelTrusted(b)
	if err != nil {
		t.Fatal(err)
	}
	assertSameModel(t, m, trusted)
	if got.cfg != m.cfg {
		t.Errorf("config %+v, want %+v", got.cfg, m.cfg)
	}
	for u := range m.users.idx {
		if !slices.Equal(m.users.idx[u], got.users.idx[u]) || !slices.Equal(m.users.w[u], got.users.w[u]) {
			t.Fatalf("user %d's row differs", u)
		}
	}
	for i := range m.items.idx {
		if !slices.Equal(m.items.idx[i], got.items.idx[i]) || !slices.Equal(m.items.w[i], got.items.w[i]) {
			t.Fatalf("item %d's row differs", i)
		}
	}
	assertCachesFresh(t, got, 1e-9)
	if again, _ := got.MarshalBinary(); !bytes.Equal(again, b) {
		t.Error("saving the loaded model gives other bytes")
	}
	u1, u2 := m.AddUser(), got.AddUser()
	if !slices.Equal(m.UserVector(u1), got.UserVector(u2)) {
		t.Fatal("the loaded model's next random user differs")
	}
	for _, i := range []int32{4, 7, 1} {
		if err := m.Update(u1, i); err != nil {
			t.Fatal(err)
		}
		if err := got.Update(u2, i); err != nil {
			t.Fatal(err)
		}
	}
	assertSameModel(t, m, got)
	if m.Objective() != got.Objective() {
		t.Errorf("objectives %+v and %+v differ", m.Objective(), got.Objective())
	}
}

func TestModelFileRefusesMidEpoch(t *testing.T) {
	d := randomDataset(t, 12, 10, 0.3, 3)
	tr, err := NewTrainer(d, smallConfig())
	if err != nil {
		t.Fatal(err)
	}
	tr.Step(1)
	if _, err := tr.Model().MarshalBinary(); err == nil || !strings.Contains(err.Error(), "inside an epoch") {
		t.Errorf("saving mid-epoch: err = %v", err)
	}
}

// Every problem is one of the file's errors, saying what is wrong.
func TestLoadModelErrors(t *testing.T) {
	m := modelWithHistory(t)
	good, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	// Offsets into the body: after magic (16), version (2), kind (1+4).
	body := len(modelMagic) + 2 + 1 + len(KindEALS)
	kk := m.k * m.k
	users, items := m.NumUsers(), m.NumItems()
	offP := body + 4 + 4*8 + 4 + 4 + 8 + 8 + 4 + 4 + 4
	offSp := offP + 8*(users+items)*m.k + 8*items
	offRows := offSp + 16*kk
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	put64 := func(at int, v float64) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint64(b[at:], math.Float64bits(v)); return b }
	}
	for _, tc := range []struct {
		name string
		in   []byte
		is   error
		says string
	}{
		{"empty", nil, ErrModelTruncated, "stops after 0 bytes"},
		{"a pack", []byte("\xaeeALS Live pack\x01"), ErrNotModel, "does not start with"},
		{"magic only", []byte(modelMagic), ErrModelTruncated, "layout version"},
		{"no kind", good[:body-2], ErrModelTruncated, "model kind"},
		{"another kind", edit(func(b []byte) []byte { copy(b[body-4:], "bprx"); return b }), ErrModelInvalid, `"bprx" model`},
		{"trailing byte", append(bytes.Clone(good), 0), ErrModelInvalid, "1 bytes of unexpected data"},
		{"K = 0", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[body:], 0); return b }), ErrModelInvalid, "configuration is invalid"},
		{"NaN in P", edit(put64(offP+8, math.NaN())), ErrModelInvalid, "beyond the"},
		{"Inf in S^q", edit(put64(offSp+8*kk, math.Inf(1))), ErrModelInvalid, "not finite"},
		{"S^p edited", edit(put64(offSp, 12345)), ErrModelInvalid, "S^p disagrees"},
		{"a user row's length", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[offRows:], 1<<30); return b }), ErrModelTruncated, "user rows"},
		{"forged P size", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[offP-8:], 1<<31-1); return b }), ErrModelTruncated, "ends inside P"},
	} {
		_, err := LoadModel(tc.in)
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "core: ") {
			t.Errorf("%s: err = %v, want %v saying %q", tc.name, err, tc.is, tc.says)
		}
	}
	// Only LoadModel compares the caches with the factors.
	if _, err := LoadModelTrusted(edit(put64(offSp, 12345))); err != nil {
		t.Errorf("LoadModelTrusted checked the caches: %v", err)
	}
	if _, err := LoadModelTrusted(edit(put64(offP+8, math.NaN()))); !errors.Is(err, ErrModelInvalid) {
		t.Errorf("LoadModelTrusted took a NaN factor: %v", err)
	}
	future := bytes.Clone(good)
	binary.LittleEndian.PutUint16(future[len(modelMagic):], ModelFileVersion+1)
	var ve *ModelVersionError
	if _, err := LoadModel(future); !errors.As(err, &ve) || ve.Found != ModelFileVersion+1 {
		t.Errorf("a future version: err = %v", err)
	}
	// Every cut is truncation.
	for n := 0; n < len(good); n += 1 + n/5 {
		if _, err := LoadModel(good[:n]); !errors.Is(err, ErrModelTruncated) && !errors.Is(err, ErrNotModel) {
			t.Fatalf("cut to %d of %d bytes: err = %v", n, len(good), err)
		}
	}
}

// Rows that are not each other's transpose, or that repeat an id, are
// damage, whatever order the entries are in.
func TestLoadModelChecksRows(t *testing.T) {
	m := modelWithHistory(t)
	for _, tc := range []struct {
		name  string
		edit  func(m *Model)
		says  string
		fresh bool // the edit leaves the caches matching
	}{
		{"an item row without its user", func(m *Model) {
			m.items.idx[3] = slices.Clone(m.items.idx[3][1:])
			m.pred.r[3] = slices.Clone(m.pred.r[3][1:])
		}, "entries by user", true},
		{"a user row naming an item twice", func(m *Model) {
			m.users.idx[0] = append(slices.Clone(m.users.idx[0]), m.users.idx[0][0])
			m.users.w[0] = append(slices.Clone(m.users.w[0]), 1)
		}, "twice", true},
		{"a non-positive weight", func(m *Model) {
			m.users.w[2] = slices.Clone(m.users.w[2])
			m.users.w[2][0] = 0
		}, "weight 0", true},
		{"a user moved to another item", func(m *Model) {
			row := slices.Clone(m.users.idx[4])
			for i := int32(0); ; i++ {
				if !slices.Contains(row, i) {
					row[0] = i
					break
				}
			}
			m.users.idx[4] = row
		}, "but not user 4", true},
	} {
		c := m.Clone()
		tc.edit(c)
		b, err := c.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := LoadModel(b); !errors.Is(err, ErrModelInvalid) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: err = %v, want it to say %q", tc.name, err, tc.says)
		}
	}
}

// FuzzLoadModel feeds Load and LoadModel damaged files of every kind. Neither
// may panic, and they agree on eALS files. Whatever Load accepts saves back
// to the same bytes and works: its scores are finite, an eALS model's
// objective is finite and a new user learns a click, and any learner takes
// an update.
func FuzzLoadModel(f *testing.F) {
	ms := savedKinds(f)
	for _, kind := range kinds {
		good, err := Save(ms[kind])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(good)
		for _, n := range []int{0, 10, len(modelMagic) + 3, len(good) / 3, len(good) - 1} {
			f.Add(good[:n])
		}
		for _, at := range []int{len(modelMagic), len(modelMagic) + 4, 40, len(good) / 2, len(good) - 30, len(good) - 2} {
			b := bytes.Clone(good)
			b[at] ^= 0x55
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := Load(b)
		m, errEALS := LoadModel(b)
		if errEALS != nil && m != nil {
			t.Fatalf("LoadModel returned a model and the error %v", errEALS)
		}
		if _, isEALS := got.(*Model); (errEALS == nil) != (err == nil && isEALS) {
			t.Fatalf("Load says %v (%T), LoadModel says %v", err, got, errEALS)
		}
		if errEALS == nil {
			if o := m.Objective(); math.IsNaN(o.Total()) || math.IsInf(o.Total(), 0) {
				t.Fatalf("an accepted model's objective is %+v", o)
			}
			u := m.AddUser()
			if err := m.Update(u, 0); err != nil {
				t.Fatalf("an accepted model cannot learn a click: %v", err)
			}
		}
		if err != nil {
			if got != nil {
				t.Fatalf("Load returned a %T and the error %v", got, err)
			}
			var ve *ModelVersionError
			if !strings.HasPrefix(err.Error(), "core: ") || !(errors.Is(err, ErrNotModel) ||
				errors.Is(err, ErrModelTruncated) || errors.Is(err, ErrModelInvalid) || errors.As(err, &ve)) {
				t.Fatalf("error %q is not one of the model file's kinds", err)
			}
			return
		}
		again, err := Save(got)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("an accepted file does not save back to its bytes (%v)", err)
		}
		users := 1
		if uc, ok := got.(interface{ NumUsers() int }); ok {
			users = uc.NumUsers()
		}
		if users == 0 {
			return
		}
		for i, s := range got.Scores(0, nil) {
			if math.IsNaN(s) || math.IsInf(s, 0) {
				t.Fatalf("an accepted %T scores item %d %v", got, i, s)
			}
		}
		if l, ok := got.(Learner); ok {
			if err := l.Update(0, 0); err != nil {
				t.Fatalf("an accepted %T cannot learn a click: %v", got, err)
			}
		}
	})
}
