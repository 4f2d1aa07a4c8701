package sopra

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	engine "github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newRules configures the game from JSON overrides.
func newRules(t testing.TB, overrides string) (*engine.Rules, sim.Params) {
	t.Helper()
	return simtest.Rules(t, engine.Params, engine.New, simtest.ParamsJSON(t, overrides))
}

// newPlayer returns a new player of the bot given by spec text.
func newPlayer(t testing.TB, text string) player {
	t.Helper()
	spec := simtest.Specs(t, text)[0]
	return simtest.PlayerOf(t, Bots(), spec.Name, spec.Args)()
}

// watch plays a match and calls see with the state after every round.
func watch(t testing.TB, r *engine.Rules, eff sim.Params, seed uint64, players []player, see func(round int, acts []engine.Action, s *engine.State)) sim.Result {
	t.Helper()
	m := sim.NewMatch(r, eff)
	m.Trace = func(round int, _ []int, acts []engine.Action, s *engine.State) {
		if see != nil {
			see(round, acts, s)
		}
	}
	res := m.Play(context.Background(), seed, players)
	require.NoError(t, res.Err)
	return res
}

// TestCollectorTakesTheShortestPath: alone with one logo, the collector
// walks straight to it and home, and delivers in as many rounds as the
// two paths have steps.
func TestCollectorTakesTheShortestPath(t *testing.T) {
	r, eff := newRules(t, `{"players":2,"starts":[[2,2],[15,12]],"caddies":[[2,2],[15,12]],"logos":[[9,5]],"logo_count":1,"rounds":21}`)
	var delivered int
	res := watch(t, r, eff, 1, []player{newPlayer(t, "collector"), absent{}}, func(round int, _ []engine.Action, s *engine.State) {
		if delivered == 0 && s.Player(0).Deliveries == 1 {
			delivered = round
		}
	})
	require.Equal(t, 2*(7+3), delivered, "7 + 3 steps there, as many back")
	require.Equal(t, 31.0, res.Scores[0])
	require.Empty(t, faultsOf(res, 0))
}

// TestCollectorGoesAroundPlayers: a wall of players between the collector
// and the logo makes it walk around them, never into them.
func TestCollectorGoesAroundPlayers(t *testing.T) {
	r, eff := newRules(t, `{"players":4,"starts":[[2,5],[4,4],[4,5],[4,6]],"caddies":[[2,5],[4,4],[4,5],[4,6]],"logos":[[6,5]],"logo_count":1,"rounds":16}`)
	res := watch(t, r, eff, 1, []player{newPlayer(t, "collector"), absent{}, absent{}, absent{}}, nil)
	require.Empty(t, faultsOf(res, 0), "never walks into a player")
	require.Equal(t, 31.0, res.Scores[0], "around the wall by row 3 or 7: 8 steps there, 8 back")
}

// TestBrawlerHuntsTheCarrier: with nobody carrying, the brawler heads for
// the nearest player away from home; once a player carries a logo, it
// heads for the carrier, though another is nearer, and slaps it.
func TestBrawlerHuntsTheCarrier(t *testing.T) {
	// Seat 1 stands still at (5,8); seat 2 picks up the logo at (9,6) in
	// round 1, then goes East and West in turn.
	r, eff := newRules(t, `{"players":3,"order":"fixed","starts":[[5,5],[5,8],[9,5]],"caddies":[[0,0],[15,0],[15,12]],"logos":[[9,6]],"logo_count":1,"rounds":4}`)
	var path []engine.Cell
	res := watch(t, r, eff, 1, []player{newPlayer(t, "brawler"), absent{}, &shuttle{first: engine.South}}, func(round int, _ []engine.Action, s *engine.State) {
		path = append(path, s.Player(0).Pos)
	})
	require.Equal(t, []engine.Cell{{X: 5, Y: 5}, {X: 5, Y: 6}, {X: 6, Y: 6}, {X: 7, Y: 6}, {X: 8, Y: 6}}, path, "towards seat 1, then the carrier")
	require.Equal(t, 2.0, res.Scores[0], "a slap of the carrier in round 4")
}

// TestRandomOnlyMakesAllowedMoves: the random bot never walks off the
// board, into a player that stood still, or jumps with none left.
func TestRandomOnlyMakesAllowedMoves(t *testing.T) {
	r, eff := newRules(t, `{"players":2,"starts":[[0,0],[1,0]],"caddies":[[0,0],[1,0]],"logo_count":0,"rounds":300}`)
	res := watch(t, r, eff, 3, []player{newPlayer(t, "random"), absent{}}, nil)
	require.Empty(t, faultsOf(res, 0))
	jumps := 0
	watch(t, r, eff, 4, []player{newPlayer(t, "random"), absent{}}, func(_ int, acts []engine.Action, _ *engine.State) {
		if len(acts) > 0 && acts[0].Jump() {
			jumps++
		}
	})
	require.Equal(t, 3, jumps, "spends its three jumps, no more")
}

// TestEveryBotPlaysTheEventMatch plays the event's setup with every bot
// and checks that the bots that avoid forbidden moves commit none against
// players that stand still, and that nothing fails.
func TestEveryBotPlaysTheEventMatch(t *testing.T) {
	r, eff := newRules(t, `{}`)
	for _, b := range Bots() {
		players := []player{newPlayer(t, b.Name)}
		for range 5 {
			players = append(players, absent{})
		}
		res := watch(t, r, eff, 11, players, nil)
		require.Equal(t, 50, res.Turns)
		require.Empty(t, faultsOf(res, 0), b.Name)
		if b.Name == "collector" || b.Name == "strong" {
			require.Greater(t, res.Scores[0], 60.0, "%s alone gathers logos", b.Name)
		}
	}
}

func TestRoundAllocatesNothing(t *testing.T) {
	for _, b := range Bots() {
		g := newRounds(t, b.Name)
		for range 500 {
			g.round()
		}
		require.Zero(t, testing.AllocsPerRun(300, g.round), b.Name)
	}
}

func faultsOf(res sim.Result, seat int) []sim.Fault {
	var out []sim.Fault
	for _, f := range res.Faults {
		if f.Seat == seat {
			out = append(out, f)
		}
	}
	return out
}

// absent never answers: stunned one round in two, it never moves.
type absent struct{}

func (absent) Reset(sim.MatchInfo, *rand.Rand) {}

func (absent) Act(*engine.View) (engine.Action, error) { return engine.NoAction, errors.New("absent") }

// shuttle plays first, then East and West in turn.
type shuttle struct {
	first engine.Action
	n     int
}

func (p *shuttle) Reset(sim.MatchInfo, *rand.Rand) { p.n = 0 }

func (p *shuttle) Act(*engine.View) (engine.Action, error) {
	p.n++
	switch {
	case p.n == 1:
		return p.first, nil
	case p.n%2 == 0:
		return engine.East, nil
	}
	return engine.West, nil
}
