package results

import (
	"fmt"
	"math"
	"slices"
)

// botsArenaStart is the rating every bot starts from on botsArena.
const botsArenaStart = 1500

// SequentialElo replays match records through botsArena's sequential Elo,
// the rating of the Tron site, for comparison with it: every bot starts at
// 1500 and, after each game, moves by R' = R + K·(S − E), where
// E = 1/(1 + 10^((R_opp − R)/400)) is its expected score, S is 1 for a win,
// ½ for a draw and 0 for a loss, and K depends on its own rating before the
// game (see kFactor). Unlike the Bradley–Terry ratings of Standings, the
// result depends on the order of the games, so Add takes the records in
// match order and refuses any other.
//
// botsArena only has duels. A record with more seats counts as a game
// between every pair of seats, the lower place winning and equal places
// drawing; every pair is computed from the ratings before the match and a
// bot's deltas are summed, so that no game of the match sees the outcome of
// another. Two seats of the same entrant make no game between them. With
// two seats this is exactly botsArena's update.
//
// A SequentialElo is not safe for concurrent use.
type SequentialElo struct {
	index   map[string]int
	ratings []float64 // in entrant order
	last    int       // the Match of the last record added, −1 before the first
	err     error     // a repeated entrant name, reported by every Add
	entry   []int     // scratch for Add: the entrant of each seat
	delta   []float64 // scratch for Add: the rating change of each seat
}

// NewSequentialElo returns the ratings of the given entrants, in the order
// of the run's header, all at 1500. Entrant names must be distinct: if one
// is repeated (a corrupt header), every Add fails with an error that names
// it.
func NewSequentialElo(entrants []string) *SequentialElo {
	s := &SequentialElo{
		index:   make(map[string]int, len(entrants)),
		ratings: make([]float64, len(entrants)),
		last:    -1,
	}
	for i, name := range entrants {
		if _, dup := s.index[name]; dup && s.err == nil {
			s.err = fmt.Errorf("entrant %q listed twice", name)
		}
		s.index[name] = i
		s.ratings[i] = botsArenaStart
	}
	return s
}

// Add rates the match of one record. It returns an error, and changes
// nothing, when the record names an unknown bot, its places do not match
// its bots or are out of range, or it does not come after the previous
// record in match order (shards must be merged in match order first). A
// record of a failed match (Error set) is checked but changes no rating.
// Scores are not used: the places decide. r is not retained.
func (s *SequentialElo) Add(r *Record) error {
	if s.err != nil {
		return s.err
	}
	if err := s.check(r); err != nil {
		return fmt.Errorf("match %d: %w", r.Match, err)
	}
	s.last = r.Match
	if r.Error != "" {
		return nil
	}
	n := len(r.Bots)
	s.entry = s.entry[:0]
	for _, name := range r.Bots {
		s.entry = append(s.entry, s.index[name])
	}
	s.delta = slices.Grow(s.delta[:0], n)[:n]
	clear(s.delta)
	for i := range n {
		for j := i + 1; j < n; j++ {
			ei, ej := s.entry[i], s.entry[j]
			if ei == ej {
				// A game at E = ½ whose two deltas, both this entrant's,
				// would cancel; left out so as not to round the others.
				continue
			}
			ri, rj := s.ratings[ei], s.ratings[ej]
			si := gameScore(r.Places[i], r.Places[j])
			s.delta[i] += float64(kFactor(ri) * (si - expectedScore(ri, rj)))
			s.delta[j] += float64(kFactor(rj) * ((1 - si) - expectedScore(rj, ri)))
		}
	}
	for i, e := range s.entry {
		s.ratings[e] += s.delta[i]
	}
	return nil
}

// check validates r before anything changes, so that Add is all or nothing.
func (s *SequentialElo) check(r *Record) error {
	if r.Match <= s.last {
		return fmt.Errorf("not after match %d: records must come in increasing match order", s.last)
	}
	_, err := checkSeats(r, s.index)
	return err
}

// Ratings returns the current ratings, in entrant order.
func (s *SequentialElo) Ratings() []float64 { return slices.Clone(s.ratings) }

// gameScore is S for the seat in place p against the seat in place q: the
// lower place wins.
func gameScore(p, q int) float64 {
	switch {
	case p < q:
		return 1
	case p == q:
		return 0.5
	default:
		return 0
	}
}

// expectedScore is E for a bot rated r against one rated opp.
func expectedScore(r, opp float64) float64 {
	return 1 / (1 + math.Pow(10, (opp-r)/400))
}

// kFactor is botsArena's K for a bot rated r before the game: the higher
// the rating, the slower it moves.
func kFactor(r float64) float64 {
	switch {
	case r < 1000:
		return 80
	case r < 2000:
		return 50
	case r <= 2400:
		return 30
	default:
		return 20
	}
}
