package results

import (
	"fmt"
	"slices"
	"strings"

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
	// Schedule names the format when it is not the default tournament:
	// "gauntlet", "sprt", "league", "championship", "knockout", "swiss",
	// "ladder", or "match" for the one match of arena play.
	Schedule     string                `json:"schedule,omitempty"`
	Candidate    string                `json:"candidate,omitempty"`    // a gauntlet's candidate
	SPRT         *SPRTSettings         `json:"sprt,omitempty"`         // a sequential test's settings
	League       *LeagueSettings       `json:"league,omitempty"`       // a league's settings
	Championship *ChampionshipSettings `json:"championship,omitempty"` // a championship's settings
	Knockout     *KnockoutSettings     `json:"knockout,omitempty"`     // a knockout's draw and rules
	Swiss        *SwissSettings        `json:"swiss,omitempty"`        // a Swiss's draw and rules
	Ladder       *LadderSettings       `json:"ladder,omitempty"`       // a ladder batch's pairs
	// Version and Revision are the arena that wrote the file: its module
	// version and VCS revision, "devel" when the build does not say.
	// Resuming and merging refuse files from another revision.
	Version  string `json:"version,omitempty"`
	Revision string `json:"revision,omitempty"`
	// Shard is set when the file holds one shard of the run.
	Shard *Shard `json:"shard,omitempty"`
	// Seeds, when set, are the seeds the run played, one round each
	// (arena run --seeds), instead of seeds derived from Seed.
	Seeds []uint64 `json:"seeds,omitempty"`
}

// LeagueSettings are what a league's verdict needs beyond its records.
type LeagueSettings struct {
	Needed int `json:"needed"` // wins needed for promotion
}

// ChampionshipSettings are what a championship's report needs beyond its
// records and the header's bots, seats and seed.
type ChampionshipSettings struct {
	Days   int       `json:"days"`   // qualifying days before the finals
	Points []float64 `json:"points"` // points per place, one per seat, as played (the default made explicit)
}

// LadderSettings are one batch of a ladder (arena ladder play): its
// number, the ladder's round its first table plays, and its tables, each
// played as one round on one seed, its bots rotated over the seats (a
// pair: both seat orders). The tables index the header's bots, which are
// the bots active in the batch; Specs are their specs, in that order.
type LadderSettings struct {
	Batch  int           `json:"batch"`
	Round  int           `json:"round"` // table t plays on the seed Derive(header's seed, Round+t)
	Specs  []string      `json:"specs"`
	Tables []LadderTable `json:"tables"`
}

// LadderTable is one table of a ladder batch and why it was chosen.
type LadderTable struct {
	Bots []int  `json:"bots"`
	Why  string `json:"why"`
}

// Shard is shard K of N of a run: the rounds from the (K−1)·R/N-th to the
// K·R/N-th, rounded down, of the run's R rounds. Matches counts the shard's
// matches, so that a file holding fewer is recognisably incomplete.
//
// A staged format's shard (a knockout's, a Swiss's) is a shard of one
// stage: Stage numbers it from 1 and Start is its first match, the number
// of records of the stages before it. Its file holds the stage's units
// (whole legs, whole rotations) from the (K−1)·U/N-th to the K·U/N-th of
// the stage's U (runner.StageShard), and nothing else. Both fields are
// absent from the shards of other formats.
type Shard struct {
	K       int `json:"k"`
	N       int `json:"n"`
	Matches int `json:"matches"`
	Stage   int `json:"stage,omitempty"`
	Start   int `json:"start,omitempty"`
}

// Record is one match: every table and rating is computed from records
// alone.
type Record struct {
	Type      string      `json:"type"` // always "match"
	Format    int         `json:"format"`
	Match     int         `json:"match"` // index in the schedule, from 0
	Seed      uint64      `json:"seed"`  // the match seed: `arena play --from FILE --match N` replays the match
	Game      string      `json:"game"`
	Scenario  string      `json:"scenario"`
	RulesHash string      `json:"rules_hash"`
	Bots      []string    `json:"bots"` // entrant per seat
	Scores    []float64   `json:"scores"`
	Places    []int       `json:"places"` // 1 = best, ties share a place
	Turns     int         `json:"turns"`
	Faults    []sim.Fault `json:"faults"` // bot faults in order; a fault's Seat indexes Bots
	// Penalties are the moves the game's rules punished, in order (Sopra's
	// move into a player): no faults, counted apart. Absent when none, so
	// that the records of games without penalties keep their bytes.
	Penalties []sim.Penalty `json:"penalties,omitempty"`
	StateHash string        `json:"state_hash"`
	Error     string        `json:"error,omitempty"` // set when the match did not finish
	// Timed is set when a seat answered under a wall-clock deadline (an
	// external program): its seed alone may not reproduce the match.
	Timed bool `json:"timed,omitempty"`
	// Actions, in a timed match only, holds every turn's action text per
	// seat (null for a seat that did not act): arena play --from plays
	// them back instead of the bots.
	Actions [][]*string `json:"actions,omitempty"`
}

