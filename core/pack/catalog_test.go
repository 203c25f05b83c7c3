package pack

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The catalog is the pack's header and items, exactly as Decode reads
// them, whatever the order of the body's fields.
func TestDecodeCatalog(t *testing.T) {
	p := tiny(t)
	b, err := Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeCatalog(b)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Source != full.Source || c.License != full.License || c.Subset != full.Subset ||
		c.Users != full.Data.NumUsers() || !reflect.DeepEqual(c.Items, full.Items) {
		t.Errorf("DecodeCatalog = %+v, want the header and items of %+v", c, full)
	}
}

// DecodeCatalog steps over the interactions: damage there is Decode's to
// find, damage anywhere else is found as Decode finds it.
func TestDecodeCatalogChecks(t *testing.T) {
	good, err := Encode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	// A user number out of range is in the interactions: the catalog is
	// still readable, the pack is not.
	b := append([]byte(nil), good...)
	// The last "user" is the interactions' column: its array header, then
	// user 0 of the first interaction.
	at := strings.LastIndex(string(b), "user") + len("user")
	if b[at] != 0x97 || b[at+1] != 0 {
		t.Fatalf("the user column does not start as expected: % x", b[at:at+2])
	}
	b[at+1] = 0x7f // user 127, beyond the 3 declared
	if _, err := Decode(b); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Decode of a pack with user 127 of 3: err = %v", err)
	}
	if _, err := DecodeCatalog(b); err != nil {
		t.Errorf("DecodeCatalog of a pack damaged only in its interactions: %v", err)
	}

	for name, bad := range map[string][]byte{
		"empty":      nil,
		"truncated":  good[:len(good)/3],
		"not a pack": []byte("PK\x03\x04 a zip file"),
	} {
		_, cerr := DecodeCatalog(bad)
		_, err := Decode(bad)
		if cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("%s: DecodeCatalog says %v, Decode says %v", name, cerr, err)
		}
	}
	if _, err := DecodeCatalog(append(append([]byte(nil), good...), 0xc0)); err == nil || !errors.Is(err, ErrInvalid) {
		t.Errorf("trailing bytes: err = %v", err)
	}
}
