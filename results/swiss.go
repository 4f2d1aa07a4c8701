package results

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
)

// A Swiss tournament plays a fixed number of rounds; each round seats the
// bots by their score so far, so that bots of equal score meet, and no two
// bots meet twice. It is the FIDE Dutch system in spirit, reduced to one
// rule that fits in a paragraph (docs/cli.md's Swiss has it in full):
//
// The ranking before a round sorts the bots by score, then by pairing
// number (the draw: Draw[0] is number 1). In a two-seat game, when the
// field is odd, the lowest-ranked bot without a bye gets it (the next one
// up when the rest cannot be paired without a rematch). The others are
// paired by a depth-first search in a fixed order of preference: the
// highest-ranked bot left, A, takes the first opponent it has not met of,
// first, its score group (the bots left with A's score, A included, of
// size g) from position ⌊g/2⌋ down to the group's last, then from position
// ⌊g/2⌋−1 up to the second, then the bots of lower scores in rank order;
// the rest are paired the same way, and a choice that leaves them
// unpairable is taken back. With a whole score group this pairs its top
// half against its bottom half (1–5, 2–6, … of eight), the odd one floats
// down to the top of the next group. With more seats, the ranking, the
// byes taken, is cut into tables of the game's seats, and bots may share a
// table again.
//
// Every table plays Games games a round, whole rotations of its seats,
// each rotation on one seed. A game gives each seat the points of its
// place, N−1 for the first down to 0 (sim.PlacePoints' sharing of tied
// places): the opponents it placed above, plus a half for each it tied; in
// a duel, a win 1, a draw ½. The Swiss score counts these game points, as
// chess does; a bye scores the best place in every game of the round.
//
// Ties are broken by Buchholz (the sum over the rounds played of the
// opponents' mean final score), then Sonneborn–Berger (the sum over the
// opponents of their final score times the share of the games' points
// the bot took from them), then head to head (the points taken from the
// other bots of the tie), then the pairing number. A bye adds to neither.

// Swiss limits.
const (
	MaxTableGames  = 1000
	MaxSwissRounds = 1000
	MaxSwissBots   = 1 << 12
)

// SwissPairingRule names the pairing rule above: a file of another rule is
// not re-judged by this one.
const SwissPairingRule = "dutch-like"

// SwissSettings are a Swiss tournament's settings, as the header keeps
// them: the draw and every rule the rounds need beyond the records.
type SwissSettings struct {
	// Draw lists the entrants (their index in the header's bots) by pairing
	// number: Draw[0] is number 1.
	Draw    []int  `json:"draw"`
	Rounds  int    `json:"rounds"`
	Games   int    `json:"games"` // games a table plays a round: whole rotations of its seats
	Pairing string `json:"pairing"`
}

// DefaultSwissRounds returns the rounds of a Swiss of n bots at tables of
// seats when none are asked for: ⌈log2 n⌉ + 1, at most MaxSwissRounds(n,
// seats).
func DefaultSwissRounds(n, seats int) int {
	r := bits.Len(uint(max(n, 1)-1)) + 1
	return min(r, MaxRounds(n, seats))
}

// MaxRounds returns the most rounds a Swiss of n bots at tables of seats
// may play. In a duel, ⌊n/2⌋: a bot has then met fewer than half the
// others before any round, so the rest can always be paired without a
// rematch (Dirac: a graph whose every vertex meets half the others has a
// Hamiltonian cycle), where a longer Swiss can be stuck. With more seats,
// every bot sits out at most once: n over the byes of a round.
func MaxRounds(n, seats int) int {
	if seats == 2 {
		return min(n/2, MaxSwissRounds)
	}
	if b := n % seats; b > 0 {
		return min(n/b, MaxSwissRounds)
	}
	return MaxSwissRounds
}

// Check checks the settings of a Swiss of n entrants at tables of seats.
func (s *SwissSettings) Check(n, seats int) error {
	switch {
	case seats < 2:
		return fmt.Errorf("swiss: tables of %d seats; a Swiss needs 2 or more", seats)
	case n < 2 || n < seats || n > MaxSwissBots:
		return fmt.Errorf("swiss: %d bots for tables of %d seats; a Swiss needs from %d to %d", n, seats, max(2, seats), MaxSwissBots)
	case len(s.Draw) != n:
		return fmt.Errorf("swiss: the draw has %d numbers for %d bots", len(s.Draw), n)
	case s.Games < seats || s.Games%seats != 0 || s.Games > MaxTableGames:
		return fmt.Errorf("swiss: games: %d is not a multiple of the %d seats from %d to %d (whole rotations)", s.Games, seats, seats, MaxTableGames)
	case s.Rounds < 1 || s.Rounds > MaxRounds(n, seats):
		return fmt.Errorf("swiss: rounds: %d is not a whole number from 1 to %d for %d bots%s", s.Rounds, MaxRounds(n, seats), n, roundsWhy(seats))
	case s.Pairing != SwissPairingRule:
		return fmt.Errorf("swiss: pairing: %q is not %q", s.Pairing, SwissPairingRule)
	}
	seen := make([]bool, n)
	for _, e := range s.Draw {
		if e < 0 || e >= n || seen[e] {
			return fmt.Errorf("swiss: the draw is not an order of the %d bots", n)
		}
		seen[e] = true
	}
	return nil
}

