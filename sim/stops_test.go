package sim_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestStopClock: the time between Begin and End is counted, a stop under
// way up to now, and a stop the clock is told of twice once.
func TestStopClock(t *testing.T) {
	now := time.Unix(1000, 0)
	c := sim.NewStopClock(func() time.Time { return now })
	require.Zero(t, c.Stopped())
	c.Begin()
	now = now.Add(2 * time.Second)
	require.Equal(t, 2*time.Second, c.Stopped(), "a stop under way, up to now")
	c.Begin()
	now = now.Add(time.Second)
	c.End()
	c.End()
	require.Equal(t, 3*time.Second, c.Stopped())
	now = now.Add(time.Hour)
	require.Equal(t, 3*time.Second, c.Stopped(), "running time is not stopped time")
}
