package results

import (
	"sync"
	"unsafe"

	"github.com/arenasim/arena/sim"
)

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

// poissonOne holds round(2¹⁶·P(X ≤ k)) for X ~ Poisson(1), k = 0…7,
// computed exactly once: integers, so that no floating-point function can
// make two machines draw different weights.
var poissonOne = [...]uint64{24109, 48219, 60273, 64292, 65296, 65497, 65531, 65535}

// poisson returns a Poisson(1) draw from a uniform 16-bit number u (the
// low 16 bits of its argument), by inversion: how many of poissonOne's
// thresholds u is at or above, read from poissonDraw. A draw is 8 at most;
// the 16 bits give each probability within 2⁻¹⁶, far below the
// bootstrap's own noise.
func poisson(u uint64) int64 { return int64(poissonDraw[uint16(u)]) }

// poissonDraw holds the draw of every 16-bit u: 64 KiB, one lookup a
// weight and no branch.
var poissonDraw = func() (tbl [1 << 16]uint8) {
	u := 0
	for w, t := range poissonOne {
		for ; u < int(t); u++ {
			tbl[u] = uint8(w)
		}
	}
	for ; u < len(tbl); u++ {
		tbl[u] = uint8(len(poissonOne))
	}
	return tbl
}()

// golden is the SplitMix64 increment.
const golden = 0x9e3779b97f4a7c15

// weightsPerHash is how many replicates' weights one hash gives: 16 bits
// each.
const weightsPerHash = 4

// roundKey returns the key of the round played on seed in a bootstrap
// seeded with seed0: replicate b's weight is poisson of the 16 bits
// 16·(b mod 4) of Mix(key + (b/4+1)·golden).
func roundKey(bootSeed, roundSeed uint64) uint64 {
	return sim.Mix(sim.Mix(roundSeed^bootstrapStream) + bootSeed)
}

// weightHash returns the hash that draws the weights of replicate b and
// the three others of its group of four.
func weightHash(key uint64, b int) uint64 {
	return sim.Mix(key + uint64(b/weightsPerHash+1)*golden)
}

// packedWeights returns the four weights a hash draws in one word, each
// in the 16 bits of its draw.
func packedWeights(h uint64) uint64 {
	return uint64(poissonDraw[uint16(h)]) | uint64(poissonDraw[uint16(h>>16)])<<16 |
		uint64(poissonDraw[uint16(h>>32)])<<32 | uint64(poissonDraw[uint16(h>>48)])<<48
}

// fourWeights returns the weights a hash draws, one from each 16 bits.
func fourWeights(h uint64) (w0, w1, w2, w3 int64) {
	return poisson(h & 0xffff), poisson(h >> 16 & 0xffff), poisson(h >> 32 & 0xffff), poisson(h >> 48)
}

// roundWeight returns the weight of a round in replicate b.
func roundWeight(key uint64, b int) int64 {
	return poisson(weightHash(key, b) >> (16 * (b % weightsPerHash)) & 0xffff)
}

// seedBootstrap accumulates the replicate tallies, one round at a time. A
// closed round waits in a batch; a full batch is added into the replicates
// on a goroutine of its own while the caller gathers the next (so that a
// lone worker's bootstrap runs beside its matches), one batch at a time.
// The replicates are sums of integers: the same whichever goroutine adds
// them, and in whatever order.
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

	queued  *roundBatch    // closed rounds not yet in the replicates
	spare   *roundBatch    // the batch being added, or free
	adding  sync.WaitGroup // the goroutine adding spare, if any
	weights []int64        // a round's weight in each replicate, for the one adding
	run     pairRun        // rounds on a few pairs, for the one adding
}

