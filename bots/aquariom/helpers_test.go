package aquariom

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newPlayerOf returns a constructor of the registered bot name, prepared
// with args (the defaults filling in the rest).
func newPlayerOf(t testing.TB, name string, args sim.Params) func() player {
	t.Helper()
	return simtest.PlayerOf(t, Bots(), name, args)
}

// newRules returns the rules of a shipped map for the given number of
// seats.
func newRules(t testing.TB, mapName string, seats int) *engine.Rules {
	t.Helper()
	c, err := engine.LoadMap(mapName)
	require.NoError(t, err)
	c.Players = seats
	r, err := engine.New(c)
	require.NoError(t, err)
	return r
}

// play plays one match of players on the rules with seed, and checks that
// it ended without an engine error or a fault.
func play(t testing.TB, r *engine.Rules, seed uint64, players ...player) sim.Result {
	t.Helper()
	res := sim.NewMatch(r, nil).Play(context.Background(), seed, players)
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	return res
}

// table plays a match one turn at a time, for tests that look at a bot's
// answers in a given position.
type table struct {
	rules   *engine.Rules
	state   engine.State
	players []player
	views   []engine.View
	acts    []engine.Action
	streams *sim.Streams
}

// newTable starts a match of players on the rules with seed.
func newTable(t testing.TB, r *engine.Rules, seed uint64, players ...player) *table {
	t.Helper()
	require.Equal(t, r.Seats(), len(players))
	tb := &table{rules: r, players: players, views: make([]engine.View, len(players)),
		acts: make([]engine.Action, len(players)), streams: sim.NewStreams(len(players))}
	tb.streams.Seed(seed)
	r.Init(&tb.state, tb.streams.Engine())
	for k, p := range players {
		p.Reset(sim.MatchInfo{Seat: k, Seats: len(players)}, tb.streams.Seat(k))
	}
	return tb
}

// view returns what seat sees now.
func (tb *table) view(seat int) *engine.View {
	tb.rules.Observe(&tb.state, seat, &tb.views[seat])
	return &tb.views[seat]
}

// step plays one turn, reporting false once the match is over.
func (tb *table) step(t testing.TB) bool {
	t.Helper()
	if tb.rules.Done(&tb.state) {
		return false
	}
	for k, p := range tb.players {
		a, err := p.Act(tb.view(k))
		require.NoError(t, err)
		tb.acts[k] = a
	}
	tb.rules.Step(&tb.state, tb.acts, tb.streams.Engine(), nil)
	return true
}

// stepTo plays until turn turns have been played.
func (tb *table) stepTo(t testing.TB, turn int) {
	t.Helper()
	for tb.rules.Turn(&tb.state) < turn && tb.step(t) {
	}
}

// rulesWith returns the rules of a shipped map for the given number of
// seats, changed by edit.
func rulesWith(t testing.TB, mapName string, seats int, edit func(c *engine.Config)) *engine.Rules {
	t.Helper()
	c, err := engine.LoadMap(mapName)
	require.NoError(t, err)
	c.Players = seats
	edit(&c)
	r, err := engine.New(c)
	require.NoError(t, err)
	return r
}

// checked wraps a player and checks every action it answers: it reads back
// the same through its text form, and every command is one the rules carry
// out (a cell of the player's, named once; finite numbers; a division or a
// virus the rules allow), and it surrenders when, and only when, it has no
// cell left (the only way back into the game).
type checked struct {
	t       testing.TB
	p       player
	idle    bool // the player never surrenders, even with no cell left
	buf     []byte
	actions int
	divides int // division commands answered
}

func (c *checked) Reset(m sim.MatchInfo, rng *rand.Rand) { c.p.Reset(m, rng) }

func (c *checked) Act(v *engine.View) (engine.Action, error) {
	a, err := c.p.Act(v)
	require.NoError(c.t, err)
	c.actions++
	c.buf = engine.AppendAction(c.buf[:0], a)
	back, err := engine.ParseAction(string(c.buf))
	require.NoError(c.t, err, "turn %d: %q", v.Turn, c.buf)
	require.Equal(c.t, a, back, "turn %d: %q does not read back", v.Turn, c.buf)
	cfg := v.Config()
	cells := v.NumCells(v.Seat)
	require.LessOrEqual(c.t, a.Len(), cells)
	after := cells // the cells once the divisions are done
	require.False(c.t, a.Surrender() && cells > 0, "turn %d: surrender with %d cells", v.Turn, cells)
	require.False(c.t, cells == 0 && !a.Surrender() && !c.idle, "turn %d: no cell left and no surrender", v.Turn)
	for i := range a.Len() {
		cmd := a.At(i)
		k := -1
		for j := range cells {
			if v.CellOf(v.Seat, j).ID == cmd.Cell {
				k = j
			}
		}
		require.GreaterOrEqual(c.t, k, 0, "turn %d: command %q names a cell not the player's", v.Turn, c.buf)
		for j := range i {
			require.NotEqual(c.t, cmd.Cell, a.At(j).Cell, "turn %d: cell named twice in %q", v.Turn, c.buf)
		}
		require.False(c.t, math.IsNaN(cmd.X) || math.IsInf(cmd.X, 0) || math.IsNaN(cmd.Y) || math.IsInf(cmd.Y, 0), "turn %d: %q", v.Turn, c.buf)
		me := v.CellOf(v.Seat, k)
		switch cmd.Kind {
		case engine.DivideCommand:
			require.True(c.t, cmd.Mass >= cfg.MinimumPlayerCellMass && cmd.Mass <= me.Mass/2 && me.Mass >= 2*cfg.MinimumPlayerCellMass,
				"turn %d: division of a cell of mass %v into %v", v.Turn, me.Mass, cmd.Mass)
			after++
			c.divides++
			require.LessOrEqual(c.t, after, cfg.MaxCellsPerPlayer, "turn %d: divisions beyond max cells in %q", v.Turn, c.buf)
		case engine.VirusCommand:
			require.Greater(c.t, me.Mass-(cfg.VirusMass+cfg.VirusCreationMassLoss*me.Mass), 0.0, "turn %d: virus from a cell of mass %v", v.Turn, me.Mass)
		}
	}
	return a, nil
}

// prefixed plays script's commands in the first turns, then bot's.
type prefixed struct {
	script func(v *engine.View, a *engine.Action) bool // reports false once it is done
	bot    player
	done   bool
}

func (p *prefixed) Reset(m sim.MatchInfo, rng *rand.Rand) { p.done = false; p.bot.Reset(m, rng) }

func (p *prefixed) Act(v *engine.View) (engine.Action, error) {
	if !p.done {
		var a engine.Action
		if p.script(v, &a) {
			return a, nil
		}
		p.done = true
	}
	return p.bot.Act(v)
}
