package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/eval"
)

// options are the parsed command line.
type options struct {
	data, format, model, protocol string
	items                         string  // item file for -data
	minRating                     float64 // keep rows of -data rated at least this, if not 0
	kcore                         int     // k-core of -data, if above 1
	synthetic, out                string
	save, load                    string
	similar                       string // an item's key: list the items most like it
	similarN                      int
	reproduce                     string
	quick                         bool
	split                         float64
	cfg                           core.Config // eALS and ALS
	rcd                           core.RCDConfig
	cg                            core.CGConfig
	bpr                           core.BPRConfig
	eval                          eval.Options
	json                          bool
	noUpdates                     bool
	retrainEvery                  int // online: also replay an eALS retrained from scratch every this many interactions
	syn                           synthSpec
}

// synthSpec is a parsed -synthetic: Synthetic's arguments, or a planted
// world's configuration (its seed set from -seed).
type synthSpec struct {
	users, items, interactions int
	zipf                       float64
	planted                    *core.PlantedConfig
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
	models    = []string{"eals", "als", "bpr", "rcd", "cg", "pop"}
	protocols = []string{"offline", "online"}
	formats   = formatNames()
)

// formatNames are the values of -format: core's log formats and "pack".
func formatNames() []string {
	var names []string
	for _, f := range core.Formats() {
		names = append(names, string(f))
	}
	return append(names, "pack")
}

// defaultData is the Phoenix 10-core beside the repository; EALS_DATA
// names another folder holding it.
func defaultData() string {
	dir := filepath.Join("..", "shared", "data", "yelp")
	if d := os.Getenv("EALS_DATA"); d != "" {
		dir = d
	}
	return filepath.Join(dir, "phoenix2013_reviews_10core.tsv")
}

// maxThreads is the most goroutines an epoch may use: one per CPU. More
// only make an epoch slower (they contend for the same cores), and the
// model is bitwise the same for any count.
func maxThreads() int { return runtime.NumCPU() }

