package results

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// sweep returns n two-seat matches that a wins against b, seats
// alternating, each in a round of its own when perRound is 1, or perRound
// matches to a round.
func sweep(n, perRound int, a, b string) []Record {
	out := make([]Record, n)
	for i := range out {
		bots, places := []string{a, b}, []int{1, 2}
		if i%2 == 1 {
			bots, places = []string{b, a}, []int{2, 1}
		}
		out[i] = rec(i, bots, places...)
		out[i].Seed = uint64(i/perRound) + 1
	}
	return out
}

// TestSweepIsOpen: a clean sweep leaves the interval open on the winner's
// side; the finite end is the mid-p Clopper–Pearson bound, which for n
// independent games all won is σ(Δ)ⁿ/2 = 2.5 %, i.e. Δ = logit(0.05^(1/n)).
func TestSweepIsOpen(t *testing.T) {
	ab := []string{"a", "b"}
	for _, tc := range []struct {
		name     string
		perRound int
		units    float64 // independent observations behind the bound
	}{
		{"every game its own round", 1, 20},
		{"two games a round", 2, 10}, // each round counts once: the games of a seed may share their luck
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 1}, ab, sweep(20, tc.perRound, "a", "b")...))
			a, b := byBot(t, s, "a"), byBot(t, s, "b")
			require.True(t, math.IsInf(a.EloHi, 1), "no upper bound for a bot that never lost")
			require.True(t, math.IsInf(b.EloLo, -1), "no lower bound for a bot that never won")
			p := math.Pow(0.05, 1/tc.units)
			want := eloPerNat * math.Log(p/(1-p))
			d, err := s.Diff("a", "b")
			require.NoError(t, err)
			require.True(t, math.IsInf(d.Hi, 1))
			require.InDelta(t, want, d.Lo, 0.5, "mid-p Clopper–Pearson")
			require.InDelta(t, want/2, a.EloLo, 0.5, "the mean-anchored rating is half the difference")
			require.Less(t, a.EloLo, a.Elo, "the prior keeps the point estimate finite, inside the interval")

			out := jsonOf(t, s)
			require.Contains(t, out, `"elo_hi": null`)
			require.Contains(t, out, `"elo_lo": null`)
			table, err := writeString(s, FormatTable)
			require.NoError(t, err)
			require.Contains(t, string(table), "≥ +")
			require.Contains(t, string(table), "≤ -")
		})
	}
}

// TestNestedSweeps: a swept b and c, b swept c. Every mean-anchored rating
// is open on one side at least (the mean moves with a swept bot); the
// middle one is open on both.
func TestNestedSweeps(t *testing.T) {
	abc := []string{"a", "b", "c"}
	var records []Record
	for i := range 60 {
		pair := [][2]string{{"a", "b"}, {"a", "c"}, {"b", "c"}}[i%3]
		r := rec(i, []string{pair[0], pair[1]}, 1, 2)
		r.Seed = uint64(i/3) + 1
		records = append(records, r)
	}
	s := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 2}, abc, records...))
	a, b, c := byBot(t, s, "a"), byBot(t, s, "b"), byBot(t, s, "c")
	require.True(t, math.IsInf(a.EloHi, 1) && !math.IsInf(a.EloLo, 0))
	require.True(t, math.IsInf(c.EloLo, -1) && !math.IsInf(c.EloHi, 0))
	require.True(t, math.IsInf(b.EloLo, -1) && math.IsInf(b.EloHi, 1))
	table, err := writeString(s, FormatTable)
	require.NoError(t, err)
	require.Contains(t, string(table), " any ")
	d, err := s.Diff("a", "b")
	require.NoError(t, err)
	require.Greater(t, d.Lo, 0.0)
	require.True(t, math.IsInf(d.Hi, 1))
	require.Greater(t, s.los(0, 1), 0.99, "a is surely stronger than b")
}

// TestAnchorValueShiftsEveryRating: --anchor b=1500 moves every rating and
// every end of every interval by exactly 1500 against --anchor b; the
// differences do not move.
func TestAnchorValueShiftsEveryRating(t *testing.T) {
	abc := []string{"a", "b", "c"}
	records := freeForAll(300, abc, []float64{0.8, 0, -0.5}, 3)
	zero := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 4, Anchors: []Anchor{{Bot: "b"}}}, abc, records...))
	shifted := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 4, Anchors: []Anchor{{"b", 1500}}}, abc, records...))
	for _, bot := range abc {
		z, s := byBot(t, zero, bot), byBot(t, shifted, bot)
		require.InDelta(t, z.Elo+1500, s.Elo, 1e-9, bot)
		require.InDelta(t, z.EloLo+1500, s.EloLo, 1e-9, bot)
		require.InDelta(t, z.EloHi+1500, s.EloHi, 1e-9, bot)
	}
	require.Equal(t, 1500.0, byBot(t, shifted, "b").Elo)
	zeroPairs, _ := zero.Pairs()
	shiftedPairs, _ := shifted.Pairs()
	require.NotZero(t, zeroPairs[0].EloHi, "the pairs' intervals are computed")
	require.Equal(t, zeroPairs, shiftedPairs[:len(zeroPairs)], "differences and LOS do not depend on the anchor")
}

