package sim_test

import (
	"sync/atomic"
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

// stopSeen is a Stopwatch that reads 0 its first zeros times, then a stop
// of an hour; the first reading that sees it closes seen.
type stopSeen struct {
	zeros, calls int32
	seen         chan struct{}
}

func (s *stopSeen) Stopped() time.Duration {
	if atomic.AddInt32(&s.calls, 1) <= s.zeros {
		return 0
	}
	if atomic.LoadInt32(&s.calls) == s.zeros+1 {
		close(s.seen)
	}
	return time.Hour
}

// TestAwaitMovesItsDeadline: a value that comes after the wall clock passed
// the deadline, arena having been stopped meanwhile (a fake stop clock),
// is awaited: whether the stop is seen when the wait starts or once its
// timer fired. The value is sent only once the stop was seen, past the
// 1 ms deadline; without a stop the deadline holds.
func TestAwaitMovesItsDeadline(t *testing.T) {
	for _, zeros := range []int32{1, 2} { // the mark only; the mark and the wait's start
		stops := &stopSeen{zeros: zeros, seen: make(chan struct{})}
		c := make(chan int, 1)
		go func() {
			<-stops.seen
			c <- 7
		}()
		v, ok := sim.Await(c, time.Now().Add(time.Millisecond), stops, stops.Stopped())
		require.True(t, ok, "readings before the stop: %d", zeros)
		require.Equal(t, 7, v)
	}
	_, ok := sim.Await(make(chan int), time.Now().Add(time.Millisecond), sim.NewStopClock(time.Now), 0)
	require.False(t, ok, "no stop: the deadline holds")
}
