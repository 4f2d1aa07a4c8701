package aquariom

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// TestStrongParams checks the bot's arguments and their ranges.
func TestStrongParams(t *testing.T) {
	var bot sim.Bot[engine.View, engine.Action]
	for _, b := range Bots() {
		if b.Name == "strong" {
			bot = b
		}
	}
	require.Equal(t, "strong", bot.Name)
	eff, err := sim.Effective(sim.Params{}, bot.Params)
	require.NoError(t, err)
	cfg, err := readStrongConfig(eff)
	require.NoError(t, err)
	require.Equal(t, DefaultStrongConfig(), cfg, "the specs' defaults are DefaultStrongConfig")
	for _, c := range []struct {
		args string
		ok   bool
	}{
		{"strong", true},
		{"strong:risk=0,horizon=1,split_mass=2,hunt=0,virus_ratio=0,regroup=0", true},
		{"strong:risk=50,horizon=20,split_mass=400,hunt=10,virus_ratio=10,regroup=10", true},
		{"strong:risk=-1", false},
		{"strong:horizon=0", false},
		{"strong:horizon=2.5", false},
		{"strong:split_mass=1", false},
		{"strong:hunt=11", false},
		{"strong:virus_ratio=much", false},
		{"strong:regroup=-0.5", false},
		{"strong:depth=3", false},
	} {
		spec, err := sim.ParseBotSpec(c.args)
		require.NoError(t, err)
		eff, err := sim.Effective(spec.Args, bot.Params)
		if err == nil {
			_, err = bot.Prepare(eff)
		}
		require.Equal(t, c.ok, err == nil, "%s: %v", c.args, err)
	}
}

// TestStrongArgsChangePlay plays a duel of two strong bots, then the same
// with one argument of seat 0 changed, and expects another match. The
// arguments that switch a kind of decision off at 0 are played both ways
// (off, and a value that makes some of them in this match): seat 0 must
// take none of them one way, some the other, and the matches must differ.
func TestStrongArgsChangePlay(t *testing.T) {
	r := newRules(t, "duel", 2)
	const seed = 1
	game := func(args string) (sim.Result, *Strong) {
		spec := simtest.Specs(t, args)[0]
		me := newPlayerOf(t, "strong", spec.Args)().(*Strong)
		return play(t, r, seed, me, newPlayerOf(t, "strong", sim.Params{})()), me
	}
	base, def := game("strong")
	t.Logf("default: decisions %v (catch, virus, split, move, regroup)", def.counts)
	names := map[string]bool{}
	for _, c := range []struct {
		args, on string   // on: the argument set so that the decisions happen
		kind     decision // the kind of decision args switches off, or decisionKinds
	}{
		{"strong:risk=0", "", decisionKinds},
		{"strong:horizon=3", "", decisionKinds},
		{"strong:split_mass=60", "", decisionKinds},
		{"strong:hunt=0", "strong:hunt=5", decCatch},
		{"strong:virus_ratio=0", "strong:virus_ratio=1.25", decVirus},
		{"strong:regroup=0", "strong:regroup=2", decRegroup},
	} {
		for name := range simtest.Specs(t, c.args)[0].Args {
			names[name] = true
		}
		t.Run(c.args, func(t *testing.T) {
			t.Parallel()
			res, me := game(c.args)
			t.Logf("decisions %v, score %.0f against %.0f (default: %.0f against %.0f)", me.counts, res.Scores[0], res.Scores[1], base.Scores[0], base.Scores[1])
			if c.kind == decisionKinds {
				require.NotEqual(t, base.StateHash, res.StateHash)
				return
			}
			on, them := game(c.on)
			t.Logf("%s: decisions %v", c.on, them.counts)
			require.NotEqual(t, on.StateHash, res.StateHash)
			require.Zero(t, me.counts[c.kind])
			require.Positive(t, them.counts[c.kind])
		})
	}
	for _, p := range StrongParams {
		require.True(t, names[p.Name], "argument %s is not tried", p.Name)
	}
}

// strengthDeals is how many deals (each played twice, seats swapped) the
// duel strength tests play: enough for the lower end of the 95 % interval
// to clear 200 Elo when the bot wins them all but one.
const strengthDeals = 12

