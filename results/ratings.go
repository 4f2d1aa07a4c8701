package results

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// DefaultBootstrap is the number of bootstrap replicates when Options leave
// it at zero, up to LargeField entrants.
const DefaultBootstrap = 1000

// LargeField is the most entrants with DefaultBootstrap replicates by
// default. The replicates' tables take 8·B·k² bytes for B replicates and k
// entrants — 66 MB at 1,000 and 91 — so past it the default is the most
// replicates within that (DefaultBootstrapFor), and never fewer than
// minBootstrap.
const LargeField = 91

// minBootstrap is the fewest replicates DefaultBootstrapFor gives.
const minBootstrap = 200

// DefaultBootstrapFor returns the number of bootstrap replicates Options
// of zero give k entrants: DefaultBootstrap up to LargeField, then fewer,
// so that memory stops growing as k² (200 entrants: 209).
func DefaultBootstrapFor(k int) int {
	if k <= LargeField {
		return DefaultBootstrap
	}
	return max(minBootstrap, DefaultBootstrap*LargeField*LargeField/(k*k))
}

// z95 is the standard normal quantile of a two-sided 95 % interval.
const z95 = 1.959963984540054

// The rating models of Options.Rating.
const (
	// RatingBradleyTerry is Bradley–Terry maximum likelihood with 95 %
	// intervals: the default.
	RatingBradleyTerry = "bradley-terry"
	// RatingBotsArena replays the records through botsArena's sequential
	// Elo (see SequentialElo), for users who compare with that site.
	RatingBotsArena = "botsarena"
)

// Options configure the ratings of a Tally.
type Options struct {
	// Bootstrap is the number of bootstrap replicates behind the 95 %
	// intervals: 0 means DefaultBootstrap, a negative number none at all
	// (no intervals).
	Bootstrap int
	// Seed seeds the bootstrap; pass the run's master seed.
	Seed uint64
	// Anchors pin ratings: none, the mean rating is 0; one, that entrant
	// is rated its Elo and every other rating moves with it; several, the
	// gaps between them are fixed as well (as Ordo's anchors are), and the
	// other ratings are fitted around them.
	Anchors []Anchor
	// SeatEdge fits a first-seat edge, one for every entrant, with the
	// ratings (two-seat games only; see seatedge.go). Schedules play every
	// seed from both seats, which cancels an edge to first order; a large
	// one still pulls the ratings in.
	SeatEdge bool
	// Rating is the rating model: RatingBradleyTerry (the default when
	// empty) or RatingBotsArena.
	Rating string
	// H2H makes the table formats add the head-to-head, likelihood of
	// superiority and seat tables after the standings (JSON always has
	// them).
	H2H bool
}

// Anchor pins an entrant's rating at an Elo.
type Anchor struct {
	Bot string  `json:"bot"`
	Elo float64 `json:"elo"`
}

// Check reports a setting no tally can use.
func (o Options) Check() error {
	switch o.Rating {
	case "", RatingBradleyTerry:
	case RatingBotsArena:
		if len(o.Anchors) > 0 {
			return fmt.Errorf("an anchor does not apply to botsArena's sequential Elo, which starts every bot at 1500")
		}
		if o.SeatEdge {
			return fmt.Errorf("a first-seat edge does not apply to botsArena's sequential Elo")
		}
	default:
		return fmt.Errorf("unknown rating model %q (choices: %s, %s)", o.Rating, RatingBradleyTerry, RatingBotsArena)
	}
	for i, a := range o.Anchors {
		if math.IsNaN(a.Elo) || math.IsInf(a.Elo, 0) {
			return fmt.Errorf("anchor %s: Elo %v is not a number", a.Bot, a.Elo)
		}
		for _, b := range o.Anchors[:i] {
			if a.Bot == b.Bot {
				return fmt.Errorf("anchor %s given twice", a.Bot)
			}
		}
	}
	return nil
}

