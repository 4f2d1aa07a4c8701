package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// SeatRow is a setting of the seat-advantage check: duels in which the
// first seat wins more often than the strengths say, played by the round
// robin's plan (each seed in both seat orders) and rated by the
// standings, which have no seat term. The coin game has no seat
// advantage, so the outcomes are drawn here from the plan's seeds:
// P(seat 0 wins) = 1/(1 + 10^(−(Elo₀ − Elo₁ + Edge)/400)).
type SeatRow struct {
	Name        string
	Elos        []float64
	Edge        float64 // the first seat's advantage, Elo
	Games       int     // per pair
	FirstSeed   uint64
	Tournaments int
}

// SeatCoverage is what a seat row measured, without a seat term in the
// model (Plain) and with one (Edged, Options.SeatEdge).
type SeatCoverage struct {
	Row          SeatRow
	Plain, Edged SeatFit
	SeatScore    float64 // the first seat's mean score over every tournament
	EdgeFound    float64 // the mean edge the model with one found, Elo
}

// SeatFit is the coverage of one model's rating intervals.
type SeatFit struct {
	Intervals int
	Covered   int
	Worst     float64 // the worst-covered bot's coverage
	Shrink    float64 // mean of (estimate − truth)·sign(truth) over the bots: how far the ratings are pulled in
}

// Rate returns the coverage.
func (f SeatFit) Rate() float64 { return float64(f.Covered) / float64(f.Intervals) }

// SeatRows are the rows of `make calibrate`: no edge, a chess-like edge of
// 35 Elo, and a large one of 150, on the first coverage row's setting.
func SeatRows(tournaments int) []SeatRow {
	four := []float64{-150, -50, 50, 150}
	return []SeatRow{
		{"duels, 4 bots ±50/±150, 20 games a pair, no seat edge", four, 0, 20, 13_001, tournaments},
		{"the same, first seat +35 Elo", four, 35, 20, 14_001, tournaments},
		{"the same, first seat +150 Elo", four, 150, 20, 15_001, tournaments},
		{"first seat +150 Elo, 200 games a pair", four, 150, 200, 16_001, tournaments},
	}
}

// MeasureSeat plays the row's tournaments on every core.
func MeasureSeat(row SeatRow) (SeatCoverage, error) {
	names := make([]string, len(row.Elos))
	mean := 0.0
	for i, e := range row.Elos {
		names[i] = "bot" + strconv.Itoa(i)
		mean += e / float64(len(row.Elos))
	}
	type fit struct {
		covered []bool
		shrink  float64
	}
	type outcome struct {
		plain, edged fit
		seat, edge   float64
		err          error
	}
	out := make([]outcome, row.Tournaments)
	forEach(row.Tournaments, func(t int) {
		o := &out[t]
		seed := row.FirstSeed + uint64(t)
		plan, err := runner.NewRoundRobinPlan(len(names), row.Games, seed)
		if err != nil {
			o.err = err
			return
		}
		plain := results.NewTally(names, results.Options{Seed: seed})
		edged := results.NewTally(names, results.Options{Seed: seed, SeatEdge: true})
		var seating []int
		for i := range plan.Len() {
			p := plan.Match(i, seating)
			seating = p.Seating
			a, b := p.Seating[0], p.Seating[1]
			d := row.Elos[a] - row.Elos[b] + row.Edge
			win := sim.NewRand(p.Seed, uint64(i)+1).Float64() < 1/(1+math.Pow(10, -d/400))
			places, scores := []int{1, 2}, []float64{1, 0}
			if !win {
				places, scores = []int{2, 1}, []float64{0, 1}
			}
			r := results.Record{Type: results.TypeMatch, Format: results.FormatVersion, Match: i, Seed: p.Seed,
				Bots: []string{names[a], names[b]}, Scores: scores, Places: places, Turns: 1}
			for _, tally := range []*results.Tally{plain, edged} {
				if err := tally.Add(&r); err != nil {
					o.err = err
					return
				}
			}
		}
		for _, m := range []struct {
			tally *results.Tally
			fit   *fit
		}{{plain, &o.plain}, {edged, &o.edged}} {
			st, err := m.tally.Standings()
			if err != nil {
				o.err = err
				return
			}
			m.fit.covered = make([]bool, len(names))
			for _, r := range st.Ratings {
				i := slices.Index(names, r.Bot)
				truth := row.Elos[i] - mean
				m.fit.covered[i] = r.EloLo <= truth && truth <= r.EloHi
				m.fit.shrink += (r.Elo - truth) * math.Copysign(1, truth) / float64(len(names))
			}
			o.seat = st.SeatBalance[0].ScoreMean
			if st.SeatEdge != nil {
				o.edge = *st.SeatEdge
			}
		}
	})
	c := SeatCoverage{Row: row, Plain: SeatFit{Worst: 1}, Edged: SeatFit{Worst: 1}}
	perBot := [2][]int{make([]int, len(names)), make([]int, len(names))}
	for _, o := range out {
		if o.err != nil {
			return c, o.err
		}
		for m, f := range []fit{o.plain, o.edged} {
			sf := []*SeatFit{&c.Plain, &c.Edged}[m]
			for i, ok := range f.covered {
				sf.Intervals++
				if ok {
					sf.Covered++
					perBot[m][i]++
				}
			}
			sf.Shrink += f.shrink / float64(row.Tournaments)
		}
		c.SeatScore += o.seat / float64(row.Tournaments)
		c.EdgeFound += o.edge / float64(row.Tournaments)
	}
	for m, sf := range []*SeatFit{&c.Plain, &c.Edged} {
		for _, n := range perBot[m] {
			sf.Worst = min(sf.Worst, float64(n)/float64(row.Tournaments))
		}
	}
	return c, nil
}

// String writes the row as a table line.
func (c SeatCoverage) String() string {
	return fmt.Sprintf("%-52s first seat scores %.3f; no seat term: %5.1f%% (worst %5.1f%%), pulled in by %4.1f Elo;"+
		" --seat-edge: %5.1f%% (worst %5.1f%%), %4.1f Elo, edge found %+.1f", c.Row.Name, c.SeatScore,
		100*c.Plain.Rate(), 100*c.Plain.Worst, -c.Plain.Shrink, 100*c.Edged.Rate(), 100*c.Edged.Worst, -c.Edged.Shrink, c.EdgeFound)
}
