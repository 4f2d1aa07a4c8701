package results

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// duel returns the record of a match of a against b in round r: the
// winner's score 1, the loser's 0, turns long.
func duel(match int, seed uint64, a, b string, aWins bool, turns int) *Record {
	r := &Record{Type: TypeMatch, Match: match, Seed: seed, Bots: []string{a, b}, Scores: []float64{0, 1}, Places: []int{2, 1}, Turns: turns}
	if aWins {
		r.Scores, r.Places = []float64{1, 0}, []int{1, 2}
	}
	return r
}

func TestRuleDiffOfTheSameRulesIsZero(t *testing.T) {
	d := NewRuleDiff([]string{"x", "y"}, 1)
	for round := range 6 {
		for k := range 2 {
			a := duel(2*round+k, uint64(round), "x", "y", (round+k)%3 != 0, 10+round)
			require.NoError(t, d.Add(round, a, a))
		}
	}
	rep, err := d.Report()
	require.NoError(t, err)
	require.Equal(t, 12, rep.Matches)
	require.Equal(t, 6, rep.Rounds)
	for _, m := range OverallMetrics {
		require.Equal(t, Paired{A: rep.Overall[m].A, B: rep.Overall[m].A, Rounds: 6}, rep.Overall[m], m)
	}
	for _, b := range rep.Bots {
		for _, m := range BotMetrics {
			p := b.Metrics[m]
			require.Zero(t, p.Diff, "%s %s", b.Bot, m)
			require.Zero(t, p.Lo, "%s %s", b.Bot, m)
			require.Zero(t, p.Hi, "%s %s", b.Bot, m)
		}
		require.Equal(t, b.RankA, b.RankB)
	}
}

// TestRuleDiffPairsByRound: B makes every match 10 turns longer, and y,
// even with x under A, wins three matches in four; the paired differences
// show it exactly, however the rounds vary.
func TestRuleDiffPairsByRound(t *testing.T) {
	d := NewRuleDiff([]string{"x", "y"}, 1)
	for round := range 8 {
		a0 := duel(2*round, uint64(round), "x", "y", true, 50*round)
		a1 := duel(2*round+1, uint64(round), "y", "x", true, 20)
		b0 := duel(2*round, uint64(round), "x", "y", false, 50*round+10)
		b1 := duel(2*round+1, uint64(round), "y", "x", round%2 == 0, 30)
		require.NoError(t, d.Add(round, a0, b0))
		require.NoError(t, d.Add(round, a1, b1))
	}
	rep, err := d.Report()
	require.NoError(t, err)
	length := rep.Overall[MetricLength]
	require.InDelta(t, 10, length.Diff, 1e-12)
	require.InDelta(t, 10, length.Lo, 1e-9, "the same shift in every round: no doubt")
	require.InDelta(t, 10, length.Hi, 1e-9)
	y := rep.Bots[1]
	require.Equal(t, "y", y.Bot)
	require.InDelta(t, 0.25, y.Metrics[MetricWinRate].Diff, 1e-12)
	require.InDelta(t, 0.5, y.Metrics[MetricWinRate].A, 1e-12)
	require.InDelta(t, 0.75, y.Metrics[MetricWinRate].B, 1e-12)
	require.Less(t, y.Metrics[MetricWinRate].Lo, 0.25, "the rounds differ: an interval around it")
	require.Greater(t, y.Metrics[MetricElo].Diff, 0.0)
	require.Equal(t, 2, y.RankA)
	require.Equal(t, 1, y.RankB, "y now beats x")

	require.Error(t, d.Add(9, duel(99, 9, "x", "y", true, 1), duel(98, 9, "x", "y", true, 1)))
	_, err = NewRuleDiff([]string{"x"}, 1).Report()
	require.EqualError(t, err, "rule diff: no match to compare")
}

func TestRuleDiffOfOneRoundHasNoInterval(t *testing.T) {
	d := NewRuleDiff([]string{"x", "y"}, 1)
	require.NoError(t, d.Add(0, duel(0, 1, "x", "y", true, 5), duel(0, 1, "x", "y", true, 7)))
	rep, err := d.Report()
	require.NoError(t, err)
	require.Equal(t, 2.0, rep.Overall[MetricLength].Diff)
	require.True(t, math.IsNaN(rep.Overall[MetricLength].Lo))
}