// Standings are the ratings and statistics of a run. The fields mirror the
// JSON form written by Write; floats are rounded (Elo to 0.1, probabilities
// to 1e-4, score margins to six significant digits) so that the same
// records always give the same bytes.
type Standings struct {
	Ratings     []Rating     `json:"ratings"`             // best first
	Matches     int          `json:"matches"`             // records counted, failed ones included
	Failed      int          `json:"failed"`              // matches that did not finish, left out of everything else
	Seats       int          `json:"seats"`               // seats per match (the most seen)
	Rounds      int          `json:"rounds"`              // rounds: runs of valid matches sharing a seed
	TurnsMean   float64      `json:"turns_mean"`          // mean turns of a valid match
	Model       string       `json:"model"`               // the rating model
	Bootstrap   int          `json:"bootstrap"`           // replicates behind the intervals; 0 when there are none
	Seed        uint64       `json:"seed"`                // the bootstrap's seed
	Anchors     []Anchor     `json:"anchors,omitempty"`   // the entrants pinned at their Elo; absent when the mean is 0
	SeatEdge    *float64     `json:"seat_edge,omitempty"` // the first seat's edge in the model, Elo (of the first group); absent without Options.SeatEdge
	SeatBalance []SeatLine   `json:"seat_balance"`        // how each seat fared, whoever sat in it
	H2H         []HeadToHead `json:"h2h"`                 // every pair of entrants that met, the better rated first
	LOS         *LOSMatrix   `json:"los"`                 // null without intervals

	entrants []string    // in entrant order
	elo      []float64   // unrounded point estimates, in entrant order
	group    []int       // each entrant's group in groups, −1 when it met nobody or without intervals
	groups   []*analysis // the connected groups of entrants, with their intervals
	row      []int       // each group member's index in its group
	anchors  []int       // the anchors' entrant indices, in Anchors' order
	showH2H  bool
	losMemo  map[[2]int]float64 // los of (i, j), once computed
	order    []int              // entrant indices in rating order
	// pairsDone is set once H2H's intervals and LOS are computed.
	pairsDone bool
}

// Rating is one entrant's line of the standings. An open end of its
// interval is ±Inf, and both ends are NaN when there is no interval (no
// bootstrap, or an entrant that met nobody): null in JSON either way.
type Rating struct {
	Bot       string  `json:"bot"`
	Elo       float64 `json:"elo"`    // Bradley–Terry maximum likelihood, Elo scale
	EloLo     float64 `json:"elo_lo"` // the 95 % interval's lower end; null when open
	EloHi     float64 `json:"elo_hi"` // its upper end; null when open
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`   // alone in first place
	Draws     int     `json:"draws"`  // first place shared
	Losses    int     `json:"losses"` // any other place
	ScoreMean float64 `json:"score_mean"`
	ScoreCI   float64 `json:"score_ci"` // half-width of the normal 95 % interval of the mean score
	Faults    int     `json:"faults"`
	// Penalties counts the moves the game's rules punished (Sopra's move
	// into a player): no faults; absent from the JSON when 0.
	Penalties int   `json:"penalties,omitempty"`
	Places    []int `json:"places"` // Places[p-1] counts the matches finished in place p
}

// ratingJSON is a Rating as JSON: an end that is open or absent is null.
type ratingJSON struct {
	Bot       string   `json:"bot"`
	Elo       float64  `json:"elo"`
	EloLo     *float64 `json:"elo_lo"`
	EloHi     *float64 `json:"elo_hi"`
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Draws     int      `json:"draws"`
	Losses    int      `json:"losses"`
	ScoreMean float64  `json:"score_mean"`
	ScoreCI   float64  `json:"score_ci"`
	Faults    int      `json:"faults"`
	Penalties int      `json:"penalties,omitempty"`
	Places    []int    `json:"places"`
}

// MarshalJSON writes an open or absent end of the interval as null.
func (r Rating) MarshalJSON() ([]byte, error) {
	return json.Marshal(ratingJSON{r.Bot, r.Elo, finite(r.EloLo), finite(r.EloHi), r.Games, r.Wins, r.Draws, r.Losses,
		r.ScoreMean, r.ScoreCI, r.Faults, r.Penalties, r.Places})
}

// UnmarshalJSON reads a null end as open.
func (r *Rating) UnmarshalJSON(b []byte) error {
	var v ratingJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*r = Rating{v.Bot, v.Elo, openOr(v.EloLo, -1), openOr(v.EloHi, +1), v.Games, v.Wins, v.Draws, v.Losses,
		v.ScoreMean, v.ScoreCI, v.Faults, v.Penalties, v.Places}
	return nil
}

// openOr returns *x, or an infinity of the given sign when x is nil.
func openOr(x *float64, sign int) float64 {
	if x == nil {
		return math.Inf(sign)
	}
	return *x
}

// SeatLine is how one seat fared over the valid matches, whoever sat in it.
type SeatLine struct {
	Seat      int     `json:"seat"` // from 0
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	ScoreMean float64 `json:"score_mean"`
	ScoreCI   float64 `json:"score_ci"`
}

// HeadToHead is the record of two entrants against each other: every pair
// of seats they held in the same match, compared by place.
type HeadToHead struct {
	Bot      string  `json:"bot"`
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`   // Bot placed better
	Draws    int     `json:"draws"`  // the same place
	Losses   int     `json:"losses"` // Bot placed worse
	Score    float64 `json:"score"`  // Bot's share: (wins + draws/2)/games
	// Elo is Bot's rating minus Opponent's, with the 95 % interval of that
	// difference (not a combination of the two ratings' own intervals:
	// the ratings move together); an open end is ±Inf, null in JSON.
	Elo   float64 `json:"elo"`
	EloLo float64 `json:"-"`
	EloHi float64 `json:"-"`
	// LOS is the likelihood that Bot is the stronger; NaN, null in JSON,
	// without intervals.
	LOS float64 `json:"-"`

	i, j int // Bot's and Opponent's entrant indices
}

