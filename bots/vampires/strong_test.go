package vampires

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// strengthSeeds is how many deals (each played twice, seats, species and
// first move swapped) the strength benchmark plays on each map: 30 games,
// enough for the lower end of the 95 % interval to clear 200 Elo with two
// losses. The sequential test of make test stops before, as soon as it
// decides.
const strengthSeeds = 15

// TestStrongBeatsGreedy checks, deal by deal on every shipped map under the
// default rules, that the strong bot is at least 200 Elo stronger than
// greedy rather than no stronger at all (a sequential test at 5 % error
// rates: four deals decide when it wins every game), and never faults.
// The maps are played in parallel.
func TestStrongBeatsGreedy(t *testing.T) {
	for _, name := range vampires.ShippedMaps() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			strong, greedy := newPlayerOf(t, "strong", sim.Params{}), newPlayerOf(t, "greedy", sim.Params{})
			simtest.RequireStronger(t, simtest.NewSequential(0, 200, 0.05, 0.05), strengthSeeds, "strong vs greedy on "+name, func(d int) simtest.Score {
				res, st := playDuels(t, params("map", name), d, d+1, strong, greedy)
				require.Zero(t, st.faults)
				return res
			})
		})
	}
}

// TestStrengthAgainstGreedy measures (make strength) the strong bot against
// greedy on every shipped map: more than 200 Elo, the whole 95 % Wilson
// interval of its score rate above 76 %. The maps are played in parallel.
func TestStrengthAgainstGreedy(t *testing.T) {
	simtest.Strength(t)
	for _, name := range vampires.ShippedMaps() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, st := playDuels(t, params("map", name), 0, strengthSeeds, newPlayerOf(t, "strong", sim.Params{}), newPlayerOf(t, "greedy", sim.Params{}))
			t.Logf("strong vs greedy on %s: %d games, W/D/L %d/%d/%d, score %.3f (95 %% low %.3f), Elo %+.0f, %d plies a game",
				name, res.Games(), res.Wins, res.Draws, res.Losses, res.Rate(), res.WilsonLow(), simtest.Elo(res.Rate()), st.plies/res.Games())
			require.Zero(t, st.faults)
			require.Greater(t, res.WilsonLow(), simtest.Rate200)
		})
	}
}

// TestBotsPlayValidPlies plays every bot against every other under both
// rule sets on every map: no ply may be refused. In short mode the strong
// bot sits out (TestStrongBeatsGreedy checks its plies) and so does the
// large map.
func TestBotsPlayValidPlies(t *testing.T) {
	names := []string{"random", "greedy", "strong"}
	if testing.Short() {
		names = names[:2]
	}
	for _, ruleset := range []string{"classic", "v10"} {
		for _, name := range vampires.ShippedMaps() {
			if testing.Short() && name == "large" {
				continue // the slowest map
			}
			t.Run(ruleset+"/"+name, func(t *testing.T) {
				t.Parallel()
				for i, a := range names {
					for _, b := range names[i:] {
						if a == "strong" && b == "strong" && name == "large" {
							continue // the slowest pairing, and strong plays it elsewhere
						}
						_, st := playDuels(t, params("map", name, "ruleset", ruleset), 0, 1, newPlayerOf(t, a, sim.Params{}), newPlayerOf(t, b, sim.Params{}))
						require.Zero(t, st.faults, "%s against %s", a, b)
					}
				}
			})
		}
	}
	// One move a ply: every bot keeps to max_moves.
	for _, a := range names {
		_, st := playDuels(t, params("map", "square", "max_moves", 1), 0, 2, newPlayerOf(t, a, sim.Params{}), newPlayerOf(t, "random", sim.Params{}))
		require.Zero(t, st.faults, a)
	}
}

// TestStrongIsDeterministic plays the same match twice with one player and
// once with a fresh one: the same plies, to the same state.
func TestStrongIsDeterministic(t *testing.T) {
	rules, eff := newRules(t, params("map", "trap"))
	m := sim.NewMatch(rules, eff)
	strong := newPlayerOf(t, "strong", sim.Params{})
	greedy := newPlayerOf(t, "greedy", sim.Params{})
	first := m.Play(context.Background(), 7, []player{strong(), greedy()})
	again := strong()
	second := m.Play(context.Background(), 7, []player{again, greedy()})
	third := m.Play(context.Background(), 7, []player{again, greedy()})
	require.Equal(t, first.StateHash, second.StateHash)
	require.Equal(t, first.StateHash, third.StateHash, "a player reused from match to match plays the same")
}

