package runner

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

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
	// MoveTimeout is the deadline of each answer of the players that think
	// outside the match (external programs); 0 leaves each its own.
	MoveTimeout time.Duration
	// Logs, when not empty, is the folder where the players keep logs of
	// each match (external programs: their standard error).
	Logs string
	// Progress, when not nil, is called from Run's goroutine each time a
	// worker delivers a batch of played matches, once the records it lets
	// through are handed on.
	Progress func(Count)
	// NewLocal, when not nil, is called once by each worker. The worker
	// hands every record it plays to its Local, in the order it plays them,
	// before the record travels to the sink: the work on records that does
	// not depend on their order (counting into the worker's own tally,
	// encoding the record's line) is then shared by the workers rather than
	// done by the one goroutine that hands records on in order.
	NewLocal func() Local
	// Discard, when not nil, is called before Run returns for every record
	// that went through a Local but never reached the sink (the run was
	// stopped or interrupted before its turn), so that what the Locals
	// counted can be taken back. It is called from Run's goroutine.
	Discard func(r *results.Record)
}

// Local is one worker's share of the work on each record it plays. It
// appends whatever it wants to travel with the record (usually the record's
// line of the results file) to line and returns it; the sink receives it.
// An error stops the run.
type Local func(r *results.Record, line []byte) ([]byte, error)

// Span is the plan indices [Start, End).
type Span struct{ Start, End int }

// Sink receives the records of a run, strictly in index order, each with
// what the worker's Local appended for it (nil without a Local). The record
// and the line are only valid during the call. It returns stop = true when
// the records so far settle the run (a sequential test has decided): Run
// then plays nothing more. An error stops the run and is returned by Run.
type Sink func(r *results.Record, line []byte) (stop bool, err error)

// Summary tells how a run ended.
type Summary struct {
	Played      int  // records handed to the sink
	Failed      int  // of which, matches that ended with an engine error
	Workers     int  // goroutines that played matches
	Stopped     bool // the sink stopped the run before its last match
	Interrupted bool // the context was cancelled before the run's last match
}

// Count is how far a run has got, for Config.Progress.
type Count struct {
	// HandedOn is how many records the sink has had, in index order.
	HandedOn int
	// Played is how many matches have been played, handed on or waiting
	// for one before them: a slow match holds the records after it back,
	// not the workers, so Played is the measure of the run's pace when
	// matches differ in length (a strong bot's among quick ones).
	Played int
	// Total is how many matches the run owns.
	Total int
}

// MaxWorkersPerCore caps the workers: matches run in process, so more
// workers than cores only adds memory (a table each), and a mistyped -j
// must not exhaust it.
const MaxWorkersPerCore = 4

// window is how many matches each worker may be ahead of the oldest match
// not yet handed on. It bounds memory whatever the plan's length.
const window = 256

// Batches: a worker claims consecutive matches in batches sized so that a
// batch of matches of the mean length so far lasts about batchTime. Short
// matches (Tron's few microseconds) then pay for a claim and a hand-off per
// batch, not per match, while long ones (a millisecond and more) go one by
// one; near the end, batches shrink to share the last matches among the
// workers. The mean, not the longest match: one match slowed by the
// machine (a pause, another process) would otherwise shrink every batch
// that follows to a single match. The size depends on timing, never the
// results: every match is the same whoever plays it.
const (
	batchTime = time.Millisecond
	maxBatch  = 64
)

// finished is a played batch, by position among the owned matches: the
// records of the matches from start that were played (fewer than the batch
// when a match was dropped on cancellation), and the Local's output for
// each (line k is lines[ends[k-1]:ends[k]]). Once handed on, a batch goes
// back to the workers with its memory — records, hashes' text, lines — for
// the next one: a run allocates nothing per match in its steady state.
type finished struct {
	start, end int
	recs       []*results.Record
	lines      []byte
	ends       []int
	err        error // the Local's error, which ends the batch
	// hashes holds the text of the records' state hashes, in a block that
	// is only ever appended to: a record's StateHash points into it, and
	// stays the same when the record's memory is reused.
	hashes []byte
}