// MarshalJSON writes open ends and an unknown LOS as null.
func (h HeadToHead) MarshalJSON() ([]byte, error) {
	type plain HeadToHead
	return json.Marshal(struct {
		plain
		EloLo *float64 `json:"elo_lo"`
		EloHi *float64 `json:"elo_hi"`
		LOS   *float64 `json:"los"`
	}{plain(h), finite(h.EloLo), finite(h.EloHi), finite(h.LOS)})
}

// LOSMatrix holds the likelihood of superiority of every pair: P[r][c] is
// the likelihood that Bots[r] is stronger than Bots[c], NaN (null) on the
// diagonal and between entrants that cannot be compared.
type LOSMatrix struct {
	Bots []string    `json:"bots"` // in rating order
	P    [][]float64 `json:"p"`
}

// MarshalJSON writes unknown likelihoods as null.
func (m LOSMatrix) MarshalJSON() ([]byte, error) {
	p := make([][]*float64, len(m.P))
	for r, row := range m.P {
		p[r] = make([]*float64, len(row))
		for c, v := range row {
			p[r][c] = finite(v)
		}
	}
	return json.Marshal(struct {
		Bots []string     `json:"bots"`
		P    [][]*float64 `json:"p"`
	}{m.Bots, p})
}

// Interval is an Elo estimate with its 95 % interval; an open end is ±Inf.
type Interval struct {
	Elo float64 // the point estimate
	Lo  float64
	Hi  float64
}

// Standings fits the ratings on everything added so far and returns the
// standings; the tally can go on counting afterwards. It fails when the
// options cannot apply (an anchor that names no entrant).
func (t *Tally) Standings() (*Standings, error) {
	opt := t.opt
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if t.err != nil {
		return nil, t.err
	}
	k := len(t.entrants)
	var anchors []int
	for _, a := range opt.Anchors {
		i, ok := t.index[a.Bot]
		if !ok {
			return nil, fmt.Errorf("anchor %q is not an entrant (entrants: %s)", a.Bot, strings.Join(t.entrants, ", "))
		}
		anchors = append(anchors, i)
	}
	s := &Standings{
		Matches:  t.matches,
		Failed:   t.failed,
		Seats:    t.seats,
		Rounds:   t.rounds,
		Model:    RatingBradleyTerry,
		Seed:     opt.Seed,
		Anchors:  slices.Clone(opt.Anchors),
		entrants: slices.Clone(t.entrants),
		anchors:  anchors,
		showH2H:  opt.H2H,
		group:    make([]int, k),
		row:      make([]int, k),
	}
	for i := range s.group {
		s.group[i] = -1
	}
	if valid := t.matches - t.failed; valid > 0 {
		s.TurnsMean = roundSig(float64(t.turns) / float64(valid))
	}
	wins, draws := t.pairRecords()
	k2 := len(wins)
	half := make([]int64, k2)
	for i := range half {
		half[i] = 2*wins[i] + draws[i]
	}
	if opt.Rating == RatingBotsArena {
		s.Model = RatingBotsArena
		s.elo = t.seq.Ratings()
	} else {
		if opt.SeatEdge && t.seats > 2 {
			return nil, fmt.Errorf("a first-seat edge is modelled for two-seat games only, these have %d seats", t.seats)
		}
		var first []int64
		if opt.SeatEdge {
			first = t.first
		}
		if err := s.fit(half, first, t.boot); err != nil {
			return nil, err
		}
	}

	ratings := make([]Rating, k)
	for i, iv := range s.ratingIntervals() {
		ratings[i] = t.rating(i, iv)
	}
	// Sort on the rounded Elo, as shown, so that ratings equal to the shown
	// precision keep entrant order rather than the order of their last bits.
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ratings[b].Elo, ratings[a].Elo) })
	for _, i := range order {
		s.Ratings = append(s.Ratings, ratings[i])
	}
	s.SeatBalance = t.seatBalance()
	s.H2H = s.headToHead(wins, draws, order)
	s.order = order
	return s, nil
}