// roundsWhy says what bounds the rounds.
func roundsWhy(seats int) string {
	if seats == 2 {
		return " (half the bots: beyond, a round can have no pairing free of rematches)"
	}
	return " (every bot sits out at most once)"
}

// SwissTable is one table of a round: its bots, and what each took from
// each other in the games judged.
type SwissTable struct {
	Bots []int // entrants by rank in the round's pairing: the first game's seats
	// Took[p][q] is, in halves, the points bot p took from bot q: 2 for a
	// game it placed above q, 1 for a tie.
	Took  [][]int
	Games int // games judged
}

// points returns, in halves, the points of the table's p-th bot.
func (t *SwissTable) points(p int) int {
	sum := 0
	for _, x := range t.Took[p] {
		sum += x
	}
	return sum
}

// SwissRound is one round: its tables and its byes.
type SwissRound struct {
	Tables []SwissTable
	Byes   []int
}

// Swiss judges a Swiss tournament from its records, in match order, and
// plans its rounds: round r once every match before it is judged
// (NextStage).
type Swiss struct {
	names  []string
	set    SwissSettings
	seats  int
	number []int // each entrant's pairing number, from 1
	rounds []SwissRound
	tableGames
	failed  int
	score   []int // halves, over the rounds so far, byes included
	byes    []int // each entrant's byes
	met     [][]bool
	perDeal int // games of one rotation of every table
}

// NewSwiss returns the Swiss of the entrants at tables of seats with the
// settings; its first round is planned by NextStage.
func NewSwiss(entrants []string, seats int, set SwissSettings) (*Swiss, error) {
	n := len(entrants)
	if err := set.Check(n, seats); err != nil {
		return nil, err
	}
	s := &Swiss{names: slices.Clone(entrants), set: set, seats: seats, number: make([]int, n),
		score: make([]int, n), byes: make([]int, n), met: make([][]bool, n), perDeal: n / seats * seats}
	s.set.Draw = slices.Clone(set.Draw)
	for i, e := range set.Draw {
		s.number[e] = i + 1
	}
	for e := range s.met {
		s.met[e] = make([]bool, n)
	}
	return s, nil
}

// Settings returns the settings, as the header keeps them.
func (s *Swiss) Settings() *SwissSettings {
	set := s.set
	set.Draw = slices.Clone(s.set.Draw)
	return &set
}

// Len returns the games of every round: a table's games times the tables.
func (s *Swiss) Len() int { return s.set.Rounds * s.perRound() }

// perRound returns the games of a round.
func (s *Swiss) perRound() int { return len(s.names) / s.seats * s.set.Games }

// Games returns the games planned so far.
func (s *Swiss) Games() []TableGame { return s.games }

// Rounds returns the rounds planned so far.
func (s *Swiss) Rounds() []SwissRound { return s.rounds }

// Stages returns the rounds paired so far and the first match of the last:
// every round has the same games.
func (s *Swiss) Stages() (count, start int) {
	count = len(s.rounds)
	return count, max(count-1, 0) * s.perRound()
}

// Judged returns the games judged so far.
func (s *Swiss) Judged() int { return s.judged }

// Finished says whether every round is judged.
func (s *Swiss) Finished() bool { return s.judged == s.Len() }

// Failed returns the games that failed with an engine error.
func (s *Swiss) Failed() int { return s.failed }

// byeHalves returns, in halves, the points of a bye: the best place in
// every game of the round.
func (s *Swiss) byeHalves() int { return 2 * (s.seats - 1) * s.set.Games }

// NextStage plans the next round once every game planned is judged. It
// returns the games planned in all, and false when every round is.
func (s *Swiss) NextStage() (int, bool) {
	if s.judged < len(s.games) {
		return len(s.games), true
	}
	if len(s.rounds) == s.set.Rounds {
		return len(s.games), false
	}
	s.pairRound()
	return len(s.games), true
}

// ranking returns the entrants by score, then pairing number.
func (s *Swiss) ranking() []int {
	order := slices.Clone(s.set.Draw)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.score[b], s.score[a]) })
	return order
}

// pairRound draws the next round from the scores so far and plans its
// games: rotation by rotation, table by table, seat rotation by seat
// rotation.
func (s *Swiss) pairRound() {
	r := len(s.rounds)
	order := s.ranking()
	var round SwissRound
	if s.seats == 2 {
		round = s.pairDuels(order)
	} else {
		round = s.cutTables(order)
	}
	for _, e := range round.Byes {
		s.byes[e]++
		s.score[e] += s.byeHalves()
	}
	for t := range round.Tables {
		tab := &round.Tables[t]
		tab.clear()
		for _, a := range tab.Bots {
			for _, b := range tab.Bots {
				if a != b {
					s.met[a][b] = true
				}
			}
		}
	}
	rotations := s.set.Games / s.seats
	for j := range rotations {
		for t, tab := range round.Tables {
			for g := range s.seats {
				seating := make([]int, s.seats)
				for k := range seating {
					seating[k] = tab.Bots[(k+g)%s.seats]
				}
				s.games = append(s.games, TableGame{Round: r, Table: t, Deal: r*rotations + j, Seating: seating})
			}
		}
	}
	s.rounds = append(s.rounds, round)
}

