package results

import (
	"cmp"
	"fmt"
	"slices"
)

// Heats are the knockout of a game of more than two seats: each round
// seats the field at tables of the game's seats, and the top Advance of
// each table go through, until the field is one table, the final, whose
// ranking is the places 1 to S.
//
// The round rule (DealHeats): a field of n > S bots plays at T = ⌊n/S⌋
// tables; the b = n − T·S best seeds get a bye, and the others are dealt
// to the tables in snake order by seed (tables 1, 2, …, T, then T, …, 1,
// and so on), so that every table has a like share of strong and weak
// seeds. Each table sends max(Advance, ⌈(S − b)/T⌉) through: Advance,
// unless the next field would then be smaller than a table, in which case
// just enough go through for the next field to hold one (with one table,
// S − b: the next round is the final table). The field shrinks every
// round and never falls below S, so the heats end.
//
// A table is a mini-match of KnockoutSettings.Games games, whole rotations
// of its seats, each rotation a stage played on one seed; its bots are
// ranked as a Swiss table's (SwissTable): the points each took from each
// other, a game's place N−1 for the first down to 0, a tie shared, then by
// seed. When the last to go through and the first left out are level
// after the games (at the final table, the first and the second: the
// title), the table is extended rotation by rotation up to Cap games;
// level there, the higher seed goes through, as in a bracket of duels.
//
// The places: the final table's ranking, then the bots left out in each
// round, a later round first, within a round by their rank at their table
// and then by seed. The points are KnockoutSettings.Points by place.

// HeatsExtension is the rotations a level table may add, by default.
const HeatsExtension = 4

// DefaultAdvance returns how many of a table of seats go through when
// none are asked for: half the table, rounded up.
func DefaultAdvance(seats int) int { return (seats + 1) / 2 }

// HeatsDeal is one round of heats as the round rule deals it.
type HeatsDeal struct {
	Byes    []int   // the entrants that go through without playing: the best seeds
	Tables  [][]int // each table's entrants, by seed
	Through int     // how many of each table go through; 1 at the final table (its line is the title)
	Final   bool    // the field is one table: its ranking is the places
}

// DealHeats deals a round: field lists its entrants by seed, best first.
func DealHeats(field []int, seats, advance int) HeatsDeal {
	n := len(field)
	if n <= seats {
		return HeatsDeal{Tables: [][]int{slices.Clone(field)}, Through: 1, Final: true}
	}
	tables := n / seats
	byes := n - tables*seats
	d := HeatsDeal{Byes: slices.Clone(field[:byes]), Tables: make([][]int, tables),
		Through: max(advance, (seats-byes+tables-1)/tables)}
	for i, e := range field[byes:] {
		t := i % tables
		if (i/tables)%2 == 1 {
			t = tables - 1 - t
		}
		d.Tables[t] = append(d.Tables[t], e)
	}
	return d
}

// HeatsFields returns the field of every round of heats of n entrants at
// tables of seats, advance a table: n first, seats last.
func HeatsFields(n, seats, advance int) []int {
	fields := []int{n}
	for n > seats {
		tables := n / seats
		byes := n - tables*seats
		n = byes + tables*max(advance, (seats-byes+tables-1)/tables)
		fields = append(fields, n)
	}
	return fields
}

// CheckHeats checks the settings of heats of n entrants at tables of
// seats (more than two).
func (s *KnockoutSettings) CheckHeats(n, seats int) error {
	switch {
	case seats < 3:
		return fmt.Errorf("knockout: heats are for games of 3 seats or more, and this one has %d", seats)
	case n < seats || n > MaxKnockoutEntrants:
		return fmt.Errorf("knockout: heats at tables of %d seats need %d to %d bots, and there are %d", seats, seats, MaxKnockoutEntrants, n)
	case len(s.Draw) != n:
		return fmt.Errorf("knockout: the draw has %d seeds for %d bots", len(s.Draw), n)
	case s.Seeded < 0 || s.Seeded > n:
		return fmt.Errorf("knockout: %d seeded of %d bots", s.Seeded, n)
	case s.Advance < 1 || s.Advance >= seats:
		return fmt.Errorf("knockout: advance: %d is not a whole number from 1 to %d (fewer than a table's %d seats)", s.Advance, seats-1, seats)
	case s.Games < seats || s.Games%seats != 0 || s.Games > MaxKnockoutGames:
		return fmt.Errorf("knockout: games: %d is not a multiple of the %d seats from %d to %d (whole rotations of a table's seats)", s.Games, seats, seats, MaxKnockoutGames)
	case s.Cap < s.Games || s.Cap%seats != 0 || s.Cap > MaxKnockoutGames:
		return fmt.Errorf("knockout: cap: %d is not a multiple of the %d seats from the games (%d) to %d", s.Cap, seats, s.Games, MaxKnockoutGames)
	case s.Tiebreak != TiebreakHigherSeed:
		return fmt.Errorf("knockout: tiebreak: %q is not %q", s.Tiebreak, TiebreakHigherSeed)
	case s.ThirdPlace:
		return fmt.Errorf("knockout: third_place: heats have no third-place table (the final table ranks places 1 to %d)", seats)
	case s.Draws > 1:
		return fmt.Errorf("knockout: draws: %d, but heats play one draw (the title odds are a bracket of duels')", s.Draws)
	}
	return s.checkDraw(n)
}

