package runner

import "fmt"

// NewTournamentPlan plans the matches of a tournament where every entrant is
// rated against every other: a round robin for two seats, a rotation for
// any other seat count. Games counts matches per pair of entrants (two
// seats) or in total (other seat counts), as --games does.
func NewTournamentPlan(seats, entrants, games int, master uint64) (Plan, error) {
	if seats == 2 {
		return NewRoundRobinPlan(entrants, games, master)
	}
	return NewRotationPlan(seats, entrants, games, master)
}

// RoundRobinPlan is the plan of a two-seat tournament: every pair of entrants
// meets; each round plays every pair twice on one seed, once in each seat
// order, so seat luck cancels out and all pairs play the same seeds.
type RoundRobinPlan struct {
	rounds
	pairs [][2]int // every pair of entrants, in order
}

// NewRoundRobinPlan plans games matches per pair of entrants, rounded up to an
// even number: games/2 seeds, each played in both seat orders.
func NewRoundRobinPlan(entrants, games int, master uint64) (*RoundRobinPlan, error) {
	if err := checkGames(games); err != nil {
		return nil, err
	}
	if entrants < 2 {
		return nil, fmt.Errorf("a 2-seat game needs at least 2 bots, got %d (the same bot may be entered twice: --bots stupid,stupid)", entrants)
	}
	p := &RoundRobinPlan{}
	for a := range entrants {
		for b := a + 1; b < entrants; b++ {
			p.pairs = append(p.pairs, [2]int{a, b})
		}
	}
	var err error
	p.rounds, err = newRounds(master, ceilDiv(games, 2), 2*len(p.pairs), games)
	return p, err
}

// Seats returns 2.
func (p *RoundRobinPlan) Seats() int { return 2 }

// Match returns match i: pair j/2 of round i/(2·pairs), seats swapped when j
// is odd.
func (p *RoundRobinPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, 2, seating)
	pair := p.pairs[j/2]
	if j%2 == 1 {
		pair[0], pair[1] = pair[1], pair[0]
	}
	m.Seating[0], m.Seating[1] = pair[0], pair[1]
	return m
}

// RotationPlan is the plan of a tournament of N ≠ 2 seats: each round seats N
// entrants and plays N matches on one seed, rotating the seats so that each
// of them sits in every seat once. With more entrants than seats, the rounds
// are grouped in blocks of one round per entrant: a block shuffles the
// entrants (seeded) into a circle and round t of the block seats the N
// entrants from position t on, so within a block every entrant plays exactly
// N rounds.
type RotationPlan struct {
	rounds
	seats, entrants int
}

// NewRotationPlan plans games matches in total, rounded up to whole rotations.
func NewRotationPlan(seats, entrants, games int, master uint64) (*RotationPlan, error) {
	if err := checkGames(games); err != nil {
		return nil, err
	}
	if seats < 1 {
		return nil, fmt.Errorf("seats: %d is not a positive number", seats)
	}
	if entrants < seats {
		return nil, fmt.Errorf("a %d-seat game needs at least %d bots, got %d (the same bot may be entered more than once)", seats, seats, entrants)
	}
	r, err := newRounds(master, ceilDiv(games, seats), seats, games)
	return &RotationPlan{rounds: r, seats: seats, entrants: entrants}, err
}

// Seats returns the seat count.
func (p *RotationPlan) Seats() int { return p.seats }

// Match returns match i: rotation j of round i/N.
func (p *RotationPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, p.seats, seating)
	order := circle(p.master, m.Deal/p.entrants, p.entrants)
	start := m.Deal % p.entrants
	for k := range p.seats {
		// Seat k of rotation j holds the ((k+j) mod N)-th of the round's entrants.
		m.Seating[k] = order[(start+(k+j)%p.seats)%p.entrants]
	}
	return m
}

// LineupPlan is the plan of a league: the same line-up of entrants, one per
// seat, in every match; entrant k sits in seat k of the first match and
// each round of `seats` matches plays one seed, rotating the line-up so that
// every entrant sits in every seat once.
type LineupPlan struct {
	rounds
	seats int
}

// NewLineupPlan plans exactly games matches; the last round may be cut short.
func NewLineupPlan(seats, games int, master uint64) (*LineupPlan, error) {
	if err := checkGames(games); err != nil {
		return nil, err
	}
	if seats < 1 {
		return nil, fmt.Errorf("seats: %d is not a positive number", seats)
	}
	if games > MaxMatches {
		return nil, fmt.Errorf("games: %d is more than %d matches", games, MaxMatches)
	}
	p := &LineupPlan{rounds: rounds{master: master, count: ceilDiv(games, seats), perRound: seats, length: games}, seats: seats}
	return p, nil
}

// Seats returns the seat count.
func (p *LineupPlan) Seats() int { return p.seats }

// Match returns match i: the line-up turned by i mod seats.
func (p *LineupPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, p.seats, seating)
	for k := range p.seats {
		m.Seating[k] = (k + j) % p.seats
	}
	return m
}
