package results

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// A knockout is a single-elimination bracket of two-seat ties, as the
// Vampires course's competition day played it: a draw puts the entrants in
// the slots of a bracket of 2^k slots, the top seeds get the byes, and each
// tie is a mini-match whose winner goes through to the next round. The
// losers of the semi-finals share third place, or play for it.
//
// A tie is played leg by leg: a leg is one seed played twice, the seats
// swapped, and scores a win 1, a draw ½ for each side. A tie has
// KnockoutSettings.Games games (whole legs); it stops as soon as the side
// behind cannot catch up within them, and a tie level after them is
// extended leg by leg up to Cap games. Level at the cap, the higher seed
// (the smaller seed number) goes through: the rule the header states, so
// that no tie can last for ever (two copies of a deterministic bot draw
// every leg). With a draw at random the seed numbers are themselves drawn,
// so the rule is a coin from the run's seed; with a seeding (a ranking) it
// favours the bot ranked higher, as a bye does.

// Knockout defaults.
const (
	DefaultKnockoutGames = 2 // one leg
	KnockoutExtension    = 8 // games a level tie may add, by default
	MaxKnockoutGames     = 1000
	MaxKnockoutEntrants  = 1 << 16
)

// DefaultKnockoutPoints are the course's points: 3 to the winner, 2 to the
// losing finalist, 1 to each losing semi-finalist.
func DefaultKnockoutPoints() []float64 { return []float64{3, 2, 1, 1} }

// KnockoutSettings are a knockout's settings, as the header keeps them: the
// draw and every rule the bracket needs beyond its records.
type KnockoutSettings struct {
	// Draw lists the entrants (their index in the header's bots) by seed:
	// Draw[0] is seed 1. Seed s sits in the bracket's slot of seed s.
	Draw       []int     `json:"draw"`
	Seeded     int       `json:"seeded"` // how many seeds were placed by the ranking, not drawn
	Games      int       `json:"games"`  // games of a tie: whole legs
	Cap        int       `json:"cap"`    // the most games of a tie; level there, the higher seed goes through
	Tiebreak   string    `json:"tiebreak"`
	ThirdPlace bool      `json:"third_place"` // the losing semi-finalists play for third place
	Points     []float64 `json:"points"`      // by place, from the first; places beyond get 0
	// Draws is the number of brackets played, each drawn anew (0: one).
	// Bracket b > 0 draws its seeds after the seeded ones from a seed of its
	// own (runner.KnockoutDraw); Draw is the first bracket's.
	Draws int `json:"draws,omitempty"`
	// Advance is, in heats (a game of more than two seats: results.Heats),
	// how many of each table go through; 0 in a bracket of duels.
	Advance int `json:"advance,omitempty"`
}

// TiebreakHigherSeed names the rule of a tie level at its cap.
const TiebreakHigherSeed = "higher seed"

// Check checks the settings of a knockout of n entrants.
func (s *KnockoutSettings) Check(n int) error {
	switch {
	case n < 2 || n > MaxKnockoutEntrants:
		return fmt.Errorf("knockout: a bracket of 2 to %d bots, and there are %d", MaxKnockoutEntrants, n)
	case len(s.Draw) != n:
		return fmt.Errorf("knockout: the draw has %d seeds for %d bots", len(s.Draw), n)
	case s.Seeded < 0 || s.Seeded > n:
		return fmt.Errorf("knockout: %d seeded of %d bots", s.Seeded, n)
	case s.Games < 2 || s.Games%2 != 0 || s.Games > MaxKnockoutGames:
		return fmt.Errorf("knockout: games: %d is not an even number from 2 to %d (whole legs: one seed, seats swapped)", s.Games, MaxKnockoutGames)
	case s.Cap < s.Games || s.Cap%2 != 0 || s.Cap > MaxKnockoutGames:
		return fmt.Errorf("knockout: cap: %d is not an even number from the games (%d) to %d", s.Cap, s.Games, MaxKnockoutGames)
	case s.Tiebreak != TiebreakHigherSeed:
		return fmt.Errorf("knockout: tiebreak: %q is not %q", s.Tiebreak, TiebreakHigherSeed)
	case n < 4 && s.ThirdPlace:
		return fmt.Errorf("knockout: a third-place tie needs 4 bots or more (there are %d)", n)
	case s.Advance != 0:
		return fmt.Errorf("knockout: advance: %d, but a tie of duels sends its winner alone through (advance is for heats)", s.Advance)
	}
	return s.checkDraw(n)
}

// checkDraw checks the draw of n entrants and the points.
func (s *KnockoutSettings) checkDraw(n int) error {
	seen := make([]bool, n)
	for _, e := range s.Draw {
		if e < 0 || e >= n || seen[e] {
			return fmt.Errorf("knockout: the draw is not an order of the %d bots", n)
		}
		seen[e] = true
	}
	for _, p := range s.Points {
		if math.IsNaN(p) || math.Abs(p) > MaxPlacePoints {
			return fmt.Errorf("knockout: points: %v is not a number from -%d to %d", p, MaxPlacePoints, MaxPlacePoints)
		}
	}
	return nil
}

