package runner

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

func allMatches(t *testing.T, s Plan) []Pairing {
	t.Helper()
	var out []Pairing
	for i := range s.Len() {
		out = append(out, s.Match(i, nil))
	}
	return out
}

func TestTwoSeatScheduleIsAllPairsBothWaysOnSharedSeeds(t *testing.T) {
	s, err := NewRoundRobinPlan(3, 5, 42) // 5 games per pair: 3 seeds × 2 seat orders
	require.NoError(t, err)
	require.Equal(t, 3*3*2, s.Len())
	perPair := map[[2]int]int{}
	seedsOfRound := map[int]map[uint64]bool{}
	for i, p := range allMatches(t, s) {
		require.Equal(t, i, p.Index)
		require.Equal(t, sim.Derive(42, uint64(p.Deal)), p.Seed)
		a, b := min(p.Seating[0], p.Seating[1]), max(p.Seating[0], p.Seating[1])
		require.NotEqual(t, a, b)
		perPair[[2]int{a, b}]++
		if seedsOfRound[p.Deal] == nil {
			seedsOfRound[p.Deal] = map[uint64]bool{}
		}
		seedsOfRound[p.Deal][p.Seed] = true
		if i%2 == 1 {
			prev := s.Match(i-1, nil)
			require.Equal(t, prev.Seed, p.Seed, "each seed is played twice")
			require.Equal(t, []int{prev.Seating[1], prev.Seating[0]}, p.Seating, "with the seats swapped")
		}
	}
	require.Equal(t, map[[2]int]int{{0, 1}: 6, {0, 2}: 6, {1, 2}: 6}, perPair)
	require.Len(t, seedsOfRound, 3)
	for _, seeds := range seedsOfRound {
		require.Len(t, seeds, 1, "every pair plays the same seeds")
	}
}

func TestOddGamesRoundUp(t *testing.T) {
	s, err := NewTournamentPlan(2, 2, 1, 0)
	require.NoError(t, err)
	require.Equal(t, 2, s.Len())
	s, err = NewTournamentPlan(4, 4, 9, 0)
	require.NoError(t, err)
	require.Equal(t, 12, s.Len(), "9 games of 4 seats: 3 whole rotations")
}

func TestNSeatScheduleRotatesSeatsOverOneSeed(t *testing.T) {
	s, err := NewRotationPlan(4, 4, 8, 7)
	require.NoError(t, err)
	ms := allMatches(t, s)
	require.Len(t, ms, 8)
	for r := range 2 {
		round := ms[4*r : 4*r+4]
		seatsOf := map[int]map[int]bool{}
		for _, p := range round {
			require.Equal(t, round[0].Seed, p.Seed)
			for seat, e := range p.Seating {
				if seatsOf[e] == nil {
					seatsOf[e] = map[int]bool{}
				}
				seatsOf[e][seat] = true
			}
		}
		require.Len(t, seatsOf, 4)
		for e, seats := range seatsOf {
			require.Len(t, seats, 4, "entrant %d sits in every seat once per round", e)
		}
	}
}

func TestMoreEntrantsThanSeatsIsBalanced(t *testing.T) {
	const seats, entrants, blocks = 4, 6, 3
	s, err := NewRotationPlan(seats, entrants, seats*entrants*blocks, 3)
	require.NoError(t, err)
	games := make([]int, entrants)
	together := map[[2]int]int{}
	for _, p := range allMatches(t, s) {
		inMatch := map[int]bool{}
		for _, e := range p.Seating {
			require.False(t, inMatch[e], "entrant %d twice in match %d", e, p.Index)
			inMatch[e] = true
			games[e]++
		}
		for a := range inMatch {
			for b := range inMatch {
				if a < b {
					together[[2]int{a, b}]++
				}
			}
		}
	}
	for e, n := range games {
		require.Equal(t, seats*seats*blocks, n, "entrant %d: every entrant plays N rounds per block", e)
	}
	require.Len(t, together, entrants*(entrants-1)/2, "over a few blocks every pair has met")
}

