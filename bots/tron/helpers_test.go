package tron

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
	"github.com/stretchr/testify/require"
)

// player is the player type of every Tron bot.
type player = sim.Player[tron.View, tron.Dir]

// newPlayerOf returns a constructor of the registered bot name, prepared
// with args (the defaults filling in the rest).
func newPlayerOf(t testing.TB, name string, args sim.Params) func() player {
	t.Helper()
	bots := Bots()
	i := slices.IndexFunc(bots, func(b sim.Bot[tron.View, tron.Dir]) bool { return b.Name == name })
	require.GreaterOrEqual(t, i, 0, "bot %s is not registered", name)
	eff, err := sim.Effective(args, bots[i].Params)
	require.NoError(t, err)
	newPlayer, err := bots[i].Prepare(eff)
	require.NoError(t, err)
	return newPlayer
}

// tally counts a bot's results in duels: wins, draws and losses.
type tally struct{ wins, draws, losses int }

// add returns the sum of two tallies.
func (t tally) add(u tally) tally {
	return tally{t.wins + u.wins, t.draws + u.draws, t.losses + u.losses}
}

// games returns the number of games counted.
func (t tally) games() int { return t.wins + t.draws + t.losses }

// score returns the score rate: wins plus half the draws, per game.
func (t tally) score() float64 {
	return (float64(t.wins) + 0.5*float64(t.draws)) / float64(t.games())
}

// wilsonLow returns the lower end of the 95 % Wilson interval of the score
// rate.
func (t tally) wilsonLow() float64 {
	const z = 1.959964
	n, p := float64(t.games()), t.score()
	centre := p + z*z/(2*n)
	spread := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return (centre - spread) / (1 + z*z/n)
}

// elo returns the Elo difference a score rate implies.
func elo(score float64) float64 { return 400 * math.Log10(score/(1-score)) }

// eloFloor is the score rate of a 200 Elo edge: 1 / (1 + 10^(-200/400)).
var eloFloor = 1 / (1 + math.Pow(10, -0.5))

// params builds a parameter set from name, value pairs.
func params(kv ...any) sim.Params {
	p := sim.Params{}
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1])
	}
	return p
}

// newRules configures Tron from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*tron.Rules, sim.Params) {
	t.Helper()
	eff, err := sim.Effective(overrides, tron.Params)
	require.NoError(t, err)
	rules, err := tron.New(eff)
	require.NoError(t, err)
	return rules, eff
}

// playDuels plays the deals first..end-1 of a duel (the default 100×100
// one, or the board the overrides give), each twice with the seats swapped,
// and counts the results of the player from newA against the one from newB.
func playDuels(t testing.TB, overrides sim.Params, first, end int, newA, newB func() player) (res tally, turns int) {
	t.Helper()
	rules, eff := newRules(t, overrides)
	m := sim.NewMatch(rules, eff)
	a, b := newA(), newB()
	for i := first; i < end; i++ {
		seed := sim.Derive(7, uint64(i))
		for swap := range 2 {
			players, seatA := []player{a, b}, 0
			if swap == 1 {
				players, seatA = []player{b, a}, 1
			}
			r := m.Play(context.Background(), seed, players)
			require.NoError(t, r.Err)
			turns += r.Turns
			switch mine, theirs := r.Places[seatA], r.Places[1-seatA]; {
			case mine < theirs:
				res.wins++
			case mine > theirs:
				res.losses++
			default:
				res.draws++
			}
		}
	}
	return res, turns
}

// table drives the engine turn by turn, for tests that need to stop a match
// in a given position and look at what a player does there.
type table struct {
	rules   *tron.Rules
	state   tron.State
	players []player
	acts    []tron.Dir
	faults  sim.FaultLog
}

// newTable starts a match of players with the given seed.
func newTable(t testing.TB, overrides sim.Params, seed uint64, players ...player) *table {
	t.Helper()
	rules, eff := newRules(t, overrides)
	require.Equal(t, rules.Seats(), len(players))
	tb := &table{rules: rules, players: players, acts: make([]tron.Dir, len(players))}
	rules.Init(&tb.state, sim.NewRand(seed, sim.EngineStream))
	for k, p := range players {
		p.Reset(sim.MatchInfo{Seat: k, Seats: len(players), Params: eff}, sim.NewRand(seed, uint64(k)))
	}
	return tb
}

// view returns what seat sees now.
func (tb *table) view(seat int) *tron.View {
	var v tron.View
	tb.rules.Observe(&tb.state, seat, &v)
	return &v
}

// step plays one turn; it reports false once the match is over.
func (tb *table) step() bool {
	if tb.rules.Done(&tb.state) {
		return false
	}
	tb.faults.Begin(tb.rules.Turn(&tb.state) + 1)
	clear(tb.acts)
	for k, p := range tb.players {
		if v := tb.view(k); v.Alive(k) {
			tb.acts[k], _ = p.Act(v)
		}
	}
	tb.rules.Step(&tb.state, tb.acts, nil, &tb.faults)
	return true
}

// prefixed plays scripted moves first, then hands over to a bot, keeping
// the bot's own moves: a way to set up a position with the engine alone.
type prefixed struct {
	script []tron.Dir
	bot    player
	turn   int
	moves  []tron.Dir // what the bot played, in order
}

// Reset starts the script again.
func (p *prefixed) Reset(m sim.MatchInfo, rng *rand.Rand) {
	p.turn, p.moves = 0, p.moves[:0]
	p.bot.Reset(m, rng)
}

// Act plays the next scripted move, or the bot's.
func (p *prefixed) Act(v *tron.View) (tron.Dir, error) {
	p.turn++
	if p.turn <= len(p.script) {
		return p.script[p.turn-1], nil
	}
	d, err := p.bot.Act(v)
	p.moves = append(p.moves, d)
	return d, err
}

// dirs parses directions in the protocol spelling.
func dirs(t testing.TB, text ...string) []tron.Dir {
	t.Helper()
	out := make([]tron.Dir, len(text))
	for i, s := range text {
		d, err := tron.ParseDir(s)
		require.NoError(t, err)
		out[i] = d
	}
	return out
}
