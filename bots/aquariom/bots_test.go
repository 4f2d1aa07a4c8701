package aquariom

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// botNames are the registered bots, weakest first.
var botNames = []string{"idle", "nearest", "splitter", "strong"}

func TestBotsRegistered(t *testing.T) {
	bots := Bots()
	require.Len(t, bots, len(botNames))
	for i, b := range bots {
		require.Equal(t, botNames[i], b.Name)
		require.NotEmpty(t, b.Summary)
		newPlayer, err := b.Prepare(must(sim.Effective(sim.Params{}, b.Params)))
		require.NoError(t, err)
		require.NotNil(t, newPlayer())
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestLegal plays every bot in duels and four-player games, each action
// checked by checked: it reads back through its text form and the rules
// carry out every command.
func TestLegal(t *testing.T) {
	games := []struct {
		m     string
		bots  []string
		seeds int
	}{
		{"duel", []string{"strong", "strong"}, 2},
		{"duel", []string{"splitter", "strong"}, 1},
		{"duel", []string{"nearest", "splitter"}, 3},
		{"ffa4", []string{"strong", "splitter", "nearest", "idle"}, 2},
		{"ffa4", []string{"strong", "strong", "strong", "splitter"}, 1},
	}
	for _, g := range games {
		t.Run(fmt.Sprint(g.m, g.bots), func(t *testing.T) {
			t.Parallel()
			seeds := g.seeds
			if testing.Short() {
				seeds = 1
			}
			r := newRules(t, g.m, len(g.bots))
			players := make([]player, len(g.bots))
			checks := make([]*checked, len(g.bots))
			for k, name := range g.bots {
				checks[k] = &checked{t: t, p: newPlayerOf(t, name, sim.Params{})(), idle: name == "idle"}
				players[k] = checks[k]
			}
			for seed := range seeds {
				res := play(t, r, uint64(seed), players...)
				require.Equal(t, 1000, res.Turns)
			}
			for _, c := range checks {
				require.Equal(t, 1000*seeds, c.actions)
			}
		})
	}
}

// TestLegalHunting plays the hunting scene (see huntScene) to its end with
// each bot as hunter and as prey, every action checked, and expects the
// bots that divide to catch prey to have divided.
func TestLegalHunting(t *testing.T) {
	for _, name := range []string{"nearest", "splitter", "strong"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			prey := &checked{t: t, p: &prefixed{script: divideEast, bot: newPlayerOf(t, name, sim.Params{})()}}
			hunter := &checked{t: t, p: &prefixed{script: wait, bot: newPlayerOf(t, name, sim.Params{})()}}
			res := play(t, huntScene(t), 1, prey, hunter)
			require.Equal(t, 1000, res.Turns)
			if name != "nearest" {
				require.Positive(t, hunter.divides)
			}
		})
	}
}

// TestDeterministic replays a match of each bot against the splitter (and
// one of four strong bots) and expects the same match; another seed gives
// another match, the bots drawing from their seat's stream.
func TestDeterministic(t *testing.T) {
	skipUnderRace(t)
	for _, name := range botNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := newRules(t, "duel", 2)
			game := func(seed uint64) sim.Result {
				return play(t, r, seed, newPlayerOf(t, name, sim.Params{})(), newPlayerOf(t, "splitter", sim.Params{})())
			}
			first, second, other := game(3), game(3), game(4)
			require.Equal(t, first.StateHash, second.StateHash)
			require.Equal(t, first.Scores, second.Scores)
			require.NotEqual(t, first.StateHash, other.StateHash)
		})
	}
	t.Run("ffa4", func(t *testing.T) {
		t.Parallel()
		r := newRules(t, "ffa4", 4)
		game := func() sim.Result {
			ps := make([]player, 4)
			for k := range ps {
				ps[k] = newPlayerOf(t, "strong", sim.Params{})()
			}
			return play(t, r, 5, ps...)
		}
		require.Equal(t, game().StateHash, game().StateHash)
	})
}

// TestAllocs checks that a turn of each bot allocates nothing once its
// buffers are sized: it plays two matches to warm up, then measures every
// turn of a third (all the bot's kinds of decision, as they come); in
// short mode, one match to warm up and the first 300 turns of a second.
func TestAllocs(t *testing.T) {
	simtest.Clockless(t)
	if simtest.RaceDetector {
		t.Skip("the race detector's instrumentation allocates")
	}
	for _, name := range botNames {
		t.Run(name, func(t *testing.T) {
			// Not parallel: AllocsPerRun counts the whole process's
			// allocations, and the testing package refuses it in a
			// parallel test.
			r := newRules(t, "ffa4", 4)
			me := newPlayerOf(t, name, sim.Params{})()
			players := []player{me, newPlayerOf(t, "strong", sim.Params{})(), newPlayerOf(t, "splitter", sim.Params{})(), newPlayerOf(t, "nearest", sim.Params{})()}
			var views [4]engine.View
			var acts [4]engine.Action
			matches, turns := 3, 999
			if testing.Short() {
				matches, turns = 2, 300
			}
			for seed := range matches {
				tb := newTable(t, r, uint64(seed), players...)
				turn := func() {
					for k := range players {
						tb.rules.Observe(&tb.state, k, &views[k])
						acts[k], _ = players[k].Act(&views[k])
					}
				}
				mine := func() {
					var err error
					acts[0], err = me.Act(&views[0])
					if err != nil {
						panic(err)
					}
				}
				for tb.rules.Turn(&tb.state) < 999 {
					turn()
					if seed == matches-1 {
						if tb.rules.Turn(&tb.state) >= turns {
							break
						}
						// Measured: the bot's own turn, in this position.
						allocs := testing.AllocsPerRun(1, mine)
						require.Zero(t, allocs, "turn %d", tb.rules.Turn(&tb.state)+1)
					}
					tb.rules.Step(&tb.state, acts[:], tb.streams.Engine(), nil)
				}
			}
		})
	}
}

// skipUnderRace skips a test whose matches only repeat what TestLegal's
// parallel matches already show the race detector (bots of one package
// playing at once), at ten times the cost under it (make race). The test
// still runs in make test.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if simtest.RaceDetector {
		t.Skip("TestLegal plays these bots at once under the race detector; this is ten times as slow under it")
	}
}
