package coin_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	cobots "github.com/arenasim/arena/bots/coin"
	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

func TestCoinAnswersItsElo(t *testing.T) {
	for _, tc := range []struct {
		args sim.Params
		elo  float64
	}{
		{simtest.Params(), 0},
		{simtest.Params("elo", 200), 200},
		{simtest.Params("elo", -1000), -1000},
		{simtest.Params("elo", 12.75), 12.75},
	} {
		p := simtest.PlayerOf(t, cobots.Bots(), "coin", tc.args)()
		for range 2 {
			p.Reset(sim.MatchInfo{}, nil)
			a, err := p.Act(&coin.View{})
			require.NoError(t, err)
			require.Equal(t, coin.Declare(tc.elo), a)
		}
	}
}

func TestCoinChecksItsElo(t *testing.T) {
	bot := cobots.Bots()[0]
	for _, tc := range []struct {
		elo string
		err string
	}{
		{`2000.5`, "param elo: 2000.5 is out of range -2000..2000"},
		{`-3000`, "param elo: -3000 is out of range -2000..2000"},
		{`"strong"`, `param elo: "strong" is not a number`},
	} {
		args, err := sim.Effective(simtest.ParamsJSON(t, `{"elo":`+tc.elo+`}`), bot.Params)
		if err == nil { // the spec refuses it, or else the constructor
			_, err = bot.Prepare(args)
		}
		require.EqualError(t, err, tc.err)
	}
}

// TestTrueEloShows plays coin:elo=200 against coin:elo=0 as the runner
// does, each seed from both sides, and checks that the stronger scores
// 1/(1+10^(−200/400)) ≈ 0.76 within 4.5 standard errors, draws included.
func TestTrueEloShows(t *testing.T) {
	const deals = 20000
	g := coin.Game()
	for _, draws := range []float64{0, 0.2} {
		params := simtest.Params("draws", draws)
		eff, err := sim.Effective(params, g.Params)
		require.NoError(t, err)
		rules, err := coin.New(sim.Seats(eff), eff)
		require.NoError(t, err)
		strong := simtest.PlayerOf(t, cobots.Bots(), "coin", simtest.Params("elo", 200))()
		level := simtest.PlayerOf(t, cobots.Bots(), "coin", nil)()
		score, _ := simtest.Duels(t, rules, eff, 1, 0, deals, strong, level, nil)
		n := float64(score.Games())
		se := math.Sqrt(simtest.Rate200 * (1 - simtest.Rate200) / n)
		require.InDelta(t, simtest.Rate200, score.Rate(), 4.5*se, "draws=%v: %+v", draws, score)
		require.Equal(t, draws > 0, score.Draws > 0, "draws=%v: %+v", draws, score)
	}
}
