package ladder

import (
	"fmt"
	"io"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// Batch is the format of one batch of a ladder: its tables, each played
// as one round on its own seed, the bots rotated over the seats (a pair
// plays both seat orders). Its judge rates the batch's games alone; the
// ladder's standings are rated from every batch's records.
type Batch struct {
	seats  int
	master uint64
	set    results.LadderSettings
	tally  *results.Tally
}

// NewBatch returns the batch of the settings between the entrants (the
// bots active in it) at tables of seats, on seeds derived from master.
func NewBatch(seats int, entrants []string, set results.LadderSettings, master uint64, opts results.Options) (*Batch, error) {
	if seats < 2 {
		return nil, fmt.Errorf("a ladder needs tables of at least 2 seats, not %d", seats)
	}
	if len(set.Tables) > MaxTables || set.Round < 0 || set.Batch < 0 {
		return nil, fmt.Errorf("ladder batch %d: %d tables from round %d is not a batch", set.Batch, len(set.Tables), set.Round)
	}
	if len(set.Specs) != len(entrants) {
		return nil, fmt.Errorf("ladder batch %d: %d specs for %d bots", set.Batch, len(set.Specs), len(entrants))
	}
	for t, tb := range set.Tables {
		if len(tb.Bots) != seats {
			return nil, fmt.Errorf("ladder batch %d: table %d seats %d bots, not %d", set.Batch, t, len(tb.Bots), seats)
		}
		for _, b := range tb.Bots {
			if b < 0 || b >= len(entrants) {
				return nil, fmt.Errorf("ladder batch %d: table %d seats bot %d of %d", set.Batch, t, b, len(entrants))
			}
		}
	}
	return &Batch{seats: seats, master: master, set: set, tally: results.NewTally(entrants, opts)}, nil
}

// Plan returns the matches.
func (b *Batch) Plan() runner.Plan { return b }

// Seats returns the seats of a table.
func (b *Batch) Seats() int { return b.seats }

// Len returns the matches: a round of seats matches per table.
func (b *Batch) Len() int { return len(b.set.Tables) * b.seats }

// RoundSize returns the matches of a round, which a shard keeps together.
func (b *Batch) RoundSize() int { return b.seats }

// Match returns match i: rotation i mod seats of table i / seats.
func (b *Batch) Match(i int, seating []int) runner.Pairing {
	t, rot := i/b.seats, i%b.seats
	s := seating[:0]
	if cap(s) < b.seats {
		s = make([]int, 0, b.seats)
	}
	bots := b.set.Tables[t].Bots
	for k := range b.seats {
		s = append(s, bots[(k+rot)%b.seats])
	}
	deal := b.set.Round + t
	return runner.Pairing{Index: i, Deal: deal, Seed: sim.Derive(b.master, uint64(deal)), Seating: s}
}

// Header names the schedule and keeps the batch's tables.
func (b *Batch) Header(h *results.Header) {
	set := b.set
	h.Schedule, h.Ladder = "ladder", &set
}

// Add counts one record.
func (b *Batch) Add(r *results.Record) error { return b.tally.Add(r) }

// Decided reports false: a batch plays every table.
func (b *Batch) Decided() bool { return false }

// Verdict returns NoVerdict.
func (b *Batch) Verdict() runner.Verdict { return runner.NoVerdict }

// Report writes the standings of the batch's games alone.
func (b *Batch) Report(w io.Writer, f results.Format) error {
	st, err := b.tally.Standings()
	if err != nil {
		return err
	}
	return st.Write(w, f)
}