// batches is the run's pool of batches: at most max of them are ever made,
// and a handed-on batch comes back with its memory (records, lines, hash
// text) for the next one. So a run allocates nothing per match once its
// pool is made, however long it is, and whatever the machine's load does
// to the order in which goroutines run.
type batches struct {
	free chan finished
	made atomic.Int64
	max  int64
}

func newBatches(workers int) *batches {
	n := 4*workers + 2 // a worker's window holds about four, and one more on its way
	return &batches{free: make(chan finished, n), max: int64(n)}
}

// take returns a batch to fill: a handed-on one, or a new one while fewer
// than max were made, or else the next one handed on. ok is false when ctx
// is done first. A worker takes its batch before it claims matches, so
// the earliest claimed match is never waiting for a batch.
func (p *batches) take(ctx context.Context) (f finished, ok bool) {
	select {
	case f = <-p.free:
		return f, true
	default:
	}
	if p.made.Add(1) <= p.max {
		return finished{recs: make([]*results.Record, 0, maxBatch)}, true
	}
	select {
	case f = <-p.free:
		return f, true
	case <-ctx.Done():
		return f, false
	}
}

// give hands a batch back once its records are handed on.
func (p *batches) give(f finished) {
	select {
	case p.free <- f:
	default: // cannot happen: there are never more than max
	}
}

// reset makes f the empty batch [start, end), its memory kept.
func (f *finished) reset(start, end int, local bool) {
	f.start, f.end, f.recs, f.err = start, end, f.recs[:0], nil
	f.lines, f.ends = f.lines[:0], f.ends[:0]
	if need := hashLen * (end - start); cap(f.hashes)-len(f.hashes) < need {
		f.hashes = make([]byte, 0, max(need, hashBlock))
	}
	if local && f.ends == nil {
		f.ends = make([]int, 0, maxBatch)
	}
}

// hashLen is the length of a state hash's text; hashBlock is the size of
// the blocks that hold them (an allocation every 256 matches).
const (
	hashLen   = 16
	hashBlock = 256 * hashLen
)

// hashText returns the text of a state hash, kept in the batch's block.
func (f *finished) hashText(h uint64) string {
	n := len(f.hashes)
	f.hashes = sim.AppendHash(f.hashes, h)
	return unsafe.String(&f.hashes[n], len(f.hashes)-n)
}

// record returns the batch's next record to fill, reusing the memory of a
// record it held before.
func (f *finished) record() *results.Record {
	if len(f.recs) < cap(f.recs) {
		f.recs = f.recs[:len(f.recs)+1]
		if r := f.recs[len(f.recs)-1]; r != nil {
			return r
		}
	} else {
		f.recs = append(f.recs, nil)
	}
	r := new(results.Record)
	f.recs[len(f.recs)-1] = r
	return r
}

func (f *finished) line(k int) []byte {
	if f.ends == nil {
		return nil
	}
	from := 0
	if k > 0 {
		from = f.ends[k-1]
	}
	return f.lines[from:f.ends[k]]
}

