package aquariom

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGrid(t *testing.T) {
	var g grid
	g.reset(4000, 3000, 40)
	require.Equal(t, 101, g.nx)
	require.Equal(t, 76, g.ny)
	for _, b := range g.buckets {
		require.Equal(t, bucketRoom, cap(b), "room for a few cells in every bucket")
	}
	require.Equal(t, int32(0), g.bucket(0, 0))
	require.Equal(t, int32(1), g.bucket(40, 0))
	require.Equal(t, int32(101*76-1), g.bucket(4000, 3000))
	require.Equal(t, int32(0), g.bucket(math.NaN(), -5), "off the map: the nearest bucket")
	i0, i1, j0, j1 := g.span(100, 100, 1e300)
	require.Equal(t, [4]int{0, 100, 0, 75}, [4]int{i0, i1, j0, j1})

	// The number of buckets is capped, whatever the sizes.
	g.reset(1e6, 1e6, 1)
	require.LessOrEqual(t, g.nx*g.ny, maxBuckets)
	require.Equal(t, int32(g.nx*g.ny-1), g.bucket(1e6, 1e6))
	g.reset(1e6, 1, 1e-9)
	require.LessOrEqual(t, g.nx*g.ny, maxBuckets)

	// A reset keeps the buckets' memory.
	g.reset(100, 100, 10)
	g.buckets[3] = append(g.buckets[3], 1, 2, 3, 4, 5)
	c := cap(g.buckets[3])
	g.reset(100, 100, 10)
	require.Empty(t, g.buckets[3])
	require.Equal(t, c, cap(g.buckets[3]))
}
