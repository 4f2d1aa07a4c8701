// Package ladder is a lasting rating list: a registry of every version of
// every bot, and a ledger of batches of matches, each batch planned from
// the records of the batches before it by a rule that plays where the
// games teach the most about the order of the list (Plan; docs/ladder.md
// gives the rule and why). A batch is a results file of its own, whose
// header keeps its tables (Batch), so that it resumes, shards and merges
// as a run does. The package knows no particular game.
package ladder
