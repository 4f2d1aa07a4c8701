package tron

import (
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
	"github.com/stretchr/testify/require"
)

// player is the player type of every Tron bot.
type player = sim.Player[tron.View, tron.Dir]

// newPlayerOf returns a constructor of the registered bot name, prepared
// with args (the defaults filling in the rest).
func newPlayerOf(t testing.TB, name string, args sim.Params) func() player {
	t.Helper()
	return simtest.PlayerOf(t, Bots(), name, args)
}

// params builds a parameter set from name, value pairs.
var params = simtest.Params

// newRules configures Tron from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*tron.Rules, sim.Params) {
	t.Helper()
	return simtest.Rules(t, tron.Params, tron.New, overrides)
}

// playDuels plays the deals first..end-1 of a duel (the default 100×100
// one, or the board the overrides give), each twice with the seats swapped,
// and counts the results of the player from newA against the one from newB.
func playDuels(t testing.TB, overrides sim.Params, first, end int, newA, newB func() player) (simtest.Score, int) {
	t.Helper()
	rules, eff := newRules(t, overrides)
	return simtest.Duels(t, rules, eff, 7, first, end, newA(), newB(), nil)
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

// skipUnderRace skips a test that plays its matches on one goroutine, in
// which the race detector has nothing to watch: its instrumentation only
// makes a match at a real budget take tens of seconds (make race). The
// test still runs in make test.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if simtest.RaceDetector {
		t.Skip("one goroutine: nothing for the race detector to watch, and ten times as slow under it")
	}
}