func TestScheduleIsAPureFunction(t *testing.T) {
	a, _ := NewRotationPlan(3, 5, 30, 9)
	b, _ := NewRotationPlan(3, 5, 30, 9)
	c, _ := NewRotationPlan(3, 5, 30, 10)
	require.Equal(t, allMatches(t, a), allMatches(t, b))
	require.NotEqual(t, allMatches(t, a), allMatches(t, c))
	// Any match on its own equals the same match in order.
	require.Equal(t, allMatches(t, a)[17], a.Match(17, nil))
}

func TestScheduleErrors(t *testing.T) {
	for _, tc := range []struct {
		seats, entrants, games int
		want                   string
	}{
		{2, 1, 10, "a 2-seat game needs at least 2 bots, got 1 (the same bot may be entered twice: --bots stupid,stupid)"},
		{4, 3, 10, "a 4-seat game needs at least 4 bots, got 3 (the same bot may be entered more than once)"},
		{2, 2, 0, "games: 0 is not a positive number"},
		{0, 2, 1, "seats: 0 is not a positive number"},
		{2, 2, 1<<63 - 1, "games: 9223372036854775807 games make more than 1099511627776 matches"},
		{2, 300, 1 << 30, "games: 1073741824 games make more than 1099511627776 matches"},
	} {
		_, err := NewTournamentPlan(tc.seats, tc.entrants, tc.games, 0)
		require.EqualError(t, err, tc.want)
	}
}

func TestSoloSchedule(t *testing.T) {
	s, err := NewRotationPlan(1, 3, 7, 0)
	require.NoError(t, err)
	require.Equal(t, 7, s.Len())
	games := make([]int, 3)
	for _, p := range allMatches(t, s) {
		games[p.Seating[0]]++
	}
	require.ElementsMatch(t, []int{3, 2, 2}, games)
}

func TestLineupRotatesOverEachSeed(t *testing.T) {
	s, err := NewLineupPlan(4, 10, 5)
	require.NoError(t, err)
	ms := allMatches(t, s)
	require.Len(t, ms, 10, "a league plays exactly its games")
	require.Equal(t, []int{0, 1, 2, 3}, ms[0].Seating)
	require.Equal(t, []int{1, 2, 3, 0}, ms[1].Seating)
	require.Equal(t, []int{3, 0, 1, 2}, ms[3].Seating)
	require.Equal(t, []int{0, 1, 2, 3}, ms[4].Seating)
	for i, p := range ms {
		require.Equal(t, sim.Derive(5, uint64(i/4)), p.Seed)
	}
	two, err := NewLineupPlan(2, 3, 5)
	require.NoError(t, err)
	ms = allMatches(t, two)
	require.Equal(t, [][]int{{0, 1}, {1, 0}, {0, 1}}, [][]int{ms[0].Seating, ms[1].Seating, ms[2].Seating})
	require.Equal(t, ms[0].Seed, ms[1].Seed, "both sides of a seed")

	_, err = NewLineupPlan(2, 0, 1)
	require.EqualError(t, err, "games: 0 is not a positive number")
}

func TestGauntletPlanTwoSeats(t *testing.T) {
	p, err := NewGauntletPlan(2, 3, 4, 9) // candidate 0 against 1, 2, 3; 4 games each
	require.NoError(t, err)
	require.Equal(t, 2*3*2, p.Len())
	perOpponent := map[int]int{}
	for i, m := range allMatches(t, p) {
		require.Equal(t, sim.Derive(9, uint64(i/6)), m.Seed, "a round is one seed")
		require.Contains(t, m.Seating, 0, "the candidate plays every match")
		opp := m.Seating[0] + m.Seating[1]
		require.NotZero(t, opp)
		perOpponent[opp]++
		if i%2 == 1 {
			prev := p.Match(i-1, nil)
			require.Equal(t, []int{prev.Seating[1], prev.Seating[0]}, m.Seating, "both seat orders of a seed")
		}
	}
	require.Equal(t, map[int]int{1: 4, 2: 4, 3: 4}, perOpponent)
}