// Run plays the owned matches of the plan and hands every match's record to
// sink, strictly in index order, from the calling goroutine, as soon as the
// match and all those before it are done. Workers claim the matches in
// batches. When ctx is cancelled Run stops starting matches, drops the ones
// running (each stops at the end of its turn), hands on every finished
// match that has no unfinished one before it, and returns with Interrupted
// set. When sink says stop, Run drops the rest the same way and returns with
// Stopped set: the records handed on are the same whatever the number of
// workers.
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

	q := newQueue(total, workers)
	staged, _ := cfg.Plan.(Staged)
	if staged != nil {
		ready := own.positionOf(staged.Ready(own.indexOrEnd(0, cfg.Plan.Len())))
		if ready == 0 && total > 0 {
			// Nothing owned is planned, and no record will come to plan more.
			return Summary{}, fmt.Errorf("runner: the staged plan planned nothing past match %d", own.index(0))
		}
		q.setReady(ready)
	}
	stopWatch := context.AfterFunc(ctx, q.stop)
	defer stopWatch()

	done := make(chan finished, workers)
	pool := newBatches(workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { work(ctx, cfg, own, q, done, pool) })
	}
	go func() { wg.Wait(); close(done) }()

	sum := Summary{Workers: workers}
	var (
		next    int // position of the next record to hand on
		played  int // records the workers have delivered
		pending = map[int]finished{}
		stopErr error
		halted  bool // no more records are handed on
	)
	// discard hands cfg.Discard the records of f that went through a Local.
	discard := func(f finished) {
		if cfg.Discard == nil || cfg.NewLocal == nil {
			return
		}
		for k, r := range f.recs {
			if f.ends == nil || k < len(f.ends) {
				cfg.Discard(r)
			}
		}
	}
	for f := range done {
		if halted {
			discard(f)
			continue // the run is stopping: drain
		}
		played += len(f.recs)
		pending[f.start] = f
		for {
			f, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			k := 0
			for ; k < f.end-f.start && !halted; k++ {
				if k >= len(f.recs) || (f.ends != nil && k >= len(f.ends)) {
					if f.err != nil {
						stopErr = f.err
					}
					halted = true // a hole: nothing after it can be handed on
					cancel()
					break
				}
				r := f.recs[k]
				stop, err := sink(r, f.line(k))
				if err != nil {
					stopErr, halted = err, true
					cancel()
					break
				}
				next++
				sum.Played++
				if r.Error != "" {
					sum.Failed++
				}
				if stop && next < total {
					sum.Stopped, halted = true, true
					cancel()
				}
			}
			if halted {
				rest := f
				rest.recs = f.recs[min(k, len(f.recs)):]
				if f.ends != nil {
					rest.ends = f.ends[min(k, len(f.ends)):]
				}
				discard(rest)
				break
			}
			pool.give(f)
			q.handedOn(next)
			if staged != nil && next < total {
				ready := own.positionOf(staged.Ready(own.index(next)))
				if ready <= next {
					stopErr, halted = fmt.Errorf("runner: the staged plan planned nothing past match %d", own.index(next)), true
					cancel()
					break
				}
				q.setReady(ready)
			}
		}
		if cfg.Progress != nil && !halted {
			cfg.Progress(Count{HandedOn: next, Played: played, Total: total})
		}
	}
	for _, f := range pending {
		discard(f)
	}
	if stopErr != nil {
		return sum, stopErr
	}
	sum.Interrupted = !sum.Stopped && next < total
	return sum, nil
}

// queue hands out the owned matches in order, in batches, never more than
// the window ahead of the matches handed on, and never past what the plan
// has planned. Workers claim from it; the goroutine that hands records on
// moves its limits.
type queue struct {
	mu      sync.Mutex
	cond    sync.Cond
	next    int // position of the next match to hand out
	total   int
	ready   int // positions planned so far
	limit   int // no batch starts at or past this position
	workers int
	stopped bool

	spent  atomic.Int64 // nanoseconds spent playing matches so far, for sizing batches
	played atomic.Int64 // matches played so far
}

func newQueue(total, workers int) *queue {
	q := &queue{total: total, ready: total, limit: min(total, workers*window), workers: workers}
	q.cond.L = &q.mu
	return q
}

// claim returns the next batch [start, end), waiting while it is not
// planned yet or too far ahead; ok is false when there is nothing left or
// the run stops.
func (q *queue) claim() (start, end int, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.stopped && q.next < q.total && (q.next >= q.ready || q.next >= q.limit) {
		q.cond.Wait()
	}
	if q.stopped || q.next >= q.total {
		return 0, 0, false
	}
	n := 1
	if spent := q.spent.Load(); spent > 0 {
		n = int(int64(batchTime) * q.played.Load() / spent)
	}
	n = max(1, min(n, maxBatch, (q.total-q.next)/(2*q.workers), q.ready-q.next, q.limit-q.next))
	start = q.next
	q.next += n
	return start, q.next, true
}

