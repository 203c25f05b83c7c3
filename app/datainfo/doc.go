// Package datainfo is what the page says of the data it trains on: what
// it holds, where it came from, what its people, things and clicks are
// called, and, worded for a visitor, why a data pack could not be used.
//
// The package is pure Go: it reads the workers' summary of the data.
package datainfo