// BracketSlots returns the seeds of a bracket of size slots (a power of
// two), slot by slot, in the standard order: seed 1 meets the last seed,
// and the two top seeds can meet only in the final (1, 8, 4, 5, 2, 7, 3, 6
// for eight).
func BracketSlots(size int) []int {
	slots := []int{1}
	for len(slots) < size {
		next := make([]int, 0, 2*len(slots))
		for _, s := range slots {
			next = append(next, s, 2*len(slots)+1-s)
		}
		slots = next
	}
	return slots
}

// BracketSize returns the slots of a bracket of n entrants: the least power
// of two that holds them.
func BracketSize(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}

// Tie is one tie of a knockout.
type Tie struct {
	Round int    `json:"round"` // from 0, the first round
	Third bool   `json:"third_place,omitempty"`
	Seeds [2]int `json:"seeds"` // the two sides' seed numbers (0: a bye)
	Sides [2]int `json:"-"`     // their entrants; -1 for a bye
	// Points are each side's points over the games played: a win 1, a draw ½.
	Points  [2]float64 `json:"points"`
	Games   int        `json:"games"`   // games played
	Winner  int        `json:"-"`       // the side that went through, 0 or 1; -1 while undecided
	ByRule  bool       `json:"by_rule"` // level at the cap: the higher seed went through
	Matches []int      `json:"matches"` // the records' match indexes, in order
}

// Bye says whether the tie is a bye: one side alone goes through.
func (t *Tie) Bye() bool { return t.Sides[0] < 0 || t.Sides[1] < 0 }

// Decided says whether the tie has a winner.
func (t *Tie) Decided() bool { return t.Winner >= 0 }

// KnockoutGame is one match of a knockout: the tie it belongs to, and its
// seating (the entrants in seats 0 and 1).
type KnockoutGame struct {
	Tie     int
	Seating [2]int
	Stage   int // the leg's stage: every leg of a stage is played on one seed
}

// Knockout judges a knockout from its records, in match order, and plans
// its matches: the games of each stage are planned once every match
// before them is judged (NextStage).
type Knockout struct {
	names    []string
	set      KnockoutSettings
	size     int   // bracket slots
	rounds   int   // log2(size)
	seedOf   []int // each entrant's seed number
	ties     []Tie
	round    []int // the ties of the round being played
	current  int   // the round being played
	games    []KnockoutGame
	judged   int // games judged
	stages   int // stages planned
	finished bool
	failed   int // games that failed with an engine error
}

// NewKnockout returns the knockout of the entrants with the settings,
// its first round drawn (byes decided at once).
func NewKnockout(entrants []string, set KnockoutSettings) (*Knockout, error) {
	if err := set.Check(len(entrants)); err != nil {
		return nil, err
	}
	k := &Knockout{names: slices.Clone(entrants), set: set, size: BracketSize(len(entrants))}
	k.set.Draw, k.set.Points = slices.Clone(set.Draw), slices.Clone(set.Points)
	k.rounds = bits.Len(uint(k.size)) - 1
	k.seedOf = make([]int, len(entrants))
	for s, e := range set.Draw {
		k.seedOf[e] = s + 1
	}
	slots := BracketSlots(k.size)
	side := func(seed int) int {
		if seed > len(entrants) {
			return -1
		}
		return set.Draw[seed-1]
	}
	for j := 0; j < k.size; j += 2 {
		k.addTie(0, false, side(slots[j]), side(slots[j+1]))
	}
	return k, nil
}

// Settings returns the settings, as the header keeps them.
func (k *Knockout) Settings() *KnockoutSettings {
	s := k.set
	s.Draw, s.Points = slices.Clone(k.set.Draw), slices.Clone(k.set.Points)
	return &s
}

// addTie adds a tie of the round between entrants a and b (-1: a bye),
// the higher seed on side 0.
func (k *Knockout) addTie(round int, third bool, a, b int) {
	if b >= 0 && (a < 0 || k.seedOf[b] < k.seedOf[a]) {
		a, b = b, a
	}
	t := Tie{Round: round, Third: third, Sides: [2]int{a, b}, Winner: -1}
	for i, e := range t.Sides {
		if e >= 0 {
			t.Seeds[i] = k.seedOf[e]
		}
	}
	if t.Bye() {
		t.Winner = 0
	}
	k.ties = append(k.ties, t)
	k.round = append(k.round, len(k.ties)-1)
}

// Games returns the games planned so far; MaxGames bounds them.
func (k *Knockout) Games() []KnockoutGame { return k.games }

// MaxGames returns the most games the knockout can play: every tie to its
// cap.
func (k *Knockout) MaxGames() int {
	ties := k.size - 1
	if k.set.ThirdPlace {
		ties++
	}
	return ties * k.set.Cap
}

