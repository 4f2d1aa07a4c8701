package sopra

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// TestDefaultSetup checks the event's setup: caddies in column 2, rows 2,
// 4, …, 12, each player on its own, 10 logos on distinct cells of the right
// half, drawn anew for each seed.
func TestDefaultSetup(t *testing.T) {
	r := newRules(t, `{}`)
	require.Equal(t, 6, r.Players)
	layouts := map[[10]Cell]bool{}
	for seed := range uint64(50) {
		s := &State{}
		r.Init(s, sim.NewRand(seed, sim.EngineStream))
		checkInvariants(t, r, s)
		for seat, p := range s.players {
			require.Equal(t, Cell{2, 2 + 2*seat}, p.Caddie)
			require.Equal(t, p.Caddie, p.Pos)
			require.Equal(t, 3, p.Jumps)
		}
		var layout [10]Cell
		for k, l := range s.logos {
			require.GreaterOrEqual(t, l.Pos.X, 8, "logo %d in the right half", k)
			layout[k] = l.Pos
		}
		layouts[layout] = true
	}
	require.Greater(t, len(layouts), 45, "the logos are drawn at random")
}

// TestPinnedLogosAndRandomOnes: pinned logos may lie anywhere; the rest are
// drawn in the right half.
func TestPinnedLogosAndRandomOnes(t *testing.T) {
	r := newRules(t, `{"players":2,"logos":[[0,0],[15,12]],"logo_count":4}`)
	s := newGame(t, r)
	require.Equal(t, Cell{0, 0}, s.logos[0].Pos)
	require.Equal(t, Cell{15, 12}, s.logos[1].Pos)
	require.GreaterOrEqual(t, s.logos[2].Pos.X, 8)
	require.GreaterOrEqual(t, s.logos[3].Pos.X, 8)
}

func TestBadParams(t *testing.T) {
	for _, tc := range []struct{ params, msg string }{
		{`{"players":2,"starts":[[1,1]]}`, "param starts: 1 cells for 2 players"},
		{`{"players":2,"starts":[[1,1],[16,0]]}`, "param starts: cell 1 [16,0] is off the 16×13 board"},
		{`{"players":2,"caddies":[[1,1],[1,1]]}`, "param caddies: cells 0 and 1 are both [1,1]"},
		{`{"players":2,"logos":[[2,4]]}`, "param logos: logo 0 [2,4] is on the start of seat 1"},
		{`{"players":2,"starts":[[5,5],[6,6]],"logos":[[2,2]]}`, "param logos: logo 0 [2,2] is on the caddie of seat 0"},
		{`{"players":2,"logos":[[9,9],[9,10]],"logo_count":1}`, "param logos: 2 pinned logos, more than logo_count 1"},
		{`{"players":2,"logo_count":200}`, "param logo_count: 200 random logos, but the right half of the 16×13 board (x ≥ 8) has 104 cells free of starts, caddies and pinned logos"},
		{`{"height":10}`, "param caddies: cell 4 [2,10] is off the 16×10 board"},
		{`{"width":3,"height":3,"players":2,"caddies":[[0,0],[1,0]],"logos":[[0,2],[1,2],[2,2],[2,1],[0,1],[1,1]],"logo_count":6}`, "param logo_count: 2 players, 2 caddies and 6 logos need 10 cells, more than the 3×3 board has"},
		{`{"slap_adjacency":6}`, "param slap_adjacency: 6 is not one of 4, 8"},
		{`{"order":"random"}`, `param order: "random" is not one of rotate, fixed`},
	} {
		eff, err := sim.Effective(simtest.ParamsJSON(t, tc.params), Params)
		if err == nil {
			_, err = New(sim.Seats(eff), eff)
		}
		require.EqualError(t, err, tc.msg, tc.params)
	}
}
