package runner

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Knockout is the format of single-elimination brackets of two-seat ties
// (results.Knockout has the rules): one bracket, or with Draws > 1 that many
// brackets of the same bots, each drawn anew, played side by side. Its plan
// grows stage by stage, each stage a leg of every undecided tie, planned
// from the records before it only; the run stops once every final is
// decided. The report of one bracket has the bracket, the places and
// their points, and the Bradley–Terry standings of every game; that of
// several, each bot's titles, finals and mean points over the brackets,
// and its chance of a title from the games' ratings.
type Knockout struct {
	plan   *KnockoutPlan
	judges []*results.Knockout
	tally  *results.Tally
	set    results.KnockoutSettings
	master uint64
}

// NewKnockout returns the knockout of the entrants with the settings (the
// draw of the first bracket included: KnockoutDraw), its stages played on
// seeds derived from master, its standings rated with opts.
func NewKnockout(entrants []string, set results.KnockoutSettings, master uint64, opts results.Options) (*Knockout, error) {
	draws := max(set.Draws, 1)
	if draws > MaxDraws {
		return nil, fmt.Errorf("knockout: draws: %d is not a whole number from 1 to %d", set.Draws, MaxDraws)
	}
	k := &Knockout{tally: results.NewTally(entrants, opts), set: set, master: master}
	for b := range draws {
		bs := set
		if b > 0 {
			if set.Seeded > len(set.Draw) {
				return nil, fmt.Errorf("knockout: %d seeded of %d bots", set.Seeded, len(set.Draw))
			}
			bs.Draw = KnockoutDraw(bracketMaster(master, b), len(entrants), set.Draw[:set.Seeded], set.Seeded)
		}
		judge, err := results.NewKnockout(entrants, bs)
		if err != nil {
			return nil, err
		}
		k.judges = append(k.judges, judge)
	}
	k.plan = &KnockoutPlan{judges: k.judges, master: master}
	return k, nil
}

// MaxDraws bounds the brackets of one run.
const MaxDraws = 100_000

// bracketMaster is the master seed of bracket b: the run's for the first,
// so that a run of many brackets starts with the bracket of a run of one.
func bracketMaster(master uint64, b int) uint64 {
	if b == 0 {
		return master
	}
	return sim.Derive(master, 1<<32+uint64(b))
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
	h.Schedule, h.Knockout = "knockout", k.judges[0].Settings()
	h.Knockout.Draws = k.set.Draws
}

// Add judges one record.
func (k *Knockout) Add(r *results.Record) error {
	if err := k.tally.Add(r); err != nil {
		return err
	}
	return k.plan.judge(r)
}

// Decided reports whether every final is decided: the run stops there.
func (k *Knockout) Decided() bool {
	for _, j := range k.judges {
		if !j.Finished() {
			return false
		}
	}
	return true
}

// Fork returns an empty tally for a worker.
func (k *Knockout) Fork() Counter { return k.tally.Fork() }

// AddOrdered judges what depends on the order of the records: the
// standings' rounds and the brackets, which plan the next stage.
func (k *Knockout) AddOrdered(r *results.Record) error {
	if err := k.tally.AddOrdered(r); err != nil {
		return err
	}
	return k.plan.judge(r)
}

