package results

import (
	"fmt"
	"math"
	"slices"
	"unsafe"
)

// Tally accumulates match records one by one. It keeps per-entrant and
// per-seat counters, a table of pairwise wins and draws for the ratings, and
// the bootstrap's replicate tallies, instead of the records, so its memory
// depends on the entrants, the seats and the bootstrap's resamples, never on
// the number of matches.
//
// A Tally is not safe for concurrent use.
type Tally struct {
	entrants []string
	index    map[string]int
	stats    []entrantStats
	seatStat []seatStats // per seat index
	opt      Options
	boot     *seedBootstrap // nil without a bootstrap
	seq      *SequentialElo // set for the botsArena rating

	matches  int
	failed   int
	seats    int    // the most seats seen in a valid match
	turns    int64  // sum of the turns of the valid matches
	rounds   int    // rounds (runs of valid matches sharing a seed) seen
	lastSeed uint64 // the seed of the last valid match

	// wins[i*k+j] counts the times entrant i placed better than entrant j
	// in the same match, draws[i*k+j] the times they placed the same: all
	// Bradley–Terry needs (placements give a result for every pair of
	// seats).
	wins, draws []int64
	// first[i*k+j] counts the half wins of i over j in two-seat matches
	// where i sat in seat 0: with wins and draws, the results of each seat
	// order, for a first-seat edge in the model (Options.SeatEdge).
	first []int64

	// The scores by round, in match order, for the intervals of the mean
	// scores: per entrant, per seat, and the range of every score.
	roundScore       []roundScore
	seatRound        []roundScore
	scoreLo, scoreHi float64
	scoreSeen        bool

	err     error       // a repeated entrant name, reported by every Add
	seatBuf []seatPlace // scratch for Add
	hwBuf   []halfWin   // scratch for Add
}

// wdl counts games, wins, draws and losses, and sums the scores exactly
// (not Welford's update or float sums: the result does not depend on the
// order of the records, and a large score, 1e7 and more, keeps its
// variance).
type wdl struct {
	games, wins, draws, losses int
	score                      Moments
}

// merge adds o's counts.
func (a *wdl) merge(o *wdl) {
	a.games += o.games
	a.wins += o.wins
	a.draws += o.draws
	a.losses += o.losses
	a.score.Merge(&o.score)
}

// entrantStats are one entrant's counters over the valid matches.
type entrantStats struct {
	wdl
	faults    int
	penalties int   // the moves the game's rules punished: no faults
	places    []int // places[p-1] counts the matches finished in place p
}

// seatStats are the counters of one seat over the valid matches: how the
// seat itself fares, whoever sits in it (a rules author's first check of
// balance).
type seatStats struct{ wdl }

// seatPlace is one seat of a match: who sat there and where it finished.
type seatPlace struct {
	entrant int
	place   int
}

// NewTally returns an empty tally for the given entrants, in the order of the
// run's header, rated with opt. Entrant names must be distinct: if one is
// repeated (a corrupt header), every Add fails with an error that names it.
func NewTally(entrants []string, opt Options) *Tally {
	t := &Tally{
		entrants: slices.Clone(entrants),
		index:    make(map[string]int, len(entrants)),
		stats:    make([]entrantStats, len(entrants)),
		wins:     make([]int64, len(entrants)*len(entrants)),
		draws:    make([]int64, len(entrants)*len(entrants)),
		first:    make([]int64, len(entrants)*len(entrants)),
		opt:      opt,

		roundScore: make([]roundScore, len(entrants)),
	}
	if opt.Bootstrap == 0 {
		t.opt.Bootstrap = DefaultBootstrapFor(len(entrants))
	}
	if t.opt.Rating == RatingBotsArena {
		t.opt.Bootstrap = -1 // sequential Elo has no interval
		t.seq = NewSequentialElo(entrants)
	}
	if t.opt.Bootstrap > 0 {
		t.boot = newSeedBootstrap(t.opt.Bootstrap, opt.Seed, len(entrants))
	}
	for i, name := range entrants {
		if _, dup := t.index[name]; dup && t.err == nil {
			t.err = fmt.Errorf("entrant %q listed twice", name)
		}
		t.index[name] = i
	}
	return t
}

// Entrants returns the entrant names in the order given to NewTally.
func (t *Tally) Entrants() []string { return slices.Clone(t.entrants) }

