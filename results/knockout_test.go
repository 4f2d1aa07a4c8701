package results

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestBracketSlots(t *testing.T) {
	require.Equal(t, []int{1}, BracketSlots(1))
	require.Equal(t, []int{1, 2}, BracketSlots(2))
	require.Equal(t, []int{1, 4, 2, 3}, BracketSlots(4))
	require.Equal(t, []int{1, 8, 4, 5, 2, 7, 3, 6}, BracketSlots(8))
	for _, n := range []int{2, 3, 4, 5, 8, 9, 16, 17, 30} {
		size := BracketSize(n)
		require.True(t, size >= n && size/2 < n, "%d in %d", n, size)
	}
}

// playKnockout plays a knockout to its end, each game won by winner(a, b)
// (the entrant that wins, or -1 for a draw), and returns it.
func playKnockout(t *testing.T, k *Knockout, names []string, winner func(a, b int) int) {
	t.Helper()
	for guard := 0; !k.Finished(); guard++ {
		require.Less(t, guard, 10_000, "the knockout never ends")
		n, more := k.NextStage()
		if !more {
			break
		}
		for i := k.Judged(); i < n; i++ {
			g := k.Games()[i]
			a, b := g.Seating[0], g.Seating[1]
			places := []int{1, 1}
			switch winner(a, b) {
			case a:
				places[1] = 2
			case b:
				places[0] = 2
			}
			require.NoError(t, k.Add(&Record{Match: i, Bots: []string{names[a], names[b]}, Places: places, Scores: []float64{0, 0}}))
		}
	}
}

// TestKnockoutPlacesAndPoints: the stronger bot (the lower index) wins
// every game: the bracket follows the seeds, the byes go to the top seeds,
// and the course's points go to the first four.
func TestKnockoutPlacesAndPoints(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f"}
	set := KnockoutSettings{Draw: []int{0, 1, 2, 3, 4, 5}, Seeded: 6, Games: 2, Cap: 10, Tiebreak: TiebreakHigherSeed,
		Points: DefaultKnockoutPoints()}
	k, err := NewKnockout(names, set)
	require.NoError(t, err)
	playKnockout(t, k, names, func(a, b int) int { return min(a, b) })
	rep := k.Report(nil)
	require.Equal(t, 8, rep.Bracket)
	require.Equal(t, []string{"quarter-finals", "semi-finals", "final"}, []string{rep.Rounds[0].Name, rep.Rounds[1].Name, rep.Rounds[2].Name})
	byes := 0
	for _, tie := range rep.Rounds[0].Ties {
		if tie.Bye() {
			byes++
			require.LessOrEqual(t, tie.Seeds[0], 2, "a bye goes to a top seed")
		}
	}
	require.Equal(t, 2, byes)
	var got []KnockoutPlace
	for _, p := range rep.Places {
		got = append(got, KnockoutPlace{Place: p.Place, Shared: p.Shared, Bot: p.Bot, Points: p.Points})
	}
	require.Equal(t, []KnockoutPlace{
		{Place: 1, Shared: 1, Bot: "a", Points: 3}, {Place: 2, Shared: 1, Bot: "b", Points: 2},
		{Place: 3, Shared: 2, Bot: "d", Points: 1}, {Place: 3, Shared: 2, Bot: "c", Points: 1},
		{Place: 5, Shared: 2, Bot: "e", Points: 0}, {Place: 5, Shared: 2, Bot: "f", Points: 0},
	}, got)
}

// TestKnockoutLevelTieEndsAtTheCap: two bots that draw every game (copies of
// one deterministic bot) are level at the cap, and the higher seed goes
// through, by the rule the settings state.
func TestKnockoutLevelTieEndsAtTheCap(t *testing.T) {
	names := []string{"x", "x#2"}
	k, err := NewKnockout(names, KnockoutSettings{Draw: []int{1, 0}, Games: 2, Cap: 6, Tiebreak: TiebreakHigherSeed})
	require.NoError(t, err)
	playKnockout(t, k, names, func(a, b int) int { return -1 })
	tie := k.Ties()[0]
	require.Equal(t, 6, tie.Games)
	require.True(t, tie.ByRule)
	require.Equal(t, 1, tie.Sides[tie.Winner], "x#2 is seed 1")
	require.Equal(t, 6, len(k.Games()))
}

