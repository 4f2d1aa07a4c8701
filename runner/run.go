package runner

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Config is what Run needs.
type Config struct {
	Setup    sim.Setup
	Schedule *Schedule
	Scenario string // the scenario's name, copied into every record
	Workers  int    // goroutines playing matches; 0 means one per core
	// Progress, when not nil, is called after each record is handed on,
	// with the number handed on so far and the schedule's length.
	Progress func(done, total int)
}

// Summary tells how a run ended.
type Summary struct {
	Played      int  // records handed to emit
	Failed      int  // of which, matches that ended with an engine error
	Interrupted bool // the context was cancelled before the schedule ended
}

// window is how many matches each worker may be ahead of the oldest match
// not yet handed on. It bounds memory whatever the schedule's length.
const window = 64

// Run plays the schedule and calls emit with every match's record, strictly
// in match order, from the calling goroutine, as soon as the match and all
// those before it are done. When ctx is cancelled Run stops starting
// matches, drops the ones running (a match checks every few hundred turns),
// hands on every finished match that has no unfinished one before it, and
// returns with Interrupted set. An error from emit stops the run and is
// returned.
func Run(ctx context.Context, cfg Config, emit func(*results.Record) error) (Summary, error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := cfg.Schedule.Len()
	workers = max(1, min(workers, total))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	slots := make(chan struct{}, workers*window) // one per match started and not yet handed on
	jobs := make(chan Pairing)
	done := make(chan *results.Record, workers)

	go func() { // dispatch in order, never more than the window ahead
		defer close(jobs)
		for i := range total {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- cfg.Schedule.Match(i, nil):
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play(ctx, cfg, jobs, done)
		}()
	}
	go func() { wg.Wait(); close(done) }()

	var (
		sum     Summary
		next    int
		pending = map[int]*results.Record{}
		emitErr error
	)
	for rec := range done {
		if rec == nil || emitErr != nil {
			continue // interrupted, or the run is stopping: drain
		}
		pending[rec.Match] = rec
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			if emitErr = emit(r); emitErr != nil {
				cancel()
				break
			}
			next++
			sum.Played++
			if r.Error != "" {
				sum.Failed++
			}
			<-slots
			if cfg.Progress != nil {
				cfg.Progress(next, total)
			}
		}
	}
	if emitErr != nil {
		return sum, emitErr
	}
	sum.Interrupted = next < total
	return sum, nil
}

// play is one worker: it plays the matches it is given on its own table and
// sends their records, or nil for a match abandoned on cancellation.
func play(ctx context.Context, cfg Config, jobs <-chan Pairing, done chan<- *results.Record) {
	table := cfg.Setup.NewTable()
	names := cfg.Setup.Entrants()
	for p := range jobs {
		res := table.Play(ctx, p.Seed, p.Seating)
		if errors.Is(res.Err, sim.ErrInterrupted) {
			done <- nil
			continue
		}
		done <- NewRecord(cfg.Setup, cfg.Scenario, p, names, res)
	}
}

// NewRecord builds the record of a played match.
func NewRecord(setup sim.Setup, scenario string, p Pairing, names []string, res sim.Result) *results.Record {
	rec := &results.Record{
		Type:      results.TypeMatch,
		Format:    results.FormatVersion,
		Match:     p.Index,
		Seed:      p.Seed,
		Game:      setup.Game(),
		Scenario:  scenario,
		RulesHash: setup.RulesHash(),
		Bots:      make([]string, len(p.Seating)),
		Scores:    res.Scores,
		Places:    res.Places,
		Turns:     res.Turns,
		Faults:    res.Faults,
		StateHash: sim.FormatHash(res.StateHash),
	}
	for k, e := range p.Seating {
		rec.Bots[k] = names[e]
	}
	if rec.Faults == nil {
		rec.Faults = []sim.Fault{}
	}
	if res.Err != nil {
		rec.Error = res.Err.Error()
	}
	return rec
}
