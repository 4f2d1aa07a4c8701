//go:build unix

package cli

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/arenasim/arena/sim"
)

// watchStops has arena tell its stops to sim.Stops, so that no deadline
// charges a bot with the time arena itself was stopped: the signals that
// stop a job (Ctrl-Z's SIGTSTP, and SIGTTIN, SIGTTOU of a job in the
// background) are caught and obeyed. It returns the function that stops
// watching. SIGSTOP, which no program sees coming, is not told.
func watchStops() (stop func()) {
	tstp, cont := make(chan os.Signal, 1), make(chan os.Signal, 1)
	signal.Notify(tstp, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	signal.Notify(cont, syscall.SIGCONT)
	done := make(chan struct{})
	go obeyStops(sim.Stops, tstp, cont, done, func() { _ = syscall.Kill(os.Getpid(), syscall.SIGSTOP) })
	return func() {
		signal.Stop(tstp)
		signal.Stop(cont)
		close(done)
	}
}

// obeyStops obeys every stop signal of tstp: it notes the stop's start on
// clock, stops the process (stopSelf; SIGSTOP, which no orphaned process
// group discards, unlike a stop signal raised again), and notes its end at
// the next SIGCONT of cont — the one that woke the process. It returns
// once done is closed.
func obeyStops(clock *sim.StopClock, tstp, cont <-chan os.Signal, done <-chan struct{}, stopSelf func()) {
	for {
		select {
		case <-done:
			return
		case <-tstp:
		}
		// A SIGCONT of a time arena was running ends no stop.
		for len(cont) > 0 {
			<-cont
		}
		clock.Begin()
		stopSelf()
		select {
		case <-cont:
		case <-done:
		}
		clock.End()
	}
}