func parseOptions(args []string, stderr io.Writer) (*options, error) {
	o := &options{cfg: core.DefaultConfig(), rcd: core.DefaultRCDConfig(), cg: core.DefaultCGConfig(), bpr: core.DefaultBPRConfig()}
	fs := flag.NewFlagSet("eals", flag.ContinueOnError)
	// Parse errors are returned and printed once, by main; the usage goes
	// out only when asked for.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&o.data, "data", defaultData(), "interaction log to read (CSV, TSV, MovieLens, the paper's layout, … or a data pack); EALS_DATA sets its folder")
	fs.StringVar(&o.format, "format", "auto", "format of -data: "+strings.Join(formats, ", "))
	fs.StringVar(&o.items, "items", "", "item file naming the items of -data (MovieLens u.item, movies.csv, movies.dat, or id,name[,category])")
	fs.Float64Var(&o.minRating, "min-rating", 0, "keep only the rows of -data rated at least this; 0 keeps every row, as the paper does")
	fs.IntVar(&o.kcore, "kcore", 0, "keep the iterative k-core of -data's distinct pairs; 0 or 1 for none")
	fs.StringVar(&o.model, "model", "eals", "recommender: "+strings.Join(models, ", "))
	fs.StringVar(&o.protocol, "protocol", "offline", "evaluation: offline (leave-one-out) or online (time split, replay with updates)")
	fs.Float64Var(&o.split, "split", 0.9, "online protocol: share of interactions, by time, used for training")
	fs.IntVar(&o.cfg.K, "k", o.cfg.K, "number of latent factors")
	fs.IntVar(&o.cfg.Epochs, "epochs", o.cfg.Epochs, fmt.Sprintf("training epochs, 1 to %d", core.MaxEpochs))
	fs.Float64Var(&o.cfg.C0, "c0", o.cfg.C0, "overall weight of missing data (eALS, RCD, CG; ALS: w0 = c0/N)")
	fs.Float64Var(&o.cfg.Alpha, "alpha", o.cfg.Alpha, "popularity exponent of the missing-data weights (eALS, CG; RCD, default 0 as in its paper)")
	fs.Float64Var(&o.cfg.Lambda, "lambda", o.cfg.Lambda, "L2 regularisation")
	fs.Float64Var(&o.cfg.WNew, "wnew", o.cfg.WNew, "weight of an interaction learnt online (eALS, ALS, RCD, CG)")
	fs.Float64Var(&o.cfg.InitStd, "init-std", o.cfg.InitStd, "standard deviation of the initial factors (eALS, ALS, RCD, CG)")
	fs.IntVar(&o.cfg.Threads, "threads", o.cfg.Threads, fmt.Sprintf("goroutines per training epoch (eALS, ALS, CG), 0 to %d; 0: one per CPU", maxThreads()))
	fs.Uint64Var(&o.cfg.Seed, "seed", o.cfg.Seed, "random seed")
	fs.IntVar(&o.eval.TopN, "topn", eval.DefaultTopN, "cut-off n of HR@n and NDCG@n")
	fs.BoolVar(&o.eval.ExcludeSeen, "exclude-seen", false, "leave the user's known items out of the ranking (the paper keeps them)")
	fs.BoolVar(&o.noUpdates, "no-updates", false, "online protocol: judge every interaction but never update the model (the paper's reference)")
	fs.IntVar(&o.retrainEvery, "retrain-every", 0, "online protocol, eALS: also replay a model retrained from scratch on everything seen so far every N interactions, frozen in between; 0 for none")
	fs.BoolVar(&o.json, "json", false, "print JSON lines: one per epoch, then a summary")
	fs.Float64Var(&o.bpr.LearnRate, "bpr-lr", o.bpr.LearnRate, "BPR learning rate")
	fs.Float64Var(&o.bpr.InitStd, "bpr-init-std", o.bpr.InitStd, "standard deviation of BPR's initial factors")
	fs.IntVar(&o.cg.Steps, "cg-steps", o.cg.Steps, "CG: conjugate-gradient steps per vector and pass")
	fs.Float64Var(&o.rcd.Armijo, "rcd-armijo", o.rcd.Armijo, "RCD: sufficient-decrease constant of the line search")
	fs.Float64Var(&o.rcd.Shrink, "rcd-shrink", o.rcd.Shrink, "RCD: factor a rejected step is shrunk by")
	fs.IntVar(&o.rcd.Trials, "rcd-trials", o.rcd.Trials, "RCD: step sizes tried before a vector is left as it is")
	fs.Float64Var(&o.rcd.MinGrad, "rcd-min-grad", o.rcd.MinGrad, "RCD: no step when the squared gradient norm is below this")
	onlineIters := fs.Int("online-iters", 0, fmt.Sprintf("passes per online interaction; 0: the model's default (eALS, ALS, RCD, CG %d; BPR %d SGD steps)",
		o.cfg.OnlineIters, o.bpr.OnlineIters))
	fs.StringVar(&o.synthetic, "synthetic", "", "make a data set instead of reading one: users,items,interactions[,zipf], or planted[,groups,users,items,per-user,noise,zipf]")
	fs.StringVar(&o.out, "out", "", "with -synthetic: write the data set to this file in the paper's format (a planted world's items beside it) and stop")
	fs.StringVar(&o.similar, "similar", "", "list the items most like this one (its key in -data) by the cosine of their vectors, instead of evaluating")
	fs.IntVar(&o.similarN, "n", 10, "with -similar: how many items to list")
	fs.StringVar(&o.save, "save", "", "write the model to this file: after training, or after the replay with -protocol online")
	fs.StringVar(&o.load, "load", "", "read the model from this file (it says what it holds) instead of training one")
	fs.StringVar(&o.reproduce, "reproduce", "", "write the paper's figures, tables and tests, on the Phoenix 10-core, into this folder")
	fs.BoolVar(&o.quick, "quick", false, "with -reproduce: a reduced run (fewer points and epochs, K up to 128) in a few minutes")
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

	var ps problems
	ps.choice("model", o.model, models)
	ps.choice("protocol", o.protocol, protocols)
	ps.choice("format", o.format, formats)
	if o.eval.TopN < 1 {
		ps.add("-topn %d is invalid: the cut-off must be at least 1", o.eval.TopN)
	}
	if math.IsNaN(o.split) || o.split <= 0 || o.split >= 1 {
		ps.add("-split %v is invalid: the training share must be strictly between 0 and 1", o.split)
	}
	if o.noUpdates && o.protocol != "online" {
		ps.add("-no-updates applies to the online protocol only")
	}
	if o.retrainEvery < 0 {
		ps.add("-retrain-every %d is invalid: want a number of interactions, at least 1 (0 for no retraining)", o.retrainEvery)
	}
	if o.retrainEvery > 0 && (o.protocol != "online" || o.model != "eals" || o.load != "") {
		ps.add("-retrain-every retrains eALS during the online protocol: give -protocol online and -model eals, without -load")
	}
	if o.out != "" && o.synthetic == "" {
		ps.add("-out writes a synthetic data set: give -synthetic too")
	}
	if o.kcore < 0 {
		ps.add("-kcore %d is invalid: want 0 or 1 (none) or more", o.kcore)
	}
	if math.IsNaN(o.minRating) || math.IsInf(o.minRating, 0) {
		ps.add("-min-rating %v is invalid: the threshold must be a number", o.minRating)
	}
	if o.synthetic != "" {
		var given []string
		for _, f := range []string{"data", "format", "items", "min-rating", "kcore"} {
			if set[f] {
				given = append(given, "-"+f)
			}
		}
		if len(given) > 0 {
			ps.add("-synthetic makes the data: leave out %s", strings.Join(given, ", "))
		}
		if spec, err := parseSynth(o.synthetic); err != nil {
			ps.add("%v", err)
		} else {
			o.syn = spec
		}
	}
	if o.quick && o.reproduce == "" {
		ps.add("-quick reduces -reproduce: give -reproduce DIR too")
	}
	ps.conflicts(o, set)
	if *onlineIters != 0 {
		o.cfg.OnlineIters = *onlineIters
		o.bpr.OnlineIters = *onlineIters
	}
	o.settle(set)
	ps.params(o, set)
	if len(ps) > 0 {
		return nil, ps.err()
	}
	return o, nil
}