// Matches returns the number of records added, failed ones included.
func (t *Tally) Matches() int { return t.matches }

// Failed returns the number of records of matches that did not finish
// (Error set). They are counted but take no part in statistics or ratings.
func (t *Tally) Failed() int { return t.failed }

// Add counts one match record. It returns an error, and counts nothing, when
// the record names an unknown bot, its per-seat fields disagree, a place is
// out of range or a score is not finite; r is not retained. Records come in
// match order: Add is Count and AddOrdered together.
func (t *Tally) Add(r *Record) error {
	if err := t.validate(r); err != nil {
		return err
	}
	if err := t.addOrdered(r); err != nil {
		return err
	}
	t.count(r, 1)
	return nil
}

// Count counts the part of a record that does not depend on the order of
// the records: everything but the rounds and the sequential Elo. Workers
// count their own matches on a Fork each; Merge adds the forks up, and
// AddOrdered, given every record in match order, does the rest.
func (t *Tally) Count(r *Record) error {
	if err := t.validate(r); err != nil {
		return err
	}
	t.count(r, 1)
	return nil
}

// Uncount takes back a record that Count counted.
func (t *Tally) Uncount(r *Record) { t.count(r, -1) }

// AddOrdered counts what depends on the order of the records: the rounds
// (runs of valid matches sharing a seed) and the sequential Elo. It
// expects records that a fork's Count accepted; it checks them again only
// for the sequential Elo, which reads every seat.
func (t *Tally) AddOrdered(r *Record) error {
	if t.seq != nil {
		if err := t.validate(r); err != nil {
			return err
		}
	}
	return t.addOrdered(r)
}

// Fork returns an empty tally with t's entrants and options, for a worker
// to Count its matches on; Merge adds it back.
func (t *Tally) Fork() *Tally {
	f := NewTally(t.entrants, t.opt)
	f.seq = nil
	return f
}

// Merge adds everything o counted to t, exactly: the tally of two sets of
// matches together. The rounds and the sequential Elo are not merged (they
// come from AddOrdered). o is flushed but otherwise unchanged.
func (t *Tally) Merge(o *Tally) error {
	if !slices.Equal(t.entrants, o.entrants) {
		return fmt.Errorf("merging tallies of different entrants")
	}
	t.matches += o.matches
	t.failed += o.failed
	t.seats = max(t.seats, o.seats)
	t.turns += o.turns
	for i := range t.stats {
		a, b := &t.stats[i], &o.stats[i]
		a.merge(&b.wdl)
		a.faults += b.faults
		a.penalties += b.penalties
		a.places = growInts(a.places, len(b.places))
		for p, n := range b.places {
			a.places[p] += n
		}
	}
	if len(t.seatStat) < len(o.seatStat) {
		t.seatStat = append(t.seatStat, make([]seatStats, len(o.seatStat)-len(t.seatStat))...)
	}
	for k := range o.seatStat {
		t.seatStat[k].merge(&o.seatStat[k].wdl)
	}
	for i := range t.wins {
		t.wins[i] += o.wins[i]
		t.draws[i] += o.draws[i]
		t.first[i] += o.first[i]
	}
	if t.boot != nil && o.boot != nil {
		t.boot.merge(o.boot)
	}
	return nil
}

// validate checks a record before anything is counted.
func (t *Tally) validate(r *Record) error {
	if t.err != nil {
		return t.err
	}
	if err := t.check(r); err != nil {
		return fmt.Errorf("match %d: %w", r.Match, err)
	}
	return nil
}

// addOrdered counts the rounds and the sequential Elo of a valid record.
func (t *Tally) addOrdered(r *Record) error {
	if t.seq != nil {
		if err := t.seq.Add(r); err != nil {
			return fmt.Errorf("match %d: %w", r.Match, err)
		}
	}
	if r.Error != "" {
		return nil
	}
	if t.rounds == 0 || r.Seed != t.lastSeed {
		t.rounds++
		t.lastSeed = r.Seed
		for i := range t.roundScore {
			t.roundScore[i].close()
		}
		for k := range t.seatRound {
			t.seatRound[k].close()
		}
	}
	if len(t.seatRound) < len(r.Bots) {
		t.seatRound = append(t.seatRound, make([]roundScore, len(r.Bots)-len(t.seatRound))...)
	}
	for k, name := range r.Bots {
		x := r.Scores[k]
		t.roundScore[t.index[name]].add(x)
		t.seatRound[k].add(x)
		if !t.scoreSeen {
			t.scoreLo, t.scoreHi, t.scoreSeen = x, x, true
		}
		t.scoreLo, t.scoreHi = min(t.scoreLo, x), max(t.scoreHi, x)
	}
	return nil
}

