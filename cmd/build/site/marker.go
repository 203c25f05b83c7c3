package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// markerFile is written into every generated site: it lets a later
// Generate replace the folder without risking someone else's files, and
// tells the server which prefix the site was built for.
const markerFile = ".ealslive-site"

type marker struct {
	Version string `json:"version"`
	Prefix  string `json:"prefix"` // "" for the root
	// Copies maps each file given compressed copies (its path in the
	// site) to the SHA-256 of what they compress: a file replaced since
	// no longer matches, and its stale copies are not sent.
	Copies map[string]string `json:"copies,omitempty"`
}

func writeMarker(dir string, m marker) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, markerFile), append(b, '\n'), 0o644)
}

// readMarker says what site dir holds, or why it is not one this package
// wrote.
func readMarker(dir string) (marker, error) {
	var m marker
	b, err := os.ReadFile(filepath.Join(dir, markerFile))
	if errors.Is(err, os.ErrNotExist) {
		return m, fmt.Errorf("%s was not written by `build site` (it has no %s): generate the site first (`make site` or `build site -out %s`)", dir, markerFile, dir)
	}
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Version == "" {
		return m, fmt.Errorf("%s was written by an older `build site` (its %s is not current): generate it again (`make site`)", dir, markerFile)
	}
	return m, nil
}
