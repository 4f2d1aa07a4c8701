package scenarios_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// TestCommonRandomNumbersOnARealBot measures what arena tune's common
// random numbers buy on a shipped bot: the strong Tron bot on the 11×11
// board, its weights perturbed as in one SPSA iteration (reach, room and
// sealed moved by a tenth of their ranges, θ+ one way and θ− the other),
// each against the strong bot at its defaults. The difference of θ+'s and
// θ−'s points — what the gradient estimate is made of — is measured on the
// same seed and seat (common random numbers) and on two different seeds
// (independent); the ratio of the two variances is what CRN saves in games.
// It plays 600 matches of the strong Tron bot: make strength runs it (make
// test checks CRN on the synthetic bot of results/tune).
func TestCommonRandomNumbersOnARealBot(t *testing.T) {
	simtest.Strength(t)
	e, err := scenarios.LookupGame("tron")
	require.NoError(t, err)
	sc, err := scenarios.Load("tron/small")
	require.NoError(t, err)
	layers, err := sim.LayerParams(sc.Name, sc.Params, e.Game.Info().Map, nil)
	require.NoError(t, err)
	// reach 1..200, room 0..8, sealed 1..64 around 6, 1, 4.
	plus := "strong:reach=26,room=2,sealed=10"
	minus := "strong:reach=1,room=0,sealed=1"
	st, err := e.Game.Setup(layers.Params(), botSpecs(t, []string{plus, minus, "strong"}))
	require.NoError(t, err)
	table := st.NewTable()
	defer table.Close()
	points := func(bot, seat int, seed uint64) float64 {
		seating := []int{2, 2}
		seating[seat] = bot
		res := table.Play(context.Background(), seed, seating)
		require.NoError(t, res.Err)
		switch other := res.Places[1-seat]; {
		case res.Places[seat] < other:
			return 1
		case res.Places[seat] == other:
			return 0.5
		}
		return 0
	}
	const n = 100
	var crn, independent []float64
	for i := range uint64(n) {
		for seat := range 2 {
			s, other := sim.Derive(sc.Seed, i), sim.Derive(sc.Seed, i+n)
			p := points(0, seat, s)
			crn = append(crn, p-points(1, seat, s))
			independent = append(independent, p-points(1, seat, other))
		}
	}
	ratio := variance(independent) / variance(crn)
	t.Logf("variance of θ+ − θ− per game: %.4f on the same seeds, %.4f on independent ones: ratio %.2f (mean %.3f vs %.3f)",
		variance(crn), variance(independent), ratio, mean(crn), mean(independent))
	require.Greater(t, ratio, 1.5, "common random numbers should cut the variance of the difference")
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

func variance(x []float64) float64 {
	m, s := mean(x), 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return s / float64(len(x)-1)
}
