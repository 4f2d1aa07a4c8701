package coin

import (
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/sim"
)

// engineMatch plays whole matches of coin with the engine's calls only, as
// sim.Match makes them, and answers fixed Elos: a stand-in for bots that
// costs nothing, so that the engine's own cost shows.
type engineMatch struct {
	r     *Rules
	s     State
	rng   *rand.Rand
	elos  []float64
	toAct []int
	views []View
	acts  []Action
	log   sim.FaultLog
	out   sim.Outcome
	hash  uint64
}

func newEngineMatch(t testing.TB, overrides string, elos ...float64) *engineMatch {
	return &engineMatch{r: newRules(t, overrides), rng: sim.NewRand(1, sim.EngineStream), elos: elos,
		views: make([]View, len(elos)), acts: make([]Action, len(elos))}
}

// play plays one match.
func (g *engineMatch) play() {
	g.log.Reset()
	g.r.Init(&g.s, g.rng)
	for !g.r.Done(&g.s) {
		g.log.Begin(g.r.Turn(&g.s) + 1)
		g.toAct = g.r.ToAct(&g.s, g.toAct[:0])
		for _, k := range g.toAct {
			g.r.Observe(&g.s, k, &g.views[k])
			g.acts[k] = Declare(g.elos[k])
		}
		g.r.Step(&g.s, g.acts, g.rng, &g.log)
	}
	g.r.Outcome(&g.s, &g.out)
	g.hash = g.r.Hash(&g.s)
}

// BenchmarkCoinDuel measures one whole duel with draws.
func BenchmarkCoinDuel(b *testing.B) {
	g := newEngineMatch(b, `{"draws":0.1}`, 100, 0)
	b.ReportAllocs()
	for b.Loop() {
		g.play()
	}
}

// BenchmarkCoinField measures one whole 8-player match.
func BenchmarkCoinField(b *testing.B) {
	g := newEngineMatch(b, `{"players":8}`, 300, 200, 100, 0, -100, -200, -300, -400)
	b.ReportAllocs()
	for b.Loop() {
		g.play()
	}
}

func TestMatchAllocatesNothing(t *testing.T) {
	for _, g := range []*engineMatch{
		newEngineMatch(t, `{"draws":0.1}`, 100, 0),
		newEngineMatch(t, `{"players":8}`, 300, 200, 100, 0, -100, -200, -300, -400),
	} {
		g.play() // grow every buffer first
		if n := testing.AllocsPerRun(1000, g.play); n != 0 {
			t.Fatalf("a %d-player match allocates %v times", len(g.elos), n)
		}
	}
}