// Merge adds a worker's tally.
func (k *Knockout) Merge(c Counter) error { return k.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict: the report is the bracket.
func (k *Knockout) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the games judged so far.
func (k *Knockout) Standings() (*results.Standings, error) { return k.tally.Standings() }

// Status says how far the brackets are, for the progress line.
func (k *Knockout) Status() string {
	if len(k.judges) == 1 {
		return k.judges[0].Status()
	}
	done := 0
	for _, j := range k.judges {
		if j.Finished() {
			done++
		}
	}
	return fmt.Sprintf("%d of %d brackets finished", done, len(k.judges))
}

// Bracket returns the first bracket and its places, without the
// standings: arena report's page shows those apart.
func (k *Knockout) Bracket() *results.KnockoutReport { return k.judges[0].Report(nil) }

// Report writes the bracket, the places and the standings; of several
// brackets, what each bot made of them.
func (k *Knockout) Report(w io.Writer, f results.Format) error {
	st, err := k.tally.Standings()
	if err != nil {
		return err
	}
	if len(k.judges) == 1 {
		return k.judges[0].Report(st).Write(w, f)
	}
	return results.NewKnockoutDraws(k.judges, st, k.master).Write(w, f)
}

// Draws returns the report of the brackets played: each bot's titles and
// its chance of a title from the ratings (of one bracket as of many).
func (k *Knockout) Draws() (*results.KnockoutDraws, error) {
	st, err := k.tally.Standings()
	if err != nil {
		return nil, err
	}
	return results.NewKnockoutDraws(k.judges, st, k.master), nil
}

// KnockoutPlan is the plan of a knockout's brackets: their games in the
// order they were planned, stage after stage, the brackets in order within
// a stage. Bracket b's stage s is played on the seed Derive(m_b, s), m_b
// the run's master seed for the first bracket and Derive(master, 2³²+b)
// for the others, every leg of the stage on it, its two games with the
// seats swapped. Len is the most games the brackets could play (every tie
// to its cap); the run stops at the last final.
type KnockoutPlan struct {
	mu     sync.Mutex // Ready grows the games while workers read them
	judges []*results.Knockout
	master uint64
	games  []planned // every game planned, in match order
	judged int       // records judged
	stage  int       // stages planned, over every bracket: the pairings' deal
	stages int       // stages planned, each a stage of every unfinished bracket
	last   int       // the first game of the last stage
}

// planned is one planned game: its bracket, its index there, its deal.
type planned struct{ bracket, local, deal int }

// Seats returns 2: a knockout's ties are duels.
func (p *KnockoutPlan) Seats() int { return 2 }

// Len returns the most games the brackets can play.
func (p *KnockoutPlan) Len() int { return len(p.judges) * p.judges[0].MaxGames() }

// Match returns match i, once Ready has planned it.
func (p *KnockoutPlan) Match(i int, seating []int) Pairing {
	p.mu.Lock()
	if i >= len(p.games) {
		p.mu.Unlock()
		panic(fmt.Sprintf("runner: knockout match %d is not planned yet", i))
	}
	g := p.games[i]
	kg := p.judges[g.bracket].Games()[g.local]
	p.mu.Unlock()
	s := grow(seating, 2)
	s[0], s[1] = kg.Seating[0], kg.Seating[1]
	return Pairing{Index: i, Deal: g.deal, Seed: sim.Derive(bracketMaster(p.master, g.bracket), uint64(kg.Stage)), Seating: s}
}

// Ready plans the next stage once every game before next is judged, and
// returns the games planned.
func (p *KnockoutPlan) Ready(next int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.planStage()
	return len(p.games)
}

// planStage plans the next stage of every unfinished bracket, once every
// game planned is judged.
func (p *KnockoutPlan) planStage() {
	if p.judged < len(p.games) {
		return
	}
	start := len(p.games)
	defer func() {
		if len(p.games) > start {
			p.stages, p.last = p.stages+1, start
		}
	}()
	for b, j := range p.judges {
		before := len(j.Games())
		n, _ := j.NextStage()
		for l := before; l < n; l++ {
			p.games = append(p.games, planned{bracket: b, local: l, deal: p.stage})
		}
		if n > before {
			p.stage++
		}
	}
}

// Stages returns the stages planned so far, each a stage of every
// unfinished bracket, and the first match of the last one.
func (p *KnockoutPlan) Stages() (count, start int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stages, p.last
}

// StageUnit returns 2: a shard of a stage plays whole legs.
func (p *KnockoutPlan) StageUnit() int { return 2 }

// judge gives a record to its bracket, renumbered as the bracket's own
// match; a file read back plans its next stage as the run did.
func (p *KnockoutPlan) judge(r *results.Record) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.Match == len(p.games) {
		p.planStage()
	}
	if r.Match != p.judged || r.Match >= len(p.games) {
		return fmt.Errorf("knockout: record of match %d, but match %d is next of %d planned", r.Match, p.judged, len(p.games))
	}
	g := p.games[r.Match]
	local := *r
	local.Match = g.local
	if err := p.judges[g.bracket].Add(&local); err != nil {
		return fmt.Errorf("knockout: match %d: %s", r.Match, strings.TrimPrefix(err.Error(), "knockout: "))
	}
	p.judged++
	return nil
}
