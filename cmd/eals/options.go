package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// options are the parsed command line.
type options struct {
	data, format, model, protocol string
	synthetic, out                string
	split                         float64
	cfg                           core.Config
	bpr                           core.BPRConfig
	eval                          eval.Options
	json                          bool
	noUpdates                     bool
	syn                           synthSpec
}

type synthSpec struct {
	users, items, interactions int
	zipf                       float64
}

// usageError is a mistake on the command line, as opposed to a failure
// while running; main exits with 2 for it.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}

var (
	models    = []string{"eals", "als", "bpr", "pop"}
	protocols = []string{"offline", "online"}
	formats   = []string{"auto", "yelp", "paper", "pack"}
)

// defaultData is the Phoenix 10-core beside the repository; EALS_DATA
// names another folder holding it.
func defaultData() string {
	dir := filepath.Join("..", "shared", "data", "yelp")
	if d := os.Getenv("EALS_DATA"); d != "" {
		dir = d
	}
	return filepath.Join(dir, "phoenix2013_reviews_10core.tsv")
}

func parseOptions(args []string, stderr io.Writer) (*options, error) {
	o := &options{cfg: core.DefaultConfig(), bpr: core.DefaultBPRConfig()}
	fs := flag.NewFlagSet("eals", flag.ContinueOnError)
	// Parse errors are returned and printed once, by main; the usage goes
	// out only when asked for.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&o.data, "data", defaultData(), "interaction log to read (TSV, paper format or data pack); EALS_DATA sets its folder")
	fs.StringVar(&o.format, "format", "auto", "format of -data: "+strings.Join(formats, ", "))
	fs.StringVar(&o.model, "model", "eals", "recommender: "+strings.Join(models, ", "))
	fs.StringVar(&o.protocol, "protocol", "offline", "evaluation: offline (leave-one-out) or online (time split, replay with updates)")
	fs.Float64Var(&o.split, "split", 0.9, "online protocol: share of interactions, by time, used for training")
	fs.IntVar(&o.cfg.K, "k", o.cfg.K, "number of latent factors")
	fs.IntVar(&o.cfg.Epochs, "epochs", o.cfg.Epochs, "training epochs")
	fs.Float64Var(&o.cfg.C0, "c0", o.cfg.C0, "overall weight of missing data (eALS, ALS: w0 = c0/N)")
	fs.Float64Var(&o.cfg.Alpha, "alpha", o.cfg.Alpha, "popularity exponent of the missing-data weights (eALS only)")
	fs.Float64Var(&o.cfg.Lambda, "lambda", o.cfg.Lambda, "L2 regularisation")
	fs.Float64Var(&o.cfg.WNew, "wnew", o.cfg.WNew, "weight of an interaction learnt online (eALS, ALS)")
	fs.Float64Var(&o.cfg.InitStd, "init-std", o.cfg.InitStd, "standard deviation of the initial factors (eALS, ALS)")
	fs.IntVar(&o.cfg.Threads, "threads", o.cfg.Threads, "goroutines per training epoch (eALS, ALS); 0: one per CPU")
	fs.Uint64Var(&o.cfg.Seed, "seed", o.cfg.Seed, "random seed")
	fs.IntVar(&o.eval.TopN, "topn", eval.DefaultTopN, "cut-off n of HR@n and NDCG@n")
	fs.BoolVar(&o.eval.ExcludeSeen, "exclude-seen", false, "leave the user's known items out of the ranking (the paper keeps them)")
	fs.BoolVar(&o.noUpdates, "no-updates", false, "online protocol: judge every interaction but never update the model (the paper's reference)")
	fs.BoolVar(&o.json, "json", false, "print JSON lines: one per epoch, then a summary")
	fs.Float64Var(&o.bpr.LearnRate, "bpr-lr", o.bpr.LearnRate, "BPR learning rate")
	fs.Float64Var(&o.bpr.InitStd, "bpr-init-std", o.bpr.InitStd, "standard deviation of BPR's initial factors")
	onlineIters := fs.Int("online-iters", 0, fmt.Sprintf("passes per online interaction; 0: the model's default (eALS, ALS %d; BPR %d SGD steps)",
		o.cfg.OnlineIters, o.bpr.OnlineIters))
	fs.StringVar(&o.synthetic, "synthetic", "", "make a data set instead of reading one: users,items,interactions[,zipf]")
	fs.StringVar(&o.out, "out", "", "with -synthetic: write the data set to this file in the paper's format and stop")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(fs, stderr)
			return nil, err
		}
		return nil, usagef("%v (see eals -h)", err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	if !contains(models, o.model) {
		return nil, usagef("unknown model %q (want one of %s)", o.model, strings.Join(models, ", "))
	}
	if !contains(protocols, o.protocol) {
		return nil, usagef("unknown protocol %q (want offline or online)", o.protocol)
	}
	if !contains(formats, o.format) {
		return nil, usagef("unknown format %q (want one of %s)", o.format, strings.Join(formats, ", "))
	}
	if o.eval.TopN < 1 {
		return nil, usagef("-topn %d is invalid: the cut-off must be at least 1", o.eval.TopN)
	}
	if math.IsNaN(o.split) || o.split <= 0 || o.split >= 1 {
		return nil, usagef("-split %v is invalid: the training share must be strictly between 0 and 1", o.split)
	}
	if o.noUpdates && o.protocol != "online" {
		return nil, usagef("-no-updates applies to the online protocol only")
	}
	if o.out != "" && o.synthetic == "" {
		return nil, usagef("-out writes a synthetic data set: give -synthetic too")
	}
	if o.synthetic != "" {
		if set["data"] || set["format"] {
			return nil, usagef("-synthetic makes the data: leave out -data and -format")
		}
		spec, err := parseSynth(o.synthetic)
		if err != nil {
			return nil, err
		}
		o.syn = spec
	}
	if *onlineIters != 0 {
		o.cfg.OnlineIters = *onlineIters
		o.bpr.OnlineIters = *onlineIters
	}
	o.bpr.K, o.bpr.Lambda, o.bpr.Epochs, o.bpr.Seed = o.cfg.K, o.cfg.Lambda, o.cfg.Epochs, o.cfg.Seed
	if problems := checkParams(o, set); len(problems) > 0 {
		return nil, paramError(problems)
	}
	return o, nil
}

