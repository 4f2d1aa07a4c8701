package tron

import (
	"math/rand/v2"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
)

// Random moves in a uniformly random direction, free or not: a baseline
// that dies fast.
type Random struct{ rng *rand.Rand }

// Reset keeps the seat's random stream.
func (b *Random) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act picks one of the four directions.
func (b *Random) Act(*tron.View) (tron.Dir, error) { return tron.Dirs[b.rng.IntN(len(tron.Dirs))], nil }

// Stupid is the reference arena's own bot: it picks at random among the
// moves to free cells, each weighted by the number of free neighbours of its
// target. When every free target has no free neighbour it picks one of them
// uniformly; with no free target at all it plays x+ and crashes.
type Stupid struct{ rng *rand.Rand }

// Reset keeps the seat's random stream.
func (b *Stupid) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act draws a direction.
func (b *Stupid) Act(v *tron.View) (tron.Dir, error) {
	head, _ := v.HeadIndex(v.Seat)
	off := v.Offsets()
	var weight [len(tron.Dirs)]int
	total, open := 0, 0
	for i, o := range off {
		t := head + o
		if !v.FreeAt(t) {
			weight[i] = -1
			continue
		}
		open++
		w := count(v.FreeAt(t+off[0])) + count(v.FreeAt(t+off[1])) + count(v.FreeAt(t+off[2])) + count(v.FreeAt(t+off[3]))
		weight[i] = w
		total += w
	}
	switch {
	case total > 0:
		r := b.rng.IntN(total)
		for i, w := range weight {
			if w > 0 {
				if r < w {
					return tron.Dirs[i], nil
				}
				r -= w
			}
		}
	case open > 0:
		r := b.rng.IntN(open)
		for i, w := range weight {
			if w == 0 {
				if r == 0 {
					return tron.Dirs[i], nil
				}
				r--
			}
		}
	}
	return tron.XPlus, nil
}

// count is 1 for true, 0 for false.
func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Straight is the reference arena's "better" bot: it goes in the direction
// with the longest free straight run ahead, ties broken in the order x+, x-,
// y+, y-.
type Straight struct{}

// Reset does nothing: the bot is deterministic.
func (Straight) Reset(sim.MatchInfo, *rand.Rand) {}

// Act picks the direction with the longest run.
func (Straight) Act(v *tron.View) (tron.Dir, error) {
	head, _ := v.HeadIndex(v.Seat)
	best, bestRun := tron.XPlus, -1
	for _, d := range tron.Dirs {
		run := 0
		for i := v.Move(head, d); v.FreeAt(i); i = v.Move(i, d) {
			run++
		}
		if run > bestRun {
			best, bestRun = d, run
		}
	}
	return best, nil
}
