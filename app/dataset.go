package app

import (
	"github.com/ealslive/ealslive/app/catalog"
	"github.com/ealslive/ealslive/app/datainfo"
)

// dataSet is the data the page trains on, as the sections show it.
type dataSet struct {
	Cat    *catalog.Catalog // its businesses; nil until they are read
	Info   *datainfo.Info   // what it holds; nil until it has arrived
	Failed bool             // it could not be loaded
}
