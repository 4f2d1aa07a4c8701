package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/runner/ladder"
	"github.com/arenasim/arena/sim"
)

// A ladder's folder: the registry (ladder.json), the lock, and the ledger,
// one results file per batch in batches/, played whole (000007.jsonl) or
// in shards (000007.shard-2-of-4.jsonl) that arena merge folds into it.
const (
	ladderBatches = "batches"
	ladderLock    = "lock"
)

// batchPath returns the file of batch b, whole (n = 0) or shard k of n.
func batchPath(dir string, b, k, n int) string {
	name := fmt.Sprintf("%06d.jsonl", b)
	if n > 0 {
		name = fmt.Sprintf("%06d.shard-%d-of-%d.jsonl", b, k, n)
	}
	return filepath.Join(dir, ladderBatches, name)
}

// shardPaths returns the shard files of batch b present in dir.
func shardPaths(dir string, b int) []string {
	paths, _ := filepath.Glob(filepath.Join(dir, ladderBatches, fmt.Sprintf("%06d.shard-*-of-*.jsonl", b)))
	return paths
}

// lockLadder takes the ladder's lock, held for as long as the file stays
// open: a second writer of the ladder (play, add, retire) is refused.
func lockLadder(dir string) (*os.File, error) {
	f, err := sim.OpenFile(filepath.Join(dir, ladderLock), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, badInput("%s: %v", dir, pathCause(err))
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, badInput("%s: another arena is playing or changing this ladder (it is locked); wait for it to end", dir)
		}
		return nil, &exitError{ExitInternal, fmt.Errorf("%s: lock: %w", dir, err)}
	}
	return f, nil
}

// ladderStore is a ladder read from its folder: the registry, the game,
// and the ledger's batches absorbed so far.
type ladderStore struct {
	dir   string
	reg   *ladder.Registry
	c     *chosen        // the scenario, its game and parameters
	base  sim.Setup      // the rules, for the headers (any bots)
	names []string       // every bot's name, by registry position
	fit   *results.Tally // every complete batch's records, for the next plan's ratings
	show  *results.Tally // the same, rated for show (nil when not asked for)
	led   *ladder.Ledger
	// batches is the number of complete batches; round the rounds they
	// played (the next batch's first round).
	batches, round int
	// The first batch not complete: its file holds part of it (begun) or
	// shards hold it.
	begun       bool
	shards      []string
	recent      []*results.Record // the last records, newest last, for the page
	recentBatch []int             // the batch of each
}

// recentKept is how many records the page shows.
const recentKept = 50

// openLadder reads the registry and every batch of the ledger. Each batch
// must be the one the ledger before it plans (its header says so, and
// each record is its plan's match); a torn last line is left out. show,
// when not nil, rates the records for the standings.
func openLadder(dir string, show *results.Options) (*ladderStore, error) {
	reg, err := ladder.LoadRegistry(dir)
	if err != nil {
		return nil, badInput("%v", err)
	}
	c, err := ladderScenario(reg.Scenario)
	if err != nil {
		return nil, err
	}
	if c.scenario.Game != reg.Game {
		return nil, badInput("%s: the registry's game is %s, its scenario %s is a %s scenario", filepath.Join(dir, ladder.RegistryFile), reg.Game, reg.Scenario, c.scenario.Game)
	}
	s := &ladderStore{dir: dir, reg: reg, c: c, names: reg.Names()}
	s.led = ladder.NewLedger(len(s.names))
	s.fit = results.NewTally(s.names, results.Options{Bootstrap: -1})
	if show != nil {
		s.show = results.NewTally(s.names, *show)
	}
	if len(reg.Bots) > 0 {
		if s.base, err = s.setup(reg.Bots[:1]); err != nil {
			return nil, err
		}
	}
	for {
		done, err := s.absorb()
		if err != nil || !done {
			return s, err
		}
	}
}

// ladderScenario resolves the ladder's scenario, as run resolves one.
func ladderScenario(name string) (*chosen, error) {
	var sel selection
	sel.registerScenario(pflag.NewFlagSet("ladder", pflag.ContinueOnError), "")
	return sel.resolve("ladder", []string{name})
}

// namedSetup is a setup whose entrants are named by the ladder, not by
// their specs: the records say "v3", whose spec the registry keeps.
type namedSetup struct {
	sim.Setup
	names []string
}

// Entrants returns the ladder's names.
func (s namedSetup) Entrants() []string { return s.names }

// setup configures the game with the bots.
func (s *ladderStore) setup(bots []ladder.Bot) (sim.Setup, error) {
	c := *s.c
	c.specs, c.specFrom = nil, nil
	names := make([]string, len(bots))
	for i, b := range bots {
		spec, err := sim.ParseBotSpec(b.Spec)
		if err != nil {
			return nil, badInput("%s: bot %s: %v", filepath.Join(s.dir, ladder.RegistryFile), b.Name, err)
		}
		c.specs = append(c.specs, spec)
		c.specFrom = append(c.specFrom, "bot "+b.Name)
		names[i] = b.Name
	}
	c.botsFrom = filepath.Join(s.dir, ladder.RegistryFile)
	st, err := c.setup()
	if err != nil {
		return nil, err
	}
	return namedSetup{st, names}, nil
}

// seats returns the seats of a table.
func (s *ladderStore) seats() int { return s.base.Seats() }

