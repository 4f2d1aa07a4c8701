package simtest

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSequential: the test decides H1 after a run of wins, H0 after a run
// of losses, takes longer on mixed results, and stops counting once
// decided.
func TestSequential(t *testing.T) {
	s := NewSequential(0, 200, 0.05, 0.05)
	n := 0
	for !s.Add(Score{Wins: 1}) {
		n++
	}
	require.True(t, s.H1(), s.String())
	// ln(19) / ln(Rate(200)/½) = 2.944 / 0.418: the 8th win decides.
	require.Equal(t, 8, s.Score.Games())
	require.True(t, s.Add(Score{Losses: 5}))
	require.Equal(t, 8, s.Score.Games(), "nothing counted after the decision")

	s = NewSequential(0, 200, 0.05, 0.05)
	for !s.Add(Score{Losses: 1}) {
	}
	require.False(t, s.H1(), s.String())
	require.Contains(t, s.String(), "H0 (Elo ≤ +0) accepted")

	s = NewSequential(0, 200, 0.05, 0.05)
	for range 20 {
		s.Add(Score{Wins: 1, Losses: 1}) // a 50 % score: towards H0, slowly
	}
	require.Contains(t, s.String(), "H0")
	require.Greater(t, s.Score.Games(), 8)
	require.InDelta(t, Rate200, RateOf(200), 1e-12)
}

// TestSequentialRates: a rate test decides on successes and failures.
func TestSequentialRates(t *testing.T) {
	s := NewSequentialRates(0.25, 0.6, 0.05, 0.05)
	for !s.Add(Score{Wins: 1}) {
	}
	// ln(19) / ln(0.6/0.25): the 4th success decides.
	require.Equal(t, 4, s.Score.Games())
	require.Contains(t, s.String(), "H1 (rate ≥ 0.60) accepted")
}
