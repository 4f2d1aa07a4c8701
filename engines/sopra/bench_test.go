package sopra

import (
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/sim"
)

// greedyGame plays the event's setup with every player stepping towards
// the first free logo, or home when it carries one, starting a new match
// whenever one ends: a stand-in for bots that costs almost nothing, so that
// the engine's own cost shows.
type greedyGame struct {
	r     *Rules
	s     State
	rng   *rand.Rand
	acts  []Action
	view  View
	log   sim.FaultLog
	logos []Cell
	toAct []int
}

func newGreedyGame(tb testing.TB) *greedyGame {
	g := &greedyGame{r: newRules(tb, `{}`), rng: sim.NewRand(1, sim.EngineStream)}
	g.acts = make([]Action, g.r.Players)
	g.r.Init(&g.s, g.rng)
	return g
}

// round plays one round.
func (g *greedyGame) round() {
	if g.r.Done(&g.s) {
		g.r.Init(&g.s, g.rng)
		g.log.Reset()
	}
	clear(g.acts)
	g.toAct = g.r.ToAct(&g.s, g.toAct[:0])
	for _, seat := range g.toAct {
		g.r.Observe(&g.s, seat, &g.view)
		me, goal := g.view.Pos(seat), g.view.Caddie(seat)
		if !g.view.Carrying(seat) {
			if g.logos = g.view.FreeLogos(g.logos[:0]); len(g.logos) > 0 {
				goal = g.logos[0]
			}
		}
		switch {
		case goal.X > me.X:
			g.acts[seat] = East
		case goal.X < me.X:
			g.acts[seat] = West
		case goal.Y > me.Y:
			g.acts[seat] = South
		default:
			g.acts[seat] = North
		}
	}
	g.log.Begin(g.s.round + 1)
	g.r.Step(&g.s, g.acts, g.rng, &g.log)
}

// BenchmarkSopraRound measures one round of the event's 6-player setup,
// observations included.
func BenchmarkSopraRound(b *testing.B) {
	g := newGreedyGame(b)
	b.ReportAllocs()
	for b.Loop() {
		g.round()
	}
}

func TestRoundAllocatesNothing(t *testing.T) {
	g := newGreedyGame(t)
	for range 5000 { // grow every buffer first
		g.round()
	}
	if n := testing.AllocsPerRun(1000, g.round); n != 0 {
		t.Fatalf("a round allocates %v times", n)
	}
}