// Clone returns a copy of r that shares nothing with it.
func (r *Record) Clone() *Record {
	c := *r
	c.Bots = slices.Clone(r.Bots)
	c.Scores = slices.Clone(r.Scores)
	c.Places = slices.Clone(r.Places)
	c.Faults = slices.Clone(r.Faults)
	c.Penalties = slices.Clone(r.Penalties)
	if r.Actions != nil {
		c.Actions = make([][]*string, len(r.Actions))
		for i, row := range r.Actions {
			c.Actions[i] = slices.Clone(row)
		}
	}
	return &c
}

// Check checks a record's fields on their own, as a run writes them: some
// bots, a number of turns, faults and penalties in its seats and, for a match that
// finished (no Error), one place in 1..n and one finite score per seat.
// (Whether it is the match its run's schedule plans, the commands check.)
func (r *Record) Check() error {
	n := len(r.Bots)
	if n == 0 {
		return fmt.Errorf("no bots")
	}
	if r.Turns < 0 {
		return fmt.Errorf("field \"turns\" is %d, not a number of turns", r.Turns)
	}
	for _, f := range r.Faults {
		if f.Seat < 0 || f.Seat >= n {
			return fmt.Errorf("fault in seat %d of %d", f.Seat, n)
		}
	}
	for _, p := range r.Penalties {
		if p.Seat < 0 || p.Seat >= n {
			return fmt.Errorf("penalty in seat %d of %d", p.Seat, n)
		}
	}
	finished, err := checkPlaces(r)
	if err != nil || !finished {
		return err // a failed match may have no scores or places
	}
	return checkScores(r)
}

// Record types.
const (
	TypeHeader = "header"
	TypeMatch  = "match"
)

// Bounds of a header's numbers that no run reaches: a corrupted header is
// refused by them, naming the field, before anything is computed from it.
const (
	maxHeaderSeats = 1 << 10
	maxHeaderGames = 1 << 40
	maxSeed        = 1<<53 - 1 // seeds are written as JSON numbers: below 2⁵³, read exactly everywhere
)

// Check checks the header's fields on their own: the game, bots, seats,
// games, matches, seed and shard a run could have written. (What holds
// between them and the format's plan, the commands check.)
func (h *Header) Check() error {
	field := func(name, format string, args ...any) error {
		return fmt.Errorf("header field %q: %s", name, fmt.Sprintf(format, args...))
	}
	switch {
	case strings.TrimSpace(h.Game) == "":
		return field("game", "empty")
	case len(h.Bots) == 0:
		return field("bots", "none")
	case len(h.Bots) > sim.MaxEntrants:
		return field("bots", "%d entrants, at most %d", len(h.Bots), sim.MaxEntrants)
	case h.Seats < 1 || h.Seats > maxHeaderSeats:
		return field("seats", "%d is not a number of seats (1 to %d)", h.Seats, maxHeaderSeats)
	case h.Games < 0 || h.Games > maxHeaderGames:
		return field("games", "%d is not a number of games (0 to %d)", h.Games, maxHeaderGames)
	case h.Matches < 0 || h.Matches > maxHeaderGames:
		return field("matches", "%d is not a number of matches (0 to %d)", h.Matches, maxHeaderGames)
	case h.Seed > maxSeed:
		return field("seed", "%d is above 2⁵³ − 1", h.Seed)
	}
	seen := make(map[string]bool, len(h.Bots))
	for i, b := range h.Bots {
		switch {
		case strings.TrimSpace(b) == "":
			return field("bots", "entrant %d is empty", i+1)
		case seen[b]:
			return field("bots", "%q is there twice", b)
		}
		seen[b] = true
	}
	if s := h.Shard; s != nil && (s.N < 1 || s.K < 1 || s.K > s.N || s.Matches < 0 || s.Matches > h.Matches) {
		return field("shard", "%d of %d with %d matches is not a shard of a run of %d matches", s.K, s.N, s.Matches, h.Matches)
	}
	return nil
}
