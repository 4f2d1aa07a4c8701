// Package runner turns a configured game into a tournament. A [Format] is a
// tournament format in one place: a [Plan] that says who plays whom on which
// seed (round robin, rotation, a league's line-up, a gauntlet, a sequential
// test's pairs, or a [Staged] plan whose later matches follow from earlier
// records) and the judge of its records (standings, or a verdict that may
// stop the run early). [Run] is the worker pool: it plays the matches a run
// owns and hands back one record per match, strictly in index order, as the
// matches complete. It knows no particular game.
package runner