// Finished says whether every tie is decided.
func (k *Knockout) Finished() bool { return k.finished }

// Judged returns the games judged so far.
func (k *Knockout) Judged() int { return k.judged }

// NextStage plans the next stage, once every game planned is judged: a leg
// of every undecided tie of the round, or the first leg of each tie of the
// next round. It returns the games planned in all, and false when the
// knockout is finished.
func (k *Knockout) NextStage() (int, bool) {
	if k.judged < len(k.games) {
		return len(k.games), true
	}
	for !k.finished {
		var live []int
		for _, t := range k.round {
			if !k.ties[t].Decided() {
				live = append(live, t)
			}
		}
		if len(live) > 0 {
			stage := k.stages
			k.stages++
			for _, t := range live {
				a, b := k.ties[t].Sides[0], k.ties[t].Sides[1]
				k.games = append(k.games, KnockoutGame{Tie: t, Seating: [2]int{a, b}, Stage: stage},
					KnockoutGame{Tie: t, Seating: [2]int{b, a}, Stage: stage})
			}
			return len(k.games), true
		}
		k.nextRound()
	}
	return len(k.games), false
}

// nextRound draws the next round from the winners of this one, in bracket
// order, with the third-place tie beside the final; after the final it
// finishes the knockout.
func (k *Knockout) nextRound() {
	if k.current == k.rounds-1 {
		k.finished = true
		return
	}
	var winners, losers []int
	for _, t := range k.round {
		tie := &k.ties[t]
		winners = append(winners, tie.Sides[tie.Winner])
		losers = append(losers, tie.Sides[1-tie.Winner])
	}
	k.current++
	k.round = k.round[:0]
	for j := 0; j < len(winners); j += 2 {
		k.addTie(k.current, false, winners[j], winners[j+1])
	}
	if k.current == k.rounds-1 && k.set.ThirdPlace {
		k.addTie(k.current, true, losers[0], losers[1])
	}
}

// Add judges the next record: a game of the tie its match belongs to.
func (k *Knockout) Add(r *Record) error {
	if r.Match != k.judged || r.Match >= len(k.games) {
		return fmt.Errorf("knockout: record of match %d, but match %d is next of %d planned", r.Match, k.judged, len(k.games))
	}
	g := k.games[r.Match]
	if len(r.Bots) != 2 || r.Bots[0] != k.names[g.Seating[0]] || r.Bots[1] != k.names[g.Seating[1]] {
		return fmt.Errorf("knockout: match %d seats %v, but the bracket plays %s against %s there", r.Match, r.Bots,
			k.names[g.Seating[0]], k.names[g.Seating[1]])
	}
	t := &k.ties[g.Tie]
	t.Games++
	t.Matches = append(t.Matches, r.Match)
	if r.Error != "" || len(r.Places) != 2 {
		k.failed++ // a failed game scores nothing for either side
	} else {
		for seat, e := range g.Seating {
			side := 0
			if e == t.Sides[1] {
				side = 1
			}
			switch {
			case r.Places[seat] < r.Places[1-seat]:
				t.Points[side]++
			case r.Places[seat] == r.Places[1-seat]:
				t.Points[side] += 0.5
			}
		}
	}
	k.judged++
	k.decide(t)
	if k.current == k.rounds-1 && k.judged == len(k.games) && k.roundDecided() {
		k.finished = true // the final (and the third-place tie) decided
	}
	return nil
}

// roundDecided says whether every tie of the round is decided.
func (k *Knockout) roundDecided() bool {
	for _, t := range k.round {
		if !k.ties[t].Decided() {
			return false
		}
	}
	return true
}

// Status says how far the knockout is: the round and its ties decided.
func (k *Knockout) Status() string {
	if k.finished {
		return "finished"
	}
	decided := 0
	for _, t := range k.round {
		if k.ties[t].Decided() {
			decided++
		}
	}
	return fmt.Sprintf("%s, %d of %d ties decided", roundName(k.current, k.rounds, k.size), decided, len(k.round))
}

// decide decides a tie after a game, when it can be: ahead beyond reach
// within its games, ahead after them, or level at the cap.
func (k *Knockout) decide(t *Tie) {
	if t.Games%2 != 0 || t.Decided() {
		return // a leg is played whole
	}
	lead := t.Points[0] - t.Points[1]
	left := float64(max(k.set.Games-t.Games, 0))
	switch {
	case math.Abs(lead) > left && lead != 0:
		t.Winner = 0
		if lead < 0 {
			t.Winner = 1
		}
	case t.Games >= k.set.Cap:
		t.Winner, t.ByRule = 0, true
	}
}

// Ties returns every tie drawn so far, round by round.
func (k *Knockout) Ties() []Tie { return k.ties }

// Failed returns the games that failed with an engine error.
func (k *Knockout) Failed() int { return k.failed }
