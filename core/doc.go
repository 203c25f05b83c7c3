// Package core implements element-wise alternating least squares with
// popularity-weighted missing data (eALS; He, Zhang, Kan and Chua,
// "Fast Matrix Factorization for Online Recommendation with Implicit
// Feedback", SIGIR 2016), its incremental update for streaming
// interactions, and the rivals the paper compares it with (item
// popularity, the vector-wise ALS of Hu et al., RCD and BPR), with iALS by
// conjugate gradient, today's usual solver, besides. The paper's two
// evaluation protocols are in package eval, beside this one.
//
// The package is pure Go: it knows nothing of the browser, so the same code
// is tested natively and runs under GOOS=js GOARCH=wasm in the page.
//
// # Model
//
// A Dataset holds implicit feedback: distinct (user, item) pairs, each
// observed with value 1, stored as compressed rows by user and by item.
// Train fits user factors P and item factors Q minimising
//
//	L = Σ_{(u,i)∈R} w_ui (1 − p_u·q_i)² + Σ_u Σ_{i∉R_u} c_i (p_u·q_i)²
//	    + λ (Σ_u ‖p_u‖² + Σ_i ‖q_i‖²)
//
// where c_i = c0 f_i^α / Σ_j f_j^α weights a missing entry of item i by the
// item's popularity f_i. Each coordinate update is the exact minimiser of L
// in that coordinate (eqs. 12 and 13 of the paper), so L never increases
// within an epoch. The caches S^q = Σ_i c_i q_i q_iᵀ and S^p = PᵀP make an
// epoch cost O((M+N)K² + |R|K). With them and the prediction cache r̂_ui of
// every observed entry, Model.Objective costs O(|R| + K² + NK) between
// epochs (section 4.3).
//
// Two other learners fit the same model to the same objective: RCD, the
// randomized block coordinate descent of Devooght, Kourtellis and Mantrach
// (KDD 2015), one line-searched gradient step per user and item vector,
// whose own paper weights missing entries uniformly (α = 0); and CG, the
// vector-wise ALS of Hu et al. solved by a few warm-started
// conjugate-gradient steps per vector, as the implicit library does. Both
// read the same caches and cost O((M+N)K² + |R|K) an epoch (CG times its
// steps), and both learn online.
//
// Model.Update folds one new interaction into a trained model in
// O(K² + (|R_u|+|R_i|)K) (Algorithm 2): Model.AddUser grows the model by a
// user it has never seen, and an item unseen in training, which popularity
// weights 0, gets the uniform weight c0/N on its first interaction.
//
// # Reading logs
//
// ReadLog reads any interaction log, from an io.Reader and a name (the
// page has no files) or, with ReadLogFile, a path: comma-, tab-,
// semicolon-, space- or "::"-separated, with a header or none, MovieLens's
// ratings.csv, ratings.dat and u.data and the Yelp files among them. It
// detects the layout from the first lines (or takes a Format), finds the
// columns by name or position, and returns a Log: the Dataset, the
// format's name, HasTimes, and what became of the rows (a rating
// threshold, repeated pairs, a k-core). Without times the splits follow
// the input order. ReadItems reads an item file of names and categories.
// Every problem is a LogError naming the file, line and column.
//
// Planted makes a world whose tastes are known: users and items in groups,
// so that whether a recommendation is right can be seen, and tested.
//
// # Model files
//
// Save writes any model of the package to one versioned binary format, and
// Load reads it back exactly, whichever kind it holds (FileKind reads only
// the header to say which). Model.MarshalBinary and LoadModel are the same
// format for eALS alone, its layout unchanged since the first version.
// Every file is validated on load, never trusted: a damaged one is an error
// that says what is wrong.
//
// # Training in chunks
//
// Every model trains through a Stepper: Trainer (eALS), RCDTrainer,
// CGTrainer, ALSTrainer and BPRTrainer run an epoch whole or in chunks of
// about a given amount of work, so that a page can repaint between them,
// and any chunking gives bitwise the model of whole epochs. RunEpochs is
// the one epoch loop; Train, TrainRCD, TrainCG, TrainALS and TrainBPR are
// that loop on their model's trainer. The protocols of package eval are
// Steppers too.
package core
