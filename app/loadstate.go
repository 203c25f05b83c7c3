package app

// loadState is what the data control says of the data being read.
type loadState struct {
	Reading string // what the workers read, "" when idle
	Problem string // why the last choice could not be used
}
