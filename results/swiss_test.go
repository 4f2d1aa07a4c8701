package results

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// swissNames returns n bot names: b1, b2, ….
func swissNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("b%d", i+1)
	}
	return names
}

// newTestSwiss returns a Swiss of n bots drawn in their order.
func newTestSwiss(t *testing.T, n, seats, rounds, games int) *Swiss {
	t.Helper()
	draw := make([]int, n)
	for i := range draw {
		draw[i] = i
	}
	s, err := NewSwiss(swissNames(n), seats, SwissSettings{Draw: draw, Rounds: rounds, Games: games, Pairing: SwissPairingRule})
	require.NoError(t, err)
	return s
}

// playSwiss plays the Swiss to its end, each game's places drawn by
// places(seating).
func playSwiss(t *testing.T, s *Swiss, places func(seating []int) []int) {
	t.Helper()
	for {
		n, more := s.NextStage()
		if !more {
			break
		}
		for i := s.Judged(); i < n; i++ {
			g := s.Games()[i]
			bots := make([]string, len(g.Seating))
			for k, e := range g.Seating {
				bots[k] = s.names[e]
			}
			require.NoError(t, s.Add(&Record{Match: i, Bots: bots, Places: places(g.Seating), Scores: make([]float64, len(bots))}))
		}
	}
	require.True(t, s.Finished())
	require.Equal(t, s.Len(), s.Judged())
}

// randomPlaces draws a game's places from rng: ties now and then.
func randomPlaces(rng *rand.Rand) func([]int) []int {
	return func(seating []int) []int {
		places := make([]int, len(seating))
		for k := range places {
			places[k] = 1 + rng.IntN(len(seating))
		}
		return places
	}
}

// TestSwissFirstRoundIsDutch: with every score level, the top half meets
// the bottom half (1–5, 2–6, 3–7, 4–8); an odd field's last number gets
// the bye and the odd one of a score group floats down to the next.
func TestSwissFirstRoundIsDutch(t *testing.T) {
	s := newTestSwiss(t, 8, 2, 3, 2)
	s.NextStage()
	var got [][]int
	for _, tab := range s.Rounds()[0].Tables {
		got = append(got, tab.Bots)
	}
	require.Equal(t, [][]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}}, got)

	s = newTestSwiss(t, 7, 2, 3, 2)
	s.NextStage()
	require.Equal(t, []int{6}, s.Rounds()[0].Byes)
	// The lower number wins every game.
	playRound := func() {
		n, _ := s.NextStage()
		for i := s.Judged(); i < n; i++ {
			g := s.Games()[i]
			places := []int{1, 2}
			if g.Seating[0] > g.Seating[1] {
				places = []int{2, 1}
			}
			require.NoError(t, s.Add(&Record{Match: i, Bots: seatedBots(s.names, g.Seating), Places: places, Scores: []float64{0, 0}}))
		}
	}
	playRound()
	// Round 1: b1–b4, b2–b5, b3–b6, b7 a bye; b1, b2, b3, b7 have 2.
	require.Equal(t, []int{2 * 2, 2 * 2, 2 * 2, 0, 0, 0, 2 * 2}, s.score)
	s.NextStage()
	var second [][]int
	for _, tab := range s.Rounds()[1].Tables {
		second = append(second, tab.Bots)
	}
	// The group of 2: b1 b2 b3 b7 pairs 1–3, 2–7; b4 b5 b6 (0): the bye to
	// b6, then b4–b5.
	require.Equal(t, [][]int{{0, 2}, {1, 6}, {3, 4}}, second)
	require.Equal(t, []int{5}, s.Rounds()[1].Byes)
}

// TestSwissNoRematch: a 30-bot Swiss of as many rounds as it may play,
// on random results, pairs no two bots twice and gives no bot two byes;
// so does an odd field.
func TestSwissNoRematch(t *testing.T) {
	for _, n := range []int{30, 31, 8, 9} {
		for seed := range uint64(5) {
			s := newTestSwiss(t, n, 2, MaxRounds(n, 2), 2)
			playSwiss(t, s, randomPlaces(rand.New(rand.NewPCG(seed, uint64(n)))))
			met := map[[2]int]int{}
			byes := map[int]int{}
			for r, round := range s.Rounds() {
				require.Len(t, round.Tables, n/2)
				for _, tab := range round.Tables {
					a, b := min(tab.Bots[0], tab.Bots[1]), max(tab.Bots[0], tab.Bots[1])
					met[[2]int{a, b}]++
					require.Equal(t, 1, met[[2]int{a, b}], "%d bots, seed %d: b%d and b%d meet again in round %d", n, seed, a+1, b+1, r+1)
				}
				for _, e := range round.Byes {
					byes[e]++
					require.Equal(t, 1, byes[e], "%d bots: b%d's second bye", n, e+1)
				}
			}
		}
	}
}

// TestSwissTables: with four seats, the ranking cut into tables, the
// lowest-ranked without a bye sitting out, each bot at most once; every
// seat of a table is taken once a rotation.
func TestSwissTables(t *testing.T) {
	s := newTestSwiss(t, 10, 4, 5, 4)
	require.Equal(t, 5, MaxRounds(10, 4))
	playSwiss(t, s, randomPlaces(rand.New(rand.NewPCG(1, 2))))
	byes := map[int]int{}
	for _, round := range s.Rounds() {
		require.Len(t, round.Byes, 2)
		for _, e := range round.Byes {
			byes[e]++
			require.Equal(t, 1, byes[e])
		}
	}
	first := make([]int, 10)
	for _, g := range s.Games() {
		first[g.Seating[0]]++
	}
	for e, n := range first {
		require.Equal(t, 5-byes[e], n, "b%d's first seats", e+1) // one a round played
	}
	require.Equal(t, 5*2*4, s.Len())
}

