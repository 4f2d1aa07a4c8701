package runner

import (
	"io"

	"github.com/arenasim/arena/results"
)

// Heats is the format of the knockout of a game of more than two seats
// (results.Heats has the rules): its plan grows stage by stage, each stage
// a rotation of every undecided table, planned from the records before it
// only; the run stops once the final table is decided. The report has the
// rounds, their tables and byes, the places and their points, and the
// Bradley–Terry standings of every game.
type Heats struct {
	plan  *TablePlan
	judge *results.Heats
	tally *results.Tally
}

// NewHeats returns the heats of the entrants at tables of seats with the
// settings (the draw included: KnockoutDraw), their stages played on seeds
// derived from master, their standings rated with opts.
func NewHeats(seats int, entrants []string, set results.KnockoutSettings, master uint64, opts results.Options) (*Heats, error) {
	judge, err := results.NewHeats(entrants, seats, set)
	if err != nil {
		return nil, err
	}
	return &Heats{plan: newTablePlan(judge, judge.MaxGames(), master, seats), judge: judge, tally: results.NewTally(entrants, opts)}, nil
}

// Plan returns the matches.
func (h *Heats) Plan() Plan { return h.plan }

// Header names the schedule and keeps the draw and the rules.
func (h *Heats) Header(hd *results.Header) {
	hd.Schedule, hd.Knockout = "knockout", h.judge.Settings()
}

// Add judges one record.
func (h *Heats) Add(r *results.Record) error {
	if err := h.tally.Add(r); err != nil {
		return err
	}
	return h.plan.add(r)
}

// Decided reports whether the final table is decided: the run stops there.
func (h *Heats) Decided() bool { return h.judge.Finished() }

// Fork returns an empty tally for a worker.
func (h *Heats) Fork() Counter { return h.tally.Fork() }

// AddOrdered judges what depends on the order of the records: the
// standings' rounds and the tables, which plan the next stage.
func (h *Heats) AddOrdered(r *results.Record) error {
	if err := h.tally.AddOrdered(r); err != nil {
		return err
	}
	return h.plan.add(r)
}

// Merge adds a worker's tally.
func (h *Heats) Merge(c Counter) error { return h.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict: the report is the heats.
func (h *Heats) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the games judged so far.
func (h *Heats) Standings() (*results.Standings, error) { return h.tally.Standings() }

// Status says how far the heats are, for the progress line.
func (h *Heats) Status() string { return h.judge.Status() }

// Table returns the rounds, tables and places, without the standings:
// arena report's page shows those apart.
func (h *Heats) Table() *results.HeatsReport { return h.judge.Report(nil) }

// Report writes the rounds, the places and the standings.
func (h *Heats) Report(w io.Writer, f results.Format) error {
	st, err := h.tally.Standings()
	if err != nil {
		return err
	}
	return h.judge.Report(st).Write(w, f)
}