// HeatsTable is one table of a round of heats.
type HeatsTable struct {
	SwissTable       // its bots by seed, and what each took from each other
	Through    int   // how many go through: the line
	Rank       []int // its bots by rank, once decided
	ByRule     bool  // level at the line at the cap: the higher seed went through
	Matches    []int // the records' match indexes, in order
}

// Decided says whether the table's ranking is settled.
func (t *HeatsTable) Decided() bool { return t.Rank != nil }

// HeatsRound is one round of heats: its field, its byes and its tables.
type HeatsRound struct {
	Field  int  // the bots of the round, byes included
	Final  bool // one table: its ranking is the places
	Byes   []int
	Tables []HeatsTable
}

// Heats judge the heats of a game of more than two seats from their
// records, in match order, and plan their matches: each stage, a rotation
// of every undecided table, once every match before it is judged
// (NextStage).
type Heats struct {
	tableGames // the games planned, and how many are judged
	names      []string
	seats      int
	set        KnockoutSettings
	seedOf     []int // each entrant's seed number
	rounds     []HeatsRound
	stages     int
	lastStage  int // the first match of the last stage planned
	finished   bool
	failed     int
}

// NewHeats returns the heats of the entrants at tables of seats with the
// settings, the first round dealt.
func NewHeats(entrants []string, seats int, set KnockoutSettings) (*Heats, error) {
	if err := set.CheckHeats(len(entrants), seats); err != nil {
		return nil, err
	}
	h := &Heats{names: slices.Clone(entrants), seats: seats, set: set, seedOf: make([]int, len(entrants))}
	h.set.Draw, h.set.Points = slices.Clone(set.Draw), slices.Clone(set.Points)
	for s, e := range set.Draw {
		h.seedOf[e] = s + 1
	}
	h.deal(h.set.Draw)
	return h, nil
}

// Settings returns the settings, as the header keeps them.
func (h *Heats) Settings() *KnockoutSettings {
	s := h.set
	s.Draw, s.Points = slices.Clone(h.set.Draw), slices.Clone(h.set.Points)
	return &s
}

// deal adds the round of the field (by seed).
func (h *Heats) deal(field []int) {
	d := DealHeats(field, h.seats, h.set.Advance)
	round := HeatsRound{Field: len(field), Final: d.Final, Byes: d.Byes}
	for _, bots := range d.Tables {
		tab := HeatsTable{SwissTable: SwissTable{Bots: bots}, Through: d.Through}
		tab.clear()
		round.Tables = append(round.Tables, tab)
	}
	h.rounds = append(h.rounds, round)
}

// Games returns the games planned so far; MaxGames bounds them.
func (h *Heats) Games() []TableGame { return h.games }

// MaxGames returns the most games the heats can play: every table to its
// cap.
func (h *Heats) MaxGames() int {
	tables := 0
	for _, n := range HeatsFields(len(h.names), h.seats, h.set.Advance) {
		tables += max(n/h.seats, 1)
	}
	return tables * h.set.Cap
}

// Stages returns the stages planned so far and the first match of the last.
func (h *Heats) Stages() (count, start int) { return h.stages, h.lastStage }

// Rounds returns the rounds dealt so far.
func (h *Heats) Rounds() []HeatsRound { return h.rounds }

// Finished says whether the final table is decided.
func (h *Heats) Finished() bool { return h.finished }

// Judged returns the games judged so far.
func (h *Heats) Judged() int { return h.judged }

// Failed returns the games that failed with an engine error.
func (h *Heats) Failed() int { return h.failed }