// position starts a match on a map file's text and returns what seat 0
// sees.
func position(t *testing.T, overrides sim.Params, xml string) *vampires.View {
	t.Helper()
	rules, _ := newRules(t, overrides)
	m, err := vampires.ParseMap("test", []byte(xml))
	require.NoError(t, err)
	rules.Map = m
	var s vampires.State
	rules.Init(&s, nil)
	var v vampires.View
	rules.Observe(&s, 0, &v)
	return &v
}

func strongPly(t *testing.T, v *vampires.View) vampires.Ply {
	t.Helper()
	p := newPlayerOf(t, "strong", sim.Params{})()
	p.Reset(sim.MatchInfo{Seat: 0, Seats: 2}, sim.NewRand(1, 0))
	ply, err := p.Act(v)
	require.NoError(t, err)
	return ply
}

func TestStrongConvertsNextDoor(t *testing.T) {
	v := position(t, sim.Params{}, `<Map Rows="5" Columns="9">
		<Vampires X="1" Y="2" Count="5"/><Humans X="2" Y="2" Count="5"/>
		<Werewolves X="8" Y="4" Count="3"/></Map>`)
	require.Equal(t, "MOV 1,2,5,2,2", strongPly(t, v).String())
}

func TestStrongSplitsForTwoVillages(t *testing.T) {
	// Two villages of 3, one on each side: 6 vampires take both at once.
	v := position(t, sim.Params{}, `<Map Rows="5" Columns="9">
		<Humans X="0" Y="2" Count="3"/><Vampires X="1" Y="2" Count="6"/><Humans X="2" Y="2" Count="3"/>
		<Werewolves X="8" Y="4" Count="4"/></Map>`)
	ply := strongPly(t, v)
	require.Len(t, ply.Moves, 2, ply.String())
	require.ElementsMatch(t, []vampires.Move{{From: vampires.Cell{X: 1, Y: 2}, Count: 3, To: vampires.Cell{X: 0, Y: 2}}, {From: vampires.Cell{X: 1, Y: 2}, Count: 3, To: vampires.Cell{X: 2, Y: 2}}}, ply.Moves)
}

func TestStrongKillsWhatItCan(t *testing.T) {
	v := position(t, sim.Params{}, `<Map Rows="5" Columns="9">
		<Vampires X="4" Y="2" Count="6"/><Werewolves X="5" Y="3" Count="4"/><Humans X="0" Y="0" Count="2"/></Map>`)
	require.Equal(t, "MOV 4,2,6,5,3", strongPly(t, v).String(), "6 ≥ 1.5·4: the werewolves die out")
}

func TestStrongFleesAKiller(t *testing.T) {
	// 9 werewolves next door kill the 4 vampires if they stay in reach.
	v := position(t, sim.Params{}, `<Map Rows="7" Columns="7">
		<Vampires X="3" Y="3" Count="4"/><Werewolves X="4" Y="3" Count="9"/><Humans X="6" Y="6" Count="1"/></Map>`)
	ply := strongPly(t, v)
	require.Len(t, ply.Moves, 1, ply.String())
	to := ply.Moves[0].To
	require.Equal(t, 2, dist(to, vampires.Cell{X: 4, Y: 3}), "out of the werewolves' reach: %s", ply)
}

func TestStrongArguments(t *testing.T) {
	bots := Bots()
	strong := bots[len(bots)-1]
	for _, tc := range []struct {
		args string
		err  string
	}{
		{`{"budget":0}`, "param budget: 0 is out of range 1..100000000"},
		{`{"depth":33}`, "param depth: 33 is out of range 1..32"},
		{`{"decay":1.5}`, "param decay: 1.5 is out of range 0..1"},
		{`{"humans":"lots"}`, "param humans: "},
	} {
		var args sim.Params
		require.NoError(t, jsonUnmarshal(tc.args, &args))
		eff, err := sim.Effective(args, strong.Params)
		if err == nil { // the spec refuses it, or else the constructor
			_, err = strong.Prepare(eff)
		}
		require.ErrorContains(t, err, tc.err)
	}
	eff, err := sim.Effective(sim.Params{}, strong.Params)
	require.NoError(t, err)
	cfg, err := readStrongConfig(eff)
	require.NoError(t, err)
	require.Equal(t, DefaultStrongConfig(), cfg, "the documented defaults are the config's")
}