// handedOn moves the window: next records are handed on.
func (q *queue) handedOn(next int) {
	q.mu.Lock()
	q.limit = min(q.total, next+q.workers*window)
	q.mu.Unlock()
	q.cond.Broadcast()
}

// setReady records that the plan has planned n positions.
func (q *queue) setReady(n int) {
	q.mu.Lock()
	q.ready = n
	q.mu.Unlock()
	q.cond.Broadcast()
}

// stop wakes every waiting worker and hands out nothing more.
func (q *queue) stop() {
	q.mu.Lock()
	q.stopped = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// work is one worker: it plays the batches it claims on its own table and
// sends their records back.
func work(ctx context.Context, cfg Config, own *owned, q *queue, done chan<- finished, pool *batches) {
	table := cfg.Setup.NewTable()
	defer table.Close() // what its players hold: processes, connections
	table.SetMoveTimeout(cfg.MoveTimeout)
	names := cfg.Setup.Entrants()
	var local Local
	if cfg.NewLocal != nil {
		local = cfg.NewLocal()
	}
	var seating []int
	for {
		f, ok := pool.take(ctx)
		if !ok {
			return
		}
		start, end, ok := q.claim()
		if !ok {
			return
		}
		f.reset(start, end, local != nil)
		var spent, played int64
		for pos := start; pos < end && ctx.Err() == nil && f.err == nil; pos++ {
			p := cfg.Plan.Match(own.index(pos), seating)
			seating = p.Seating
			if cfg.Logs != "" {
				table.SetLog(cfg.Logs, p.Index)
			}
			t0 := time.Now()
			res := table.PlayShared(ctx, p.Seed, p.Seating)
			spent += int64(time.Since(t0))
			played++
			if errors.Is(res.Err, sim.ErrInterrupted) {
				break
			}
			rec := f.record()
			fillRecord(rec, cfg.Setup, cfg.Scenario, p, names, res, f.hashText(res.StateHash))
			if local != nil {
				f.lines, f.err = local(rec, f.lines)
				if f.err == nil {
					f.ends = append(f.ends, len(f.lines))
				}
			}
		}
		q.spent.Add(spent)
		q.played.Add(played)
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

// NewRecord builds the record of a played match.
func NewRecord(setup sim.Setup, scenario string, p Pairing, names []string, res sim.Result) *results.Record {
	rec := new(results.Record)
	fillRecord(rec, setup, scenario, p, names, res, sim.FormatHash(res.StateHash))
	return rec
}

// fillRecord makes rec the record of a played match, reusing the memory of
// its slices and copying res's, which may be the table's own; hash is the
// text of res.StateHash.
func fillRecord(rec *results.Record, setup sim.Setup, scenario string, p Pairing, names []string, res sim.Result, hash string) {
	*rec = results.Record{
		Type:      results.TypeMatch,
		Format:    results.FormatVersion,
		Match:     p.Index,
		Seed:      p.Seed,
		Game:      setup.Game(),
		Scenario:  scenario,
		RulesHash: setup.RulesHash(),
		Bots:      slices.Grow(rec.Bots[:0], len(p.Seating)),
		Scores:    append(rec.Scores[:0], res.Scores...),
		Places:    append(rec.Places[:0], res.Places...),
		Turns:     res.Turns,
		Faults:    append(rec.Faults[:0], res.Faults...),
		Penalties: append(rec.Penalties[:0], res.Penalties...),
		StateHash: hash,
		Timed:     res.Timed,
		Actions:   res.Actions,
	}
	for _, e := range p.Seating {
		rec.Bots = append(rec.Bots, names[e])
	}
	if rec.Faults == nil {
		rec.Faults = []sim.Fault{}
	}
	if res.Err != nil {
		rec.Error = res.Err.Error()
	}
}

// Each returns a sink that hands every record to add and never stops the
// run, e.g. Each(tally.Add).
func Each(add func(*results.Record) error) Sink {
	return func(r *results.Record, _ []byte) (bool, error) { return false, add(r) }
}