// next plans the first batch not complete, from the ledger so far.
func (s *ladderStore) next() (*ladder.Batch, []int, error) {
	b := s.batches
	active := s.reg.Active(b)
	if s.base == nil || len(active) < s.seats() {
		return nil, nil, badInput("%s: batch %d has %d bots to play, a table needs %d (arena ladder add)", s.dir, b, len(active), max(2, s.seatsOr2()))
	}
	st, err := s.fit.Standings()
	if err != nil {
		return nil, nil, &exitError{ExitInternal, err}
	}
	elo := make([]float64, len(s.names))
	for i := range elo {
		elo[i] = math.NaN()
	}
	for _, r := range st.Ratings {
		if r.Games > 0 {
			elo[slices.Index(s.names, r.Bot)] = r.Elo
		}
	}
	parent := make([]int, len(s.names))
	for i, bot := range s.reg.Bots {
		parent[i] = s.reg.Index(bot.Parent) // −1 without one
	}
	tables := ladder.Plan(ladder.DefaultSettings(s.reg.Tables, s.seats()),
		ladder.Input{Batch: b, Seed: s.reg.Seed, Active: active, Elo: elo, Parent: parent, Ledger: s.led})
	set := results.LadderSettings{Batch: b, Round: s.round}
	entrants := make([]string, len(active))
	for i, a := range active {
		entrants[i] = s.names[a]
		set.Specs = append(set.Specs, shownSpec(s.reg.Bots[a].Spec))
	}
	for _, t := range tables {
		set.Tables = append(set.Tables, t.Settings(active))
	}
	batch, err := ladder.NewBatch(s.seats(), entrants, set, s.reg.Seed, results.Options{Bootstrap: -1})
	if err != nil {
		return nil, nil, &exitError{ExitInternal, err}
	}
	return batch, active, nil
}

// seatsOr2 is the seats, or 2 before the ladder has a bot.
func (s *ladderStore) seatsOr2() int {
	if s.base == nil {
		return 2
	}
	return s.base.Seats()
}

// header returns the header batch's file must have.
func (s *ladderStore) header(batch *ladder.Batch, active []int) *results.Header {
	names := make([]string, len(active))
	for i, a := range active {
		names[i] = s.names[a]
	}
	return runHeader(s.reg.Scenario, namedSetup{s.base, names}, batch, 0, s.reg.Seed)
}

// absorb reads the first batch not complete: when its file is whole, its
// records join the ledger and done is true; otherwise the store notes
// what is there (part of the batch, or its shards).
func (s *ladderStore) absorb() (done bool, err error) {
	b := s.batches
	path := batchPath(s.dir, b, 0, 0)
	s.begun, s.shards = false, nil
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		s.shards = shardPaths(s.dir, b)
		if _, err := os.Stat(batchPath(s.dir, b+1, 0, 0)); err == nil {
			return false, badInput("%s: batch %d is missing, batch %d is there: the ledger has a gap", s.dir, b, b+1)
		}
		return false, nil
	}
	batch, active, err := s.next()
	if err != nil {
		return false, err
	}
	want := s.header(batch, active)
	f, err := sim.Open(path)
	if err != nil {
		return false, badInput("%v", err)
	}
	defer f.Close()
	_, rd, err := readWhole(f, path)
	if err != nil {
		return false, badInput("%v", err)
	}
	h := rd.Header()
	if d := headerDiff(&h, want, true, true); d != "" {
		return false, badInput("%s:1: not the batch the ledger before it plans: %s (an earlier batch or the registry was edited)", path, d)
	}
	var recs []*results.Record
	plan := batch.Plan()
	n, err := readOwned(rd, want, plan, []runner.Span{{Start: 0, End: plan.Len()}}, func(r *results.Record) error {
		recs = append(recs, r.Clone())
		return nil
	})
	if err != nil {
		return false, err
	}
	if n < plan.Len() {
		if _, err := os.Stat(batchPath(s.dir, b+1, 0, 0)); err == nil {
			return false, badInput("%s: holds %d of the batch's %d matches, and batch %d is there: the ledger has a gap", path, n, plan.Len(), b+1)
		}
		s.begun = true
		return false, nil
	}
	index := make(map[string]int, len(s.names))
	for i, name := range s.names {
		index[name] = i
	}
	seated := make([]int, s.seats())
	for _, r := range recs {
		for k, name := range r.Bots {
			seated[k] = index[name]
		}
		s.led.Add(b, seated[:len(r.Bots)], r.Error == "")
		if err := s.fit.Add(r); err != nil {
			return false, badInput("%s: %v", path, err)
		}
		if s.show != nil {
			if err := s.show.Add(r); err != nil {
				return false, badInput("%s: %v", path, err)
			}
		}
		s.recent = append(s.recent, r)
		s.recentBatch = append(s.recentBatch, b)
	}
	if len(s.recent) > recentKept {
		s.recent = slices.Clone(s.recent[len(s.recent)-recentKept:])
		s.recentBatch = slices.Clone(s.recentBatch[len(s.recentBatch)-recentKept:])
	}
	s.batches++
	s.round += len(h.Ladder.Tables)
	return true, nil
}

// describePending says what is there of the first batch not complete.
func (s *ladderStore) describePending() string {
	switch {
	case len(s.shards) > 0:
		return fmt.Sprintf("batch %d is played in shards (%s)", s.batches, strings.Join(s.shards, ", "))
	case s.begun:
		return fmt.Sprintf("batch %d is begun", s.batches)
	}
	return ""
}

// shownSpec is a registry's spec as the batches and the standings show
// it: a URL's password hidden (sim.BotSpec.Shown). The registry keeps it
// whole, for the bot to be played.
func shownSpec(text string) string {
	spec, err := sim.ParseBotSpec(text)
	if err != nil {
		return text
	}
	return spec.Shown()
}
