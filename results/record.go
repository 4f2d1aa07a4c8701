package results

import (
	"github.com/arenasim/arena/sim"
)

// FormatVersion is the version of the JSONL record format. It changes only
// when a reader of the old format would misread the new one.
const FormatVersion = 1

// Header is the first line of a results file: the run's configuration.
type Header struct {
	Type      string     `json:"type"` // always "header"
	Format    int        `json:"format"`
	Game      string     `json:"game"`
	Scenario  string     `json:"scenario"`
	RulesHash string     `json:"rules_hash"`
	Params    sim.Params `json:"params"` // the effective parameters
	Bots      []string   `json:"bots"`   // the entrants, in the order given
	Seats     int        `json:"seats"`
	Games     int        `json:"games"`   // the --games asked for
	Matches   int        `json:"matches"` // the matches the schedule holds
	Seed      uint64     `json:"seed"`    // the master seed
}

// Record is one match: every table and rating is computed from records
// alone.
type Record struct {
	Type      string      `json:"type"` // always "match"
	Format    int         `json:"format"`
	Match     int         `json:"match"` // index in the schedule, from 0
	Seed      uint64      `json:"seed"`  // the match seed: `arena play --seed` replays it
	Game      string      `json:"game"`
	Scenario  string      `json:"scenario"`
	RulesHash string      `json:"rules_hash"`
	Bots      []string    `json:"bots"` // entrant per seat
	Scores    []float64   `json:"scores"`
	Places    []int       `json:"places"` // 1 = best, ties share a place
	Turns     int         `json:"turns"`
	Faults    []sim.Fault `json:"faults"` // bot faults in order; a fault's Seat indexes Bots
	StateHash string      `json:"state_hash"`
	Error     string      `json:"error,omitempty"` // set when the match did not finish
}

// Record types.
const (
	TypeHeader = "header"
	TypeMatch  = "match"
)
