package runner

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Config is what Run needs.
type Config struct {
	Setup sim.Setup
	Plan  Plan
	// Owned lists the matches this run plays, as sorted, disjoint spans of
	// plan indices; nil means every match of the plan. A shard or a resumed
	// run owns part of the plan.
	Owned    []Span
	Scenario string // the scenario's name, copied into every record
	Workers  int    // goroutines playing matches; 0 means one per core; at most MaxWorkersPerCore per core
	// Progress, when not nil, is called after each record is handed on,
	// with the number handed on so far and the number of owned matches.
	Progress func(done, total int)
}

// Span is the plan indices [Start, End).
type Span struct{ Start, End int }

// Sink receives the records of a run, strictly in index order. It returns
// stop = true when the records so far settle the run (a sequential test has
// decided): Run then plays nothing more. An error stops the run and is
// returned by Run.
type Sink func(r *results.Record) (stop bool, err error)

// Summary tells how a run ended.
type Summary struct {
	Played      int  // records handed to the sink
	Failed      int  // of which, matches that ended with an engine error
	Workers     int  // goroutines that played matches
	Stopped     bool // the sink stopped the run before its last match
	Interrupted bool // the context was cancelled before the run's last match
}

// MaxWorkersPerCore caps the workers: matches run in process, so more
// workers than cores only adds memory (a table each), and a mistyped -j
// must not exhaust it.
const MaxWorkersPerCore = 4

// window is how many matches each worker may be ahead of the oldest match
// not yet handed on. It bounds memory whatever the plan's length.
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

// batch is a run of consecutive owned matches, by position among the owned
// matches: [start, end).
type batch struct{ start, end int }

// finished is a played batch: a record per match, nil for a match dropped
// on cancellation.
type finished struct {
	start int
	recs  []*results.Record
}

// Run plays the owned matches of the plan and hands every match's record to
// sink, strictly in index order, from the calling goroutine, as soon as the
// match and all those before it are done. When ctx is cancelled Run stops
// starting matches, drops the ones running (each stops at the end of its
// turn), hands on every finished match that has no unfinished one before
// it, and returns with Interrupted set. When sink says stop, Run drops the
// rest the same way and returns with Stopped set: the records handed on are
// the same whatever the number of workers.
func Run(ctx context.Context, cfg Config, sink Sink) (Summary, error) {
	own, err := newOwned(cfg.Owned, cfg.Plan.Len())
	if err != nil {
		return Summary{}, err
	}
	total := own.total
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, total, MaxWorkersPerCore*runtime.GOMAXPROCS(0)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	staged, _ := cfg.Plan.(Staged)
	gate := &readiness{wake: make(chan struct{}, 1)}
	gate.set(total)
	if staged != nil {
		gate.set(own.positionOf(staged.Ready(own.indexOrEnd(0, cfg.Plan.Len()))))
	}

	slots := make(chan struct{}, workers*window) // one per match started and not yet handed on
	jobs := make(chan batch, workers)
	done := make(chan finished, workers)
	var longest atomic.Int64 // the longest match so far, in nanoseconds, for sizing batches

	go dispatch(ctx, total, workers, slots, jobs, &longest, gate)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { work(ctx, cfg, own, jobs, done, &longest) })
	}
	go func() { wg.Wait(); close(done) }()

	sum := Summary{Workers: workers}
	var (
		next    int // position of the next record to hand on
		pending = map[int]*results.Record{}
		stopErr error
	)
	for f := range done {
		if stopErr != nil || sum.Stopped {
			continue // the run is stopping: drain
		}
		for k, rec := range f.recs {
			if rec != nil {
				pending[f.start+k] = rec
			}
		}
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			stop, err := sink(r)
			if err != nil {
				stopErr = err
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
			if stop && next < total {
				sum.Stopped = true
				cancel()
				break
			}
			if staged != nil && next < total {
				ready := own.positionOf(staged.Ready(own.index(next)))
				if ready <= next {
					stopErr = fmt.Errorf("runner: the staged plan planned nothing past match %d", own.index(next))
					cancel()
					break
				}
				gate.set(ready)
			}
		}
	}
	if stopErr != nil {
		return sum, stopErr
	}
	sum.Interrupted = !sum.Stopped && next < total
	return sum, nil
}

