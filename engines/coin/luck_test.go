package coin

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUniformIsInsideTheUnitInterval checks the ends of uniform: never 0
// nor 1, whatever the word.
func TestUniformIsInsideTheUnitInterval(t *testing.T) {
	require.Equal(t, 0x1p-53, uniform(0))
	require.Equal(t, 1-0x1p-53, uniform(math.MaxUint64))
	require.Equal(t, 0.5+0x1p-53, uniform(1<<63))
	require.False(t, math.IsInf(performance(MaxElo, uniform(0)), 0))
	require.False(t, math.IsInf(performance(MinElo, uniform(math.MaxUint64)), 0))
}
