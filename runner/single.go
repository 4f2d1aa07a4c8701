package runner

import (
	"fmt"

	"github.com/arenasim/arena/results"
)

// Single is the format of the one match `arena play` plays: the entrants in
// seat order, entrant k in seat k, on one seed, rated as a tournament's
// matches are. Its header names the schedule "match", so that rate, report
// and merge read a play's records file as the run of one match it is.
type Single struct{ *Tournament }

// NewSingle plans the one match of the entrants, one per seat, on seed.
func NewSingle(entrants []string, seed uint64, opts results.Options) (*Single, error) {
	if len(entrants) < 1 {
		return nil, fmt.Errorf("a match needs at least 1 bot, got none")
	}
	plan := &SinglePlan{seed: seed, seats: len(entrants)}
	return &Single{&Tournament{plan: plan, tally: results.NewTally(entrants, opts)}}, nil
}

// Header names the schedule.
func (s *Single) Header(h *results.Header) { h.Schedule = "match" }

// SinglePlan is the plan of one match: entrant k in seat k on one seed.
type SinglePlan struct {
	seed  uint64
	seats int
}

// Seats returns the number of entrants.
func (p *SinglePlan) Seats() int { return p.seats }

// Len returns 1.
func (p *SinglePlan) Len() int { return 1 }

// Match returns the match; i is 0.
func (p *SinglePlan) Match(i int, seating []int) Pairing {
	m := Pairing{Index: i, Seed: p.seed, Seating: grow(seating, p.seats)}
	for k := range m.Seating {
		m.Seating[k] = k
	}
	return m
}
