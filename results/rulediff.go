package results

import (
	"fmt"
	"math"
	"slices"

	"github.com/arenasim/arena/sim"
)

// A rule diff compares two runs of the same matches — the same seeds,
// seats and bots — under two rule sets, A and B. Each metric is compared
// by round (the matches that share a seed): the paired differences B − A of
// the rounds, their mean and its 95 % Student t interval, so that the luck
// of the seeds, the same on both sides, cancels out and small effects show.

// The metrics of a rule diff, as --fail-if names them.
const (
	MetricWinRate = "win_rate" // share of matches finished alone in first place
	MetricScore   = "score"    // mean score
	MetricLength  = "length"   // mean turns of a match
	MetricFaults  = "faults"   // faults per match
	MetricElo     = "elo"      // Bradley–Terry rating
)

// BotMetrics are the metrics of one bot, and OverallMetrics those of the
// whole run, in the order they are reported.
var (
	BotMetrics     = []string{MetricWinRate, MetricScore, MetricLength, MetricFaults, MetricElo}
	OverallMetrics = []string{MetricScore, MetricLength, MetricFaults}
)

// Paired is one metric under A and B: their values, the mean paired
// difference B − A and its 95 % interval (NaN ends when there are fewer
// than two rounds).
type Paired struct {
	A, B, Diff, Lo, Hi float64
	Rounds             int
}

// BotDiff is one bot's metrics, by name, and its rank (by Elo, from 1)
// under A and B.
type BotDiff struct {
	Bot          string
	Metrics      map[string]Paired
	RankA, RankB int
}

// RuleDiffReport is what a rule diff found.
type RuleDiffReport struct {
	Matches, Rounds int
	Overall         map[string]Paired
	Bots            []BotDiff // in entrant order
}

// RuleDiff gathers the pairs of records of a rule diff.
type RuleDiff struct {
	entrants []string
	index    map[string]int
	seed     uint64
	rounds   []diffRound // by round index
	matches  int
}

// diffRound is what one round holds under A (side 0) and B (side 1).
type diffRound struct {
	recs [2][]*Record
}

// NewRuleDiff returns an empty rule diff of the entrants; seed seeds the
// bootstrap of the ratings' differences.
func NewRuleDiff(entrants []string, seed uint64) *RuleDiff {
	d := &RuleDiff{entrants: slices.Clone(entrants), index: map[string]int{}, seed: seed}
	for i, e := range entrants {
		d.index[e] = i
	}
	return d
}

// Add adds the records of one match under A and under B, of the given
// round. The records are kept (copies are the caller's business).
func (d *RuleDiff) Add(round int, a, b *Record) error {
	if a.Match != b.Match || a.Seed != b.Seed || !slices.Equal(a.Bots, b.Bots) {
		return fmt.Errorf("rule diff: match %d under A and match %d under B are not the same match", a.Match, b.Match)
	}
	for _, r := range []*Record{a, b} {
		if r.Error != "" {
			return fmt.Errorf("rule diff: match %d (seed %d) failed: %s", r.Match, r.Seed, r.Error)
		}
		for _, bot := range r.Bots {
			if _, ok := d.index[bot]; !ok {
				return fmt.Errorf("rule diff: match %d: unknown bot %q", r.Match, bot)
			}
		}
	}
	for len(d.rounds) <= round {
		d.rounds = append(d.rounds, diffRound{})
	}
	d.rounds[round].recs[0] = append(d.rounds[round].recs[0], a)
	d.rounds[round].recs[1] = append(d.rounds[round].recs[1], b)
	d.matches++
	return nil
}

// roundValues returns, per round in which bot plays (every round for bot
// −1: the whole run), the metric's value under side.
func (d *RuleDiff) roundValues(metric string, bot, side int) (vals []float64, played []bool) {
	vals, played = make([]float64, len(d.rounds)), make([]bool, len(d.rounds))
	for ri := range d.rounds {
		var sum, n float64
		for _, r := range d.rounds[ri].recs[side] {
			for k, name := range r.Bots {
				if bot >= 0 && d.index[name] != bot {
					continue
				}
				n++
				switch metric {
				case MetricWinRate:
					if aloneFirst(r.Places, k) {
						sum++
					}
				case MetricScore:
					sum += r.Scores[k]
				case MetricLength:
					sum += float64(r.Turns)
				case MetricFaults:
					for _, f := range r.Faults {
						if f.Seat == k {
							sum++
						}
					}
				}
			}
		}
		if n > 0 {
			vals[ri], played[ri] = sum/n, true
		}
	}
	return vals, played
}

// aloneFirst reports whether seat k finished alone in first place.
func aloneFirst(places []int, k int) bool {
	if places[k] != 1 {
		return false
	}
	firsts := 0
	for _, p := range places {
		if p == 1 {
			firsts++
		}
	}
	return firsts == 1
}