// completePairs computes what the head-to-head lines and the LOS matrix
// hold beyond the counts: each pair's Elo difference with its interval and
// its LOS. They cost a profile likelihood per pair — most of the standings'
// time from a dozen bots on, and nothing a run's table prints without
// --h2h — so they wait for the first output that shows them (JSON, the
// --h2h tables, a gauntlet's lines, a page), and are computed then, all at
// once and in the same order, whatever asked first.
func (s *Standings) completePairs() {
	if s.pairsDone {
		return
	}
	s.pairsDone = true
	s.parallel(len(s.H2H), len(s.elo), func(view *Standings, k int) {
		h := &s.H2H[k]
		if diff, err := view.Diff(h.Bot, h.Opponent); err == nil {
			h.Elo, h.EloLo, h.EloHi = roundElo(diff.Elo), roundElo(diff.Lo), roundElo(diff.Hi)
		}
		h.LOS = view.los(h.i, h.j)
	})
	if len(s.groups) > 0 {
		s.LOS = s.losMatrix(s.order)
	}
}

// Pairs returns the head-to-head lines with their intervals and the LOS
// matrix (nil without intervals): the Standings' H2H and LOS, complete.
func (s *Standings) Pairs() ([]HeadToHead, *LOSMatrix) {
	s.completePairs()
	return s.H2H, s.LOS
}

// MarshalJSON writes the standings with their head-to-head lines complete.
func (s *Standings) MarshalJSON() ([]byte, error) {
	s.completePairs()
	type plain Standings
	return json.Marshal((*plain)(s))
}

