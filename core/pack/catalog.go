package pack

// Catalog is a pack without its interactions: what a page shows about the
// data and its businesses. DecodeCatalog reads it in a fraction of
// Decode's time, so a page can list businesses while a worker decodes the
// interactions and trains.
type Catalog struct {
	Source  string
	License string
	Subset  Subset
	Users   int    // the number of users the pack declares
	Items   []Item // as Decode gives them
}

// DecodeCatalog reads a pack's header, tables and items with the checks
// Decode applies to them, and steps over the interactions without reading
// them: a pack it accepts may still be one Decode rejects for its
// interactions. Its errors are Decode's.
func DecodeCatalog(b []byte) (*Catalog, error) {
	w, err := decodeWire(b, true)
	if err != nil {
		return nil, err
	}
	if err := w.validateHeader(); err != nil {
		return nil, err
	}
	if err := w.validateTables(); err != nil {
		return nil, err
	}
	if err := w.validateItems(); err != nil {
		return nil, err
	}
	return &Catalog{Source: w.source, License: w.license, Subset: w.subset, Users: w.users, Items: w.toItems()}, nil
}
