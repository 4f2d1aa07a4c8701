package runner

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// MaxDays bounds a championship's days.
const MaxDays = 1000

// Championship is the format of a championship, as the Sopra Steria event
// played it, for any game: the teams (the entrants) play days of random
// tables, every team once a day, adding up the points of their places;
// then the standing after the days groups them into finals, a table each,
// whose places give the final ranking (see ChampionshipPlan and
// results.Championship). The report has the days, the final ranking and
// the Bradley–Terry standings of every match.
type Championship struct {
	plan  *ChampionshipPlan
	judge *results.Championship
	tally *results.Tally
}

// NewChampionship plans a championship of the entrants at tables of seats,
// over days days then the finals, with points per place (nil for
// results.DefaultChampionshipPoints), its standings rated with opts. The
// entrants must fill every table: a multiple of seats.
func NewChampionship(seats int, entrants []string, days int, points []float64, master uint64, opts results.Options) (*Championship, error) {
	if days < 1 || days > MaxDays {
		return nil, fmt.Errorf("championship: days: %d is not a whole number from 1 to %d", days, MaxDays)
	}
	judge, err := results.NewChampionship(entrants, seats, days, points)
	if err != nil {
		return nil, err
	}
	plan := newChampionshipPlan(seats, len(entrants), days, master, judge)
	return &Championship{plan: plan, judge: judge, tally: results.NewTally(entrants, opts)}, nil
}

// Plan returns the matches: the days, then the finals once the days are
// judged.
func (c *Championship) Plan() Plan { return c.plan }

// Header names the schedule and the championship's settings.
func (c *Championship) Header(h *results.Header) {
	h.Schedule, h.Championship = "championship", c.judge.Settings()
}

// Add judges one record.
func (c *Championship) Add(r *results.Record) error {
	if err := c.tally.Add(r); err != nil {
		return err
	}
	return c.judge.Add(r)
}

// Decided reports false: a championship plays every match.
func (c *Championship) Decided() bool { return false }

// Fork returns an empty tally for a worker.
func (c *Championship) Fork() Counter { return c.tally.Fork() }

// AddOrdered judges what depends on the order of the records: the
// standings' rounds and the championship's points, which the draw of the
// finals reads.
func (c *Championship) AddOrdered(r *results.Record) error {
	if err := c.tally.AddOrdered(r); err != nil {
		return err
	}
	return c.judge.Add(r)
}

// Merge adds a worker's tally.
func (c *Championship) Merge(k Counter) error { return c.tally.Merge(k.(*results.Tally)) }

// Verdict returns NoVerdict.
func (c *Championship) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the records judged so far, days and
// finals together.
func (c *Championship) Standings() (*results.Standings, error) { return c.tally.Standings() }

// Status says how far the championship is, for the progress line: the day
// and its leader, or the finals.
func (c *Championship) Status() string {
	tables, days := c.judge.Tables(), c.plan.days
	if judged := c.judge.DaysJudged(); judged < days*tables {
		team, points := c.judge.Leader()
		return fmt.Sprintf("day %d of %d, leader %s %s points", judged/tables+1, days, team, strconv.FormatFloat(math.Round(points*100)/100, 'f', -1, 64))
	}
	return fmt.Sprintf("finals, %d of %d played", c.judge.FinalsJudged(), tables)
}

// Report writes the days, the final ranking and the standings.
func (c *Championship) Report(w io.Writer, f results.Format) error {
	st, err := c.tally.Standings()
	if err != nil {
		return err
	}
	return c.judge.Report(st).Write(w, f)
}

// ChampionshipPlan is the plan of a championship of M teams at tables of N
// seats, T = M/N tables a day. Day d (from 0) is round d: matches d·T to
// (d+1)·T−1, every table on the seed Derive(master, d). The teams' split
// into the day's tables, and their seats, is a random order of all M
// teams drawn from the master seed on a stream of its own (drawStream):
// table j seats the order's teams j·N to (j+1)·N−1, in seat order. The
// days are thus planned from the seed alone, and FromSeed says so, for the
// shards.
//
// The finals are round D, after the D days: T matches on the seed
// Derive(master, D), final g seating the teams that stand g·N+1 to
// (g+1)·N after the days, in an order drawn on the same stream. They are
// planned from the judged records of every day, no sooner: Ready returns
// D·T until then.
type ChampionshipPlan struct {
	rounds
	seats, teams, days int
	draws              [][]int // each day's order of the teams
	judge              *results.Championship
	finals             []int // final g seats finals[g*seats:(g+1)*seats]; nil until drawn
}

// drawStream is the random stream the championship's draws use: distinct
// from the engine's, the seats' and the rotations' (blockStream).
const drawStream = blockStream + 1

func newChampionshipPlan(seats, teams, days int, master uint64, judge *results.Championship) *ChampionshipPlan {
	tables := teams / seats
	p := &ChampionshipPlan{
		rounds: rounds{master: master, count: days + 1, perRound: tables, length: (days + 1) * tables},
		seats:  seats, teams: teams, days: days, judge: judge,
	}
	for d := range days {
		p.draws = append(p.draws, seededOrder(master, d, teams, drawStream))
	}
	return p
}

// Seats returns the seats of a table.
func (p *ChampionshipPlan) Seats() int { return p.seats }

// FromSeed returns the matches planned from the master seed alone: the days.
func (p *ChampionshipPlan) FromSeed() int { return p.days * p.perRound }

// Match returns match i: a table of a day, or a final once Ready has
// planned the finals.
func (p *ChampionshipPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, p.seats, seating)
	var order []int
	if m.Deal < p.days {
		order = p.draws[m.Deal]
	} else {
		if p.finals == nil {
			panic(fmt.Sprintf("runner: championship match %d: the finals are not drawn yet", i))
		}
		order = p.finals
	}
	copy(m.Seating, order[j*p.seats:(j+1)*p.seats])
	return m
}

// Ready returns the days' matches until every one of them is judged, then
// draws the finals from the judge's standing and returns every match.
func (p *ChampionshipPlan) Ready(int) int {
	if p.finals == nil {
		qualified := p.judge.Qualified()
		if qualified == nil {
			return p.FromSeed()
		}
		p.finals = drawFinals(p.master, p.days, p.seats, qualified)
	}
	return p.length
}

// drawFinals seats each final: its group of the standing, shuffled on the
// draw stream of the finals' round.
func drawFinals(master uint64, days, seats int, qualified []int) []int {
	finals := slices.Clone(qualified)
	rng := sim.NewRand(sim.Derive(master, uint64(days)), drawStream)
	for g := 0; g < len(finals); g += seats {
		group := finals[g : g+seats]
		rng.Shuffle(seats, func(a, b int) { group[a], group[b] = group[b], group[a] })
	}
	return finals
}
