// Command eals trains and evaluates the recommenders of package core on an
// interaction log, with the paper's offline (leave-one-out) or online
// (train on the first 90% by time, then recommend, score and update for
// each later interaction) protocol, and reproduces the paper's evaluation:
//
//	eals -data PATH [-format auto|csv|tsv|movielens|…|pack] [-items FILE]
//	     [-min-rating R] [-kcore K] -model eals|als|bpr|rcd|cg|pop
//	     -protocol offline|online -k 32 -epochs 50 -c0 512 -alpha 0.4
//	     -lambda 0.01 -wnew 1 -topn 100 -threads 1 -seed 1
//	     [-exclude-seen] [-no-updates] [-retrain-every N] [-json] [-bpr-lr 0.05] [-online-iters N]
//	     [-cg-steps 3] [-rcd-armijo 0.3 -rcd-shrink 0.3 -rcd-trials 10] [-save FILE]
//	eals -load FILE [-data PATH] [-protocol offline|online] [-save FILE]
//	eals [-data PATH | -load FILE] -similar ID [-n 10]
//	eals -reproduce DIR [-quick] [-data PATH]
//	eals -synthetic users,items,interactions[,zipf] [-out FILE]
//	eals -synthetic planted[,groups,users,items,per-user,noise,zipf] [-out FILE]
//
// -data is any interaction log core.ReadLog reads (comma-, tab-,
// semicolon-, space- or ::-separated, with or without a header, MovieLens's
// files among them) or a data pack; the summary names the format it found
// and says when the log has no times, so that the splits follow its order.
// With -json it prints one JSON object per line: one per training epoch,
// then a summary. Otherwise it shows progress on stderr and a table on
// stdout. -save writes the model after training (after the replay, online);
// -load reads one, which says what it holds, and evaluates it without
// training. -retrain-every N adds to the online protocol a model retrained
// from scratch on everything seen so far every N interactions, frozen in
// between, with each model's compute time. -similar lists the items most
// like one, by the cosine of their vectors in the model trained (or
// loaded), with their names where the data has them. -reproduce writes a report of the paper's figures and tables
// (DIR/index.html, DIR/report.md, an SVG per figure, a CSV per table).
// -synthetic makes a data set with Zipf-like item popularity, or a planted
// world of users and items in taste groups, and either writes it in the
// paper's format (-out; a planted world's items beside it) or runs on it.
//
// The exit status is 2 for a mistake on the command line, every bad value
// listed with its reason, and 1 for a failure while running.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case isUsage(err):
		fmt.Fprintln(os.Stderr, "eals:", err)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "eals:", err)
		os.Exit(1)
	}
}

// run is the whole command, writing results to stdout and progress and
// flag diagnostics to stderr, so tests can drive it in-process.
func run(args []string, stdout, stderr io.Writer) error {
	o, err := parseOptions(args, stderr)
	if err != nil {
		return err
	}
	if o.reproduce != "" {
		return reproduce(o, stdout, stderr)
	}
	d, info, err := loadData(o, stdout)
	if err != nil || d == nil {
		return err // d is nil when -out wrote the synthetic set and we are done
	}
	return evaluate(o, d, info, stdout, stderr)
}
