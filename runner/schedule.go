package runner

import (
	"fmt"

	"github.com/arenasim/arena/sim"
)

// Pairing is one scheduled match.
type Pairing struct {
	Index   int    // position in the schedule, from 0
	Deal    int    // the round it belongs to; every match of a round has the same seed
	Seed    uint64 // sim.Derive(master, Deal)
	Seating []int  // Seating[k] is the entrant in seat k
}

// Schedule is the list of matches of a run: a pure function of the number of
// seats, the number of entrants, the games asked for and the master seed.
// Any match can be computed on its own, without the ones before it, so that
// a shard or a resumed run plays exactly the matches it owns.
//
// With two seats every pair of entrants meets; each round plays every pair
// twice on one seed, once in each seat order, so seat luck cancels out and
// all pairs play the same seeds. Games counts matches per pair, rounded up
// to an even number.
//
// With N ≠ 2 seats each round seats N entrants and plays N matches on one
// seed, rotating the seats so that each of them sits in every seat once.
// Games counts matches in total, rounded up to whole rounds. With more
// entrants than seats, the rounds are grouped in blocks of one round per
// entrant: a block shuffles the entrants (seeded) into a circle and round t
// of the block seats the N entrants from position t on, so within a block
// every entrant plays exactly N rounds.
//
// A gauntlet (NewGauntlet) is the schedule of a league: the same line-up of
// entrants, one per seat, in every match, rotated over each seed.
type Schedule struct {
	seats, entrants int
	games           int
	master          uint64
	rounds          int
	perRound        int
	pairs           [][2]int // two seats: every pair of entrants, in order
	gauntlet        bool
}

// NewGauntlet plans a league's games: entrant k sits in seat k of the first
// match; each round of `seats` matches plays one seed, rotating the line-up
// so that every entrant sits in every seat once. Games counts matches
// exactly; the last round may be cut short.
func NewGauntlet(seats, games int, master uint64) (*Schedule, error) {
	if games < 1 {
		return nil, fmt.Errorf("games: %d is not a positive number", games)
	}
	if seats < 1 {
		return nil, fmt.Errorf("seats: %d is not a positive number", seats)
	}
	if games > MaxMatches {
		return nil, fmt.Errorf("games: %d is more than %d matches", games, MaxMatches)
	}
	return &Schedule{seats: seats, entrants: seats, games: games, master: master,
		rounds: ceilDiv(games, seats), perRound: seats, gauntlet: true}, nil
}

// NewSchedule plans games for the given seat and entrant counts.
func NewSchedule(seats, entrants, games int, master uint64) (*Schedule, error) {
	if games < 1 {
		return nil, fmt.Errorf("games: %d is not a positive number", games)
	}
	s := &Schedule{seats: seats, entrants: entrants, games: games, master: master}
	switch {
	case seats == 2:
		if entrants < 2 {
			return nil, fmt.Errorf("a 2-seat game needs at least 2 bots, got %d (the same bot may be entered twice: --bots stupid,stupid)", entrants)
		}
		for a := range entrants {
			for b := a + 1; b < entrants; b++ {
				s.pairs = append(s.pairs, [2]int{a, b})
			}
		}
		s.rounds = ceilDiv(games, 2)
		s.perRound = 2 * len(s.pairs)
	case seats >= 1:
		if entrants < seats {
			return nil, fmt.Errorf("a %d-seat game needs at least %d bots, got %d (the same bot may be entered more than once)", seats, seats, entrants)
		}
		s.rounds = ceilDiv(games, seats)
		s.perRound = seats
	default:
		return nil, fmt.Errorf("seats: %d is not a positive number", seats)
	}
	if s.rounds > MaxMatches/s.perRound {
		return nil, fmt.Errorf("games: %d games make more than %d matches", games, MaxMatches)
	}
	return s, nil
}

// MaxMatches is the most matches a schedule may hold: far more than any
// run needs, and small enough that no count overflows.
const MaxMatches = 1 << 40

// Len returns the number of matches.
func (s *Schedule) Len() int {
	if s.gauntlet {
		return s.games
	}
	return s.rounds * s.perRound
}

// Seats returns the number of seats of every match.
func (s *Schedule) Seats() int { return s.seats }

// Match returns match i, 0 ≤ i < Len(). seating is reused when large
// enough.
func (s *Schedule) Match(i int, seating []int) Pairing {
	round, j := i/s.perRound, i%s.perRound
	p := Pairing{Index: i, Deal: round, Seed: sim.Derive(s.master, uint64(round))}
	seating = grow(seating, s.seats)
	if s.gauntlet {
		for k := range s.seats {
			seating[k] = (k + j) % s.seats
		}
		p.Seating = seating
		return p
	}
	if s.seats == 2 {
		pair := s.pairs[j/2]
		if j%2 == 0 {
			seating[0], seating[1] = pair[0], pair[1]
		} else {
			seating[0], seating[1] = pair[1], pair[0]
		}
		p.Seating = seating
		return p
	}
	circle := s.circle(round / s.entrants)
	start := round % s.entrants
	for k := range s.seats {
		// Seat k of rotation j holds the ((k+j) mod N)-th of the round's entrants.
		seating[k] = circle[(start+(k+j)%s.seats)%s.entrants]
	}
	p.Seating = seating
	return p
}

// circle returns the seeded order of the entrants in one block of rounds.
func (s *Schedule) circle(block int) []int {
	order := make([]int, s.entrants)
	for i := range order {
		order[i] = i
	}
	rng := sim.NewRand(sim.Derive(s.master, uint64(block)), blockStream)
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	return order
}

// blockStream is the random stream the seating of blocks draws from; it is
// distinct from the engine's and the seats' streams.
const blockStream = 1 << 32

// ceilDiv returns a/b rounded up, for positive a and b, without overflow.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}
