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
	Game      string             `json:"game"`
	Scenario  string             `json:"scenario"`
	Schedule  string             `json:"schedule"`          // "tournament", "gauntlet"…
	Seed      string             `json:"seed"`              // the master seed, as text (a uint64 does not fit a JS number)
	Games     int                `json:"games"`             // games the run planned (per pairing, as its header says)
	Planned   int                `json:"planned,omitempty"` // set when the files hold fewer matches than the run planned: its matches
	Seats     int                `json:"seats"`
	RulesHash string             `json:"rules_hash"`
	Params    sim.Params         `json:"params"`
	Version   string             `json:"version"` // the arena that played the run
	Revision  string             `json:"revision"`
	Bots      []string           `json:"bots"`
	Standings *results.Standings `json:"standings"`
	Scores    []Histogram        `json:"scores"` // per bot, in Bots order
	Turns     Histogram          `json:"turns"`  // the lengths of the valid matches
	Faults    []FaultCounts      `json:"faults"` // per bot, in Bots order
	Elo       string             `json:"elo"`    // how the ratings were computed, for the page's caption
}

// Histogram counts values in Bins equal bins from Lo to Hi (the last bin
// includes Hi); with Lo == Hi every value is in the one bin.
type Histogram struct {
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Counts []int   `json:"counts"`
}

// FaultCounts counts a bot's faults by kind (timeout, invalid, panic…).
type FaultCounts struct {
	Bot   string         `json:"bot"`
	Kinds map[string]int `json:"kinds"`
	Total int            `json:"total"`
}

// bins is the number of bins of a histogram.
const bins = 20

// RunBuilder builds a Run from a run's records, read twice: once with Add
// (the standings, and the ranges of the scores and lengths), then once with
// Bin (the histograms), in the same order.
type RunBuilder struct {
	run      Run
	tally    *results.Tally
	index    map[string]int
	lo, hi   []float64 // per bot: the range of its scores
	tlo, thi int       // the range of the lengths
	valid    int
	binned   bool
}

// NewRunBuilder starts the page of the run of header h, rated with opt.
func NewRunBuilder(h *results.Header, opt results.Options) *RunBuilder {
	schedule := h.Schedule
	if schedule == "" {
		schedule = "tournament"
	}
	b := &RunBuilder{
		run: Run{Game: h.Game, Scenario: h.Scenario, Schedule: schedule, Seed: strconv.FormatUint(h.Seed, 10), Games: h.Games,
			Seats: h.Seats, RulesHash: h.RulesHash, Params: h.Params, Version: h.Version, Revision: h.Revision, Bots: slices.Clone(h.Bots)},
		tally: results.NewTally(h.Bots, opt),
		index: make(map[string]int, len(h.Bots)),
		lo:    make([]float64, len(h.Bots)),
		hi:    make([]float64, len(h.Bots)),
		tlo:   math.MaxInt,
		thi:   math.MinInt,
	}
	for i, bot := range h.Bots {
		b.index[bot] = i
		b.lo[i], b.hi[i] = math.Inf(1), math.Inf(-1)
		b.run.Faults = append(b.run.Faults, FaultCounts{Bot: bot, Kinds: map[string]int{}})
	}
	return b
}

// Add counts a record in the standings and the ranges.
func (b *RunBuilder) Add(r *results.Record) error {
	if err := b.tally.Add(r); err != nil {
		return err
	}
	for _, f := range r.Faults {
		fc := &b.run.Faults[b.index[r.Bots[f.Seat]]]
		fc.Kinds[f.Kind.String()]++
		fc.Total++
	}
	if r.Error != "" {
		return nil
	}
	b.valid++
	b.tlo, b.thi = min(b.tlo, r.Turns), max(b.thi, r.Turns)
	for k, bot := range r.Bots {
		i := b.index[bot]
		b.lo[i], b.hi[i] = min(b.lo[i], r.Scores[k]), max(b.hi[i], r.Scores[k])
	}
	return nil
}

// Bin counts a record, added before, in the histograms.
func (b *RunBuilder) Bin(r *results.Record) {
	if !b.binned {
		b.binned = true
		b.run.Scores = make([]Histogram, len(b.run.Bots))
		for i := range b.run.Bots {
			b.run.Scores[i] = newHistogram(b.lo[i], b.hi[i])
		}
		b.run.Turns = newHistogram(float64(b.tlo), float64(b.thi))
	}
	if r.Error != "" {
		return
	}
	b.run.Turns.add(float64(r.Turns))
	for k, bot := range r.Bots {
		b.run.Scores[b.index[bot]].add(r.Scores[k])
	}
}

// Run returns the page's data.
func (b *RunBuilder) Run() (*Run, error) {
	s, err := b.tally.Standings()
	if err != nil {
		return nil, err
	}
	if !b.binned { // no record at all
		b.Bin(&results.Record{Error: "none"})
	}
	run := b.run
	run.Standings = s
	run.Elo = fmt.Sprintf("%s, 95%% intervals from %d bootstrap replicates over rounds", s.Model, s.Bootstrap)
	if s.Bootstrap == 0 {
		run.Elo = s.Model + ", no intervals"
	}
	return &run, nil
}

func newHistogram(lo, hi float64) Histogram {
	if lo > hi { // nothing to count
		lo, hi = 0, 0
	}
	n := bins
	if lo == hi {
		n = 1
	}
	return Histogram{Lo: lo, Hi: hi, Counts: make([]int, n)}
}

func (h *Histogram) add(v float64) {
	i := 0
	if h.Hi > h.Lo {
		i = int(float64(len(h.Counts)) * (v - h.Lo) / (h.Hi - h.Lo))
	}
	h.Counts[min(max(i, 0), len(h.Counts)-1)]++
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
