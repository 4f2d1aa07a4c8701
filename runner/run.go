package runner

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Config is what Run needs.
type Config struct {
	Setup    sim.Setup
	Schedule *Schedule
	Scenario string // the scenario's name, copied into every record
	Workers  int    // goroutines playing matches; 0 means one per core; at most MaxWorkersPerCore per core
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

// MaxWorkersPerCore caps the workers: matches run in process, so more
// workers than cores only adds memory (a table each), and a mistyped -j
// must not exhaust it.
const MaxWorkersPerCore = 4

// window is how many matches each worker may be ahead of the oldest match
// not yet handed on. It bounds memory whatever the schedule's length.
const window = 256

// Batches: a worker takes consecutive matches in batches sized so that
// even the longest match seen so far, times the batch size, lasts about
// batchTime. Short matches (Tron's last microseconds) then do not pay for a
// channel hand-off each, while a tournament that mixes them with long ones
// hands out the matches one by one and keeps every worker busy to the end.
// The size depends on timing, never the results: every match is the same
// whoever plays it.
const (
	batchTime = time.Millisecond
	maxBatch  = 64
)

// batch is a run of consecutive matches [start, end).
type batch struct{ start, end int }

// finished is a played batch: a record per match, nil for a match dropped
// on cancellation.
type finished struct {
	start int
	recs  []*results.Record
}

// Run plays the schedule and calls emit with every match's record, strictly
// in match order, from the calling goroutine, as soon as the match and all
// those before it are done. When ctx is cancelled Run stops starting
// matches, drops the ones running (each stops at the end of its turn),
// hands on every finished match that has no unfinished one before it, and
// returns with Interrupted set. An error from emit stops the run and is
// returned.
func Run(ctx context.Context, cfg Config, emit func(*results.Record) error) (Summary, error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := cfg.Schedule.Len()
	workers = max(1, min(workers, total, MaxWorkersPerCore*runtime.GOMAXPROCS(0)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	slots := make(chan struct{}, workers*window) // one per match started and not yet handed on
	jobs := make(chan batch, workers)
	done := make(chan finished, workers)
	var longest atomic.Int64 // the longest match so far, in nanoseconds, for sizing batches

	go dispatch(ctx, total, workers, slots, jobs, &longest)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(ctx, cfg, jobs, done, &longest)
		}()
	}
	go func() { wg.Wait(); close(done) }()

	var (
		sum     Summary
		next    int
		pending = map[int]*results.Record{}
		emitErr error
	)
	for f := range done {
		if emitErr != nil {
			continue // the run is stopping: drain
		}
		for k, rec := range f.recs {
			if rec != nil {
				pending[f.start+k] = rec
			}
		}
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

// dispatch hands out the matches in order, in batches, never more than the
// window ahead of the matches handed on.
func dispatch(ctx context.Context, total, workers int, slots chan<- struct{}, jobs chan<- batch, longest *atomic.Int64) {
	defer close(jobs)
	for i := 0; i < total; {
		n := 1
		if l := longest.Load(); l > 0 {
			n = int(int64(batchTime) / l)
		}
		n = max(1, min(n, maxBatch, (total-i)/(2*workers)))
		for range n {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
		}
		select {
		case jobs <- batch{i, i + n}:
		case <-ctx.Done():
			return
		}
		i += n
	}
}

// work is one worker: it plays the batches it is given on its own table and
// sends their records back.
func work(ctx context.Context, cfg Config, jobs <-chan batch, done chan<- finished, longest *atomic.Int64) {
	table := cfg.Setup.NewTable()
	names := cfg.Setup.Entrants()
	var seating []int
	for b := range jobs {
		f := finished{start: b.start, recs: make([]*results.Record, b.end-b.start)}
		for i := b.start; i < b.end && ctx.Err() == nil; i++ {
			p := cfg.Schedule.Match(i, seating)
			seating = p.Seating
			start := time.Now()
			res := table.Play(ctx, p.Seed, p.Seating)
			atomicMax(longest, int64(time.Since(start)))
			if !errors.Is(res.Err, sim.ErrInterrupted) {
				f.recs[i-b.start] = NewRecord(cfg.Setup, cfg.Scenario, p, names, res)
			}
		}
		done <- f
	}
}

// atomicMax raises m to v if v is larger.
func atomicMax(m *atomic.Int64, v int64) {
	for old := m.Load(); v > old && !m.CompareAndSwap(old, v); old = m.Load() {
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
