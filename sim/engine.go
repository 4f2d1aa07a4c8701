package sim

import (
	"cmp"
	"math/rand/v2"
)

// Engine is one game's rules, configured with a parameter set. S is the full
// state, O what one seat sees, A one seat's action. The zero value of A means
// "no answer": the engine applies the game's rule for a missing answer.
//
// An engine keeps no state of its own between calls: everything lives in S,
// which the caller owns and reuses from match to match.
type Engine[S, O, A any] interface {
	// Seats returns the number of seats of every match.
	Seats() int
	// Init starts a new match in s, reusing s's buffers.
	Init(s *S, rng *rand.Rand)
	// ToAct appends to dst the seats that act this turn: every seat still
	// playing in a simultaneous game, one seat in an alternating game.
	ToAct(s *S, dst []int) []int
	// Observe fills o with what seat sees; bots never see S itself.
	Observe(s *S, seat int, o *O)
	// Step plays one turn in place. acts is indexed by seat; seats not in
	// ToAct hold the zero action. The engine reports each action it rejects
	// to faults and applies the game's rule for it.
	Step(s *S, acts []A, rng *rand.Rand, faults *FaultLog)
	// Done reports whether the match is over.
	Done(s *S) bool
	// Turn returns the number of turns played.
	Turn(s *S) int
	// Outcome fills out with every seat's score and place.
	Outcome(s *S, out *Outcome)

	// ParseAction reads the text form of an action (the original game's
	// spelling where there is one).
	ParseAction(text string) (A, error)
	// AppendAction appends the text form of a.
	AppendAction(dst []byte, a A) []byte
	// AppendState appends the JSON form of s.
	AppendState(dst []byte, s *S) []byte
	// Hash returns a hash of everything in s that the rules depend on.
	Hash(s *S) uint64
}

// StateParser is an engine that reads the JSON form of its states
// (AppendState) back: tests, diffs and tools build and show positions with
// it, without touching private fields. A state read back has the hash and
// the JSON form of the state written; ParseState refuses, with an error
// that names the field, a state the rules could not reach with this
// configuration (another board size, two players on one cell…).
type StateParser[S any] interface {
	ParseState(data []byte, s *S) error
}

// MatchInfo is what a player is told when a match starts.
type MatchInfo struct {
	Seat   int    // the player's seat, 0-based
	Seats  int    // the number of seats
	Params Params // the effective parameters of the match
	// LogDir, when not empty, is the folder where the players may keep
	// logs of the match (an external program's standard error), in files
	// named after Match, the match's index in its run.
	LogDir string
	Match  int
}

// Player is a bot: it sees its observation and answers an action.
type Player[O, A any] interface {
	// Reset prepares the player for a new match. rng is the seat's own
	// stream: the player's only source of randomness.
	Reset(m MatchInfo, rng *rand.Rand)
	// Act returns the player's action for this turn. An error means no
	// answer; it is recorded as a fault and the zero action is played.
	Act(o *O) (A, error)
}

// Outcome is the result of a match, per seat.
type Outcome struct {
	Scores []float64 // the game's score
	Places []int     // 1 = best; ties share the best place and the next skips (1, 2, 2, 4)
}

// Reset sizes out for the given number of seats, reusing its buffers.
func (out *Outcome) Reset(seats int) {
	out.Scores = resize(out.Scores, seats)
	out.Places = resize(out.Places, seats)
}

// RankPlaces fills places from a merit per seat (higher is better): a seat's
// place is one more than the number of seats with a strictly higher merit.
func RankPlaces[T cmp.Ordered](merit []T, places []int) {
	for i, mi := range merit {
		p := 1
		for _, mj := range merit {
			if mj > mi {
				p++
			}
		}
		places[i] = p
	}
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
