// Package catalog indexes a data set's businesses for the page: search by
// name, filter by category and city, most reviewed first, and the colour
// group of a business's main category on the factor map.
package catalog
