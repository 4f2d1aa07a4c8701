package aquariom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/arenasim/arena/sim"
)

// chaser is a simple bot for benchmarks and golden tests: each of its cells
// moves towards the nearest cell it can eat within 250 (a neutral, or an
// opponent cell it outweighs 1.25 times), else towards a corner that
// changes every 100 turns. Its only float arithmetic is the package's
// dist2 and comparisons, so it decides the same on every machine.
type chaser struct {
	near []Cell
	// extra, when set, adds commands before the moves (golden tests).
	extra func(v *View, a *Action)
}

func (c *chaser) Reset(sim.MatchInfo, *rand.Rand) {}

func (c *chaser) Act(v *View) (Action, error) {
	var a Action
	c.act(v, &a)
	return a, nil
}

// act fills a with the chaser's commands.
func (c *chaser) act(v *View, a *Action) {
	if c.extra != nil {
		c.extra(v, a) // first: a cell it orders does not also move
	}
	cfg := &v.r.cfg
	corners := [4]Point{{0, 0}, {cfg.MapWidth, 0}, {cfg.MapWidth, cfg.MapHeight}, {0, cfg.MapHeight}}
	for i := range v.NumCells(v.Seat) {
		me := v.CellOf(v.Seat, i)
		target := corners[(me.ID+v.Turn/100)%4]
		best := math.Inf(1)
		c.near = v.Near(me.X, me.Y, 250, NearPlayers|NearNeutrals, c.near[:0])
		for _, o := range c.near {
			if o.Kind == KindPlayer && (o.Owner == v.Seat || !(me.Mass > 1.25*o.Mass)) {
				continue
			}
			if d := sim.Dist2(me.X, me.Y, o.X, o.Y); d < best {
				best, target = d, Point{o.X, o.Y}
			}
		}
		a.Add(Move(me.ID, target.X, target.Y))
	}
}

// duel plays duels of two chasers on the shipped duel map, one turn at a
// time, starting a new match when one ends.
type duel struct {
	r     *Rules
	s     State
	rng   *rand.Rand
	bots  [2]chaser
	views [2]View
	acts  [2]Action
	turns int
}

func newDuel(tb testing.TB) *duel {
	c, err := LoadMap("duel")
	if err != nil {
		tb.Fatal(err)
	}
	r, err := New(c)
	if err != nil {
		tb.Fatal(err)
	}
	d := &duel{r: r, rng: sim.NewRand(1, sim.EngineStream)}
	r.Init(&d.s, d.rng)
	return d
}

// turn plays one turn, observations and bots included.
func (d *duel) turn() {
	if d.r.Done(&d.s) {
		d.r.Init(&d.s, d.rng)
	}
	for seat := range d.acts {
		d.r.Observe(&d.s, seat, &d.views[seat])
		d.acts[seat].Reset()
		d.bots[seat].act(&d.views[seat], &d.acts[seat])
	}
	d.r.Step(&d.s, d.acts[:], d.rng, nil)
	d.turns++
}

// BenchmarkDuelTurn measures one turn of a duel of chasers on the shipped
// duel map (7,500 neutrals), both bots' decisions included; ms/duel is the
// cost of the 1,000 turns of a match at that rate.
func BenchmarkDuelTurn(b *testing.B) {
	d := newDuel(b)
	b.ReportAllocs()
	for b.Loop() {
		d.turn()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(d.turns)*1000/1e6, "ms/duel")
}

// BenchmarkDuelMatch measures whole 1,000-turn duels of chasers, Init
// included.
func BenchmarkDuelMatch(b *testing.B) {
	d := newDuel(b)
	b.ReportAllocs()
	for b.Loop() {
		d.r.Init(&d.s, d.rng)
		for !d.r.Done(&d.s) {
			d.turn()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(d.turns), "ns/turn")
}

func TestStepAllocatesNothing(t *testing.T) {
	d := newDuel(t)
	for range 3000 { // three matches: every buffer has grown
		d.turn()
	}
	if n := testing.AllocsPerRun(1000, d.turn); n != 0 {
		t.Fatalf("a turn allocates %v times", n)
	}
}