// fit rates the entrants by Bradley–Terry and, with a bootstrap, prepares
// the intervals of every group of two entrants or more. With several
// anchors their group is fitted with the gaps between them fixed; they
// must all be in one group. With first-seat half wins (first not nil) the
// model has a first-seat edge (seatedge.go).
func (s *Standings) fit(half, first []int64, boot *seedBootstrap) error {
	k := len(s.entrants)
	model := newPairModel(k, half)
	prior := slices.Clone(half)
	for i, p := range model.prior {
		prior[i] += p
	}
	f := newFitter(model)
	f.load(prior)
	theta := make([]float64, k)
	f.fit(theta)
	anchored := -1 // the anchors' group
	if len(s.anchors) > 0 {
		anchored = model.comp[s.anchors[0]]
	}
	var rows, gaps []float64 // the fixed gaps between the anchors, as rows over the anchored group
	if len(s.anchors) > 1 {
		for _, i := range s.anchors[1:] {
			if anchored < 0 || model.comp[i] != anchored {
				return fmt.Errorf("anchors %s and %s are not linked by the games played (directly or through other bots): their gap cannot be fixed",
					s.entrants[s.anchors[0]], s.entrants[i])
			}
		}
		rows, gaps = anchorRows(model.comps[anchored], s.anchors, s.Anchors)
	}
	if first != nil {
		for c, members := range model.comps {
			var r, g []float64
			if c == anchored {
				r, g = rows, gaps
			}
			sub := make([]float64, len(members))
			for x, i := range members {
				sub[x] = theta[i]
			}
			m := newSeatModel(subTally(half, k, members, nil), subTally(first, k, members, nil), len(members), 0.5, r, g, sub)
			m.ratings(sub)
			for x, i := range members {
				theta[i] = sub[x]
			}
			if c == 0 {
				edge := roundElo(float64(eloPerNat * m.edge()))
				s.SeatEdge = &edge
			}
		}
	} else if len(s.anchors) > 1 {
		members := model.comps[anchored]
		p := newProblem(len(members))
		p.load(subTally(half, k, members, nil), 1) // the point estimate's prior: one virtual draw a pair
		p.constrain(rows, gaps)
		sub := make([]float64, len(members))
		for r, i := range members {
			sub[r] = theta[i]
		}
		p.fit(sub, nil, 0, nil)
		for r, i := range members {
			theta[i] = sub[r]
		}
	}
	s.elo = make([]float64, k)
	f.elo(theta, -1, s.elo)
	if anchored >= 0 {
		shift := s.Anchors[0].Elo - float64(eloPerNat*theta[s.anchors[0]])
		for _, i := range model.comps[anchored] {
			s.elo[i] += shift
		}
	}
	if boot == nil || boot.reps < 2 || model.rated() < 2 {
		return nil
	}
	boot.flush()
	s.Bootstrap = boot.reps
	for c, members := range model.comps {
		for r, i := range members {
			s.group[i], s.row[i] = len(s.groups), r
		}
		an := newAnalysis(members, half, k, boot, s.Rounds, theta)
		var r, g []float64
		if c == anchored && len(s.anchors) > 1 {
			r, g = rows, gaps
			an.constrain(rows, gaps)
		}
		if first != nil {
			an.seat = newSeatModel(an.half, subTally(first, k, members, nil), an.k, epsPrior, r, g, nil)
		}
		s.groups = append(s.groups, an)
	}
	return nil
}

// anchorRows returns the fixed gaps between several anchors as
// constraints over a group's members: θ(anchor m) − θ(anchor 0) = their
// Elo gap, in natural units.
func anchorRows(members, anchors []int, pins []Anchor) (rows, gaps []float64) {
	k := len(members)
	first := slices.Index(members, anchors[0])
	for m, i := range anchors[1:] {
		row := make([]float64, k)
		row[slices.Index(members, i)], row[first] = 1, -1
		rows = append(rows, row...)
		gaps = append(gaps, (pins[m+1].Elo-pins[0].Elo)/eloPerNat)
	}
	return rows, gaps
}

// pairRecords returns, for every ordered pair of entrants (i*k+j), the
// times i placed better than j in the same match, and the times they
// placed the same.
func (t *Tally) pairRecords() (wins, draws []int64) {
	return slices.Clone(t.wins), slices.Clone(t.draws)
}

// parallelFrom is the field from which the ratings' intervals are computed
// on every core (GOMAXPROCS goroutines), each entrant's independently of the
// others: the same bits whatever the number of goroutines.
const parallelFrom = 16

// ratingIntervals returns every entrant's Elo interval (ratingInterval),
// on several goroutines in a large field.
func (s *Standings) ratingIntervals() []Interval {
	out := make([]Interval, len(s.elo))
	s.parallel(len(out), len(s.elo), func(view *Standings, i int) { out[i] = view.ratingInterval(i) })
	return out
}

// parallel calls f(view, i) for every i below n: on one goroutine in a
// field of fewer than parallelFrom entrants (k), else on GOMAXPROCS, each
// with a view of s of its own (copies of its groups' analyses, sharing
// their caches), so that f may compute intervals. f must write only its
// own i's results.
func (s *Standings) parallel(n, k int, f func(view *Standings, i int)) {
	workers := min(runtime.GOMAXPROCS(0), k/(parallelFrom/2), n)
	if k < parallelFrom || workers < 2 {
		for i := range n {
			f(s, i)
		}
		return
	}
	views := []*Standings{s} // the first goroutine works on s itself
	for range workers - 1 {  // the others on copies, made before any starts
		c := *s
		c.groups = make([]*analysis, len(s.groups))
		for g, an := range s.groups {
			c.groups[g] = an.copyFor()
		}
		views = append(views, &c)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, view := range views {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(view, i)
			}
		})
	}
	wg.Wait()
}