// TestLOSIsAProbabilityOfOrder: LOS(i, j) + LOS(j, i) = 1, above ½ for the
// better rated, and the matrix holds it.
func TestLOSIsAProbabilityOfOrder(t *testing.T) {
	abcd := []string{"a", "b", "c", "d"}
	s := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 5}, abcd, freeForAll(200, abcd, []float64{0.4, 0.3, 0, -0.5}, 9)...))
	require.Nil(t, s.LOS, "computed only when an output shows it")
	s.Pairs()
	require.NotNil(t, s.LOS)
	require.Equal(t, []string{"a", "b", "c", "d"}, s.LOS.Bots)
	for r := range 4 {
		require.True(t, math.IsNaN(s.LOS.P[r][r]))
		for c := range 4 {
			if r != c {
				require.InDelta(t, 1, s.LOS.P[r][c]+s.LOS.P[c][r], 2e-4)
			}
			if r < c {
				require.Greater(t, s.LOS.P[r][c], 0.5, "the better rated is likelier the stronger")
			}
		}
	}
	require.Greater(t, s.LOS.P[0][3], 0.999)
}

// TestStudentQuantiles checks the small-sample quantiles against tables.
func TestStudentQuantiles(t *testing.T) {
	for _, tc := range []struct{ nu, want float64 }{
		{1, 12.706204736}, {2, 4.302652730}, {4, 2.776445105}, {10, 2.228138852}, {100, 1.983971519}, {1e9, z95},
	} {
		require.InDelta(t, tc.want, studentTQuantile(0.025, tc.nu), 1e-6, "ν = %v", tc.nu)
	}
	require.InDelta(t, 0.975, normalCDF(z95), 1e-12)
}

// TestSharedLuckWidensTheIntervals: when the two games of every seed have
// the same outcome (the luck of the board decides both), the rounds carry
// half the information of independent games: the design effect is about
// 2 and the interval of the difference about √2 as wide as with the same
// games on independent seeds.
func TestSharedLuckWidensTheIntervals(t *testing.T) {
	ab := []string{"a", "b"}
	independent := duels(2000, "a", "b", 0.6, 11)
	for i := range independent {
		independent[i].Seed = uint64(i) + 1
	}
	shared := make([]Record, len(independent))
	for i := range shared {
		// Game 2q+1 repeats game 2q's winner from the other seat.
		src := independent[i-i%2]
		winnerA := src.Places[0] == 1 == (src.Bots[0] == "a")
		bots, places := []string{"a", "b"}, []int{1, 2}
		if !winnerA {
			places = []int{2, 1}
		}
		if i%2 == 1 {
			bots, places = []string{"b", "a"}, []int{places[1], places[0]}
		}
		shared[i] = rec(i, bots, places...)
		shared[i].Seed = uint64(i/2) + 1
	}
	width := func(records []Record) float64 {
		s := standings(t, newTally(t, Options{Bootstrap: 1000, Seed: 7}, ab, records...))
		d, err := s.Diff("a", "b")
		require.NoError(t, err)
		return d.Hi - d.Lo
	}
	ratio := width(shared) / width(independent)
	require.InDelta(t, math.Sqrt2, ratio, 0.2, "shared luck counts once")
}

// TestFewRoundsWidenTheInterval: with n rounds the design effect is
// estimated, so the threshold is F(1, n) = t²(n), not χ²(1): 5 rounds give
// 6.61 where χ² gives 3.84, and the interval is √(6.61/3.84) ≈ 1.31 times
// wider than the χ² one.
func TestFewRoundsWidenTheInterval(t *testing.T) {
	ab := []string{"a", "b"}
	records := duels(10, "a", "b", 0.6, 3) // 5 rounds of two seat orders
	records[0].Places, records[1].Places = []int{2, 1}, []int{2, 1}
	s := standings(t, newTally(t, Options{Bootstrap: 500, Seed: 1}, ab, records...))
	require.Equal(t, 5, s.Rounds)
	an := s.groups[0]
	a := []float64{1, -1}
	d := an.design(a)
	require.InDelta(t, 5, d.df, 0.5, "every round weighs the same: the rounds are the degrees of freedom")
	require.InDelta(t, 0.2, d.lev, 0.02, "one round in five")
	lo, hi := an.interval(a)
	chiLo, chiHi, _, _ := an.p.interval(an.theta, an.ll, a, an.kappa(a)*3.841459, -capElo/eloPerNat, capElo/eloPerNat)
	require.InDelta(t, math.Sqrt(d.q()/3.841459), (hi-lo)/(eloPerNat*(chiHi-chiLo)), 0.05)
	require.InDelta(t, 6.607891, design{df: 5}.q(), 1e-5)
}