// roundScore gathers the scores of one entrant, or of one seat, by round
// (in match order): the matches of a round share their luck, so its mean
// score varies by round, not by game. Only sums are kept: with d_r the
// round's Σ(x − ref) and n_r its games, Σ d_r², Σ d_r·n_r and Σ n_r², ref
// being the first score, so that the sums stay small beside large scores
// (a score of 10⁷ keeps a spread of ±0.5). Records come in match order
// whatever -j, so the float sums do not depend on the run's workers.
type roundScore struct {
	ref        float64
	seen       bool
	cur        float64 // this round's Σ(x − ref)
	curGames   int
	dd, dn, nn float64
	rounds     int // closed rounds
}

// add counts score x in the current round.
func (s *roundScore) add(x float64) {
	if !s.seen {
		s.ref, s.seen = x, true
	}
	s.cur += x - s.ref
	s.curGames++
}

// close ends the current round.
func (s *roundScore) close() {
	if s.curGames == 0 {
		return
	}
	n := float64(s.curGames)
	s.dd += float64(s.cur * s.cur)
	s.dn += float64(s.cur * n)
	s.nn += float64(n * n)
	s.rounds++
	s.cur, s.curGames = 0, 0
}

// spread returns Σr (S_r − mean·n_r)², S_r the round's score sum, and the
// number of rounds, the current one included (s is not changed). The sum
// is expanded into three terms that cancel when every round scored alike;
// what is left of them then is rounding (about 10⁻¹⁶ of the terms), not a
// spread, and counts as none: taken as one, it made the score's interval
// ± 0.000000 (tron/small: strong's 12 wins).
func (s roundScore) spread(mean float64) (float64, int) {
	s.close()
	d := mean - s.ref
	a, b, c := s.dd, float64(2*d*s.dn), float64(float64(d*d)*s.nn)
	ss := a - b + c
	if ss <= float64(spreadTolerance*float64(math.Abs(a)+math.Abs(b)+math.Abs(c))) {
		return 0, s.rounds
	}
	return ss, s.rounds
}

// spreadTolerance is the share of spread's terms below which what is left
// of them is rounding: thousands of times float64's 2.2·10⁻¹⁶, and a
// millionth of a millionth, below any spread of scores that differ.
const spreadTolerance = 1e-12

// count adds a valid record's counts (sign 1) or takes them back (sign −1).
func (t *Tally) count(r *Record, sign int) {
	t.matches += sign
	if r.Error != "" {
		t.failed += sign
		return
	}
	n := len(r.Bots)
	t.seats = max(t.seats, n)
	t.turns += int64(sign * r.Turns)
	if len(t.seatStat) < n {
		t.seatStat = append(t.seatStat, make([]seatStats, n-len(t.seatStat))...)
	}

	firsts := 0
	for _, p := range r.Places {
		if p == 1 {
			firsts++
		}
	}
	t.seatBuf = t.seatBuf[:0]
	for k, name := range r.Bots {
		e := t.index[name]
		st, seat := &t.stats[e], &t.seatStat[k]
		place, score := r.Places[k], r.Scores[k]
		st.games += sign
		seat.games += sign
		switch {
		case place > 1:
			st.losses += sign
			seat.losses += sign
		case firsts == 1:
			st.wins += sign
			seat.wins += sign
		default:
			st.draws += sign
			seat.draws += sign
		}
		if sign > 0 {
			st.score.Add(score)
			seat.score.Add(score)
		} else {
			st.score.Remove(score)
			seat.score.Remove(score)
		}
		st.places = growInts(st.places, n)
		st.places[place-1] += sign
		t.seatBuf = append(t.seatBuf, seatPlace{e, place})
	}
	for _, f := range r.Faults {
		t.stats[t.index[r.Bots[f.Seat]]].faults += sign
	}
	for _, p := range r.Penalties {
		t.stats[t.index[r.Bots[p.Seat]]].penalties += sign
	}
	t.countPairs(r.Seed, sign)
}

