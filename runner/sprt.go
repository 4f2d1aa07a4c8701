package runner

import (
	"fmt"
	"io"
	"slices"

	"github.com/arenasim/arena/results"
)

// SPRT is the format of a sequential test: a candidate against a baseline,
// played until the test decides whether the candidate is stronger or its
// cap of games is reached. The entrants are the candidate (0), the baseline
// (1) and the opponents (2…), if any. Every two consecutive matches, 2q and
// 2q+1, form one unit of the test, played on the same seed:
//
//   - two seats, no opponents: the candidate against the baseline, once in
//     each seat order; the unit's result is the candidate's total, 0, ½, 1,
//     1½ or 2 (a pentanomial test);
//   - two seats with opponents: each round plays every opponent twice per
//     seat order, once against the candidate and once against the
//     baseline, in the same seat; the unit's result is the candidate's score
//     plus one minus the baseline's, again 0 to 2 in halves, on the scale
//     of the candidate's Elo minus the baseline's (results.PoolScale);
//   - N > 2 seats: each round seats N−1 opponents (rotated as in a
//     gauntlet) and plays every seat rotation twice, once with the
//     candidate and once with the baseline in the same seat; the unit's
//     result is whether the candidate placed worse, equal or better than
//     the baseline did (a block test).
type SPRT struct {
	plan  *sprtPlan
	names []string
	rep   *results.SPRTReport
	first *results.Record // the first record of the unit being played
}

// NewSPRT plans a test of entrants[0] (candidate) against entrants[1]
// (baseline) in a game of the given seats, the rest being opponents, capped
// at maxGames games (rounded up to whole units).
func NewSPRT(seats int, entrants []string, test results.SPRT, maxGames int, master uint64) (*SPRT, error) {
	if err := test.Check(); err != nil {
		return nil, err
	}
	plan, err := newSPRTPlan(seats, len(entrants)-2, maxGames, master)
	if err != nil {
		return nil, err
	}
	kind := results.KindPentanomial
	if seats > 2 {
		kind = results.KindBlocks
	}
	rep := results.NewSPRTReport(test, kind, entrants[0], entrants[1], entrants[2:])
	return &SPRT{plan: plan, names: slices.Clone(entrants), rep: rep}, nil
}

// Plan returns the matches, up to the cap.
func (s *SPRT) Plan() Plan { return s.plan }

// Header records the test's settings, so that the verdict can be recomputed
// from the file.
func (s *SPRT) Header(h *results.Header) { h.Schedule, h.SPRT = "sprt", s.rep.Settings() }

// Add judges one record; the second record of a unit completes it.
func (s *SPRT) Add(r *results.Record) error {
	if r.Match%2 == 0 {
		s.first = r.Clone()
		return nil
	}
	a := s.first
	s.first = nil
	if a == nil || a.Match != r.Match-1 {
		return fmt.Errorf("match %d: the first match of its unit is missing", r.Match)
	}
	if a.Error != "" || r.Error != "" {
		s.rep.AddFailed()
		return nil
	}
	if s.plan.seats == 2 && s.plan.pool > 0 {
		return s.addVersus(a, r)
	}
	outcome, err := s.outcome(a, r)
	if err != nil {
		return err
	}
	s.rep.Add(outcome)
	return nil
}

// addVersus counts a pair of a test against a pool: a is the candidate's
// game, b the baseline's, against the same opponent in the same seat.
func (s *SPRT) addVersus(a, b *results.Record) error {
	cand, base := s.names[0], s.names[1]
	ca, err := halfPoints(a, cand)
	if err != nil {
		return err
	}
	hb, err := halfPoints(b, base)
	if err != nil {
		return err
	}
	opponent := a.Bots[1-slices.Index(a.Bots, cand)]
	o := slices.Index(s.names[2:], opponent)
	if o < 0 || b.Bots[1-slices.Index(b.Bots, base)] != opponent || slices.Index(a.Bots, cand) != slices.Index(b.Bots, base) {
		return fmt.Errorf("match %d: the baseline does not meet %s in the seat the candidate met it in match %d", b.Match, opponent, a.Match)
	}
	s.rep.AddVersus(ca, hb, o)
	return nil
}

