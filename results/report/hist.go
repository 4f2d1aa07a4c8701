package report

import (
	"math"
)

// maxDistinct bounds the values a counter keeps exactly; past it, it
// counts in bins.
const maxDistinct = 4096

// valueCounts counts values in one pass, in bounded memory, so that a
// histogram of a run's scores needs no second reading of its records. It
// keeps each distinct value's count while there are at most maxDistinct
// of them; past that, it counts in bins of width 2^e aligned on multiples
// of it, e the smallest that spans the values seen in maxDistinct bins. Its
// final state depends only on the values counted, never on their order:
// the order of the records, or of a run's shards, changes nothing.
type valueCounts struct {
	n      int
	lo, hi float64
	exact  map[float64]int // nil once counting in bins
	e      int             // the bins' width is 2^e
	bins   map[float64]int // floor(v / 2^e) → count: a whole number, exact as a float64 (see spans)
}

func newValueCounts() *valueCounts { return &valueCounts{exact: map[float64]int{}} }

func (c *valueCounts) add(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return // no score is; a histogram has no place for one
	}
	if c.n == 0 {
		c.lo, c.hi = v, v
	}
	c.n++
	c.lo, c.hi = min(c.lo, v), max(c.hi, v)
	if c.exact != nil {
		c.exact[v]++
		if len(c.exact) > maxDistinct {
			c.toBins()
		}
		return
	}
	c.widen()
	c.bins[c.bin(v)]++
}

func (c *valueCounts) bin(v float64) float64 { return math.Floor(math.Ldexp(v, -c.e)) }

// spans reports whether the values seen fit in maxDistinct bins, their
// indices small enough to be exact (below 2^53 in magnitude).
func (c *valueCounts) spans() bool {
	lo, hi := c.bin(c.lo), c.bin(c.hi)
	return hi-lo < maxDistinct && math.Abs(lo) < 1<<53 && math.Abs(hi) < 1<<53
}

// toBins moves the exact counts into bins.
func (c *valueCounts) toBins() {
	c.e = math.Ilogb((float64(c.hi/2) - float64(c.lo/2)) / maxDistinct) // a guess from below (halves: no overflow)
	for !c.spans() {
		c.e++
	}
	c.bins = map[float64]int{}
	for v, n := range c.exact {
		c.bins[c.bin(v)] += n
	}
	c.exact = nil
}

// widen doubles the bins' width until the values seen fit.
func (c *valueCounts) widen() {
	for !c.spans() {
		c.e++
		merged := make(map[float64]int, len(c.bins))
		for i, n := range c.bins {
			merged[math.Floor(i/2)] += n
		}
		c.bins = merged
	}
}

// histogram returns the counts in bins equal bins from the lowest value to
// the highest: exact while the values were few; else each fine bin's count
// goes where its middle falls.
func (c *valueCounts) histogram(bins int) Histogram {
	if c.n == 0 {
		return newHistogram(0, 0, bins)
	}
	h := newHistogram(c.lo, c.hi, bins)
	if c.exact != nil {
		for v, n := range c.exact {
			h.Counts[h.index(v)] += n
		}
		return h
	}
	for i, n := range c.bins {
		mid := math.Ldexp(i+0.5, c.e)
		h.Counts[h.index(min(max(mid, c.lo), c.hi))] += n
	}
	return h
}

func newHistogram(lo, hi float64, bins int) Histogram {
	if lo == hi {
		bins = 1
	}
	return Histogram{Lo: lo, Hi: hi, Counts: make([]int, bins)}
}

// index returns the bin of v, the last one including Hi.
func (h *Histogram) index(v float64) int {
	i := 0
	if h.Hi > h.Lo { // in halves, so that no difference overflows
		i = int(float64(len(h.Counts)) * (float64(v/2) - float64(h.Lo/2)) / (float64(h.Hi/2) - float64(h.Lo/2)))
	}
	return min(max(i, 0), len(h.Counts)-1)
}