// growInts returns s with at least n elements, the new ones 0.
func growInts(s []int, n int) []int {
	if len(s) < n {
		s = append(s, make([]int, n-len(s))...)
	}
	return s
}

// countPairs adds the pairwise results of the match in t.seatBuf to the
// pair tables and to the bootstrap's round (sign −1 takes them back).
func (t *Tally) countPairs(seed uint64, sign int) {
	k := len(t.entrants)
	if len(t.seatBuf) == 2 && t.seatBuf[0].entrant != t.seatBuf[1].entrant {
		a, b := t.seatBuf[0], t.seatBuf[1]
		half := int64(1) // a draw
		switch {
		case a.place < b.place:
			half = 2
		case a.place > b.place:
			half = 0
		}
		t.first[a.entrant*k+b.entrant] += int64(sign) * half
	}
	t.hwBuf = appendHalfWins(t.hwBuf[:0], t.seatBuf)
	for _, h := range t.hwBuf {
		if h.n == 2 {
			t.wins[int(h.i)*k+int(h.j)] += int64(sign)
		} else {
			t.draws[int(h.i)*k+int(h.j)] += int64(sign)
		}
		if t.boot != nil {
			t.boot.add(seed, int(h.i), int(h.j), int64(sign)*h.n)
		}
	}
}

// check validates r before anything is counted, so that Add is all or
// nothing.
func (t *Tally) check(r *Record) error {
	if err := checkEntrants(r, t.index); err != nil {
		return err
	}
	return r.Check()
}

// checkScores checks that a finished match has one finite score per seat.
func checkScores(r *Record) error {
	if len(r.Scores) != len(r.Bots) {
		return fmt.Errorf("%d bots, %d scores", len(r.Bots), len(r.Scores))
	}
	for k, x := range r.Scores {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("seat %d: score %v is not a finite number", k, x)
		}
	}
	return nil
}

// checkSeats checks a record's seats against the entrants: some bots, all
// of them entrants, and, for a match that finished (no Error), one place in
// 1..n per seat. It reports whether the match finished.
func checkSeats(r *Record, index map[string]int) (finished bool, err error) {
	if err := checkEntrants(r, index); err != nil {
		return false, err
	}
	return checkPlaces(r)
}

// checkEntrants checks that a record seats some bots, all of them entrants.
func checkEntrants(r *Record, index map[string]int) error {
	if len(r.Bots) == 0 {
		return fmt.Errorf("no bots")
	}
	for _, name := range r.Bots {
		if _, ok := index[name]; !ok {
			return fmt.Errorf("unknown bot %q", name)
		}
	}
	return nil
}

// checkPlaces checks that a match that finished (no Error) has one place
// in 1..n per seat, and reports whether it finished.
func checkPlaces(r *Record) (finished bool, err error) {
	if r.Error != "" {
		return false, nil
	}
	n := len(r.Bots)
	if len(r.Places) != n {
		return false, fmt.Errorf("%d bots, %d places", n, len(r.Places))
	}
	for k, p := range r.Places {
		if p < 1 || p > n {
			return false, fmt.Errorf("seat %d: place %d is out of range 1..%d", k, p, n)
		}
	}
	return true, nil
}

// footprint returns the bytes held by the tally's growable parts (slices and
// maps, by capacity): a measure of what it retains, for the test that its
// memory does not grow with the number of matches.
func (t *Tally) footprint() int {
	const word = 8
	n := word * (cap(t.wins) + cap(t.draws) + cap(t.first) + len(t.index))
	for _, st := range t.stats {
		n += word * cap(st.places)
	}
	n += cap(t.seatStat) * int(unsafe.Sizeof(seatStats{}))
	n += (cap(t.roundScore) + cap(t.seatRound)) * int(unsafe.Sizeof(roundScore{}))
	n += cap(t.seatBuf)*int(unsafe.Sizeof(seatPlace{})) + cap(t.hwBuf)*int(unsafe.Sizeof(halfWin{}))
	if t.boot != nil {
		n += t.boot.footprint()
	}
	if t.seq != nil {
		n += word * (len(t.seq.index) + cap(t.seq.ratings) + cap(t.seq.entry) + cap(t.seq.delta))
	}
	return n
}