// pairRun holds consecutive rounds whose half wins fall on runSlots
// ordered pairs at most, all of them together (a duel's rounds fall on two:
// i over j and j over i; a four-player game's on twelve): each round's key
// and its entries, slot and half wins.
type pairRun struct {
	idx    []int    // slot s's pair: idx = i*k + j
	slotOf []int8   // slotOf[idx]: idx's slot + 1, or 0 (all 0 between runs)
	sum    []int64  // slot s's half wins so far
	keys   []uint64 // round i's key
	end    []int    // round i's entries: ent[end[i-1]:end[i]]
	ent    []runEntry
	na, nc []uint64 // a run on two pairs: round i's half wins on each
}

// runEntry is a round's half wins on the pair in a slot.
type runEntry struct {
	slot int
	n    uint64
}

// runSlots bounds the pairs of a run: enough for four players' twelve
// ordered pairs; rounds on more are added alone.
const runSlots = 16

// roundBatch holds closed rounds: round i's seed and its pairs'
// half wins, pairs[end[i-1]:end[i]].
type roundBatch struct {
	seeds []uint64
	end   []int
	pairs []pairHalfWins
}

// pairHalfWins is a round's half wins of i over j, at idx = i*k + j.
type pairHalfWins struct {
	idx int
	n   int64
}

// A batch goes to the background once it holds this many rounds or pairs:
// large enough that starting a goroutine costs nothing per round, small
// enough to stay in the cache.
const (
	batchRounds = 1024
	batchPairs  = 4096
)

func newSeedBootstrap(reps int, seed uint64, k int) *seedBootstrap {
	return &seedBootstrap{
		reps: reps, seed: seed, k: k,
		half: make([]int64, reps*k*k), scratch: make([]int64, k*k), marked: make([]bool, k*k),
		queued: new(roundBatch), spare: new(roundBatch), weights: make([]int64, reps),
		run: pairRun{slotOf: make([]int8, k*k)},
	}
}

// add counts n half wins of entrant i over entrant j in the round played on
// roundSeed (n < 0 takes them back). Matches of a round arrive together (records come in match
// order); a round that comes back later is the same round and gets the same
// weights, so even interleaved rounds add up exactly.
func (sb *seedBootstrap) add(roundSeed uint64, i, j int, n int64) {
	if !sb.open || roundSeed != sb.cur {
		sb.closeRound()
		sb.open, sb.cur = true, roundSeed
	}
	idx := i*sb.k + j
	if !sb.marked[idx] {
		sb.marked[idx] = true
		sb.touched = append(sb.touched, idx)
	}
	sb.scratch[idx] += n
}

// closeRound queues the round being gathered, and hands the queue to the
// background when it is full.
func (sb *seedBootstrap) closeRound() {
	if len(sb.touched) == 0 {
		return
	}
	q := sb.queued
	for _, idx := range sb.touched {
		q.pairs = append(q.pairs, pairHalfWins{idx, sb.scratch[idx]})
		sb.scratch[idx], sb.marked[idx] = 0, false
	}
	q.seeds = append(q.seeds, sb.cur)
	q.end = append(q.end, len(q.pairs))
	sb.touched = sb.touched[:0]
	if len(q.seeds) >= batchRounds || len(q.pairs) >= batchPairs {
		sb.adding.Wait()
		sb.queued, sb.spare = sb.spare, sb.queued
		sb.adding.Add(1)
		go sb.addInBackground(sb.spare)
	}
}

// addInBackground adds a batch handed over into the replicates.
func (sb *seedBootstrap) addInBackground(q *roundBatch) {
	defer sb.adding.Done()
	sb.addBatch(q)
}

// flush adds every round counted so far into the replicates, and returns
// once they are all in.
func (sb *seedBootstrap) flush() {
	sb.closeRound()
	sb.adding.Wait()
	sb.addBatch(sb.queued)
}

// addBatch adds a batch's rounds into every replicate, each with its
// weights, and empties it: runs of rounds on a few pairs together (a
// duel's, a four-player game's), any other round alone.
func (sb *seedBootstrap) addBatch(q *roundBatch) {
	begin := 0
	for r := 0; r < len(q.seeds); {
		if next := sb.gatherRun(q, r, begin); next > r {
			sb.addRun()
			r, begin = next, q.end[next-1]
			continue
		}
		sb.addRound(q.seeds[r], q.pairs[begin:q.end[r]])
		begin = q.end[r]
		r++
	}
	q.seeds, q.end, q.pairs = q.seeds[:0], q.end[:0], q.pairs[:0]
}

