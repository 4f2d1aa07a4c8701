package runner

import (
	"io"

	"github.com/arenasim/arena/results"
)

// Swiss is the format of a Swiss tournament (results.Swiss has the rules):
// its plan grows round by round, each round paired from the records before
// it only. The report has the Swiss table and the Bradley–Terry standings
// of every game.
type Swiss struct {
	plan  *TablePlan
	judge *results.Swiss
	tally *results.Tally
}

// NewSwiss returns the Swiss of the entrants at tables of seats with the
// settings (the draw included: SwissDraw), its rotations played on seeds
// derived from master, its standings rated with opts.
func NewSwiss(seats int, entrants []string, set results.SwissSettings, master uint64, opts results.Options) (*Swiss, error) {
	judge, err := results.NewSwiss(entrants, seats, set)
	if err != nil {
		return nil, err
	}
	return &Swiss{plan: newTablePlan(judge, judge.Len(), master, seats), judge: judge, tally: results.NewTally(entrants, opts)}, nil
}

// SwissDraw returns the pairing numbers of n entrants: an order drawn at
// random from the master seed, on a stream of its own.
func SwissDraw(master uint64, n int) []int { return seededOrder(master, 0, n, swissStream) }

// swissStream is the random stream of a Swiss's draw: distinct from the
// engine's, the seats', the blocks', the championship's and the knockout's.
const swissStream = knockoutStream + 1

// Plan returns the matches.
func (s *Swiss) Plan() Plan { return s.plan }

// Header names the schedule and keeps the draw and the rules.
func (s *Swiss) Header(h *results.Header) {
	h.Schedule, h.Swiss = "swiss", s.judge.Settings()
}

// Add judges one record.
func (s *Swiss) Add(r *results.Record) error {
	if err := s.tally.Add(r); err != nil {
		return err
	}
	return s.plan.add(r)
}

// Decided reports false: a Swiss plays every round.
func (s *Swiss) Decided() bool { return false }

// Fork returns an empty tally for a worker.
func (s *Swiss) Fork() Counter { return s.tally.Fork() }

// AddOrdered judges what depends on the order of the records: the
// standings' rounds and the Swiss's scores, which pair the next round.
func (s *Swiss) AddOrdered(r *results.Record) error {
	if err := s.tally.AddOrdered(r); err != nil {
		return err
	}
	return s.plan.add(r)
}

// Merge adds a worker's tally.
func (s *Swiss) Merge(c Counter) error { return s.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict: the report is the Swiss table.
func (s *Swiss) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the games judged so far.
func (s *Swiss) Standings() (*results.Standings, error) { return s.tally.Standings() }

// Status says how far the Swiss is, for the progress line.
func (s *Swiss) Status() string { return s.judge.Status() }

// Report writes the Swiss table and the standings.
func (s *Swiss) Report(w io.Writer, f results.Format) error {
	st, err := s.tally.Standings()
	if err != nil {
		return err
	}
	return s.judge.Report(st).Write(w, f)
}
