package results

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// DefaultBootstrap is the number of bootstrap replicates when Options leave
// it at zero.
const DefaultBootstrap = 1000

// z95 is the standard normal quantile of a two-sided 95 % interval.
const z95 = 1.959963984540054

// Options configure the ratings of Standings.
type Options struct {
	// Bootstrap is the number of bootstrap replicates behind the 95 %
	// intervals: 0 means DefaultBootstrap, a negative number none at all
	// (zero-width intervals).
	Bootstrap int
	// Seed seeds the bootstrap; pass the run's master seed.
	Seed uint64
	// Anchor names the entrant rated 0 Elo. Empty means the mean rating is 0.
	Anchor string
}

// Standings are the ratings and statistics of a run. The fields mirror the
// JSON form written by Write; floats are rounded (Elo to 0.1, scores to six
// significant digits) so that the same records always give the same bytes.
type Standings struct {
	Ratings   []Rating `json:"ratings"`          // best first
	Matches   int      `json:"matches"`          // records counted, failed ones included
	Failed    int      `json:"failed"`           // matches that did not finish, left out of everything else
	Seats     int      `json:"seats"`            // seats per match (the most seen)
	TurnsMean float64  `json:"turns_mean"`       // mean turns of a valid match
	Bootstrap int      `json:"bootstrap"`        // replicates behind the intervals; 0 when none were drawn
	Seed      uint64   `json:"seed"`             // the bootstrap's seed
	Anchor    string   `json:"anchor,omitempty"` // the entrant pinned at 0; absent when the mean is 0

	entrants []string  // in entrant order
	elo      []float64 // unrounded point estimates, in entrant order
	reps     []float64 // replicate r's Elo of entrant i at [r*len(entrants)+i]
}

