package runner

import (
	"io"

	"github.com/arenasim/arena/results"
)

// Format is a tournament format, in one place: the plan of its matches and
// the judge of their records. The runner plays the plan and hands the
// records to the format in index order; the format adds them up into
// standings or a verdict, and says when the run may stop. A new format is a
// new type here; nothing else changes.
type Format interface {
	// Plan returns the matches.
	Plan() Plan
	// Header adds the format's settings to the results file's header, so
	// that the verdict can be recomputed from the file alone.
	Header(h *results.Header)
	// Add judges one record. Records come in index order.
	Add(r *results.Record) error
	// Decided reports whether the records so far settle the run: the
	// runner may stop.
	Decided() bool
	// Verdict returns the conclusion of the records judged so far.
	Verdict() Verdict
	// Report writes the standings or the verdict in format f.
	Report(w io.Writer, f results.Format) error
}

// Splitter is a format whose judging the workers can share: most of the
// work on a record does not depend on the order of the records, so each
// worker counts the matches it plays on a Fork of its own; the forks Merge
// into the format when the run ends, and AddOrdered, given every record in
// index order, does the rest. Counting a record on a fork and giving it to
// AddOrdered is the same as giving it to Add.
type Splitter interface {
	Format
	Fork() Counter
	AddOrdered(r *results.Record) error
	Merge(c Counter) error
}

// Counter counts records in any order; Uncount takes one back (a record a
// worker played that the run did not keep).
type Counter interface {
	Count(r *results.Record) error
	Uncount(r *results.Record)
}

// Verdict is what a format concludes from its records.
type Verdict uint8

// The verdicts.
const (
	NoVerdict    Verdict = iota // standings only
	Positive                    // promoted, H1 accepted: the candidate is stronger
	Negative                    // not promoted, H0 accepted
	Inconclusive                // a sequential test stopped at its cap, undecided
)

var verdictNames = [...]string{"none", "positive", "negative", "inconclusive"}

// String returns the verdict's name.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "verdict(?)"
}

// Tournament is the format that rates every entrant against every other: a
// round robin for two seats, a rotation for other seat counts (see
// NewTournamentPlan), judged by Bradley–Terry standings.
type Tournament struct {
	plan  Plan
	tally *results.Tally
}

// NewTournament plans games matches between the entrants (per pair for two
// seats, in total otherwise) and rates them with opts.
func NewTournament(seats int, entrants []string, games int, master uint64, opts results.Options) (*Tournament, error) {
	plan, err := NewTournamentPlan(seats, len(entrants), games, master)
	if err != nil {
		return nil, err
	}
	return &Tournament{plan: plan, tally: results.NewTally(entrants, opts)}, nil
}

// Plan returns the matches.
func (t *Tournament) Plan() Plan { return t.plan }

// Header adds the seeds when the plan was given them.
func (t *Tournament) Header(h *results.Header) { h.Seeds = seedsOf(t.plan) }

// seedsOf returns the seeds a plan was given, if any.
func seedsOf(p Plan) []uint64 {
	if s, ok := p.(interface{ Seeds() []uint64 }); ok {
		return s.Seeds()
	}
	return nil
}

// Add counts one record.
func (t *Tournament) Add(r *results.Record) error { return t.tally.Add(r) }

// Decided reports false: a tournament plays every match.
func (t *Tournament) Decided() bool { return false }

// Fork returns an empty tally for a worker.
func (t *Tournament) Fork() Counter { return t.tally.Fork() }

// AddOrdered counts what depends on the order of the records.
func (t *Tournament) AddOrdered(r *results.Record) error { return t.tally.AddOrdered(r) }