// requireStronger checks that the strong bot beats the named bot on the
// duel map by more than 200 Elo, the whole 95 % interval of its score rate
// included. The deals are played in two halves at once, one per core.
func requireStronger(t *testing.T, opponent string) {
	if testing.Short() {
		t.Skip("plays many whole matches")
	}
	t.Parallel()
	start := time.Now()
	var halves [2]simtest.Score
	var turns [2]int
	r := newRules(t, "duel", 2)
	t.Run("deals", func(t *testing.T) {
		for h := range halves {
			t.Run(fmt.Sprint(h), func(t *testing.T) {
				t.Parallel()
				halves[h], turns[h] = simtest.Duels(t, r, nil, 11, h*strengthDeals/2, (h+1)*strengthDeals/2,
					newPlayerOf(t, "strong", sim.Params{})(), newPlayerOf(t, opponent, sim.Params{})(),
					func(res sim.Result) { require.Empty(t, res.Faults) })
			})
		}
	})
	res := halves[0].Add(halves[1])
	high := 1 - simtest.Score{Wins: res.Losses, Draws: res.Draws, Losses: res.Wins}.WilsonLow()
	t.Logf("strong vs %s: %d games, W/D/L %d/%d/%d, score %.3f (95 %% interval %.3f..%.3f), Elo %+.0f (95 %% interval %+.0f..%+.0f), %d turns and %v a game",
		opponent, res.Games(), res.Wins, res.Draws, res.Losses, res.Rate(), res.WilsonLow(), high,
		simtest.Elo(res.Rate()), simtest.Elo(res.WilsonLow()), simtest.Elo(high),
		(turns[0]+turns[1])/res.Games(), (time.Since(start) / time.Duration(res.Games())).Round(time.Millisecond))
	require.Greater(t, res.WilsonLow(), simtest.Rate200)
}

func TestStrongBeatsSplitter(t *testing.T) { requireStronger(t, "splitter") }

func TestStrongBeatsNearest(t *testing.T) { requireStronger(t, "nearest") }

// TestStrongFirstInFFA4 plays the strong bot against nearest, splitter
// and idle on the four-player map, each bot in each seat in turn, and
// expects the strong bot to come first in most games, and more often than
// any other.
func TestStrongFirstInFFA4(t *testing.T) {
	if testing.Short() {
		t.Skip("plays many whole matches")
	}
	t.Parallel()
	names := []string{"strong", "splitter", "nearest", "idle"}
	const rounds = 3 // each a game per seat rotation
	start := time.Now()
	var firsts [2][4]int
	t.Run("games", func(t *testing.T) {
		for h := range firsts {
			t.Run(fmt.Sprint(h), func(t *testing.T) {
				t.Parallel()
				r := newRules(t, "ffa4", 4)
				m := sim.NewMatch(r, nil)
				players := make([]player, 4)
				for k, name := range names {
					players[k] = newPlayerOf(t, name, sim.Params{})()
				}
				seats := make([]player, 4)
				for g := h; g < 4*rounds; g += 2 {
					for k := range names {
						seats[(k+g)%4] = players[k]
					}
					res := m.Play(context.Background(), sim.Derive(13, uint64(g)), seats)
					require.NoError(t, res.Err)
					require.Empty(t, res.Faults)
					for k := range names {
						if res.Places[(k+g)%4] == 1 {
							firsts[h][k]++
						}
					}
				}
			})
		}
	})
	var total [4]int
	for k := range total {
		total[k] = firsts[0][k] + firsts[1][k]
	}
	games := 4 * rounds
	low := simtest.Score{Wins: total[0], Losses: games - total[0]}.WilsonLow()
	t.Logf("first places in %d four-player games: strong %d, splitter %d, nearest %d, idle %d (strong's rate %.2f, 95 %% low %.2f), %v a game",
		games, total[0], total[1], total[2], total[3], float64(total[0])/float64(games), low, (time.Since(start) / time.Duration(games)).Round(time.Millisecond))
	require.Greater(t, 2*total[0], games, "first in most games")
	for k := 1; k < 4; k++ {
		require.Greater(t, total[0], total[k], "more often first than %s", names[k])
	}
}