// TestKnockoutStopsADecidedTie: in a tie of 4 games, 2–0 after the first
// leg is not yet decided, but a tie of 2 is.
func TestKnockoutStopsADecidedTie(t *testing.T) {
	names := []string{"a", "b"}
	k, err := NewKnockout(names, KnockoutSettings{Draw: []int{0, 1}, Games: 4, Cap: 8, Tiebreak: TiebreakHigherSeed})
	require.NoError(t, err)
	calls := 0
	playKnockout(t, k, names, func(a, b int) int {
		calls++
		if calls > 2 {
			return -1 // the second leg drawn: 3–1
		}
		return 0
	})
	require.Equal(t, 4, k.Ties()[0].Games)
	require.Equal(t, [2]float64{3, 1}, k.Ties()[0].Points)
}

func TestKnockoutSettingsCheck(t *testing.T) {
	ok := KnockoutSettings{Draw: []int{0, 1, 2, 3}, Games: 2, Cap: 4, Tiebreak: TiebreakHigherSeed}
	require.NoError(t, ok.Check(4))
	for _, tc := range []struct {
		edit func(*KnockoutSettings)
		n    int
		want string
	}{
		{func(s *KnockoutSettings) {}, 1, "a bracket of 2 to 65536 bots, and there are 1"},
		{func(s *KnockoutSettings) { s.Games = 3 }, 4, "games: 3 is not an even number"},
		{func(s *KnockoutSettings) { s.Cap = 0 }, 4, "cap: 0 is not an even number from the games (2)"},
		{func(s *KnockoutSettings) { s.Draw = []int{0, 0, 1, 2} }, 4, "the draw is not an order of the 4 bots"},
		{func(s *KnockoutSettings) { s.Tiebreak = "coin" }, 4, `tiebreak: "coin"`},
		{func(s *KnockoutSettings) { s.Draw = []int{0, 1}; s.ThirdPlace = true }, 2, "a third-place tie needs 4 bots"},
	} {
		s := ok
		tc.edit(&s)
		if tc.n != len(s.Draw) && tc.n < 2 {
			s.Draw = s.Draw[:tc.n]
		}
		err := s.Check(tc.n)
		require.Error(t, err)
		require.Contains(t, err.Error(), tc.want)
	}
}

func TestTieOdds(t *testing.T) {
	require.InDelta(t, 0.75, TieOdds(0.5, 2, 2), 1e-12, "won 2–0, or level at the cap: the higher seed")
	require.InDelta(t, 1, TieOdds(1, 2, 10), 1e-12)
	require.InDelta(t, 0, TieOdds(0, 2, 10), 1e-12)
	// Level legs go on: at p = ½ each leg ends the tie with chance ½ (2–0
	// or 0–2), so over five legs the higher seed's edge is the level fifth.
	require.InDelta(t, 0.5*(1-math.Pow(0.5, 5))+math.Pow(0.5, 5), TieOdds(0.5, 2, 10), 1e-12)
}

// TestBracketOddsMatchTheJudge: the odds computed from ratings are those of
// brackets the judge plays with games drawn from the same ratings.
func TestBracketOddsMatchTheJudge(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e"}
	elo := []float64{200, 100, 0, -50, -300}
	draw := []int{2, 0, 4, 1, 3}
	want := BracketOdds(elo, draw, 2, 6)
	sum := 0.0
	for _, p := range want {
		sum += p
	}
	require.InDelta(t, 1, sum, 1e-9)
	rng := rand.New(rand.NewPCG(1, 2))
	const brackets = 20000
	titles := make([]int, len(names))
	for range brackets {
		k, err := NewKnockout(names, KnockoutSettings{Draw: draw, Games: 2, Cap: 6, Tiebreak: TiebreakHigherSeed})
		require.NoError(t, err)
		playKnockout(t, k, names, func(a, b int) int {
			if rng.Float64() < winChance(elo[a], elo[b]) {
				return a
			}
			return b
		})
		final := k.Ties()[len(k.Ties())-1]
		titles[final.Sides[final.Winner]]++
	}
	for e, p := range want {
		got := float64(titles[e]) / brackets
		require.InDelta(t, p, got, 4*math.Sqrt(p*(1-p)/brackets)+1e-9, "%s: %v", names[e], got)
	}
}

// TestDrawOddsEnumerate: with every seed drawn, the odds are the mean over
// every draw; two equal bots have equal odds.
func TestDrawOddsEnumerate(t *testing.T) {
	elo := []float64{0, 0, 100, -100}
	odds := DrawOdds(elo, nil, 0, 2, 10, 0, nil)
	require.InDelta(t, odds[0], odds[1], 1e-12)
	require.Greater(t, odds[2], odds[0])
	require.Greater(t, odds[0], odds[3])
}