// cutTables cuts the ranking into tables, the lowest-ranked bots without a
// bye sitting out when the field does not divide.
func (s *Swiss) cutTables(order []int) SwissRound {
	var round SwissRound
	sitOut := len(order) % s.seats
	for i := len(order) - 1; i >= 0 && len(round.Byes) < sitOut; i-- {
		if s.byes[order[i]] == 0 {
			round.Byes = append(round.Byes, order[i])
		}
	}
	var rest []int
	for _, e := range order {
		if !slices.Contains(round.Byes, e) {
			rest = append(rest, e)
		}
	}
	for t := 0; t < len(rest); t += s.seats {
		round.Tables = append(round.Tables, SwissTable{Bots: slices.Clone(rest[t : t+s.seats])})
	}
	return round
}

// pairDuels pairs the ranking, the bye first when the field is odd.
func (s *Swiss) pairDuels(order []int) SwissRound {
	if len(order)%2 == 0 {
		if pairs, ok := s.pairUp(order); ok {
			return SwissRound{Tables: pairs}
		}
	} else {
		for i := len(order) - 1; i >= 0; i-- {
			if s.byes[order[i]] > 0 {
				continue
			}
			rest := slices.Delete(slices.Clone(order), i, i+1)
			if pairs, ok := s.pairUp(rest); ok {
				return SwissRound{Tables: pairs, Byes: []int{order[i]}}
			}
		}
	}
	// MaxRounds keeps every round pairable.
	panic(fmt.Sprintf("results: swiss round %d: no pairing without a rematch", len(s.rounds)+1))
}

// pairUp pairs pool (in rank order) without a rematch, by the order of
// preference of the package's rule; false when it cannot.
func (s *Swiss) pairUp(pool []int) ([]SwissTable, bool) {
	if len(pool) == 0 {
		return nil, true
	}
	a := pool[0]
	g := 1
	for g < len(pool) && s.score[pool[g]] == s.score[a] {
		g++
	}
	var prefs []int
	for p := g / 2; p < g; p++ {
		prefs = append(prefs, p)
	}
	for p := g/2 - 1; p >= 1; p-- {
		prefs = append(prefs, p)
	}
	for p := g; p < len(pool); p++ {
		prefs = append(prefs, p)
	}
	for _, p := range prefs {
		b := pool[p]
		if p == 0 || s.met[a][b] {
			continue
		}
		rest := make([]int, 0, len(pool)-2)
		for q, e := range pool {
			if q != 0 && q != p {
				rest = append(rest, e)
			}
		}
		if tables, ok := s.pairUp(rest); ok {
			return append([]SwissTable{{Bots: []int{a, b}}}, tables...), true
		}
	}
	return nil, false
}

// Add judges the next record: a game of its round's table.
func (s *Swiss) Add(r *Record) error {
	g, err := s.next("swiss", "the round seats", r, s.names, s.NextStage)
	if err != nil {
		return err
	}
	tab := &s.rounds[g.Round].Tables[g.Table]
	tab.Games++
	s.judged++
	if r.Error != "" || len(r.Places) != s.seats {
		s.failed++ // a failed game scores nothing for any seat
		return nil
	}
	tab.add(g.Seating, r.Places, s.score)
	return nil
}

// clear gives the table an empty Took of its seats.
func (t *SwissTable) clear() {
	t.Took = make([][]int, len(t.Bots))
	for p := range t.Took {
		t.Took[p] = make([]int, len(t.Bots))
	}
}

// add judges one game of the table, its entrants seated by seating at the
// places given: what each took from each other goes to Took, and to score
// (by entrant) when score is not nil.
func (t *SwissTable) add(seating, places []int, score []int) {
	pos := func(seat int) int { return slices.Index(t.Bots, seating[seat]) }
	for a := range seating {
		for b := range seating {
			took := 0
			switch {
			case a == b:
				continue
			case places[a] < places[b]:
				took = 2
			case places[a] == places[b]:
				took = 1
			}
			t.Took[pos(a)][pos(b)] += took
			if score != nil {
				score[seating[a]] += took
			}
		}
	}
}

// seatedBots names the entrants of a seating.
func seatedBots(names []string, seating []int) []string {
	out := make([]string, len(seating))
	for k, e := range seating {
		out[k] = names[e]
	}
	return out
}

// Status says how far the Swiss is: the round and its leader.
func (s *Swiss) Status() string {
	if s.Finished() {
		return "finished"
	}
	lead := s.ranking()[0]
	return fmt.Sprintf("round %d of %d, leader %s %s points", s.judged/s.perRound()+1, s.set.Rounds, s.names[lead], halves(float64(s.score[lead])/2))
}
