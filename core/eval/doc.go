// Package eval judges recommenders by the two protocols of He, Zhang, Kan
// and Chua (SIGIR 2016, section 5.1), kept apart from the models, as gorse
// keeps its evaluator apart from its models: any core.Recommender can be
// judged, and a core.Learner also learns during the online protocol.
//
// Offline is leave-one-out: each user's latest interaction is held out
// (core.Dataset.LeaveOneOut), and the model trained on the rest ranks every
// item for that user. Online replays the interactions after a time split
// (core.Dataset.TimeSplit) in order: for each, it ranks every item for the
// interaction's user, judges the rank of its item, then lets the model
// learn it. Both judge a ranked list by hit ratio and NDCG at a cut-off,
// HR@100 and NDCG@100 by default, over all items; as in the paper, items
// the user has already interacted with stay in the ranking unless
// Options.ExcludeSeen says otherwise. Since those metrics need no rank past
// the cut-off, Options.RanksWithinTopN lets a core.BlockScorer stop scoring
// a user's items once that many rank before the held-out one
// (core.RankWithin): the same metrics, bit for bit, in a third of the time
// on the Phoenix data.
//
// Both run in chunks (core.Stepper), so that a page can repaint between
// them. Means are taken only when asked for, over per-case terms added in
// case order, so chunked and whole runs give the same bits; an offline run
// also keeps each case's rank (Offline.Ranks), so that cases evaluated in
// parts, in Web Workers say, combine exactly (MetricsOfRanks).
package eval