// ratingInterval returns entrant i's rating with its interval: against its
// group's mean, or against the anchor in the anchor's group.
func (s *Standings) ratingInterval(i int) Interval {
	est := s.elo[i]
	g := s.group[i]
	if g < 0 {
		return Interval{est, math.NaN(), math.NaN()} // no interval
	}
	an := s.groups[g]
	a := make([]float64, an.k)
	if len(s.anchors) > 0 && s.group[s.anchors[0]] == g {
		if slices.Contains(s.anchors, i) {
			return Interval{est, est, est}
		}
		first := s.anchors[0]
		a[s.row[i]], a[s.row[first]] = 1, -1
		lo, hi := an.interval(a)
		return around(est, lo+s.Anchors[0].Elo, hi+s.Anchors[0].Elo)
	}
	for r := range a {
		a[r] = -1 / float64(an.k)
	}
	a[s.row[i]]++
	lo, hi := an.interval(a)
	return around(est, lo, hi)
}

// around returns the interval [lo, hi] of the estimate est, widened to
// contain it: the estimate has the prior of one draw a pair, the interval
// the likelihood's, and with few games the prior can pull the estimate
// out of the interval (a bot that won 3 of its 8 matches but beat nearly
// everyone it met).
func around(est, lo, hi float64) Interval {
	return Interval{est, min(lo, est), max(hi, est)}
}

// rating builds entrant i's line from its counters and its Elo interval.
func (t *Tally) rating(i int, elo Interval) Rating {
	st := &t.stats[i]
	r := Rating{
		Bot:       t.entrants[i],
		Elo:       roundElo(elo.Elo),
		EloLo:     roundElo(elo.Lo),
		EloHi:     roundElo(elo.Hi),
		Games:     st.games,
		Wins:      st.wins,
		Draws:     st.draws,
		Losses:    st.losses,
		Faults:    st.faults,
		Penalties: st.penalties,
		Places:    make([]int, t.seats),
	}
	copy(r.Places, st.places)
	r.ScoreMean, r.ScoreCI = t.scoreInterval(&st.score, &t.roundScore[i])
	return r
}

// seatBalance returns each seat's line.
func (t *Tally) seatBalance() []SeatLine {
	lines := make([]SeatLine, len(t.seatStat))
	for k := range t.seatStat {
		st := &t.seatStat[k]
		lines[k] = SeatLine{Seat: k, Games: st.games, Wins: st.wins, Draws: st.draws, Losses: st.losses}
		var rs roundScore
		if k < len(t.seatRound) {
			rs = t.seatRound[k]
		}
		lines[k].ScoreMean, lines[k].ScoreCI = t.scoreInterval(&st.score, &rs)
	}
	return lines
}

// headToHead returns the record of every pair that met, in rating order,
// its Elo difference and LOS still to compute (completePairs).
func (s *Standings) headToHead(wins, draws []int64, order []int) []HeadToHead {
	k := len(s.entrants)
	pairs := []HeadToHead{}
	for x, i := range order {
		for _, j := range order[x+1:] {
			w, d, l := wins[i*k+j], draws[i*k+j], wins[j*k+i]
			if w+d+l == 0 {
				continue
			}
			h := HeadToHead{Bot: s.entrants[i], Opponent: s.entrants[j], Wins: int(w), Draws: int(d), Losses: int(l), Games: int(w + d + l), i: i, j: j}
			h.Score = round4(float64(2*w+d) / float64(2*(w+d+l)))
			pairs = append(pairs, h)
		}
	}
	return pairs
}

// los returns the likelihood that entrant i is stronger than j, rounded,
// or NaN when they cannot be compared. The head-to-head lines and the
// matrix ask for the same pairs: each is computed once.
func (s *Standings) los(i, j int) float64 {
	g := s.group[i]
	if g < 0 || g != s.group[j] {
		return math.NaN()
	}
	key := [2]int{i, j}
	if p, ok := s.losMemo[key]; ok {
		return p
	}
	if s.losMemo == nil {
		s.losMemo = map[[2]int]float64{}
	}
	p := round4(s.groups[g].los(s.row[i], s.row[j]))
	s.losMemo[key] = p
	return p
}