// outcome returns the unit's outcome index: the candidate's total in half
// points (head-to-head pentanomial), or 0, 1, 2 for worse, equal, better
// (blocks).
func (s *SPRT) outcome(a, b *results.Record) (int, error) {
	cand, base := s.names[0], s.names[1]
	switch {
	case s.plan.seats > 2:
		seat := slices.Index(a.Bots, cand)
		if seat < 0 || seat >= len(b.Bots) || b.Bots[seat] != base {
			return 0, fmt.Errorf("match %d: the baseline does not sit where the candidate sat in match %d", b.Match, a.Match)
		}
		pa, pb := a.Places[seat], b.Places[seat]
		switch {
		case pa > pb:
			return 0, nil
		case pa == pb:
			return 1, nil
		}
		return 2, nil
	default:
		ha, err := halfPoints(a, cand)
		if err != nil {
			return 0, err
		}
		hb, err := halfPoints(b, cand)
		return ha + hb, err
	}
}

// halfPoints returns bot's result in a two-seat match in half points: 2 for
// a win, 1 for a draw, 0 for a loss.
func halfPoints(r *results.Record, bot string) (int, error) {
	seat := slices.Index(r.Bots, bot)
	if seat < 0 || len(r.Places) != 2 {
		return 0, fmt.Errorf("match %d: %s does not play in it (bots %v)", r.Match, bot, r.Bots)
	}
	other := r.Places[1-seat]
	switch mine := r.Places[seat]; {
	case mine < other:
		return 2, nil
	case mine == other:
		return 1, nil
	}
	return 0, nil
}

// Decided reports whether the test has accepted a hypothesis.
func (s *SPRT) Decided() bool { return s.rep.Verdict() != results.Undecided }

// Verdict returns Positive for H1, Negative for H0, else Inconclusive.
func (s *SPRT) Verdict() Verdict {
	switch s.rep.Verdict() {
	case results.AcceptH1:
		return Positive
	case results.AcceptH0:
		return Negative
	}
	return Inconclusive
}

// Status returns the test's progress in one line: LLR, games, Elo.
func (s *SPRT) Status() string { return s.rep.Status() }

// Report writes the test's result.
func (s *SPRT) Report(w io.Writer, f results.Format) error { return s.rep.Write(w, f) }

// Result returns the test's report so far.
func (s *SPRT) Result() *results.SPRTReport { return s.rep }

// sprtPlan is the plan of an SPRT format; see SPRT.
type sprtPlan struct {
	rounds
	seats, pool int
	lineUp      *GauntletPlan // N seats: who sits where in each round
}

func newSPRTPlan(seats, pool, maxGames int, master uint64) (*sprtPlan, error) {
	if maxGames < 2 {
		return nil, fmt.Errorf("max games: %d is fewer than the 2 games of one unit of the test", maxGames)
	}
	p := &sprtPlan{seats: seats, pool: pool}
	var err error
	switch {
	case seats < 2:
		return nil, fmt.Errorf("a sequential test needs a game of 2 seats or more, this one has %d", seats)
	case seats == 2 && pool == 0:
		p.rounds, err = newRounds(master, ceilDiv(maxGames, 2), 2, maxGames)
	case seats == 2:
		p.rounds, err = newRounds(master, ceilDiv(maxGames, 4*pool), 4*pool, maxGames)
	default:
		if p.lineUp, err = NewGauntletPlan(seats, pool, 1, master); err != nil {
			return nil, fmt.Errorf("%w, to fill the seats beside the candidate and the baseline", err)
		}
		p.rounds, err = newRounds(master, ceilDiv(maxGames, 2*seats), 2*seats, maxGames)
	}
	if err != nil {
		return nil, err
	}
	p.length = min(p.length, 2*ceilDiv(maxGames, 2))
	return p, nil
}

// Seats returns the seat count.
func (p *sprtPlan) Seats() int { return p.seats }

// Match returns match i.
func (p *sprtPlan) Match(i int, seating []int) Pairing {
	m, j := p.pairing(i, p.seats, seating)
	switch {
	case p.seats == 2 && p.pool == 0:
		// j = 0: candidate, baseline; j = 1: baseline, candidate.
		m.Seating[0], m.Seating[1] = j, 1-j
	case p.seats == 2:
		// Per opponent, four matches: candidate then baseline against it,
		// in seat order (X, o), then in seat order (o, X).
		opponent := 2 + j/4
		me := j % 2
		if j%4 < 2 {
			m.Seating[0], m.Seating[1] = me, opponent
		} else {
			m.Seating[0], m.Seating[1] = opponent, me
		}
	default:
		// Rotation j/2 of the round's gauntlet line-up, with the candidate
		// (j even) or the baseline (j odd) in the gauntlet's candidate seat.
		g := p.lineUp.Match(m.Deal*p.seats+j/2, m.Seating)
		for k, e := range g.Seating {
			if e == 0 {
				m.Seating[k] = j % 2
			} else {
				m.Seating[k] = 1 + e
			}
		}
	}
	return m
}
