package vampires_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	vwbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

type player = sim.Player[vampires.View, vampires.Ply]

func newRules(t testing.TB, overrides sim.Params) (*vampires.Rules, sim.Params) {
	t.Helper()
	eff, err := sim.Effective(overrides, vampires.Params)
	require.NoError(t, err)
	r, err := vampires.New(sim.Seats(eff), eff)
	require.NoError(t, err)
	return r, eff
}

func params(kv ...any) sim.Params {
	p := sim.Params{}
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1])
	}
	return p
}

// TestSilentBotLosesItsPlies has seat 0 play two plies from a script and
// then fall silent: its plies are void, not forfeits, and the match goes on
// to daybreak.
func TestSilentBotLosesItsPlies(t *testing.T) {
	r, eff := newRules(t, params("map", "duel", "max_plies", 10))
	m := sim.NewMatch(r, eff)
	first, err := vampires.ParsePly("MOV 1,4,5,0,5") // converts 3 humans
	require.NoError(t, err)
	second, err := vampires.ParsePly("MOV 0,5,8,0,4")
	require.NoError(t, err)
	silent := simtest.NewScript[vampires.View]([]vampires.Ply{first, second})
	res := m.Play(context.Background(), 1, []player{silent, &vwbots.Greedy{}})
	require.NoError(t, res.Err)
	require.Equal(t, 10, res.Turns, "the game ends at daybreak")
	require.Len(t, res.Faults, 3, "plies 5, 7 and 9 are void")
	for i, f := range res.Faults {
		require.Equal(t, 0, f.Seat)
		require.Equal(t, sim.FaultNoAnswer, f.Kind)
		require.Equal(t, 5+2*i, f.Turn)
	}
	require.Equal(t, 8.0, res.Scores[0], "5 vampires and the 3 humans of (0,5)")
	require.Equal(t, []int{2, 1}, res.Places, "greedy grew meanwhile")
}

// TestForfeitInAMatch plays an invalid ply through the match loop: the
// cheater loses at once and the record says why.
func TestForfeitInAMatch(t *testing.T) {
	r, eff := newRules(t, params("map", "duel"))
	m := sim.NewMatch(r, eff)
	cheat, err := vampires.ParsePly("MOV 6,1,5,5,2")
	require.NoError(t, err) // the werewolves' cell: not seat 0's species
	res := m.Play(context.Background(), 1, []player{simtest.NewScript[vampires.View]([]vampires.Ply{cheat}), &vwbots.Greedy{}})
	require.NoError(t, res.Err)
	require.Equal(t, 1, res.Turns)
	require.Equal(t, []int{2, 1}, res.Places)
	require.Len(t, res.Faults, 1)
	require.Equal(t, sim.FaultInvalid, res.Faults[0].Kind)
	require.Equal(t, "invalid ply, forfeit: move 1 6,1,5,5,2: the source holds no vampires", res.Faults[0].Msg)
}

// TestSeatsSwapSpeciesAndFirstMove checks the paired games: with
// seat0_species=werewolves the werewolves move first.
func TestSeatsSwapSpeciesAndFirstMove(t *testing.T) {
	for _, species := range []string{"vampires", "werewolves"} {
		t.Run(species, func(t *testing.T) {
			r, eff := newRules(t, params("seat0_species", species))
			m := sim.NewMatch(r, eff)
			var seen []vampires.Kind
			spy := spyPlayer{onAct: func(v *vampires.View) { seen = append(seen, v.Me) }}
			m.Play(context.Background(), 1, []player{&spy, &vwbots.Greedy{}})
			require.NotEmpty(t, seen)
			require.Equal(t, species, fmt.Sprint(seen[0]))
		})
	}
}

// spyPlayer records what it sees and answers nothing.
type spyPlayer struct{ onAct func(*vampires.View) }

func (p *spyPlayer) Reset(sim.MatchInfo, *rand.Rand) {}
func (p *spyPlayer) Act(v *vampires.View) (vampires.Ply, error) {
	p.onAct(v)
	return vampires.Ply{}, nil
}
