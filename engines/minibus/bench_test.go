package minibus

import (
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/sim"
)

// roundRobinGame plays Minibus with every seat buying buses at station 0
// while it can and sending each bus on to the next station as soon as it
// stands at its destination, starting a new match whenever one ends: a
// stand-in for bots that costs almost nothing, so that the engine's own
// cost shows. It never wins (the goal is out of reach), so every match
// lasts max_turns.
type roundRobinGame struct {
	r     *Rules
	s     State
	rng   *rand.Rand
	acts  []Action
	lines []Line
	view  View
	log   sim.FaultLog
}

func newRoundRobinGame(tb testing.TB) *roundRobinGame {
	g := &roundRobinGame{r: newRules(tb, `{"players":4,"goal_money":1000000000}`), rng: sim.NewRand(1, sim.EngineStream)}
	g.acts, g.lines = make([]Action, 4), make([]Line, 4)
	g.r.Init(&g.s, g.rng)
	return g
}

// turn plays one turn.
func (g *roundRobinGame) turn() {
	if g.s.over {
		g.r.Init(&g.s, g.rng)
		g.log.Reset()
	}
	g.log.Begin(g.s.turn + 1)
	for seat := range g.acts {
		g.r.Observe(&g.s, seat, &g.view)
		l := &g.lines[seat]
		l.Reset()
		me := g.view.Player(seat)
		if me.Buses < g.r.MaxBuses && me.Money >= g.r.BusPrice {
			l.Bus(0)
		}
		for id := range g.view.Buses() {
			if b := g.view.Bus(id); b.Owner == seat && !b.Destroyed && g.view.AtDestination(id) {
				l.Destination(id, (b.Dest+1)%g.view.Stations())
			}
		}
		g.acts[seat] = l.Action()
	}
	g.r.Step(&g.s, g.acts, g.rng, &g.log)
}

// BenchmarkStep measures one turn of a 4-player game, observations and the
// stand-in bots included.
func BenchmarkStep(b *testing.B) {
	g := newRoundRobinGame(b)
	b.ReportAllocs()
	for b.Loop() {
		g.turn()
	}
}

func TestStepAllocatesNothing(t *testing.T) {
	g := newRoundRobinGame(t)
	for range 5000 { // ten matches: every buffer at its largest
		g.turn()
	}
	if n := testing.AllocsPerRun(2000, g.turn); n != 0 {
		t.Fatalf("a turn allocates %v times", n)
	}
}