func TestGauntletPlanNSeats(t *testing.T) {
	const seats, pool = 4, 5
	p, err := NewGauntletPlan(seats, pool, seats*pool*2, 3) // two blocks of one round per pool bot
	require.NoError(t, err)
	games := make([]int, pool+1)
	for r := range p.Len() / seats {
		seatOfCandidate := map[int]bool{}
		var lineUp []int
		for j := range seats {
			m := p.Match(r*seats+j, nil)
			require.Equal(t, sim.Derive(3, uint64(r)), m.Seed)
			inMatch := map[int]bool{}
			for k, e := range m.Seating {
				require.False(t, inMatch[e], "entrant %d twice", e)
				inMatch[e] = true
				games[e]++
				if e == 0 {
					seatOfCandidate[k] = true
				}
			}
			others := slices.Sorted(maps.Keys(inMatch))
			if lineUp == nil {
				lineUp = others
			}
			require.Equal(t, lineUp, others, "a round keeps its line-up")
		}
		require.Len(t, seatOfCandidate, seats, "the candidate sits in every seat once a round")
	}
	require.Equal(t, p.Len(), games[0])
	for e := 1; e <= pool; e++ {
		require.Equal(t, 2*(seats-1)*seats, games[e], "bot %d of the pool plays N−1 rounds a block", e)
	}
}

func TestGauntletPlanErrors(t *testing.T) {
	for _, tc := range []struct {
		seats, pool, games int
		want               string
	}{
		{2, 0, 4, "a gauntlet needs at least 1 bot besides the candidate, got 0"},
		{1, 3, 4, "a gauntlet needs a game of 2 seats or more, this one has 1"},
		{4, 2, 4, "a 4-seat gauntlet needs at least 3 bots besides the candidate, got 2 (the same bot may be entered more than once)"},
		{2, 2, 0, "games: 0 is not a positive number"},
	} {
		_, err := NewGauntletPlan(tc.seats, tc.pool, tc.games, 0)
		require.EqualError(t, err, tc.want)
	}
}

// TestShardSpansPartition checks that shards hold every match exactly once,
// in whole rounds, for every plan kind and many shard counts.
func TestShardSpansPartition(t *testing.T) {
	rr, err := NewRoundRobinPlan(3, 11, 1)
	require.NoError(t, err)
	rot, err := NewRotationPlan(4, 6, 50, 2)
	require.NoError(t, err)
	for _, plan := range []Plan{rr, rot} {
		per := plan.(interface{ RoundSize() int }).RoundSize()
		rounds := ceilDiv(plan.Len(), per)
		for n := 1; n <= rounds; n++ {
			next := 0
			for k := 1; k <= n; k++ {
				spans, err := ShardSpans(plan, k, n)
				require.NoError(t, err)
				for _, s := range spans {
					require.Equal(t, next, s.Start, "shard %d/%d starts where the last ended", k, n)
					require.Zero(t, s.Start%per, "shard %d/%d starts on a round", k, n)
					require.Equal(t, plan.Match(s.Start, nil).Deal*per, s.Start)
					next = s.End
				}
			}
			require.Equal(t, plan.Len(), next, "%d shards cover the plan", n)
		}
		_, err := ShardSpans(plan, 1, rounds+1)
		require.ErrorContains(t, err, "only")
		_, err = ShardSpans(plan, 0, 2)
		require.Error(t, err)
	}
	require.Equal(t, []Span{{5, 10}, {20, 30}}, Skip([]Span{{0, 10}, {20, 30}}, 5))
	require.Equal(t, []Span{{25, 30}}, Skip([]Span{{0, 10}, {20, 30}}, 15))
	require.Equal(t, []Span{}, Skip([]Span{{0, 10}}, 10))
}

