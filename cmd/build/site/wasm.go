package site

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ealslive/ealslive/cmd/build/wasmdata"
)

// joinedWasm reads app.wasm and joins its data segments, which makes it
// about 6% smaller with Brotli (see wasmdata). A module whose segments
// cannot be joined safely is sent as built, with a line to log; bytes that
// are not a module stop the site.
func joinedWasm(path string, log io.Writer) ([]byte, wasmdata.Stats, error) {
	built, err := os.ReadFile(path)
	if err != nil {
		return nil, wasmdata.Stats{}, err
	}
	joined, st, err := wasmdata.Join(built, wasmdata.DefaultGap)
	switch {
	case errors.Is(err, wasmdata.ErrNotJoinable):
		if log != nil {
			fmt.Fprintf(log, "site: %s is sent as built: %v\n", path, err)
		}
		return built, wasmdata.Stats{}, nil
	case err != nil:
		return nil, wasmdata.Stats{}, fmt.Errorf("%s (build it with `make wasm`): %w", path, err)
	}
	return joined, st, nil
}
