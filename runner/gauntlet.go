package runner

import "fmt"

// GauntletPlan is the plan of a candidate against a pool: entrant 0 is the
// candidate, entrants 1… the pool, and the pool's bots never play each
// other.
//
// With two seats each round plays the candidate against every bot of the
// pool on one seed, in both seat orders, as a round robin does for a pair.
// With N > 2 seats each round seats the candidate and N−1 bots of the pool
// and plays N matches on one seed, rotating the seats so that the candidate
// sits in every seat once; with more than N−1 bots in the pool, the rounds
// come in blocks of one round per pool bot: a block shuffles the pool
// (seeded) into a circle and its round t takes the N−1 bots from position t
// on, so that every bot of the pool plays N−1 rounds per block.
type GauntletPlan struct {
	rounds
	seats, pool int
}

// NewGauntletPlan plans games matches against each bot of the pool (two seats,
// rounded up to an even number) or in total (more seats, rounded up to whole
// rotations); pool is the number of entrants besides the candidate.
func NewGauntletPlan(seats, pool, games int, master uint64) (*GauntletPlan, error) {
	if err := checkGames(games); err != nil {
		return nil, err
	}
	switch {
	case seats < 2:
		return nil, fmt.Errorf("a gauntlet needs a game of 2 seats or more, this one has %d", seats)
	case pool < 1:
		return nil, fmt.Errorf("a gauntlet needs at least 1 bot besides the candidate, got %d", pool)
	case pool < seats-1:
		return nil, fmt.Errorf("a %d-seat gauntlet needs at least %d bots besides the candidate, got %d (the same bot may be entered more than once)", seats, seats-1, pool)
	}
	p := &GauntletPlan{seats: seats, pool: pool}
	var err error
	if seats == 2 {
		p.rounds, err = newRounds(master, ceilDiv(games, 2), 2*pool, games)
	} else {
		p.rounds, err = newRounds(master, ceilDiv(games, seats), seats, games)
	}
	return p, err
}

// Seats returns the seat count.
func (p *GauntletPlan) Seats() int { return p.seats }

// Match returns match i.
func (p *GauntletPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, p.seats, seating)
	if p.seats == 2 {
		opponent := 1 + j/2
		m.Seating[0], m.Seating[1] = 0, opponent
		if j%2 == 1 {
			m.Seating[0], m.Seating[1] = opponent, 0
		}
		return m
	}
	// The round's line-up: the candidate, then N−1 bots of the pool.
	order := circle(p.master, m.Deal/p.pool, p.pool)
	start := m.Deal % p.pool
	for k := range p.seats {
		slot := (k + j) % p.seats
		if slot == 0 {
			m.Seating[k] = 0
		} else {
			m.Seating[k] = 1 + order[(start+slot-1)%p.pool]
		}
	}
	return m
}