// losMatrix returns the likelihood of superiority of every pair.
func (s *Standings) losMatrix(order []int) *LOSMatrix {
	m := &LOSMatrix{Bots: make([]string, len(order)), P: make([][]float64, len(order))}
	for r, i := range order {
		m.Bots[r] = s.entrants[i]
		m.P[r] = make([]float64, len(order))
		for c, j := range order {
			m.P[r][c] = math.NaN()
			if i != j {
				m.P[r][c] = s.los(i, j)
			}
		}
	}
	return m
}

// scoreInterval returns the mean of m, correctly rounded from its exact
// sum, and the half-width of the longer side of its 95 % interval, to six
// significant digits.
//
// The interval is Wilson's for a proportion, on the score scaled to the
// range [lo, hi] of every score of the run: p̂ = (mean − lo)/(hi − lo),
// with the number of trials n′ = p̂(1−p̂)/se² that gives the standard error
// se of the mean clustered by round (the matches of a round share their
// luck: se² = R/(R−1)·Σr (S_r − mean·n_r)²/N² over R rounds, S_r the
// round's score sum, n_r its games, N = Σ n_r). Where the scores vary
// little against the range, n′ is large and the interval is the normal
// mean ± 1.96·se; at a score of 0 or 1 (every game won, or lost), where the
// normal interval has no width, n′ is the rounds played, each round one
// observation, and the interval reaches as far as Wilson's does (20 games
// all won in 10 rounds: down to 0.722). Wilson's interval is not
// symmetric near the ends: the half-width shown is its longer side.
func (t *Tally) scoreInterval(m *Moments, rs *roundScore) (mean, half float64) {
	if m.N() == 0 {
		return 0, 0
	}
	mean = m.Mean()
	width := t.scoreHi - t.scoreLo
	if !(width > 0) {
		return mean, 0 // every score of the run is the same
	}
	ss, rounds := rs.spread(mean)
	n := float64(m.N())
	p := min(max((mean-t.scoreLo)/width, 0), 1)
	trials := float64(max(rounds, 1))
	if rounds >= 2 && ss > 0 && p > 0 && p < 1 {
		se2 := float64(float64(rounds)/float64(rounds-1)*ss) / float64(n*n) / float64(width*width)
		trials = float64(p*(1-p)) / se2
	}
	center, reach := wilson95(p, trials)
	lo, hi := t.scoreLo+float64(width*(center-reach)), t.scoreLo+float64(width*(center+reach))
	return mean, roundSig(max(mean-lo, hi-mean))
}

// wilson95 returns the centre and the reach of Wilson's 95 % interval of a
// proportion p over trials trials: centre ± reach. Every product is
// rounded on its own (float64(…)): no fused multiply-add.
func wilson95(p, trials float64) (center, reach float64) {
	z2 := float64(z95 * z95)
	den := 1 + z2/trials
	center = float64(p+z2/float64(2*trials)) / den
	reach = float64(z95*math.Sqrt(float64(p*(1-p))/trials+z2/float64(4*float64(trials*trials)))) / den
	return center, reach
}

// Diff returns Elo(a) − Elo(b), unrounded, with the 95 % interval of that
// difference: the profile likelihood of the difference itself, not a
// combination of the two entrants' own intervals, because their ratings
// move together. Use it to test "a is stronger than b by more than x": the
// interval's Lo above x. Without intervals (no bootstrap, or entrants never
// linked by games) its ends are NaN.
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
	est := s.elo[ia] - s.elo[ib]
	g := s.group[ia]
	switch {
	case ia == ib:
		return Interval{0, 0, 0}, nil
	case g < 0 || g != s.group[ib]:
		return Interval{est, math.NaN(), math.NaN()}, nil
	}
	an := s.groups[g]
	v := make([]float64, an.k)
	v[s.row[ia]], v[s.row[ib]] = 1, -1
	lo, hi := an.interval(v)
	return around(est, lo, hi), nil
}

// roundElo rounds an Elo value to 0.1, without a negative zero; infinities
// stay.
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
