package coin

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExpAndLogAreAccurate compares exp and log with the math package over
// the ranges the rules use them on: exp of ±ln(10)·2000/400, log of (0, 1)
// and of −ln u for u in (0, 1).
func TestExpAndLogAreAccurate(t *testing.T) {
	const rel = 4e-16
	for i := -20000; i <= 20000; i++ {
		x := float64(i) / 20000 * 5 * math.Ln10
		want := math.Exp(x)
		require.InEpsilon(t, want, exp(x), rel, "exp(%v)", x)
	}
	require.Equal(t, 1.0, exp(0))
	for _, x := range []float64{0x1p-53, 1e-300, 1e-16, 0.001, 0.3, 0.5, math.Sqrt2 / 2, 0.7071067811865476, 0.9, 1 - 0x1p-53, 1 + 0x1p-52, 1.5, 2, 10, 36.7368005696771} {
		require.InDelta(t, math.Log(x), log(x), rel*math.Max(1, math.Abs(math.Log(x))), "log(%v)", x)
	}
	require.Equal(t, 0.0, log(1))
	for i := 1; i < 20000; i++ {
		x := float64(i) / 20000
		want := math.Log(x)
		require.InDelta(t, want, log(x), rel*math.Max(1, math.Abs(want)), "log(%v)", x)
		y := -want
		require.InDelta(t, math.Log(y), log(y), rel*math.Max(1, math.Abs(math.Log(y))), "log(%v)", y)
	}
}

// TestUniformIsInsideTheUnitInterval checks the ends of uniform: never 0
// nor 1, whatever the word.
func TestUniformIsInsideTheUnitInterval(t *testing.T) {
	require.Equal(t, 0x1p-53, uniform(0))
	require.Equal(t, 1-0x1p-53, uniform(math.MaxUint64))
	require.Equal(t, 0.5+0x1p-53, uniform(1<<63))
	require.False(t, math.IsInf(performance(MaxElo, uniform(0)), 0))
	require.False(t, math.IsInf(performance(MinElo, uniform(math.MaxUint64)), 0))
}
