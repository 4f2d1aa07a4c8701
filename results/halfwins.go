package results

import (
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/arenasim/arena/sim"
)

// bootstrapStream separates the bootstrap's random streams from the match
// streams derived from the same master seed.
const bootstrapStream = 0x626f6f7473747270 // "bootstrp"

// halfWin is one pairwise result of a match category: i beat j (2 half wins)
// or drew with j (1 half win, recorded once for each side).
type halfWin struct {
	i, j int32
	n    int64
}

// categoryHalfWins lists the pairwise results of one match of category c.
// Two seats of the same entrant compare nothing.
func categoryHalfWins(c category) []halfWin {
	var hw []halfWin
	for a, sa := range c.seats {
		for _, sb := range c.seats[a+1:] {
			i, j := int32(sa.entrant), int32(sb.entrant)
			switch {
			case i == j:
			case sa.place < sb.place:
				hw = append(hw, halfWin{i, j, 2})
			case sa.place > sb.place:
				hw = append(hw, halfWin{j, i, 2})
			default:
				hw = append(hw, halfWin{i, j, 1}, halfWin{j, i, 1})
			}
		}
	}
	return hw
}

// addHalfWins adds n matches of each category (n[c] of category c) to half.
func addHalfWins(half []int64, k int, hw [][]halfWin, n []int) {
	for c, count := range n {
		if count == 0 {
			continue
		}
		for _, h := range hw[c] {
			half[int(h.i)*k+int(h.j)] += int64(count) * h.n
		}
	}
}

// aliasTable draws a category with probability proportional to its count
// (Walker's alias method, Vose's construction) with one random number per
// draw. It works in integers, so it is exact and the same on every machine.
type aliasTable struct {
	n      uint64   // number of categories
	total  uint64   // number of matches: every column holds total units
	thresh []uint64 // a draw u < thresh[c] in column c picks c, else alias[c]
	alias  []int
}

func newAliasTable(counts []int) *aliasTable {
	n := len(counts)
	a := &aliasTable{n: uint64(n), thresh: make([]uint64, n), alias: make([]int, n)}
	scaled := make([]uint64, n)
	var small, large []int
	for _, count := range counts {
		a.total += uint64(count)
	}
	for c, count := range counts {
		scaled[c] = uint64(count) * a.n
		a.alias[c] = c
		if scaled[c] < a.total {
			small = append(small, c)
		} else {
			large = append(large, c)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		a.thresh[s], a.alias[s] = scaled[s], l
		scaled[l] -= a.total - scaled[s]
		if scaled[l] < a.total {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	// What is left holds exactly total units (integer arithmetic loses
	// nothing): it always picks itself.
	for _, c := range append(small, large...) {
		a.thresh[c] = a.total
	}
	return a
}

// draw returns a category. The high word of x·n picks the column and the
// low word, scaled to total, the side; the bias of skipping rejection is
// below n/2⁶⁴.
func (a *aliasTable) draw(src *rand.PCG) int {
	col, frac := bits.Mul64(src.Uint64(), a.n)
	u, _ := bits.Mul64(frac, a.total)
	// Written to compile to a conditional move: the side is a coin toss
	// that a branch predictor cannot learn.
	c := a.alias[col]
	if u < a.thresh[col] {
		c = int(col)
	}
	return c
}

// bootstrap holds what every replicate shares.
type bootstrap struct {
	model  *pairModel
	hw     [][]halfWin
	table  *aliasTable
	start  []float64 // the full fit's θ, where every replicate starts
	anchor int
	seed   uint64
}

// run fits reps replicates and returns their anchored Elo, replicate r's
// entrant i at [r*k+i]. Replicate r draws from its own PCG stream, seeded
// from the master seed and r alone, so the result does not depend on how
// replicates are spread over goroutines.
func (b *bootstrap) run(reps int) []float64 {
	k := b.model.k
	out := make([]float64, reps*k)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), reps) {
		wg.Go(func() {
			w := b.newWorker()
			for r := int(next.Add(1) - 1); r < reps; r = int(next.Add(1) - 1) {
				w.replicate(r, out[r*k:(r+1)*k])
			}
		})
	}
	wg.Wait()
	return out
}

// worker is one goroutine's scratch space.
type worker struct {
	b     *bootstrap
	src   rand.PCG
	draws []int
	half  []int64
	theta []float64
	fit   *fitter
}

func (b *bootstrap) newWorker() *worker {
	k := b.model.k
	return &worker{
		b:     b,
		draws: make([]int, len(b.hw)),
		half:  make([]int64, k*k),
		theta: make([]float64, k),
		fit:   newFitter(b.model),
	}
}

// replicate resamples the matches with replacement, refits from the full
// fit's strengths, and writes the anchored Elo to dst.
func (w *worker) replicate(r int, dst []float64) {
	b := w.b
	w.src.Seed(sim.Mix(b.seed^bootstrapStream), sim.Derive(b.seed, uint64(r)))
	draws, table, src := w.draws, b.table, &w.src // locals: the loop is the hot spot
	clear(draws)
	for range table.total {
		draws[table.draw(src)]++
	}
	copy(w.half, b.model.prior)
	addHalfWins(w.half, b.model.k, b.hw, w.draws)
	w.fit.load(w.half)
	copy(w.theta, b.start)
	w.fit.fit(w.theta)
	w.fit.elo(w.theta, b.anchor, dst)
}
