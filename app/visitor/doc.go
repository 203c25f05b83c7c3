// Package visitor is "you" on the page, without the page: a user the
// model has never seen, the businesses you like in the order you liked
// them, your ranked list and which of your clicks pulled each business
// up, how the list moved and the words for it, and the clicks kept in the
// browser's storage, merged with what other tabs write.
//
// A Visitor changes on each like, removal or start over, and hands the
// page a You, a snapshot that never changes afterwards. The package knows
// nothing of the browser: the page gives it a Store (localStorage, or a
// map in tests) and the catalogue the clicks' ids index.
package visitor