// settle copies the shared settings into each model's configuration. RCD
// keeps its own default α (0, uniform, as in its paper) unless -alpha is
// given.
func (o *options) settle(set map[string]bool) {
	alpha := o.rcd.Alpha
	o.rcd.Config = o.cfg
	if !set["alpha"] {
		o.rcd.Config.Alpha = alpha
	}
	o.cg.Config = o.cfg
	o.bpr.K, o.bpr.Lambda, o.bpr.Epochs, o.bpr.Seed = o.cfg.K, o.cfg.Lambda, o.cfg.Epochs, o.cfg.Seed
}

// modelFlags are the flags that shape a model; -load and -reproduce take
// none of them.
var modelFlags = []string{"model", "k", "epochs", "c0", "alpha", "lambda", "wnew", "init-std", "threads", "seed",
	"online-iters", "bpr-lr", "bpr-init-std", "cg-steps", "rcd-armijo", "rcd-shrink", "rcd-trials", "rcd-min-grad"}

// conflicts notes flags that make no sense together.
func (ps *problems) conflicts(o *options, set map[string]bool) {
	var given []string
	for _, f := range modelFlags {
		if set[f] {
			given = append(given, "-"+f)
		}
	}
	switch {
	case o.reproduce != "":
		for _, f := range []string{"load", "save", "protocol", "split", "topn", "exclude-seen", "no-updates", "retrain-every", "json", "synthetic", "out",
			"items", "min-rating", "kcore"} {
			if set[f] {
				given = append(given, "-"+f)
			}
		}
		if len(given) > 0 {
			ps.add("-reproduce runs the paper's own settings: leave out %s", strings.Join(given, ", "))
		}
	case o.load != "":
		if len(given) > 0 {
			ps.add("-load reads the model and its settings from %s: leave out %s", o.load, strings.Join(given, ", "))
		}
		if o.out != "" {
			ps.add("-out writes a synthetic data set and stops: there is no model to load")
		}
	}
	if o.save != "" && o.out != "" {
		ps.add("-out writes a synthetic data set and stops: there is no model to save")
	}
}

// uses lists, per model, the flags of the settings it uses.
var uses = map[string][]string{
	"eals": {"k", "epochs", "c0", "alpha", "lambda", "wnew", "init-std", "threads", "online-iters"},
	"als":  {"k", "epochs", "c0", "lambda", "wnew", "init-std", "threads", "online-iters"},
	"rcd":  {"k", "epochs", "c0", "alpha", "lambda", "wnew", "init-std", "online-iters", "rcd-armijo", "rcd-shrink", "rcd-trials", "rcd-min-grad"},
	"cg":   {"k", "epochs", "c0", "alpha", "lambda", "wnew", "init-std", "threads", "online-iters", "cg-steps"},
	"bpr":  {"k", "epochs", "lambda", "bpr-lr", "bpr-init-std", "online-iters"},
	"pop":  nil,
}

// checks returns each model's problems with its settings, by flag.
func checks(o *options) map[string]map[string]*core.ParamError {
	byModel := map[string][]*core.ParamError{
		"eals": o.cfg.Problems(), "als": o.cfg.Problems(), "rcd": o.rcd.Problems(), "cg": o.cg.Problems(), "bpr": o.bpr.Problems(),
	}
	out := map[string]map[string]*core.ParamError{}
	for m, ps := range byModel {
		out[m] = map[string]*core.ParamError{}
		for _, p := range ps {
			f := strings.ToLower(p.Param)
			if out[m][f] == nil {
				out[m][f] = p
			}
		}
	}
	return out
}

