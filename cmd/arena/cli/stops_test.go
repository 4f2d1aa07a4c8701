//go:build unix

package cli

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestObeyStops: a stop signal is noted on the stop clock, obeyed, and
// its end noted at the SIGCONT that follows; a SIGCONT that came while
// arena ran ends no stop. Fake signals and a fake clock: nothing stops.
func TestObeyStops(t *testing.T) {
	now := time.Unix(1000, 0)
	tick := func(d time.Duration) { now = now.Add(d) }
	clock := sim.NewStopClock(func() time.Time { return now })
	tstp, cont := make(chan os.Signal, 1), make(chan os.Signal, 1)
	done := make(chan struct{})
	stopped := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		obeyStops(clock, tstp, cont, done, func() { stopped <- struct{}{} })
		close(ended)
	}()
	cont <- syscall.SIGCONT // while running: no stop's end
	tstp <- syscall.SIGTSTP
	<-stopped
	tick(3 * time.Second)
	require.Equal(t, 3*time.Second, clock.Stopped(), "the stop under way counts")
	cont <- syscall.SIGCONT
	tstp <- syscall.SIGTTOU // the next stop: the first one ended
	<-stopped
	require.Equal(t, 3*time.Second, clock.Stopped())
	tick(time.Second)
	cont <- syscall.SIGCONT
	close(done)
	<-ended
	tick(time.Hour)
	require.Equal(t, 4*time.Second, clock.Stopped())
}
