package tron

import (
	"testing"

	"github.com/arenasim/arena/sim"
)

// firstFree returns the first direction from (x, y) to a free cell, or x+.
func firstFree(v *View, seat int) Dir {
	x, y, _ := v.Head(seat)
	for _, d := range Dirs {
		dx, dy := d.Delta()
		if v.Free(x+dx, y+dy) {
			return d
		}
	}
	return XPlus
}

// BenchmarkTronStep measures one turn of a 2-player duel on the default
// 100×100 board, the moves chosen by a trivial first-free-cell rule; a new
// match starts whenever one ends.
func BenchmarkTronStep(b *testing.B) {
	r := &Rules{Width: 100, Height: 100, Players: 2}
	s := &State{}
	rng := sim.NewRand(1, sim.EngineStream)
	r.Init(s, rng)
	acts := make([]Dir, 2)
	var v View
	var log sim.FaultLog
	b.ReportAllocs()
	for b.Loop() {
		if s.over {
			r.Init(s, rng)
			log.Reset()
		}
		for seat := range acts {
			r.Observe(s, seat, &v)
			acts[seat] = firstFree(&v, seat)
		}
		r.Step(s, acts, rng, &log)
	}
}

func TestStepAllocatesNothing(t *testing.T) {
	r := &Rules{Width: 100, Height: 100, Players: 4}
	s := &State{}
	rng := sim.NewRand(1, sim.EngineStream)
	r.Init(s, rng)
	acts := make([]Dir, 4)
	var v View
	var log sim.FaultLog
	step := func() {
		if s.over {
			r.Init(s, rng)
			log.Reset()
		}
		for seat := range acts {
			r.Observe(s, seat, &v)
			acts[seat] = firstFree(&v, seat)
		}
		r.Step(s, acts, rng, &log)
	}
	for range 20000 { // grow every buffer first
		step()
	}
	if n := testing.AllocsPerRun(1000, step); n != 0 {
		t.Fatalf("a turn allocates %v times", n)
	}
}