// paired returns the paired comparison of a metric over the rounds.
func (d *RuleDiff) paired(metric string, bot int) Paired {
	a, played := d.roundValues(metric, bot, 0)
	b, _ := d.roundValues(metric, bot, 1)
	var diffs []float64
	var sa, sb float64
	for r := range a {
		if played[r] {
			diffs = append(diffs, b[r]-a[r])
			sa += a[r]
			sb += b[r]
		}
	}
	n := float64(len(diffs))
	p := Paired{Rounds: len(diffs), Lo: math.NaN(), Hi: math.NaN()}
	if n == 0 {
		p.A, p.B, p.Diff = math.NaN(), math.NaN(), math.NaN()
		return p
	}
	p.A, p.B = sa/n, sb/n
	mean := 0.0
	for _, x := range diffs {
		mean += x
	}
	mean /= n
	p.Diff = mean
	if n < 2 {
		return p
	}
	ss := 0.0
	for _, x := range diffs {
		ss += float64((x - mean) * (x - mean))
	}
	half := float64(studentTQuantile(0.025, n-1) * math.Sqrt(ss/(n-1)/n))
	p.Lo, p.Hi = mean-half, mean+half
	return p
}

// eloReplicates is the number of bootstrap replicates of the ratings'
// differences.
const eloReplicates = 200

// elos returns every entrant's Elo under side from the rounds counted in
// weights (nil: every round once), NaN for one that did not play.
func (d *RuleDiff) elos(side int, weights []int) ([]float64, error) {
	t := NewTally(d.entrants, Options{Bootstrap: -1})
	for ri := range d.rounds {
		w := 1
		if weights != nil {
			w = weights[ri]
		}
		for range w {
			for _, r := range d.rounds[ri].recs[side] {
				if err := t.Add(r); err != nil {
					return nil, err
				}
			}
		}
	}
	st, err := t.Standings()
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(d.entrants))
	for i := range out {
		out[i] = math.NaN()
	}
	for _, r := range st.Ratings {
		if r.Games > 0 {
			out[d.index[r.Bot]] = r.Elo
		}
	}
	return out, nil
}

// eloDiffs returns each entrant's Elo under A and B, the difference, and
// its 95 % interval from a bootstrap that draws rounds with replacement,
// the same rounds for A and B.
func (d *RuleDiff) eloDiffs() ([]Paired, error) {
	a, err := d.elos(0, nil)
	if err != nil {
		return nil, err
	}
	b, err := d.elos(1, nil)
	if err != nil {
		return nil, err
	}
	n := len(d.entrants)
	reps := make([][]float64, n)
	if len(d.rounds) >= 2 {
		rng := sim.NewRand(d.seed, 0x72756c65) // "rule"
		weights := make([]int, len(d.rounds))
		for range eloReplicates {
			clear(weights)
			for range d.rounds {
				weights[rng.IntN(len(d.rounds))]++
			}
			ra, err := d.elos(0, weights)
			if err != nil {
				return nil, err
			}
			rb, err := d.elos(1, weights)
			if err != nil {
				return nil, err
			}
			for i := range n {
				if x := rb[i] - ra[i]; !math.IsNaN(x) {
					reps[i] = append(reps[i], x)
				}
			}
		}
	}
	out := make([]Paired, n)
	for i := range n {
		out[i] = Paired{A: a[i], B: b[i], Diff: b[i] - a[i], Lo: math.NaN(), Hi: math.NaN(), Rounds: len(d.rounds)}
		if len(reps[i]) >= 2 {
			slices.Sort(reps[i])
			out[i].Lo = quantileSorted(reps[i], 0.025)
			out[i].Hi = quantileSorted(reps[i], 0.975)
		}
	}
	return out, nil
}

// quantileSorted returns the q quantile of sorted values, interpolating.
func quantileSorted(s []float64, q float64) float64 {
	pos := float64(q * float64(len(s)-1))
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	f := pos - float64(i)
	return s[i] + float64(f*(s[i+1]-s[i]))
}

// Report computes the comparison.
func (d *RuleDiff) Report() (*RuleDiffReport, error) {
	if d.matches == 0 {
		return nil, fmt.Errorf("rule diff: no match to compare")
	}
	rep := &RuleDiffReport{Matches: d.matches, Rounds: len(d.rounds), Overall: map[string]Paired{}}
	for _, m := range OverallMetrics {
		rep.Overall[m] = d.paired(m, -1)
	}
	elo, err := d.eloDiffs()
	if err != nil {
		return nil, err
	}
	rankA, rankB := ranks(elo, func(p Paired) float64 { return p.A }), ranks(elo, func(p Paired) float64 { return p.B })
	for i, bot := range d.entrants {
		bd := BotDiff{Bot: bot, Metrics: map[string]Paired{MetricElo: elo[i]}, RankA: rankA[i], RankB: rankB[i]}
		for _, m := range BotMetrics {
			if m != MetricElo {
				bd.Metrics[m] = d.paired(m, i)
			}
		}
		rep.Bots = append(rep.Bots, bd)
	}
	return rep, nil
}

// ranks returns each entrant's rank by the given Elo, from 1, the lower
// entrant index first among equals.
func ranks(elo []Paired, of func(Paired) float64) []int {
	order := make([]int, len(elo))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := of(elo[i]), of(elo[j])
		switch {
		case a > b:
			return -1
		case a < b:
			return 1
		}
		return 0
	})
	r := make([]int, len(elo))
	for pos, i := range order {
		r[i] = pos + 1
	}
	return r
}
