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
	skipUnderRace(t)
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
// duel strength benchmarks play: enough for the lower end of the 95 %
// interval to clear 200 Elo when the bot wins them all but one. The
// sequential tests of make test stop before, as soon as they decide.
const strengthDeals = 12

// duelPlayers returns the strong bot and the named one, for the duel map.
func duelPlayers(t *testing.T, opponent string) (*engine.Rules, player, player, func(sim.Result)) {
	return newRules(t, "duel", 2), newPlayerOf(t, "strong", sim.Params{})(), newPlayerOf(t, opponent, sim.Params{})(),
		func(res sim.Result) { require.Empty(t, res.Faults) }
}

// requireStronger checks, deal by deal on the duel map, that the strong bot
// is at least 200 Elo stronger than the named bot rather than no stronger
// at all (a sequential test at 5 % error rates: when it wins every game,
// four deals decide).
func requireStronger(t *testing.T, opponent string) {
	simtest.Clockless(t)
	if testing.Short() {
		t.Skip("plays whole matches")
	}
	t.Parallel()
	r, strong, other, check := duelPlayers(t, opponent)
	seq := simtest.NewSequential(0, 200, 0.05, 0.05)
	for d := 0; d < strengthDeals; d++ {
		score, _ := simtest.Duels(t, r, nil, 11, d, d+1, strong, other, check)
		if seq.Add(score) {
			break
		}
	}
	t.Logf("strong vs %s: %s", opponent, seq)
	require.True(t, seq.H1(), "strong vs %s: %s", opponent, seq)
}

func TestStrongBeatsSplitter(t *testing.T) { requireStronger(t, "splitter") }

func TestStrongBeatsNearest(t *testing.T) { requireStronger(t, "nearest") }

// TestStrengthDuels measures (make strength) the strong bot against each
// other bot on the duel map, strengthDeals deals: more than 200 Elo, the
// whole 95 % interval of its score rate included. The deals are played in
// two halves at once, one per core.
func TestStrengthDuels(t *testing.T) {
	simtest.Strength(t)
	for _, opponent := range []string{"splitter", "nearest", "idle"} {
		t.Run(opponent, func(t *testing.T) {
			start := time.Now()
			var halves [2]simtest.Score
			var turns [2]int
			t.Run("deals", func(t *testing.T) {
				for h := range halves {
					t.Run(fmt.Sprint(h), func(t *testing.T) {
						t.Parallel()
						r, strong, other, check := duelPlayers(t, opponent)
						halves[h], turns[h] = simtest.Duels(t, r, nil, 11, h*strengthDeals/2, (h+1)*strengthDeals/2, strong, other, check)
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
		})
	}
}

// ffa4Names are the bots of the four-player games, the strong one first.
var ffa4Names = []string{"strong", "splitter", "nearest", "idle"}

// playFFA4 plays four-player game g on the four-player map, each bot in
// seat (k+g) mod 4, and returns which bot came first (-1: none alone).
func playFFA4(t *testing.T, m *sim.Match[engine.State, engine.View, engine.Action], players []player, g int) (firsts [4]bool) {
	seats := make([]player, 4)
	for k := range players {
		seats[(k+g)%4] = players[k]
	}
	res := m.Play(context.Background(), sim.Derive(13, uint64(g)), seats)
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	for k := range players {
		firsts[k] = res.Places[(k+g)%4] == 1
	}
	return firsts
}

func ffa4Match(t *testing.T) (*sim.Match[engine.State, engine.View, engine.Action], []player) {
	m := sim.NewMatch(newRules(t, "ffa4", 4), nil)
	players := make([]player, 4)
	for k, name := range ffa4Names {
		players[k] = newPlayerOf(t, name, sim.Params{})()
	}
	return m, players
}

// TestStrongFirstInFFA4 checks, game by game on the four-player map with
// nearest, splitter and idle in rotated seats, that the strong bot comes
// first in at least 60 % of the games rather than in a quarter, by chance
// (a sequential test at 5 % error rates: four firsts in a row decide).
func TestStrongFirstInFFA4(t *testing.T) {
	simtest.Clockless(t)
	if testing.Short() {
		t.Skip("plays whole matches")
	}
	t.Parallel()
	m, players := ffa4Match(t)
	seq := simtest.NewSequentialRates(0.25, 0.6, 0.05, 0.05)
	for g := 0; g < 12; g++ {
		first := simtest.Score{Losses: 1}
		if playFFA4(t, m, players, g)[0] {
			first = simtest.Score{Wins: 1}
		}
		if seq.Add(first) {
			break
		}
	}
	t.Logf("strong first: %s", seq)
	require.True(t, seq.H1(), "strong first: %s", seq)
}

// TestStrengthFFA4 measures (make strength) the first places of the strong
// bot against nearest, splitter and idle on the four-player map, each bot
// in each seat in turn: first in most games, and more often than any other.
func TestStrengthFFA4(t *testing.T) {
	simtest.Strength(t)
	const rounds = 3 // each a game per seat rotation
	start := time.Now()
	var firsts [2][4]int
	t.Run("games", func(t *testing.T) {
		for h := range firsts {
			t.Run(fmt.Sprint(h), func(t *testing.T) {
				t.Parallel()
				m, players := ffa4Match(t)
				for g := h; g < 4*rounds; g += 2 {
					for k, first := range playFFA4(t, m, players, g) {
						if first {
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
		require.Greater(t, total[0], total[k], "more often first than %s", ffa4Names[k])
	}
}
