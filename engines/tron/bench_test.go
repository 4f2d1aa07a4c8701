package tron

import (
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/sim"
)

// firstFreeGame plays Tron with every player taking the first direction to
// a free cell, starting a new match whenever one ends: a stand-in for bots
// that costs almost nothing, so that the engine's own cost shows.
type firstFreeGame struct {
	r    *Rules
	s    State
	rng  *rand.Rand
	acts []Dir
	view View
	log  sim.FaultLog
}

func newFirstFreeGame(players int) *firstFreeGame {
	g := &firstFreeGame{r: &Rules{Width: 100, Height: 100, Players: players}, rng: sim.NewRand(1, sim.EngineStream), acts: make([]Dir, players)}
	g.r.Init(&g.s, g.rng)
	return g
}

// turn plays one turn.
func (g *firstFreeGame) turn() {
	if g.s.over {
		g.r.Init(&g.s, g.rng)
		g.log.Reset()
	}
	for seat := range g.acts {
		g.r.Observe(&g.s, seat, &g.view)
		g.acts[seat] = XPlus
		if head, alive := g.view.HeadIndex(seat); alive {
			for _, d := range Dirs {
				if g.view.FreeAt(g.view.Move(head, d)) {
					g.acts[seat] = d
					break
				}
			}
		}
	}
	g.r.Step(&g.s, g.acts, g.rng, &g.log)
}

// BenchmarkTronStep measures one turn of a 2-player duel on the default
// 100×100 board, observations included.
func BenchmarkTronStep(b *testing.B) {
	g := newFirstFreeGame(2)
	b.ReportAllocs()
	for b.Loop() {
		g.turn()
	}
}

func TestStepAllocatesNothing(t *testing.T) {
	g := newFirstFreeGame(4)
	for range 20000 { // grow every buffer first
		g.turn()
	}
	if n := testing.AllocsPerRun(1000, g.turn); n != 0 {
		t.Fatalf("a turn allocates %v times", n)
	}
}