// gatherRun gathers into sb.run the rounds from round r on (its pairs from
// begin on) whose half wins fall on runSlots ordered pairs at most, all of
// them together, and returns the round after the last one gathered. A run
// holds no taken-back half wins (n < 0) and at most laneMax half wins on a
// pair, so that addRun's 16-bit lanes never overflow; a round that would
// break either starts the next run, or is added alone.
func (sb *seedBootstrap) gatherRun(q *roundBatch, r, begin int) int {
	run := &sb.run
	for _, idx := range run.idx { // the previous run's slots
		run.slotOf[idx] = 0
	}
	run.idx, run.sum = run.idx[:0], run.sum[:0]
	run.keys, run.end, run.ent = run.keys[:0], run.end[:0], run.ent[:0]
	for ; r < len(q.seeds); r++ {
		pairs := q.pairs[begin:q.end[r]]
		if !run.fits(pairs) {
			return r
		}
		for _, p := range pairs {
			s := int(run.slotOf[p.idx]) - 1
			if s < 0 {
				s = len(run.idx)
				run.idx, run.sum = append(run.idx, p.idx), append(run.sum, 0)
				run.slotOf[p.idx] = int8(s + 1)
			}
			run.sum[s] += p.n
			run.ent = append(run.ent, runEntry{s, uint64(p.n)})
		}
		run.keys = append(run.keys, roundKey(sb.seed, q.seeds[r]))
		run.end = append(run.end, len(run.ent))
		begin = q.end[r]
	}
	return r
}

// fits reports whether a round's pairs can join the run: none taken back,
// no slot's half wins past laneMax, runSlots pairs at most in all.
func (run *pairRun) fits(pairs []pairHalfWins) bool {
	slots := len(run.idx)
	for _, p := range pairs {
		if p.n < 0 {
			return false
		}
		s := int(run.slotOf[p.idx]) - 1
		if s < 0 {
			slots++
			if slots > runSlots || p.n > laneMax {
				return false
			}
		} else if run.sum[s]+p.n > laneMax {
			return false
		}
	}
	return true
}

// laneMax bounds a run's half wins on a pair: a weight is 8 at most, so a
// lane of addRun sums 8·laneMax at most, under 2¹⁶.
const laneMax = (1<<16 - 1) / 8

// addRun adds the gathered run into every replicate. The four weights of a
// hash go in one word, 16 bits each, and one product of that word by a
// round's half wins on a pair adds them into the pair's sums of the four
// replicates at once; the run's sums reach the replicates once a run. The
// same integer sums as a round at a time.
func (sb *seedBootstrap) addRun() {
	full := sb.reps / weightsPerHash * weightsPerHash
	if len(sb.run.idx) <= 2 {
		sb.addTwoSlots(full)
	} else {
		sb.addSlots(full)
	}
	// The replicates past the last multiple of four, a weight at a time.
	run, kk := &sb.run, sb.k*sb.k
	for b := full; b < sb.reps; b++ {
		rep := sb.half[b*kk : (b+1)*kk]
		begin := 0
		for i, key := range run.keys {
			w := roundWeight(key, b)
			for _, e := range run.ent[begin:run.end[i]] {
				rep[run.idx[e.slot]] += w * int64(e.n)
			}
			begin = run.end[i]
		}
	}
}

