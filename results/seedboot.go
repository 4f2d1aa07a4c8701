package results

import "github.com/arenasim/arena/sim"

// The bootstrap resamples whole rounds — every match sharing a seed — so that
// neither N-player matches nor boards shared by every pair are counted as
// independent. It is a Poisson bootstrap: replicate b counts round r
// w(r, b) times, w drawn from Poisson(1) by a hash of the round's seed, the
// bootstrap's seed and b alone. Each round is added into B replicate tallies
// (half wins per ordered pair) as it arrives, so memory is B·k² whatever the
// number of matches, the replicates do not depend on the order in which
// rounds arrive, and the tallies of shards sum to the tally of the whole.

// bootstrapStream separates the bootstrap's random streams from the match
// streams derived from the same master seed.
const bootstrapStream = 0x626f6f7473747270 // "bootstrp"

// poissonOne holds ⌊2⁶⁴·P(X ≤ k)⌋ for X ~ Poisson(1), k = 0…19, computed
// exactly (60 decimal digits) once, so that no floating-point function can
// make two machines draw different weights.
var poissonOne = [...]uint64{
	0x5e2d58d8b3bcdf1a, 0xbc5ab1b16779be35, 0xeb715e1dc1582dc2, 0xfb23979734a252f1,
	0xff1025f59174dc3d, 0xffd90f3ba4055e19, 0xfffa8b71fc72c913, 0xffff540c0914b3c9,
	0xffffed1f4aa8f120, 0xfffffe216e641462, 0xffffffd4d85d3183, 0xfffffffc6da262b4,
	0xffffffffba12d178, 0xfffffffffb07c64c, 0xffffffffffab8ea5, 0xfffffffffffabe22,
	0xffffffffffffb11a, 0xfffffffffffffba1, 0xffffffffffffffc5, 0xfffffffffffffffd,
}

// poisson returns a Poisson(1) draw from a uniform 64-bit word, by
// inversion.
func poisson(x uint64) int64 {
	var w int64
	for w < int64(len(poissonOne)) && x >= poissonOne[w] {
		w++
	}
	return w
}

// golden is the SplitMix64 increment.
const golden = 0x9e3779b97f4a7c15

// roundKey returns the key of the round played on seed in a bootstrap
// seeded with seed0: replicate b's weight is poisson(Mix(key + (b+1)·golden)).
func roundKey(bootSeed, roundSeed uint64) uint64 {
	return sim.Mix(sim.Mix(roundSeed^bootstrapStream) + bootSeed)
}

// roundWeight returns the weight of a round in replicate b.
func roundWeight(key uint64, b int) int64 { return poisson(sim.Mix(key + uint64(b+1)*golden)) }

// seedBootstrap accumulates the replicate tallies, one round at a time.
type seedBootstrap struct {
	reps int
	seed uint64
	k    int
	half []int64 // replicate b's half wins of i over j at b*k*k + i*k + j

	// The round being gathered: its seed, and its half wins per ordered
	// pair (only the touched entries are non-zero).
	open    bool
	cur     uint64
	scratch []int64
	touched []int
	marked  []bool // marked[idx]: idx is in touched
}

func newSeedBootstrap(reps int, seed uint64, k int) *seedBootstrap {
	return &seedBootstrap{reps: reps, seed: seed, k: k, half: make([]int64, reps*k*k), scratch: make([]int64, k*k), marked: make([]bool, k*k)}
}

// add counts n half wins of entrant i over entrant j in the round played on
// roundSeed (n < 0 takes them back). Matches of a round arrive together (records come in match
// order); a round that comes back later is the same round and gets the same
// weights, so even interleaved rounds add up exactly.
func (sb *seedBootstrap) add(roundSeed uint64, i, j int, n int64) {
	if !sb.open || roundSeed != sb.cur {
		sb.flush()
		sb.open, sb.cur = true, roundSeed
	}
	idx := i*sb.k + j
	if !sb.marked[idx] {
		sb.marked[idx] = true
		sb.touched = append(sb.touched, idx)
	}
	sb.scratch[idx] += n
}

// flush adds the round being gathered into every replicate with its weight.
func (sb *seedBootstrap) flush() {
	if len(sb.touched) == 0 {
		return
	}
	key, kk := roundKey(sb.seed, sb.cur), sb.k*sb.k
	for b := range sb.reps {
		w := roundWeight(key, b)
		if w == 0 {
			continue
		}
		rep := sb.half[b*kk : (b+1)*kk]
		for _, idx := range sb.touched {
			rep[idx] += w * sb.scratch[idx]
		}
	}
	for _, idx := range sb.touched {
		sb.scratch[idx], sb.marked[idx] = 0, false
	}
	sb.touched = sb.touched[:0]
}

// replicate returns replicate b's half wins; flush first. It only reads, so
// goroutines may call it at once.
func (sb *seedBootstrap) replicate(b int) []int64 {
	kk := sb.k * sb.k
	return sb.half[b*kk : (b+1)*kk]
}

// merge adds o's replicate tallies to sb's: the bootstrap of two sets of
// matches together. Both are flushed first.
func (sb *seedBootstrap) merge(o *seedBootstrap) {
	sb.flush()
	o.flush()
	for i, v := range o.half {
		sb.half[i] += v
	}
}
