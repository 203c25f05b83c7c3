// Package app is eALS Live's page: go-app components that fetch the Yelp
// data pack, train eALS in the browser, and let a visitor click businesses
// and watch their ranked list change. Every number it shows comes from
// package core; this package only arranges, labels and draws them.
//
// The package builds natively too, so that the static-site generator can
// pre-render the page and its logic can be tested without a browser.
package app