// addSlots does addRun's work for the replicates up to full, on any run.
func (sb *seedBootstrap) addSlots(full int) {
	run, kk := &sb.run, sb.k*sb.k
	end, ent := run.end[:len(run.keys)], run.ent
	for b := 0; b < full; b += weightsPerHash {
		var sums [runSlots]uint64                // slot s, lane l: replicate b+l's sum
		g := uint64(b/weightsPerHash+1) * golden // weightHash's, out of the loop
		begin := 0
		for i, key := range run.keys {
			w := packedWeights(sim.Mix(key + g))
			for _, e := range ent[begin:end[i]] {
				sums[e.slot&(runSlots-1)] += w * e.n // the mask: no bounds check
			}
			begin = end[i]
		}
		rep := sb.half[b*kk : (b+weightsPerHash)*kk]
		for s, idx := range run.idx {
			for l := range weightsPerHash {
				rep[l*kk+idx] += int64(sums[s] >> (16 * l) & 0xffff)
			}
		}
	}
}

// addTwoSlots does addRun's work for the replicates up to full on a run of
// two pairs at most (a duel's), with each round's half wins on the two
// pairs as two numbers: a third faster than through the entries.
func (sb *seedBootstrap) addTwoSlots(full int) {
	run, kk := &sb.run, sb.k*sb.k
	na, nc := run.na[:0], run.nc[:0]
	begin := 0
	for _, end := range run.end {
		var x, y uint64
		for _, e := range run.ent[begin:end] {
			if e.slot == 0 {
				x += e.n
			} else {
				y += e.n
			}
		}
		na, nc = append(na, x), append(nc, y)
		begin = end
	}
	run.na, run.nc = na, nc
	a, c := run.idx[0], run.idx[0]
	if len(run.idx) == 2 {
		c = run.idx[1]
	}
	nc = nc[:len(na)]
	for b := 0; b < full; b += weightsPerHash {
		var sumA, sumC uint64                    // lane l: replicate b+l's sum
		g := uint64(b/weightsPerHash+1) * golden // weightHash's, out of the loop
		for i, key := range run.keys[:len(na)] {
			w := packedWeights(sim.Mix(key + g))
			sumA += w * na[i]
			sumC += w * nc[i]
		}
		rep := sb.half[b*kk : (b+weightsPerHash)*kk]
		for l := range weightsPerHash {
			rep[l*kk+a] += int64(sumA >> (16 * l) & 0xffff)
			rep[l*kk+c] += int64(sumC >> (16 * l) & 0xffff) // after a's: c may be a
		}
	}
}

// addRound adds one round that no run took (one on more than runSlots
// pairs, or with half wins taken back, or more than a lane holds) into
// every replicate: its weights first, then each replicate's pairs at once,
// none for a weight of 0.
func (sb *seedBootstrap) addRound(roundSeed uint64, pairs []pairHalfWins) {
	key := roundKey(sb.seed, roundSeed)
	kk := sb.k * sb.k
	w := sb.weights[:sb.reps]
	full := len(w) / weightsPerHash * weightsPerHash
	for b := 0; b < full; b += weightsPerHash {
		q := w[b : b+weightsPerHash : b+weightsPerHash]
		q[0], q[1], q[2], q[3] = fourWeights(weightHash(key, b))
	}
	for b := full; b < len(w); b++ {
		w[b] = roundWeight(key, b)
	}
	for b, wb := range w {
		if wb == 0 {
			continue
		}
		rep := sb.half[b*kk : (b+1)*kk]
		for _, p := range pairs {
			rep[p.idx] += wb * p.n
		}
	}
}

// footprint returns the bytes the bootstrap holds, once the batch being
// added is in.
func (sb *seedBootstrap) footprint() int {
	sb.adding.Wait()
	const word = 8
	n := word * (cap(sb.half) + cap(sb.scratch) + cap(sb.touched) + cap(sb.weights))
	for _, q := range []*roundBatch{sb.queued, sb.spare} {
		n += word*(cap(q.seeds)+cap(q.end)) + cap(q.pairs)*int(unsafe.Sizeof(pairHalfWins{}))
	}
	r := &sb.run
	n += cap(r.slotOf) + word*(cap(r.idx)+cap(r.sum)+cap(r.keys)+cap(r.end)+cap(r.na)+cap(r.nc)) +
		cap(r.ent)*int(unsafe.Sizeof(runEntry{}))
	return n
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
