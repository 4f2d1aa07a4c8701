package sim

import (
	"sync"
	"time"
)

// Stopwatch tells how long arena has been stopped, in all, since it
// started: the time a deadline does not charge to a bot. A deadline set
// when Stopped read s is due, at wall time t, Stopped()−s later than t.
type Stopwatch interface {
	Stopped() time.Duration
}

// StopClock is a Stopwatch fed the stops of the process: Begin just before
// it stops (SIGTSTP: Ctrl-Z, SIGTTIN, SIGTTOU, which arena catches and
// obeys), End once it runs again. A bot's deadline is measured in wall
// time arena ran while the bot had the turn: a bot that answered while
// arena itself was stopped did not run late, though the wall clock passed
// its deadline (docs/bots.md, "timeout").
type StopClock struct {
	now   func() time.Time
	mu    sync.Mutex
	total time.Duration // the stops that ended
	since time.Time     // when the stop under way began; zero when running
}

// NewStopClock returns a stop clock read on now (time.Now, or a test's).
func NewStopClock(now func() time.Time) *StopClock { return &StopClock{now: now} }

// Stops is the stop clock of this process, fed by cmd/arena. Nothing feeds
// it in a program that does not stop itself (a test): it then reads 0.
var Stops = NewStopClock(time.Now)

// Begin marks the start of a stop.
func (c *StopClock) Begin() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.since.IsZero() {
		c.since = c.now()
	}
}

// End marks the end of the stop Begin started.
func (c *StopClock) End() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.since.IsZero() {
		c.total += c.now().Sub(c.since)
		c.since = time.Time{}
	}
}

// Stopped returns the time stopped so far, a stop under way counted up to
// now: a deadline looked at on waking, before End is told, is moved all
// the same.
func (c *StopClock) Stopped() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	d := c.total
	if !c.since.IsZero() {
		d += c.now().Sub(c.since)
	}
	return d
}

// Await waits for a value of c until due, a deadline set when stops read
// stopped, moved on by the time arena has been stopped since (Stopwatch):
// ok is false when the deadline passed first.
func Await[T any](c <-chan T, due time.Time, stops Stopwatch, stopped time.Duration) (v T, ok bool) {
	left := func() time.Duration { return time.Until(due.Add(stops.Stopped() - stopped)) }
	timer := time.NewTimer(left())
	defer timer.Stop()
	for {
		select {
		case v := <-c:
			return v, true
		case <-timer.C:
			if d := left(); d > 0 {
				timer.Reset(d)
				continue
			}
			return v, false
		}
	}
}