// readiness tells the dispatcher how many owned matches are planned; it
// only grows.
type readiness struct {
	ready atomic.Int64
	wake  chan struct{}
}

func (g *readiness) set(n int) {
	g.ready.Store(int64(n))
	select {
	case g.wake <- struct{}{}:
	default:
	}
}

func (g *readiness) get() int { return int(g.ready.Load()) }

// dispatch hands out the owned matches in order, in batches, never more than
// the window ahead of the matches handed on, and never past what the plan
// has planned.
func dispatch(ctx context.Context, total, workers int, slots chan<- struct{}, jobs chan<- batch, longest *atomic.Int64, gate *readiness) {
	defer close(jobs)
	for i := 0; i < total; {
		ready := gate.get()
		for ready <= i {
			select {
			case <-gate.wake:
				ready = gate.get()
			case <-ctx.Done():
				return
			}
		}
		n := 1
		if l := longest.Load(); l > 0 {
			n = int(int64(batchTime) / l)
		}
		n = max(1, min(n, maxBatch, (total-i)/(2*workers), ready-i))
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
func work(ctx context.Context, cfg Config, own *owned, jobs <-chan batch, done chan<- finished, longest *atomic.Int64) {
	table := cfg.Setup.NewTable()
	names := cfg.Setup.Entrants()
	var seating []int
	for b := range jobs {
		f := finished{start: b.start, recs: make([]*results.Record, b.end-b.start)}
		for pos := b.start; pos < b.end && ctx.Err() == nil; pos++ {
			p := cfg.Plan.Match(own.index(pos), seating)
			seating = p.Seating
			start := time.Now()
			res := table.Play(ctx, p.Seed, p.Seating)
			atomicMax(longest, int64(time.Since(start)))
			if !errors.Is(res.Err, sim.ErrInterrupted) {
				f.recs[pos-b.start] = NewRecord(cfg.Setup, cfg.Scenario, p, names, res)
			}
		}
		done <- f
	}
}

// owned maps positions among the owned matches to plan indices.
type owned struct {
	spans []Span
	first []int // position of each span's first match
	total int
}

// newOwned checks spans against a plan of length n; nil means all of it.
func newOwned(spans []Span, n int) (*owned, error) {
	if spans == nil {
		spans = []Span{{0, n}}
	}
	o := &owned{}
	end := 0
	for _, s := range spans {
		if s.Start < end || s.End < s.Start || s.End > n {
			return nil, fmt.Errorf("runner: owned matches %v are not sorted, disjoint spans within the plan's %d", spans, n)
		}
		end = s.End
		if s.End == s.Start {
			continue
		}
		o.spans = append(o.spans, s)
		o.first = append(o.first, o.total)
		o.total += s.End - s.Start
	}
	return o, nil
}

// index returns the plan index of owned position pos < total.
func (o *owned) index(pos int) int {
	if len(o.spans) == 1 {
		return o.spans[0].Start + pos
	}
	k := sort.Search(len(o.first), func(k int) bool { return o.first[k] > pos }) - 1
	return o.spans[k].Start + pos - o.first[k]
}

// indexOrEnd returns index(pos), or end when pos is past the last owned match.
func (o *owned) indexOrEnd(pos, end int) int {
	if pos >= o.total {
		return end
	}
	return o.index(pos)
}

// positionOf returns how many owned matches have an index below i.
func (o *owned) positionOf(i int) int {
	pos := 0
	for k, s := range o.spans {
		if i <= s.Start {
			break
		}
		pos = o.first[k] + min(i, s.End) - s.Start
	}
	return pos
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

// Each returns a sink that hands every record to add and never stops the
// run, e.g. Each(tally.Add).
func Each(add func(*results.Record) error) Sink {
	return func(r *results.Record) (bool, error) { return false, add(r) }
}
