package coin

import (
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// Step plays the one turn of a match (rule sheet, "A match"): it reads the
// answers, draws each seat's luck, then places the seats, by the duel rule
// for two seats and by Plackett–Luce for more. None of it allocates unless a
// seat's answer is invalid.
func (r *Rules) Step(s *State, acts []Action, rng *rand.Rand, faults *sim.FaultLog) {
	s.turn++
	r.readAnswers(s, acts, faults)
	r.drawLuck(s, rng)
	for seat := range s.merit {
		s.merit[seat] = math.Inf(-1) // without a valid answer, last
	}
	if r.Players == 2 {
		r.duelMerit(s)
	} else {
		r.fieldMerit(s)
	}
	sim.RankPlaces(s.merit, s.places)
}

// readAnswers keeps each seat's declared Elo. A seat with no answer or an
// Elo out of range is recorded as a fault and will place last (rule sheet,
// "Faults").
func (r *Rules) readAnswers(s *State, acts []Action, faults *sim.FaultLog) {
	for seat, a := range acts {
		switch {
		case !a.Given:
			faults.Add(seat, sim.FaultNoAnswer, "no Elo")
		case !a.Valid():
			faults.Add(seat, sim.FaultInvalid, "Elo "+strconv.FormatFloat(a.Elo, 'g', -1, 64)+" is out of range -2000..2000")
		default:
			s.answered[seat], s.elos[seat] = true, a.Elo
		}
	}
}

// drawLuck draws one word per seat from the engine's stream, in seat order,
// and mixes it with the seat's declared Elo (rule sheet, "Luck").
func (r *Rules) drawLuck(s *State, rng *rand.Rand) {
	for seat := range s.luck {
		s.luck[seat] = seatLuck(rng.Uint64(), s.elos[seat], seat)
	}
}

// duelMerit decides a duel between two valid answers with one uniform u of
// the match: seat 0 wins when u < s − d/2, the duel is drawn when
// u < s + d/2, and seat 1 wins otherwise (rule sheet, "Two seats"). With one
// valid answer, its seat wins.
func (r *Rules) duelMerit(s *State) {
	for seat, ok := range s.answered {
		if ok {
			s.merit[seat] = 0
		}
	}
	if !s.answered[0] || !s.answered[1] {
		return
	}
	win, draw := duelThresholds(s.elos[0]-s.elos[1], r.Draws)
	switch u := uniform(duelLuck(s.luck[0], s.luck[1])); {
	case u < win:
		s.merit[0] = 1
	case u < draw:
	default:
		s.merit[1] = 1
	}
}

// fieldMerit gives each seat with a valid answer its performance:
// Elo·ln(10)/400 plus a Gumbel draw from its luck. Ranking by performance
// is the Plackett–Luce model with strengths 10^(Elo/400) (rule sheet, "More
// seats").
func (r *Rules) fieldMerit(s *State) {
	for seat, ok := range s.answered {
		if ok {
			s.merit[seat] = performance(s.elos[seat], uniform(s.luck[seat]))
		}
	}
}
