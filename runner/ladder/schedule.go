package ladder

import (
	"cmp"
	"math"
	"slices"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// Ledger is what the scheduler keeps of the games played: how often each
// pair of bots met (a match of n seats is a game for each pair of its
// seats), and the last batch each bot played in. The ratings come from
// the Bradley–Terry fit of the records, not from here.
type Ledger struct {
	k     int
	games []int // games[i*k+j], symmetric
	total []int // games per bot
	last  []int // the last batch each bot played in, −1 before its first
}

// NewLedger returns the ledger of k bots that have played nothing.
func NewLedger(k int) *Ledger {
	l := &Ledger{}
	l.Grow(k)
	return l
}

// Grow makes room for k bots, keeping what the ledger holds.
func (l *Ledger) Grow(k int) {
	if k <= l.k {
		return
	}
	games := make([]int, k*k)
	for i := range l.k {
		copy(games[i*k:i*k+l.k], l.games[i*l.k:(i+1)*l.k])
	}
	l.games = games
	l.total = append(l.total, make([]int, k-l.k)...)
	for range k - l.k {
		l.last = append(l.last, -1)
	}
	l.k = k
}

// Add counts one match of the batch: bots[s] is the bot in seat s, by
// its position in the registry. A match that did not finish counts as
// played for the bot's last batch, and as no game.
func (l *Ledger) Add(batch int, bots []int, finished bool) {
	for _, b := range bots {
		l.last[b] = max(l.last[b], batch)
	}
	if !finished {
		return
	}
	for s, a := range bots {
		for _, b := range bots[s+1:] {
			if a != b {
				l.games[a*l.k+b]++
				l.games[b*l.k+a]++
				l.total[a]++
				l.total[b]++
			}
		}
	}
}

// Games returns the games between bots a and b.
func (l *Ledger) Games(a, b int) int { return l.games[a*l.k+b] }

// Total returns the games of bot a.
func (l *Ledger) Total(a int) int { return l.total[a] }

// Last returns the last batch bot a played in, −1 if none.
func (l *Ledger) Last(a int) int { return l.last[a] }

// Settings are the scheduler's rule (docs/ladder.md, "How matches are
// chosen").
type Settings struct {
	Tables   int // tables per batch
	Seats    int // seats per table
	Top      int // the ranks whose order is watched most: the top of the list
	MinGames int // games a bot plays before the information rule takes over
	MinPair  int // games of each pair of neighbouring ranks
	Idle     int // batches a bot may go without a game
	Explore  int // one table in Explore is drawn at random; 0 for none
}

// DefaultSettings returns the rule arena plays by, for tables of seats.
func DefaultSettings(tables, seats int) Settings {
	return Settings{Tables: tables, Seats: seats, Top: 5, MinGames: 8, MinPair: 2, Idle: 8, Explore: 8}
}

// MaxTables bounds the tables of a batch.
const MaxTables = 1 << 16

// Input is the state of the ladder before a batch: everything the
// scheduler reads. Elo, Parent and the ledger are by registry position.
type Input struct {
	Batch  int
	Seed   uint64 // the ladder's seed
	Active []int  // the bots that play, by registry position, in registry order
	Elo    []float64
	Parent []int // −1 for none
	Ledger *Ledger
}

// Table is one table of a batch: its bots (registry positions) and why it
// was chosen.
type Table struct {
	Bots []int
	Why  string
}

// The reasons a table is chosen, as the header and the page show them.
const (
	WhyMinimum    = "minimum"    // a bot with fewer than MinGames games
	WhyParent     = "parent"     // a new version against its parent
	WhyIdle       = "idle"       // a bot that has not played for Idle batches
	WhyNeighbours = "neighbours" // neighbouring ranks below MinPair games
	WhyOverlap    = "overlap"    // the information rule
	WhyTop        = "top"        // the information rule, at the top of the list
	WhyExplore    = "explore"    // drawn at random
)

// planStream is the random stream of the exploration draws.
const planStream = 1<<32 + 100

// eloPerNat converts the Bradley–Terry strength θ to Elo.
const eloPerNat = 400 / math.Ln10

// priorInfo is the information every bot has before it plays: a rating
// known to about ±1000 Elo, so that a bot without games is uncertain, not
// infinitely so.
const priorInfo = 0.03

// scheduler is Plan's working state.
type scheduler struct {
	set    Settings
	in     Input
	k      int       // registry bots
	theta  []float64 // strengths by registry position, natural log
	games  []float64 // the ledger's games and this batch's, k×k
	info   []float64 // Fisher information per bot
	rank   []int     // rank by registry position among the active, −1 if not active
	order  []int     // active bots, best first
	busy   []bool    // plays in this batch already
	tables []Table
}

// Plan chooses the tables of the next batch: where the games shrink most
// the uncertainty about the order of the list (docs/ladder.md). It is a
// pure function of its input: the same ledger, the same tables.
func Plan(set Settings, in Input) []Table {
	if len(in.Active) < set.Seats || set.Seats < 2 {
		return nil
	}
	s := newScheduler(set, in)
	s.minimum()
	s.idle()
	s.neighbours()
	rng := sim.NewRand(sim.Derive(in.Seed, uint64(in.Batch)), planStream)
	for len(s.tables) < set.Tables {
		if set.Explore > 0 && len(s.tables)%set.Explore == set.Explore-1 {
			bots := make([]int, 0, set.Seats)
			for len(bots) < set.Seats {
				b := in.Active[rng.IntN(len(in.Active))]
				if !slices.Contains(bots, b) {
					bots = append(bots, b)
				}
			}
			s.add(bots, WhyExplore)
			continue
		}
		a, b := s.bestPair()
		why := WhyOverlap
		switch {
		case s.related(a, b):
			why = WhyParent
		case s.rank[a] < set.Top || s.rank[b] < set.Top:
			why = WhyTop
		}
		s.add(s.fill([]int{a, b}), why)
	}
	return s.tables
}

func newScheduler(set Settings, in Input) *scheduler {
	k := in.Ledger.k
	s := &scheduler{set: set, in: in, k: k, theta: make([]float64, k), games: make([]float64, k*k),
		info: make([]float64, k), rank: make([]int, k), busy: make([]bool, k)}
	// The strengths: the fit's, else the parent's (a new version starts
	// where its parent stands), else the mean of the rated ones.
	mean, rated := 0.0, 0
	for i := range k {
		if e := in.Elo[i]; !math.IsNaN(e) && !math.IsInf(e, 0) {
			mean += e
			rated++
		}
	}
	if rated > 0 {
		mean /= float64(rated)
	}
	for i := range k {
		e := in.Elo[i]
		for p := i; (math.IsNaN(e) || math.IsInf(e, 0)) && p >= 0; {
			if p = in.Parent[p]; p >= 0 {
				e = in.Elo[p]
			}
		}
		if math.IsNaN(e) || math.IsInf(e, 0) {
			e = mean
		}
		s.theta[i] = e / eloPerNat
	}
	for i := range k * k {
		s.games[i] = float64(in.Ledger.games[i])
	}
	for i := range k {
		s.info[i] = priorInfo
		for j := range k {
			if g := s.games[i*k+j]; g > 0 {
				s.info[i] += float64(g * s.pq(i, j))
			}
		}
		s.rank[i] = -1
	}
	s.order = slices.Clone(in.Active)
	slices.SortStableFunc(s.order, func(a, b int) int { return cmp.Compare(s.theta[b], s.theta[a]) })
	for r, b := range s.order {
		s.rank[b] = r
	}
	return s
}

// pq returns p(1−p), p the chance that a beats b: the information of one
// game between them.
func (s *scheduler) pq(a, b int) float64 {
	p := 1 / (1 + math.Exp(s.theta[b]-s.theta[a]))
	return float64(p * (1 - p))
}

// score is what one more table of a and b is worth: the chance that their
// order is wrong (how much their intervals overlap), times how much the
// table shrinks the variance of their difference, times the weight of
// where they stand.
func (s *scheduler) score(a, b int) float64 {
	v := 1/s.info[a] + 1/s.info[b]
	overlap := 0.5 * math.Erfc(math.Abs(s.theta[a]-s.theta[b])/math.Sqrt(2*v))
	gain := v - 1/(1/v+float64(float64(s.set.Seats)*s.pq(a, b)))
	w := 1.0
	if s.rank[a] < s.set.Top || s.rank[b] < s.set.Top {
		w += 1
	}
	if s.related(a, b) {
		w += 2
	}
	return float64(w*overlap) * gain
}

// related reports whether one of a and b is the other's parent.
func (s *scheduler) related(a, b int) bool { return s.in.Parent[a] == b || s.in.Parent[b] == a }

// add plays a table in this batch: its games count from now on, as if
// played, so that the next table goes where this one did not.
func (s *scheduler) add(bots []int, why string) {
	for i, a := range bots {
		s.busy[a] = true
		for _, b := range bots[i+1:] {
			g := float64(s.set.Seats)
			s.games[a*s.k+b] += g
			s.games[b*s.k+a] += g
			s.info[a] += float64(g * s.pq(a, b))
			s.info[b] += float64(g * s.pq(a, b))
		}
	}
	s.tables = append(s.tables, Table{Bots: bots, Why: why})
}

// full reports whether the batch has all its tables.
func (s *scheduler) full() bool { return len(s.tables) >= s.set.Tables }

// total returns the games of bot a, this batch's included.
func (s *scheduler) total(a int) float64 {
	t := 0.0
	for j := range s.k {
		t += s.games[a*s.k+j]
	}
	return t
}

// minimum gives every bot with fewer than MinGames games its games first:
// a new version against its parent, then where the rule would put it.
func (s *scheduler) minimum() {
	for !s.full() {
		a := -1
		for _, b := range s.in.Active {
			if t := s.total(b); t < float64(s.set.MinGames) && (a < 0 || t < s.total(a)) {
				a = b
			}
		}
		if a < 0 {
			return
		}
		p := s.in.Parent[a]
		if p >= 0 && s.rank[p] >= 0 && s.games[a*s.k+p] < float64(s.set.MinGames)/2 {
			s.add(s.fill([]int{a, p}), WhyParent)
			continue
		}
		s.add(s.fill([]int{a, s.partner([]int{a})}), WhyMinimum)
	}
}

// idle gives a table to every bot that has not played for Idle batches,
// the longest idle first.
func (s *scheduler) idle() {
	idle := slices.Clone(s.in.Active)
	slices.SortStableFunc(idle, func(a, b int) int { return cmp.Compare(s.in.Ledger.last[a], s.in.Ledger.last[b]) })
	for _, a := range idle {
		if s.full() || s.in.Batch-s.in.Ledger.last[a] <= s.set.Idle {
			return
		}
		if !s.busy[a] {
			s.add(s.fill([]int{a, s.partner([]int{a})}), WhyIdle)
		}
	}
}

// neighbours plays each pair of neighbouring ranks that has fewer than
// MinPair games, from the top.
func (s *scheduler) neighbours() {
	for r := 0; r+1 < len(s.order) && !s.full(); r++ {
		a, b := s.order[r], s.order[r+1]
		if s.games[a*s.k+b] < float64(s.set.MinPair) {
			s.add(s.fill([]int{a, b}), WhyNeighbours)
		}
	}
}

// bestPair returns the pair of active bots with the highest score; ties
// go to the better ranks.
func (s *scheduler) bestPair() (int, int) {
	best, ba, bb := math.Inf(-1), s.order[0], s.order[1]
	for i, a := range s.order {
		for _, b := range s.order[i+1:] {
			if v := s.score(a, b); v > best {
				best, ba, bb = v, a, b
			}
		}
	}
	return ba, bb
}

// partner returns the active bot not in table whose games with the
// table's bots are worth most.
func (s *scheduler) partner(table []int) int {
	best, who := math.Inf(-1), -1
	for _, b := range s.order {
		if slices.Contains(table, b) {
			continue
		}
		v := 0.0
		for _, t := range table {
			v += s.score(t, b)
		}
		if v > best {
			best, who = v, b
		}
	}
	return who
}

// fill completes a table of more than two seats with the bots whose games
// with those seated are worth most.
func (s *scheduler) fill(table []int) []int {
	for len(table) < s.set.Seats {
		table = append(table, s.partner(table))
	}
	return table
}

// Settings returns the header's record of the tables, by position among
// the active bots.
func (t Table) Settings(active []int) results.LadderTable {
	bots := make([]int, len(t.Bots))
	for i, b := range t.Bots {
		bots[i] = slices.Index(active, b)
	}
	return results.LadderTable{Bots: bots, Why: t.Why}
}