// TestSwissTiebreaks: a hand-made 8-bot Swiss of 3 rounds whose ties are
// broken by each rule in turn. Scores (of 6): E 3½; A C D F G H 3; B 2½.
// Buchholz puts D and G (9½) over C and H (9) over A and F (8½);
// Sonneborn–Berger A (4½) over F (4); C and H tie on it too, and C beat H
// 2–0: head to head; D and G never met: the draw (D is number 5, G 6).
// Each rule goes against the draw (F is number 1, A 2, H 3, C 4), so that
// a rule left out changes the order.
func TestSwissTiebreaks(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	draw := []int{5, 0, 7, 2, 3, 6, 1, 4} // F A H C D G B E
	s, err := NewSwiss(names, 2, SwissSettings{Draw: draw, Rounds: 3, Games: 2, Pairing: SwissPairingRule})
	require.NoError(t, err)
	// Each pairing: its two bots and the halves each took of its 2 games.
	rounds := [][][4]int{
		{{2, 0, 0, 4}, {3, 4, 1, 3}, {7, 1, 3, 1}, {5, 6, 1, 3}},
		{{1, 5, 0, 4}, {4, 7, 1, 3}, {3, 0, 2, 2}, {2, 6, 2, 2}},
		{{6, 4, 1, 3}, {3, 5, 3, 1}, {0, 1, 0, 4}, {7, 2, 0, 4}},
	}
	for _, pairings := range rounds {
		var round SwissRound
		for _, p := range pairings {
			round.Tables = append(round.Tables, SwissTable{Bots: []int{p[0], p[1]}, Took: [][]int{{0, p[2]}, {p[3], 0}}, Games: 2})
			s.score[p[0]] += p[2]
			s.score[p[1]] += p[3]
		}
		s.rounds = append(s.rounds, round)
	}
	rep := s.Report(nil)
	var order []string
	for _, l := range rep.Table {
		order = append(order, l.Bot)
	}
	require.Equal(t, []string{"E", "D", "G", "C", "H", "A", "F", "B"}, order)
	line := func(bot string) SwissLine {
		for _, l := range rep.Table {
			if l.Bot == bot {
				return l
			}
		}
		t.Fatalf("no line of %s", bot)
		return SwissLine{}
	}
	for _, want := range []struct {
		bot             string
		score, bh, sb   float64
		headToHead      float64
		rank, number    int
		firstRoundCell  string
		secondRoundCell string
	}{
		{"D", 3, 9.5, 4.625, 0, 2, 5, "−E ½–1½", "=A 1–1"},
		{"G", 3, 9.5, 4.625, 0, 3, 6, "+F 1½–½", "=C 1–1"},
		{"C", 3, 9, 4.5, 2, 4, 4, "−A 0–2", "=G 1–1"},
		{"H", 3, 9, 4.5, 0, 5, 3, "+B 1½–½", "+E 1½–½"},
		{"A", 3, 8.5, 4.5, 0, 6, 2, "+C 2–0", "=D 1–1"},
		{"F", 3, 8.5, 4, 0, 7, 1, "−G ½–1½", "+B 2–0"},
	} {
		l := line(want.bot)
		require.Equal(t, []any{want.rank, want.number, want.score, want.bh, want.sb, want.headToHead},
			[]any{l.Rank, l.Number, l.Score, l.Buchholz, l.SonnebornBerger, l.HeadToHead}, want.bot)
		require.Equal(t, want.firstRoundCell, resultCell(l.Rounds[0], 2), want.bot)
		require.Equal(t, want.secondRoundCell, resultCell(l.Rounds[1], 2), want.bot)
	}
}

// TestSwissChecks: the settings a Swiss refuses, each with its reason.
func TestSwissChecks(t *testing.T) {
	ok := SwissSettings{Draw: []int{0, 1, 2, 3}, Rounds: 2, Games: 2, Pairing: SwissPairingRule}
	require.NoError(t, ok.Check(4, 2))
	for _, tc := range []struct {
		edit func(*SwissSettings)
		n    int
		want string
	}{
		{func(s *SwissSettings) { s.Rounds = 3 }, 4, "rounds: 3 is not a whole number from 1 to 2 for 4 bots (half the bots"},
		{func(s *SwissSettings) { s.Rounds = 0 }, 4, "rounds: 0"},
		{func(s *SwissSettings) { s.Games = 3 }, 4, "games: 3 is not a multiple of the 2 seats"},
		{func(s *SwissSettings) { s.Draw = []int{0, 0, 1, 2} }, 4, "the draw is not an order"},
		{func(s *SwissSettings) { s.Pairing = "monrad" }, 4, `pairing: "monrad"`},
		{func(s *SwissSettings) { s.Draw = []int{0} }, 1, "1 bots for tables of 2 seats"},
	} {
		s := ok
		s.Draw = append([]int(nil), ok.Draw...)
		tc.edit(&s)
		err := s.Check(tc.n, 2)
		require.Error(t, err)
		require.True(t, strings.Contains(err.Error(), tc.want), err.Error())
	}
	require.Equal(t, 6, DefaultSwissRounds(30, 2))
	require.Equal(t, 1, DefaultSwissRounds(3, 2))
	require.Equal(t, 6, DefaultSwissRounds(30, 4))
}