// Merge adds a worker's tally.
func (t *Tournament) Merge(c Counter) error { return t.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict.
func (t *Tournament) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the records so far.
func (t *Tournament) Standings() (*results.Standings, error) { return t.tally.Standings() }

// Report writes the standings.
func (t *Tournament) Report(w io.Writer, f results.Format) error {
	st, err := t.tally.Standings()
	if err != nil {
		return err
	}
	return st.Write(w, f)
}

// League is the format of a league: one candidate plays every game against
// the same opponents, all at the same table (see NewLineupPlan), and is
// promoted when it wins at least the games needed.
type League struct {
	plan   *LineupPlan
	league *results.League
}

// NewLeague plans games matches of the line-up, entrants[0] being the
// candidate, promoted at needed wins.
func NewLeague(entrants []string, games, needed int, master uint64) (*League, error) {
	plan, err := NewLineupPlan(len(entrants), games, master)
	if err != nil {
		return nil, err
	}
	return &League{plan: plan, league: results.NewLeague(entrants[0], needed)}, nil
}

// Plan returns the matches.
func (l *League) Plan() Plan { return l.plan }

// Header names the schedule and the wins needed.
func (l *League) Header(h *results.Header) {
	h.Schedule, h.League = "league", &results.LeagueSettings{Needed: l.league.Needed}
}

// Add counts one game.
func (l *League) Add(r *results.Record) error { return l.league.Add(r) }

// Decided reports false: a league plays every game, so that its table shows
// them all.
func (l *League) Decided() bool { return false }

// Verdict returns Positive when the candidate is promoted, else Negative.
func (l *League) Verdict() Verdict {
	if l.league.Promoted {
		return Positive
	}
	return Negative
}

// Report writes the games and the verdict.
func (l *League) Report(w io.Writer, f results.Format) error { return l.league.Write(w, f) }

// Gauntlet is the format of one candidate against a pool (see
// GauntletPlan): its standings against each bot of the pool, and against
// the pool's mean. entrants[0] is the candidate.
type Gauntlet struct {
	plan  *GauntletPlan
	tally *results.Tally
	names []string
}

// NewGauntlet plans games matches of entrants[0] against each of the
// others (two seats) or in total (more seats), rated with opts.
func NewGauntlet(seats int, entrants []string, games int, master uint64, opts results.Options) (*Gauntlet, error) {
	plan, err := NewGauntletPlan(seats, len(entrants)-1, games, master)
	if err != nil {
		return nil, err
	}
	return &Gauntlet{plan: plan, tally: results.NewTally(entrants, opts), names: entrants}, nil
}

// Plan returns the matches.
func (g *Gauntlet) Plan() Plan { return g.plan }

// Header names the schedule and the candidate, and the seeds when the plan
// was given them.
func (g *Gauntlet) Header(h *results.Header) {
	h.Schedule, h.Candidate, h.Seeds = "gauntlet", g.names[0], seedsOf(g.plan)
}

// Add counts one record.
func (g *Gauntlet) Add(r *results.Record) error { return g.tally.Add(r) }

// Decided reports false: a gauntlet plays every match.
func (g *Gauntlet) Decided() bool { return false }

// Fork returns an empty tally for a worker.
func (g *Gauntlet) Fork() Counter { return g.tally.Fork() }

// AddOrdered counts what depends on the order of the records.
func (g *Gauntlet) AddOrdered(r *results.Record) error { return g.tally.AddOrdered(r) }

// Merge adds a worker's tally.
func (g *Gauntlet) Merge(c Counter) error { return g.tally.Merge(c.(*results.Tally)) }

// Verdict returns NoVerdict.
func (g *Gauntlet) Verdict() Verdict { return NoVerdict }

// Standings returns the standings of the records judged so far.
func (g *Gauntlet) Standings() (*results.Standings, error) { return g.tally.Standings() }

// Report writes the candidate's record against each bot of the pool.
func (g *Gauntlet) Report(w io.Writer, f results.Format) error {
	st, err := g.tally.Standings()
	if err != nil {
		return err
	}
	rep, err := results.NewGauntletReport(st, g.names[0])
	if err != nil {
		return err
	}
	return rep.Write(w, f)
}
