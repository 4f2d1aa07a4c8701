package runner

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Knockout is the format of a single-elimination bracket of two-seat ties
// (results.Knockout has the rules): its plan grows stage by stage, each
// stage a leg of every undecided tie of the round, planned from the records
// before it only; the run stops once the final is decided. The report has
// the bracket, the places with their points, and the Bradley–Terry
// standings of every game.
type Knockout struct {
	plan  *KnockoutPlan
	judge *results.Knockout
	tally *results.Tally
}

// NewKnockout returns the knockout of the entrants with the settings (the
// draw included: KnockoutDraw), its stages played on seeds derived from
// master, its standings rated with opts.
func NewKnockout(entrants []string, set results.KnockoutSettings, master uint64, opts results.Options) (*Knockout, error) {
	judge, err := results.NewKnockout(entrants, set)
	if err != nil {
		return nil, err
	}
	return &Knockout{plan: &KnockoutPlan{judge: judge, master: master}, judge: judge, tally: results.NewTally(entrants, opts)}, nil
}

// KnockoutDraw returns the seeds of n entrants: the first seeded entrants
// of ranking (entrant indexes, best first) are seeds 1 to seeded, and the
// others are drawn at random from the master seed, on a stream of their own,
// to the seeds after them.
func KnockoutDraw(master uint64, n int, ranking []int, seeded int) []int {
	draw := slices.Clone(ranking[:seeded])
	var rest []int
	for e := range n {
		if !slices.Contains(draw, e) {
			rest = append(rest, e)
		}
	}
	rng := sim.NewRand(master, knockoutStream)
	rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	return append(draw, rest...)
}

// knockoutStream is the random stream of a knockout's draw: distinct from
// the engine's, the seats', the blocks' and the championship's.
const knockoutStream = drawStream + 1

// Plan returns the matches.
func (k *Knockout) Plan() Plan { return k.plan }

// Header names the schedule and keeps the draw and the rules.
func (k *Knockout) Header(h *results.Header) {
	h.Schedule, h.Knockout = "knockout", k.judge.Settings()
}

// Add judges one record.
func (k *Knockout) Add(r *results.Record) error {
	if err := k.tally.Add(r); err != nil {
		return err
	}
	return k.judge.Add(r)
}

// Decided reports whether the final is decided: the run stops there.
func (k *Knockout) Decided() bool { return k.judge.Finished() }

// Fork returns an empty tally for a worker.
func (k *Knockout) Fork() Counter { return k.tally.Fork() }

// AddOrdered judges what depends on the order of the records: the
// standings' rounds and the bracket, which plans the next stage.
func (k *Knockout) AddOrdered(r *results.Record) error {
	if err := k.tally.AddOrdered(r); err != nil {
		return err
	}
	return k.judge.Add(r)
}

// Merge adds a worker's tally.
func (k *Knockout) Merge(c Counter) error { return k.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict: the report is the bracket.
func (k *Knockout) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the games judged so far.
func (k *Knockout) Standings() (*results.Standings, error) { return k.tally.Standings() }

// Status says how far the bracket is, for the progress line.
func (k *Knockout) Status() string { return k.judge.Status() }

// Bracket returns the bracket and the places, without the standings:
// arena report's page shows those apart.
func (k *Knockout) Bracket() *results.KnockoutReport { return k.judge.Report(nil) }

// Report writes the bracket, the places and the standings.
func (k *Knockout) Report(w io.Writer, f results.Format) error {
	st, err := k.tally.Standings()
	if err != nil {
		return err
	}
	return k.judge.Report(st).Write(w, f)
}

// KnockoutPlan is the plan of a knockout: its games in the order the
// bracket planned them, stage after stage. Stage s is played on the seed
// Derive(master, s), every leg of the stage on it, its two games with the
// seats swapped. Len is the most games the bracket could play (every tie to
// its cap); the run stops at the final.
type KnockoutPlan struct {
	mu     sync.Mutex // Ready grows the games while workers read them
	judge  *results.Knockout
	master uint64
}

// Seats returns 2: a knockout's ties are duels.
func (p *KnockoutPlan) Seats() int { return 2 }

// Len returns the most games the knockout can play.
func (p *KnockoutPlan) Len() int { return p.judge.MaxGames() }

// Match returns match i, once Ready has planned it.
func (p *KnockoutPlan) Match(i int, seating []int) Pairing {
	p.mu.Lock()
	games := p.judge.Games()
	if i >= len(games) {
		p.mu.Unlock()
		panic(fmt.Sprintf("runner: knockout match %d is not planned yet", i))
	}
	g := games[i]
	p.mu.Unlock()
	s := grow(seating, 2)
	s[0], s[1] = g.Seating[0], g.Seating[1]
	return Pairing{Index: i, Deal: g.Stage, Seed: sim.Derive(p.master, uint64(g.Stage)), Seating: s}
}

// Ready plans the next stage once every game before next is judged, and
// returns the games planned.
func (p *KnockoutPlan) Ready(next int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, _ := p.judge.NextStage()
	return n
}