// TestWithSeeds checks that a tournament given seeds plays one round per
// seed, on that seed, with the plan's seatings, and that sequential formats
// refuse.
func TestWithSeeds(t *testing.T) {
	seeds := []uint64{7, 1 << 52, 7, 3}
	for _, seats := range []int{2, 3} {
		plain, err := NewTournament(seats, []string{"a", "b", "c", "d"}, 12, 1, results.Options{})
		require.NoError(t, err)
		f, err := NewTournament(seats, []string{"a", "b", "c", "d"}, 12, 1, results.Options{})
		require.NoError(t, err)
		require.NoError(t, WithSeeds(f, seeds))
		per := f.Plan().(interface{ RoundSize() int }).RoundSize()
		require.Equal(t, len(seeds)*per, f.Plan().Len())
		for i := range f.Plan().Len() {
			m := f.Plan().Match(i, nil)
			require.Equal(t, seeds[i/per], m.Seed, "match %d", i)
			require.Equal(t, plain.Plan().Match(i, nil).Seating, m.Seating, "match %d keeps its seating", i)
		}
	}
	s, err := NewSPRT(2, []string{"a", "b"}, results.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, 100, 1)
	require.NoError(t, err)
	require.ErrorContains(t, WithSeeds(s, seeds), "only tournaments and gauntlets")
	f, err := NewTournament(2, []string{"a", "b"}, 2, 1, results.Options{})
	require.NoError(t, err)
	require.Error(t, WithSeeds(f, nil))
}

// TestStageShardPartition: the shards of a knockout's or a Swiss's first
// stage cover it in order, each of whole units (a leg, a table's rotation)
// whose games share one seed, and a shard of a stage of fewer units than
// shards may own none.
func TestStageShardPartition(t *testing.T) {
	names := func(n int) []string {
		var out []string
		for i := range n {
			out = append(out, string(rune('a'+i)))
		}
		return out
	}
	ko, err := NewKnockout(names(12), results.KnockoutSettings{Draw: KnockoutDraw(1, 12, nil, 0), Games: 2, Cap: 4,
		Tiebreak: results.TiebreakHigherSeed}, 1, results.Options{Bootstrap: -1})
	require.NoError(t, err)
	sw, err := NewSwiss(4, names(9), results.SwissSettings{Draw: SwissDraw(1, 9), Rounds: 2, Games: 8,
		Pairing: results.SwissPairingRule}, 1, results.Options{Bootstrap: -1})
	require.NoError(t, err)
	for _, tc := range []struct {
		plan StageSharded
		unit int // a leg; a rotation of a table's 4 seats
	}{{ko.Plan().(StageSharded), 2}, {sw.Plan().(StageSharded), 4}} {
		plan, unit := tc.plan, tc.unit
		end := plan.Ready(0)
		count, start := plan.Stages()
		require.Equal(t, 1, count)
		require.Zero(t, start)
		require.Equal(t, unit, plan.StageUnit())
		units := end / unit
		require.Greater(t, units, 1)
		for n := 1; n <= units+2; n++ {
			next, empty := 0, 0
			for k := 1; k <= n; k++ {
				s, err := StageShard(plan, k, n, end)
				require.NoError(t, err)
				require.Equal(t, next, s.Start, "shard %d/%d starts where the last ended", k, n)
				require.Zero(t, (s.End-s.Start)%unit, "shard %d/%d holds whole units", k, n)
				for i := s.Start; i < s.End; i += unit {
					first := plan.Match(i, nil)
					for j := i + 1; j < i+unit; j++ {
						m := plan.Match(j, nil)
						require.Equal(t, first.Seed, m.Seed, "a unit's games share a seed")
						require.ElementsMatch(t, first.Seating, m.Seating, "a unit's games seat one table")
						require.NotEqual(t, first.Seating, m.Seating, "a unit's games rotate the seats")
					}
				}
				if s.End == s.Start {
					empty++
				}
				next = s.End
			}
			require.Equal(t, end, next, "%d shards cover the stage", n)
			require.Equal(t, max(n-units, 0), empty, "%d shards of %d units", n, units)
		}
		_, err := StageShard(plan, 0, 2, end)
		require.Error(t, err)
	}
}
