package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Run is the data of a run's page: what the results header says of the
// run, its standings (ratings with their intervals, head-to-head records,
// placements, seats) and the distributions of each bot's scores, faults
// and the match lengths. All of it is aggregates: its size depends on the
// bots and seats, never on the number of matches.
type Run struct {
	Game      string                `json:"game"`
	Scenario  string                `json:"scenario"`
	Schedule  string                `json:"schedule"`          // "tournament", "gauntlet"…
	Seed      string                `json:"seed"`              // the master seed, as text (a uint64 does not fit a JS number)
	Games     int                   `json:"games"`             // games the run planned (per pairing, as its header says)
	Planned   int                   `json:"planned,omitempty"` // set when the files hold fewer matches than the run planned: its matches
	Seats     int                   `json:"seats"`
	RulesHash string                `json:"rules_hash"`
	Params    sim.Params            `json:"params"`
	Version   string                `json:"version"` // the arena that played the run
	Revision  string                `json:"revision"`
	Bots      []string              `json:"bots"`
	Standings *results.Standings    `json:"standings"`
	Scores    []Histogram           `json:"scores"` // per bot, in Bots order
	Turns     Histogram             `json:"turns"`  // the lengths of the valid matches
	Faults    []results.FaultCounts `json:"faults"` // per bot, in Bots order, in the matches that finished
	Elo       string                `json:"elo"`    // how the ratings were computed, for the page's caption
	// Knockout is a knockout's bracket and places (its standings are
	// Standings): one entry a tie, so the page grows with the bots and
	// the ties' games, never with the records.
	Knockout *results.KnockoutReport `json:"knockout,omitempty"`
	// Heats are the knockout of a game of more seats: its rounds, tables
	// and places, one entry a table's bot.
	Heats *results.HeatsReport `json:"heats,omitempty"`
}

// Histogram counts values in Bins equal bins from Lo to Hi (the last bin
// includes Hi); with Lo == Hi every value is in the one bin.
type Histogram struct {
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Counts []int   `json:"counts"`
}

// bins is the number of bins of a histogram.
const bins = 20

// RunBuilder builds a Run from a run's records, read once.
type RunBuilder struct {
	run       Run
	standings func() (*results.Standings, error)
	tally     *results.Tally // the builder's own, when no one else tallies the records
	faults    *results.FaultTally
	index     map[string]int
	scores    []*valueCounts // per bot
	turns     *valueCounts
}

// NewRunBuilder starts the page of the run of header h. standings gives
// the run's standings once every record is added: the run's format tallies
// them already as it judges the records. With standings nil, the builder
// tallies the records itself, rated with opt.
func NewRunBuilder(h *results.Header, opt results.Options, standings func() (*results.Standings, error)) *RunBuilder {
	schedule := h.Schedule
	if schedule == "" {
		schedule = "tournament"
	}
	b := &RunBuilder{
		run: Run{Game: h.Game, Scenario: h.Scenario, Schedule: schedule, Seed: strconv.FormatUint(h.Seed, 10), Games: h.Games,
			Seats: h.Seats, RulesHash: h.RulesHash, Params: h.Params, Version: h.Version, Revision: h.Revision, Bots: slices.Clone(h.Bots)},
		standings: standings,
		index:     make(map[string]int, len(h.Bots)),
		faults:    results.NewFaultTally(h.Bots),
		turns:     newValueCounts(),
	}
	if standings == nil {
		b.tally = results.NewTally(h.Bots, opt)
		b.standings = b.tally.Standings
	}
	for i, bot := range h.Bots {
		b.index[bot] = i
		b.scores = append(b.scores, newValueCounts())
	}
	return b
}

// Add counts a record in the faults and the histograms, and in the
// standings when the builder tallies them.
func (b *RunBuilder) Add(r *results.Record) error {
	if b.tally != nil {
		if err := b.tally.Add(r); err != nil {
			return err
		}
	}
	if r.Error != "" {
		return nil // a failed match counts nowhere else, as in the standings
	}
	b.faults.Add(r)
	b.turns.add(float64(r.Turns))
	for k, bot := range r.Bots {
		b.scores[b.index[bot]].add(r.Scores[k])
	}
	return nil
}

// Run returns the page's data.
func (b *RunBuilder) Run() (*Run, error) {
	s, err := b.standings()
	if err != nil {
		return nil, err
	}
	run := b.run
	run.Standings = s
	run.Faults = b.faults.Counts()
	run.Turns = b.turns.histogram(bins)
	for _, c := range b.scores {
		run.Scores = append(run.Scores, c.histogram(bins))
	}
	run.Elo = fmt.Sprintf("%s, 95%% intervals from %d bootstrap replicates over rounds", s.Model, s.Bootstrap)
	if s.Bootstrap == 0 {
		run.Elo = s.Model + ", no intervals"
	}
	return &run, nil
}

// thin keeps at most maxPoints of a course, evenly spaced, the last one
// included.
func thin[T any](xs []T) []T {
	if len(xs) <= maxPoints {
		return xs
	}
	out := make([]T, 0, maxPoints)
	for i := range maxPoints {
		out = append(out, xs[i*(len(xs)-1)/(maxPoints-1)])
	}
	return out
}

// round rounds x to the given decimal digits, so that a page's bytes do
// not depend on the last bits of a float (and read well).
func round(x float64, digits int) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', digits, 64), 64)
	return r
}

// finite returns &x, or nil (null) for an infinity or NaN.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}
