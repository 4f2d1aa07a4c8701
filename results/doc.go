// Package results turns match records into standings: it reads and writes
// the JSONL results file, tallies records as they arrive, fits Bradley–Terry
// ratings on the Elo scale with bootstrap confidence intervals, and prints
// the standings as a table, Markdown, CSV or JSON.
//
// Everything here is computed from [Record] values alone, so a merged set of
// shards gives the same standings as one big run. A [Tally] keeps counts, not
// records: its memory depends on the number of entrants and of distinct match
// outcomes, never on the number of matches.
//
// Determinism: the same records and the same seed give the same bytes out.
// No map is iterated to produce output, the bootstrap draws from PCG streams
// derived from the run's master seed, and the ratings and the bootstrap see
// the match outcomes in a canonical order, so they do not depend on the order
// in which the records were added either.
package results