// Rating is one entrant's line of the standings.
type Rating struct {
	Bot       string  `json:"bot"`
	Elo       float64 `json:"elo"`    // Bradley–Terry maximum likelihood, Elo scale
	EloLo     float64 `json:"elo_lo"` // 2.5 % bootstrap quantile
	EloHi     float64 `json:"elo_hi"` // 97.5 % bootstrap quantile
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`   // alone in first place
	Draws     int     `json:"draws"`  // first place shared
	Losses    int     `json:"losses"` // any other place
	ScoreMean float64 `json:"score_mean"`
	ScoreCI   float64 `json:"score_ci"` // half-width of the normal 95 % interval of the mean score
	Faults    int     `json:"faults"`
	Places    []int   `json:"places"` // Places[p-1] counts the matches finished in place p
}

// Interval is an Elo estimate with its 95 % bootstrap interval.
type Interval struct {
	Elo float64 // the maximum-likelihood estimate
	Lo  float64 // the 2.5 % quantile over the bootstrap replicates
	Hi  float64 // the 97.5 % quantile
}

// Standings fits the ratings on everything added so far and returns the
// standings; the tally can go on counting afterwards. It fails only when
// opt.Anchor names no entrant.
func (t *Tally) Standings(opt Options) (*Standings, error) {
	k := len(t.entrants)
	anchor := -1
	if opt.Anchor != "" {
		i, ok := t.index[opt.Anchor]
		if !ok {
			return nil, fmt.Errorf("anchor %q is not an entrant (entrants: %s)", opt.Anchor, strings.Join(t.entrants, ", "))
		}
		anchor = i
	}

	cats := t.sortedCategories()
	hw := make([][]halfWin, len(cats))
	counts := make([]int, len(cats))
	for c, cat := range cats {
		hw[c], counts[c] = categoryHalfWins(cat), cat.count
	}
	half := make([]int64, k*k)
	addHalfWins(half, k, hw, counts)
	model := newPairModel(k, half)
	for i, p := range model.prior {
		half[i] += p
	}
	f := newFitter(model)
	f.load(half)
	theta := make([]float64, k)
	f.fit(theta)
	elo := make([]float64, k)
	f.elo(theta, anchor, elo)

	s := &Standings{
		Matches:  t.matches,
		Failed:   t.failed,
		Seats:    t.seats,
		Seed:     opt.Seed,
		Anchor:   opt.Anchor,
		entrants: slices.Clone(t.entrants),
		elo:      elo,
	}
	if valid := t.matches - t.failed; valid > 0 {
		s.TurnsMean = roundSig(t.turns / float64(valid))
	}
	reps := opt.Bootstrap
	if reps == 0 {
		reps = DefaultBootstrap
	}
	if reps > 0 && model.rated() >= 2 {
		b := &bootstrap{model: model, hw: hw, table: newAliasTable(counts), start: theta, anchor: anchor, seed: opt.Seed}
		s.reps = b.run(reps)
		s.Bootstrap = reps
	}

	s.Ratings = make([]Rating, k)
	for i := range k {
		s.Ratings[i] = t.rating(i, s.interval(func(e []float64) float64 { return e[i] }))
	}
	// Sort on the rounded Elo, as shown, so that ratings equal to the shown
	// precision keep entrant order rather than the order of their last bits.
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.Ratings[b].Elo, s.Ratings[a].Elo) })
	sorted := make([]Rating, k)
	for r, i := range order {
		sorted[r] = s.Ratings[i]
	}
	s.Ratings = sorted
	return s, nil
}

// rating builds entrant i's line from its counters and its Elo interval.
func (t *Tally) rating(i int, elo Interval) Rating {
	st := &t.stats[i]
	r := Rating{
		Bot:    t.entrants[i],
		Elo:    roundElo(elo.Elo),
		EloLo:  roundElo(elo.Lo),
		EloHi:  roundElo(elo.Hi),
		Games:  st.games,
		Wins:   st.wins,
		Draws:  st.draws,
		Losses: st.losses,
		Faults: st.faults,
		Places: make([]int, t.seats),
	}
	copy(r.Places, st.places)
	if n := float64(st.games); st.games > 0 {
		mean := st.scoreSum / n
		r.ScoreMean = roundSig(mean)
		if st.games > 1 {
			variance := max(0, (st.scoreSq-float64(st.scoreSum*mean))/(n-1))
			r.ScoreCI = roundSig(z95 * math.Sqrt(variance/n))
		}
	}
	return r
}

// interval returns the point estimate value(s.elo) and the 2.5 % and
// 97.5 % quantiles of value over the replicates; value reads one entrant
// Elo vector.
func (s *Standings) interval(value func(elo []float64) float64) Interval {
	est := value(s.elo)
	if s.Bootstrap == 0 {
		return Interval{est, est, est}
	}
	k := len(s.entrants)
	column := make([]float64, s.Bootstrap)
	for r := range column {
		column[r] = value(s.reps[r*k : (r+1)*k])
	}
	slices.Sort(column)
	return Interval{est, quantile(column, 0.025), quantile(column, 0.975)}
}

// quantile returns the q-quantile of sorted values by linear interpolation
// between order statistics (Hyndman and Fan's type 7, as in R and
// x/exp/stats). It is written out, rather than taken from x/exp/stats,
// with every product rounded on its own: a fused multiply-add, which the
// compiler emits on arm64 and a few other machines, would move the interval
// by an ulp there and break byte-identical results across machines.
func quantile(sorted []float64, q float64) float64 {
	h := float64(float64(len(sorted)-1) * q)
	lo := int(math.Floor(h))
	hi := min(lo+1, len(sorted)-1)
	frac := h - float64(lo)
	return sorted[lo] + float64(frac*(sorted[hi]-sorted[lo]))
}

// Diff returns Elo(a) − Elo(b), unrounded, with the 95 % bootstrap interval
// of that difference: the quantiles of the per-replicate differences, not a
// combination of the two entrants' own intervals, because their ratings move
// together from replicate to replicate. Use it to test "a is stronger than b
// by more than x": the interval's Lo above x.
func (s *Standings) Diff(a, b string) (Interval, error) {
	ia, ib := slices.Index(s.entrants, a), slices.Index(s.entrants, b)
	for _, bad := range []struct {
		name string
		i    int
	}{{a, ia}, {b, ib}} {
		if bad.i < 0 {
			return Interval{}, fmt.Errorf("bot %q is not an entrant (entrants: %s)", bad.name, strings.Join(s.entrants, ", "))
		}
	}
	return s.interval(func(e []float64) float64 { return e[ia] - e[ib] }), nil
}

// roundElo rounds an Elo value to 0.1, without a negative zero.
func roundElo(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0 // also turns -0 into 0
	}
	return r
}

// roundSig rounds x to six significant digits, without a negative zero.
func roundSig(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	if r == 0 {
		return 0
	}
	return r
}