// applies lists, per model, the parameters it uses. Every value given on
// the command line is checked, even where the model ignores it, so that a
// script looping over models with shared flags learns of a bad value from
// the first model, not the one that happens to use it.
var applies = map[string][]string{
	"eals": {"k", "epochs", "c0", "alpha", "lambda", "wnew", "init-std", "threads", "online-iters"},
	"als":  {"k", "epochs", "c0", "lambda", "wnew", "init-std", "threads", "online-iters"},
	"bpr":  {"k", "epochs", "lambda", "bpr-lr", "bpr-init-std", "online-iters"},
	"pop":  nil,
}

// checkParams returns the problems of the parameters the model uses and of
// every parameter set explicitly, each once, eALS's checks before BPR's.
func checkParams(o *options, set map[string]bool) []*core.ParamError {
	var out []*core.ParamError
	seen := map[string]bool{}
	for _, p := range append(o.cfg.Problems(), o.bpr.Problems()...) {
		flag := strings.ToLower(p.Param)
		if seen[flag] || !(set[flag] || contains(applies[o.model], flag)) {
			continue
		}
		seen[flag] = true
		out = append(out, p)
	}
	return out
}

func printUsage(fs *flag.FlagSet, stderr io.Writer) {
	fmt.Fprint(stderr, `usage: eals [-data PATH] [-format auto|yelp|paper|pack] [-model eals|als|bpr|pop]
            [-protocol offline|online] [-k 32] [-epochs 50] [-c0 512] [-alpha 0.4] [-lambda 0.01]
            [-wnew 1] [-topn 100] [-threads 1] [-seed 1] [-exclude-seen] [-no-updates] [-json]
       eals -synthetic users,items,interactions[,zipf] [-out FILE]

Trains a recommender and evaluates it with the paper's offline (leave-one-out)
or online (train on the first 90% by time, then recommend, score and update
for each later interaction) protocol.

flags:
`)
	fs.SetOutput(stderr)
	fs.PrintDefaults()
}

// paramError lists every invalid parameter, each with its flag.
func paramError(ps []*core.ParamError) error {
	var b strings.Builder
	b.WriteString("invalid parameters:")
	for _, p := range ps {
		fmt.Fprintf(&b, "\n  -%s: %v", strings.ToLower(p.Param), p)
	}
	return &usageError{b.String()}
}

func parseSynth(s string) (synthSpec, error) {
	parts := strings.Split(s, ",")
	bad := func(why string) (synthSpec, error) {
		return synthSpec{}, usagef("-synthetic %q is invalid: %s (want users,items,interactions[,zipf], e.g. 25677,25815,731671,1)", s, why)
	}
	if len(parts) != 3 && len(parts) != 4 {
		return bad(fmt.Sprintf("%d fields", len(parts)))
	}
	var n [3]int
	for k := range n {
		v, err := strconv.Atoi(strings.TrimSpace(parts[k]))
		if err != nil {
			return bad(fmt.Sprintf("%q is not a whole number", parts[k]))
		}
		n[k] = v
	}
	spec := synthSpec{users: n[0], items: n[1], interactions: n[2], zipf: 1}
	if len(parts) == 4 {
		z, err := strconv.ParseFloat(strings.TrimSpace(parts[3]), 64)
		if err != nil {
			return bad(fmt.Sprintf("zipf %q is not a number", parts[3]))
		}
		spec.zipf = z
	}
	return spec, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