// params notes the invalid settings: those the model uses, by its own
// rules, and every other value given on the command line, by the rules of
// the first model that uses it. A script looping over models with shared
// flags so learns of a bad value at once, and a value is judged only by a
// model it means something to: -lambda 100 is fine for eALS, though BPR
// would refuse it with its learning rate.
func (ps *problems) params(o *options, set map[string]bool) {
	if o.load != "" || o.reproduce != "" {
		return // the model's settings come from its file, or the paper
	}
	byModel := checks(o)
	for _, f := range modelFlags {
		judge := ""
		if slices.Contains(uses[o.model], f) {
			judge = o.model
		} else if set[f] {
			for _, m := range models {
				if slices.Contains(uses[m], f) {
					judge = m
					break
				}
			}
		}
		if judge == "" {
			continue
		}
		if p := byModel[judge][f]; p != nil {
			ps.add("-%s: %v", f, p)
		}
	}
	// Bounds of the command line, beyond a model's own.
	if slices.Contains(uses[o.model], "epochs") || set["epochs"] {
		if o.cfg.Epochs == 0 {
			ps.add("-epochs 0 is invalid: training needs at least 1 epoch (an untrained model ranks at random; -load evaluates a saved one)")
		}
	}
	if slices.Contains(uses[o.model], "threads") || set["threads"] {
		if t := o.cfg.Threads; t > maxThreads() && t <= 1024 {
			ps.add("-threads %d is invalid: this machine has %d CPUs, and more goroutines than CPUs only slow an epoch (the model is the same for any count)", t, maxThreads())
		}
	}
}

// problems collects every mistake on the command line, so that all are
// reported together, each with its reason.
type problems []string

func (ps *problems) add(format string, args ...any) {
	*ps = append(*ps, fmt.Sprintf(format, args...))
}

func (ps *problems) choice(flag, value string, allowed []string) {
	if !slices.Contains(allowed, value) {
		ps.add("unknown %s %q (want one of %s)", flag, value, strings.Join(allowed, ", "))
	}
}

func (ps problems) err() error {
	if len(ps) == 1 {
		return &usageError{ps[0]}
	}
	var b strings.Builder
	b.WriteString("invalid parameters:")
	for _, p := range ps {
		fmt.Fprintf(&b, "\n  %s", p)
	}
	return &usageError{b.String()}
}

func printUsage(fs *flag.FlagSet, stderr io.Writer) {
	fmt.Fprint(stderr, `usage: eals [-data PATH] [-format auto|csv|tsv|movielens|...|pack] [-items FILE] [-min-rating R]
            [-kcore K] [-model eals|als|bpr|rcd|cg|pop]
            [-protocol offline|online] [-k 32] [-epochs 50] [-c0 512] [-alpha 0.4] [-lambda 0.01]
            [-wnew 1] [-topn 100] [-threads 1] [-seed 1] [-exclude-seen] [-no-updates]
            [-retrain-every N] [-json] [-save FILE]
       eals -load FILE [-data PATH] [-protocol offline|online] [-save FILE] ...
       eals [-data PATH | -load FILE] -similar ID [-n 10] [-json]
       eals -reproduce DIR [-quick] [-data PATH]
       eals -synthetic users,items,interactions[,zipf] [-out FILE]
       eals -synthetic planted[,groups,users,items,per-user,noise,zipf] [-out FILE]

Reads any interaction log: comma-, tab-, semicolon-, space- or ::-separated,
with or without a header (columns by name or position), MovieLens's files
among them; the format it found is in the summary. Trains a recommender and evaluates it with the paper's offline (leave-one-out)
or online (train on the first 90% by time, then recommend, score and update
for each later interaction) protocol. -reproduce writes the paper's figures
and tables, with this data's results beside the paper's claims.

Exit status: 0 on success, 2 for a mistake on the command line, 1 for a
failure while running (a missing file, a model that does not fit the data).

flags:
`)
	fs.SetOutput(stderr)
	fs.PrintDefaults()
}

func parseSynth(s string) (synthSpec, error) {
	parts := strings.Split(s, ",")
	if strings.TrimSpace(parts[0]) == "planted" {
		return parsePlanted(s, parts[1:])
	}
	bad := func(why string) (synthSpec, error) {
		return synthSpec{}, fmt.Errorf("-synthetic %q is invalid: %s (want users,items,interactions[,zipf], e.g. 25677,25815,731671,1, or planted)", s, why)
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

// parsePlanted reads the fields after "planted": groups, users, items,
// per-user, noise and zipf, each optional from the last, defaulting to
// core.DefaultPlanted's; the world's seed is -seed's.
func parsePlanted(s string, fields []string) (synthSpec, error) {
	d := core.DefaultPlanted()
	c, err := core.ParsePlanted(strings.Join(fields, ","))
	if len(fields) > 6 {
		err = fmt.Errorf("%d fields after planted", len(fields))
	}
	if err != nil {
		return synthSpec{}, fmt.Errorf("-synthetic %q is invalid: %s (want planted[,groups,users,items,per-user,noise,zipf], e.g. planted,%d,%d,%d,%d,%g,%g)",
			s, strings.TrimPrefix(err.Error(), "core: "), d.Groups, d.Users, d.Items, d.PerUser, d.Noise, d.Zipf)
	}
	return synthSpec{planted: &c}, nil
}
