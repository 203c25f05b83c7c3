package app

import (
	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// dataSet is the data the page trains on, as the sections show it.
type dataSet struct {
	Cat    *catalog.Catalog // its businesses; nil until they are read
	Info   *datainfo.Info   // what it holds; nil until it has arrived
	Failed bool             // it could not be loaded
}

// about is what the sections say of the data: its own Info once it has
// arrived, the site's pack's until then.
func (d dataSet) about() *datainfo.Info {
	if d.Info != nil {
		return d.Info
	}
	return sitePack()
}

// words are what the data's people, things and clicks are called.
func (d dataSet) words() datainfo.Words { return d.about().Words() }

// sitePack is the site's own pack as the site's generator describes it in
// the page's environment (datainfo.SitePackEnv): the page names it before
// downloading it, and while the visitor uses other data. nil without one
// (a site generated before it was written, or from a pack it could not
// read), which datainfo takes for the Phoenix reviews.
func sitePack() *datainfo.Info { return datainfo.SitePack(app.Getenv(datainfo.SitePackEnv)) }

// sitePackName is what the page calls the site's own pack: its Info once
// it is the data in use, else what the site's generator said of it.
func (d dataSet) sitePackName() string {
	if i := d.Info; i != nil && (i.Source == "" || i.Source == datainfo.SourcePack) {
		return i.Called()
	}
	return sitePack().Called()
}