// NextStage plans the next stage once every game planned is judged: a
// rotation of every undecided table of the round, or the first rotation
// of each table of the next round. It returns the games planned in all,
// and false when the heats are finished.
func (h *Heats) NextStage() (int, bool) {
	if h.judged < len(h.games) {
		return len(h.games), true
	}
	for !h.finished {
		r := len(h.rounds) - 1
		stage, planned, start := h.stages, false, len(h.games)
		for t, tab := range h.rounds[r].Tables {
			if tab.Decided() {
				continue
			}
			for g := range h.seats {
				seating := make([]int, h.seats)
				for k := range seating {
					seating[k] = tab.Bots[(k+g)%h.seats]
				}
				h.games = append(h.games, TableGame{Round: r, Table: t, Deal: stage, Seating: seating})
			}
			planned = true
		}
		if planned {
			h.stages++
			h.lastStage = start
			return len(h.games), true
		}
		h.nextRound()
	}
	return len(h.games), false
}

// nextRound deals the next round from the byes and the tables' bots that
// went through, by seed; after the final table it finishes the heats.
func (h *Heats) nextRound() {
	round := h.rounds[len(h.rounds)-1]
	if round.Final {
		h.finished = true
		return
	}
	field := slices.Clone(round.Byes)
	for _, tab := range round.Tables {
		for _, p := range tab.Rank[:tab.Through] {
			field = append(field, tab.Bots[p])
		}
	}
	slices.SortFunc(field, func(a, b int) int { return cmp.Compare(h.seedOf[a], h.seedOf[b]) })
	h.deal(field)
}

// Add judges the next record: a game of the table its match belongs to.
func (h *Heats) Add(r *Record) error {
	g, err := h.next("knockout", "the heats seat", r, h.names, h.NextStage)
	if err != nil {
		return err
	}
	round := &h.rounds[g.Round]
	tab := &round.Tables[g.Table]
	tab.Games++
	tab.Matches = append(tab.Matches, r.Match)
	h.judged++
	if r.Error != "" || len(r.Places) != h.seats {
		h.failed++ // a failed game scores nothing for any seat
	} else {
		tab.add(g.Seating, r.Places, nil)
	}
	h.decide(tab)
	if round.Final && tab.Decided() {
		h.finished = true
	}
	return nil
}

// decide settles a table after a whole rotation, when it can be: its games
// played and the line clear, or its cap reached.
func (h *Heats) decide(tab *HeatsTable) {
	if tab.Games%h.seats != 0 || tab.Games < h.set.Games || tab.Decided() {
		return
	}
	rank := h.rank(tab)
	level := tab.points(rank[tab.Through-1]) == tab.points(rank[tab.Through])
	switch {
	case !level:
		tab.Rank = rank
	case tab.Games >= h.set.Cap:
		tab.Rank, tab.ByRule = rank, true
	}
}

// rank returns a table's bots (their positions) by points, then seed:
// the table's bots are in seed order.
func (h *Heats) rank(tab *HeatsTable) []int {
	rank := make([]int, len(tab.Bots))
	for p := range rank {
		rank[p] = p
	}
	slices.SortStableFunc(rank, func(p, q int) int { return cmp.Compare(tab.points(q), tab.points(p)) })
	return rank
}

// Status says how far the heats are: the round and its tables decided.
func (h *Heats) Status() string {
	if h.finished {
		return "finished"
	}
	r := len(h.rounds) - 1
	round := h.rounds[r]
	if round.Final {
		return "the final table"
	}
	decided := 0
	for _, tab := range round.Tables {
		if tab.Decided() {
			decided++
		}
	}
	return fmt.Sprintf("round %d, %d of %d tables decided", r+1, decided, len(round.Tables))
}

// places ranks the bots once the heats are finished: the final table's
// ranking, then those left out in each round, a later round first, by
// their rank at their table, then seed.
func (h *Heats) places() []KnockoutPlace {
	var order []int
	for r := len(h.rounds) - 1; r >= 0; r-- {
		round := h.rounds[r]
		if round.Final {
			for _, p := range round.Tables[0].Rank {
				order = append(order, round.Tables[0].Bots[p])
			}
			continue
		}
		type out struct{ rank, entrant int }
		var left []out
		for _, tab := range round.Tables {
			for i, p := range tab.Rank[tab.Through:] {
				left = append(left, out{tab.Through + i, tab.Bots[p]})
			}
		}
		slices.SortFunc(left, func(a, b out) int {
			return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(h.seedOf[a.entrant], h.seedOf[b.entrant]))
		})
		for _, o := range left {
			order = append(order, o.entrant)
		}
	}
	places := make([]KnockoutPlace, len(order))
	for i, e := range order {
		places[i] = KnockoutPlace{Place: i + 1, Shared: 1, Bot: h.names[e], Seed: h.seedOf[e]}
		if i < len(h.set.Points) {
			places[i].Points = h.set.Points[i]
		}
	}
	return places
}