// TestIdenticalRoundsStillHaveAnInterval: when every round ends the same
// way (the seat decides: seat 0 always wins), the rounds vary not at all
// and the raw design effect is 0; the pseudo-round keeps the interval from
// claiming certainty after a handful of rounds.
func TestIdenticalRoundsStillHaveAnInterval(t *testing.T) {
	ab := []string{"a", "b"}
	var records []Record
	for i := range 20 {
		bots := []string{"a", "b"}
		if i%2 == 1 {
			bots = []string{"b", "a"}
		}
		r := rec(i, bots, 1, 2) // seat 0 wins
		r.Seed = uint64(i/2) + 1
		records = append(records, r)
	}
	s := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 1}, ab, records...))
	d, err := s.Diff("a", "b")
	require.NoError(t, err)
	require.Zero(t, d.Elo)
	require.Greater(t, d.Hi-d.Lo, 40.0, "10 identical rounds are not certainty")
	require.Less(t, d.Hi-d.Lo, 400.0)
}

// TestChainOfSweeps: four bots, each swept every bot below it. The top
// bot's rating against the mean is unbounded above but bounded below (every
// gap under it has a finite lower bound); the bottom bot's the other way;
// the two in the middle are unbounded both ways.
func TestChainOfSweeps(t *testing.T) {
	bots := []string{"a", "b", "c", "d"}
	var records []Record
	for r := range 10 {
		for x := range 4 {
			for y := x + 1; y < 4; y++ {
				for swap := range 2 {
					seat := []string{bots[x], bots[y]}
					places := []int{1, 2}
					if swap == 1 {
						seat, places = []string{bots[y], bots[x]}, []int{2, 1}
					}
					rr := rec(len(records), seat, places...)
					rr.Seed = uint64(r) + 1
					records = append(records, rr)
				}
			}
		}
	}
	s := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 3}, bots, records...))
	a, b, c, d := byBot(t, s, "a"), byBot(t, s, "b"), byBot(t, s, "c"), byBot(t, s, "d")
	require.True(t, math.IsInf(a.EloHi, 1), "top: open above")
	require.False(t, math.IsInf(a.EloLo, 0), "top: bounded below")
	require.Greater(t, a.EloLo, 0.0)
	require.True(t, math.IsInf(d.EloLo, -1), "bottom: open below")
	require.False(t, math.IsInf(d.EloHi, 0), "bottom: bounded above")
	for _, mid := range []Rating{b, c} {
		require.True(t, math.IsInf(mid.EloLo, -1) && math.IsInf(mid.EloHi, 1), mid.Bot)
	}
}

// TestRoundsABotSitsOutDoNotCount: a and b meet on 20 seeds, c meets a on
// 4 only. c's difference from a rests on those 4 rounds: its degrees of
// freedom are about 4 (not the 24 rounds of the run) and its leverage
// about ¼, while a against b keeps about 20 and 1/20. With F(1, 24) and
// 1/24, c's interval was the narrow one that made more bots than seats
// cover 90 %.
func TestRoundsABotSitsOutDoNotCount(t *testing.T) {
	abc := []string{"a", "b", "c"}
	records := duels(40, "a", "b", 0.55, 21)
	for i, r := range duels(8, "c", "a", 0.4, 22) {
		r.Match, r.Seed = 40+i, r.Seed+20
		records = append(records, r)
	}
	s := standings(t, newTally(t, Options{Bootstrap: 1000, Seed: 3}, abc, records...))
	require.Equal(t, 24, s.Rounds)
	an := s.groups[0]
	ca, ab := an.design([]float64{-1, 0, 1}), an.design([]float64{1, -1, 0})
	t.Logf("c − a: %+v; a − b: %+v", ca, ab)
	require.InDelta(t, 4, ca.df, 0.6)
	require.InDelta(t, 0.25, ca.lev, 0.04)
	require.InDelta(t, 20, ab.df, 3)
	require.InDelta(t, 1.0/20, ab.lev, 0.02)
	require.Greater(t, ca.q(), 7.0, "t² with about 4 degrees of freedom")
}
