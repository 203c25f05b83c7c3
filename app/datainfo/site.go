package datainfo

import (
	"encoding/json"

	"github.com/ealslive/ealslive/core/pack"
)

// SitePackEnv is the environment variable in which the site's generator
// tells the page what the site's own pack is (a PackHead in JSON): the
// page names it and calls its things by their names before it has
// downloaded it, and while the visitor uses other data.
const SitePackEnv = "EALS_SITE_PACK"

// PackHead is what a pack says of itself apart from its data: where it
// came from, the layout it was read from and the subset kept.
type PackHead struct {
	Origin string `json:"origin"`
	Format string `json:"format"`
	Subset string `json:"subset"`
}

// HeadOf is p's head.
func HeadOf(p *pack.Pack) PackHead {
	return PackHead{Origin: p.Source, Format: p.Format, Subset: p.Subset.String()}
}

// JSON is h as SitePackEnv carries it.
func (h PackHead) JSON() string {
	b, _ := json.Marshal(h)
	return string(b)
}

// SitePack is the site's pack as its head in SitePackEnv's value v
// describes it, without its counts; nil if v is empty or unreadable.
func SitePack(v string) *Info {
	var h PackHead
	if v == "" || json.Unmarshal([]byte(v), &h) != nil || h == (PackHead{}) {
		return nil
	}
	return &Info{Source: SourcePack, Origin: h.Origin, Format: h.Format, Subset: h.Subset, ItemFile: pack.LogItems(h.Origin)}
}
