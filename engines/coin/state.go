package coin

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// State is a coin match. Its zero value is ready for Init.
type State struct {
	turn     int
	answered []bool    // per seat: it declared a valid Elo
	elos     []float64 // per seat: the Elo it declared, 0 without a valid answer
	places   []int     // per seat: 1 = best, 0 until the draw

	// Scratch space of Step, kept to avoid allocating.
	luck  []uint64  // per seat: the engine's draw mixed with the seat's Elo
	merit []float64 // per seat: higher places better
}

// View is what a player sees: its seat and the number of seats. A coin bot
// needs nothing more: its answer is its own true Elo.
type View struct {
	Seat    int
	Players int
}

// Init starts a match: no answer yet, no place (rule sheet, "A match"). The
// luck is drawn in Step, once the Elos are known.
func (r *Rules) Init(s *State, _ *rand.Rand) {
	n := r.Players
	s.turn = 0
	s.answered = slices.Grow(s.answered[:0], n)[:n]
	s.elos = slices.Grow(s.elos[:0], n)[:n]
	s.places = slices.Grow(s.places[:0], n)[:n]
	s.luck = slices.Grow(s.luck[:0], n)[:n] // filled by Step
	s.merit = slices.Grow(s.merit[:0], n)[:n]
	clear(s.answered)
	clear(s.elos)
	clear(s.places)
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Players: len(s.places)}
}

// ToAct appends every seat in the one turn of the match: they all answer at
// once.
func (r *Rules) ToAct(s *State, dst []int) []int {
	if s.turn == 0 {
		for seat := range s.places {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Turn returns the number of turns played: 0 or 1.
func (r *Rules) Turn(s *State) int { return s.turn }

// Done reports whether the match is over: after its one turn.
func (r *Rules) Done(s *State) bool { return s.turn >= 1 }

// Outcome places the seats as drawn, ties sharing the best place, and scores
// each N − place: the number of other seats that did not place above it
// (rule sheet, "Outcome"). A duel's winner scores 1, its loser 0, and a
// drawn duel 1 each.
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	n := len(s.places)
	out.Reset(n)
	for seat, p := range s.places {
		out.Places[seat] = p
		out.Scores[seat] = float64(n - p)
	}
}

// Hash hashes the turn and, per seat, whether it answered, the bits of its
// Elo and its place.
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.turn)
	h.Int(len(s.places))
	for seat, p := range s.places {
		h.Bool(s.answered[seat])
		h.Uint64(math.Float64bits(s.elos[seat]))
		h.Int(p)
	}
	return h.Sum()
}

// AppendState appends s as JSON:
// {"turn":…,"over":…,"players":[{"elo":…,"place":…},…]}, elo null for a
// seat without a valid answer and place 0 before the draw.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = append(dst, `{"turn":`...)
	dst = strconv.AppendInt(dst, int64(s.turn), 10)
	dst = append(dst, `,"over":`...)
	dst = strconv.AppendBool(dst, r.Done(s))
	dst = append(dst, `,"players":[`...)
	for seat, p := range s.places {
		if seat > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"elo":`...)
		if s.answered[seat] {
			dst = strconv.AppendFloat(dst, s.elos[seat], 'g', -1, 64)
		} else {
			dst = append(dst, "null"...)
		}
		dst = append(dst, `,"place":`...)
		dst = strconv.AppendInt(dst, int64(p), 10)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// AppendJSON appends what the player sees as one JSON object, for external
// bots: {"seat":…,"players":…}.
func (v *View) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	dst = append(dst, `,"players":`...)
	dst = strconv.AppendInt(dst, int64(v.Players), 10)
	return append(dst, '}')
}
