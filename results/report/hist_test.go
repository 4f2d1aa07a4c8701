package report

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// exactHistogram is the histogram of two passes: the range, then the counts.
func exactHistogram(vs []float64) Histogram {
	lo, hi := vs[0], vs[0]
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	h := newHistogram(lo, hi, bins)
	for _, v := range vs {
		h.Counts[h.index(v)]++
	}
	return h
}

func countsOf(vs []float64) *valueCounts {
	c := newValueCounts()
	for i, v := range vs {
		c.add(v)
		if i%97 == 0 && len(c.exact)+len(c.bins) > maxDistinct {
			panic("valueCounts holds more than maxDistinct counts")
		}
	}
	return c
}

// TestValueCountsInOnePass: few distinct values give the exact histogram;
// many give one close to it (each value off by at most a fine bin), the
// same whatever their order, in bounded memory.
func TestValueCountsInOnePass(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var few []float64
	for range 10_000 {
		few = append(few, float64(rng.IntN(300)-50))
	}
	require.Equal(t, exactHistogram(few), countsOf(few).histogram(bins))

	for _, spread := range []float64{1e-3, 1, 1e7} {
		var many []float64
		for range 50_000 {
			many = append(many, spread*(rng.NormFloat64()-3))
		}
		c := countsOf(many)
		require.Nil(t, c.exact, "counted in bins")
		require.LessOrEqual(t, len(c.bins), maxDistinct)
		got, want := c.histogram(bins), exactHistogram(many)
		require.Equal(t, want.Lo, got.Lo)
		require.Equal(t, want.Hi, got.Hi)
		total := 0
		for i := range got.Counts {
			total += got.Counts[i]
			require.InDelta(t, want.Counts[i], got.Counts[i], float64(want.Counts[i])/20+30, "spread %g, bin %d", spread, i)
		}
		require.Equal(t, len(many), total)
		rng.Shuffle(len(many), func(i, j int) { many[i], many[j] = many[j], many[i] })
		require.Equal(t, got, countsOf(many).histogram(bins), "the order of the values changed the histogram")
	}

	// Extreme values: the same histogram whatever their order, with the
	// many ordinary values in the bin they belong to.
	var wild []float64
	for i := range 5000 {
		wild = append(wild, float64(i))
	}
	wild = append(wild, 1e300, -1e300)
	a := countsOf(wild).histogram(bins)
	slices.Reverse(wild)
	require.Equal(t, a, countsOf(wild).histogram(bins))
	require.Equal(t, []int{1, 5000, 1}, []int{a.Counts[0], a.Counts[bins/2], a.Counts[bins-1]})

	require.Equal(t, Histogram{Lo: 0, Hi: 0, Counts: []int{0}}, newValueCounts().histogram(bins), "nothing counted")
	require.Equal(t, Histogram{Lo: 5, Hi: 5, Counts: []int{3}}, countsOf([]float64{5, 5, 5}).histogram(bins), "one value")
}
