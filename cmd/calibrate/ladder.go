package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/runner/ladder"
	"github.com/arenasim/arena/sim"
)

// LadderBench is the measure of the ladder's scheduler (docs/ladder.md):
// a ladder of bots of known Elos on the coin game, which has played a
// round robin (one paired seed a pair); then a new version joins, and each
// way of choosing matches plays batches until the new version's rank is
// right, and the top of the list in the right order, in 95 % of the
// replicates.
type LadderBench struct {
	Elos       []float64 // the bots' true Elos
	New        float64   // the new version's true Elo
	Parent     int       // the new version's parent, by position in Elos
	Replicates int
	Cap        int // games after the new version joins, at most
	Top        int // the ranks whose order is measured
	Seed       uint64
}

// DefaultLadderBench is the bench of the docs' table: 20 bots 40 Elo
// apart (0 to 760), a new version 20 Elo above its parent, the 11th best.
func DefaultLadderBench(replicates int) LadderBench {
	elos := make([]float64, 20)
	for i := range elos {
		elos[i] = 40 * float64(i)
	}
	return LadderBench{Elos: elos, New: 420, Parent: 10, Replicates: replicates, Cap: 12000, Top: 5, Seed: 49}
}

// LadderRow is one way of choosing matches and the games it needed: −1
// when the cap came first.
type LadderRow struct {
	Method   string
	NewRank  int // games until the new version's rank is right in 95 % of the replicates
	TopOrder int // games until the top ranks are in order in 95 % of them
}

// ladderMethods are the ways of choosing matches compared.
var ladderMethods = []string{"arena", "uniform random", "round robin"}

// ladderBatch is the tables of a batch (pairs: two games each, seats swapped).
const ladderBatch = ladder.DefaultTables

// MeasureLadder plays the bench's replicates for every method on every core.
func MeasureLadder(ctx context.Context, b LadderBench) ([]LadderRow, error) {
	elos := append(slices.Clone(b.Elos), b.New)
	setup, err := coinSetup(elos, 2, 0)
	if err != nil {
		return nil, err
	}
	checks := b.Cap / (2 * ladderBatch)
	var rows []LadderRow
	for _, method := range ladderMethods {
		newOK := make([][]bool, b.Replicates) // per replicate, per batch
		topOK := make([][]bool, b.Replicates)
		errs := make([]error, b.Replicates)
		forEach(b.Replicates, func(r int) {
			newOK[r], topOK[r], errs[r] = playLadder(ctx, setup, b, method, b.Seed+uint64(r), checks)
		})
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		rows = append(rows, LadderRow{Method: method, NewRank: firstAt95(newOK, checks), TopOrder: firstAt95(topOK, checks)})
	}
	return rows, nil
}

// firstAt95 returns the games of the first batch after which 95 % of the
// replicates are right, −1 if none is.
func firstAt95(ok [][]bool, checks int) int {
	for c := range checks {
		n := 0
		for _, rep := range ok {
			if rep[c] {
				n++
			}
		}
		if float64(n) >= 0.95*float64(len(ok)) {
			return (c + 1) * 2 * ladderBatch
		}
	}
	return -1
}

// playLadder plays one replicate: the round robin of the old bots, then
// checks batches of the method, and says after each whether the new
// version's rank and the top's order are right.
func playLadder(ctx context.Context, setup sim.Setup, b LadderBench, method string, seed uint64, checks int) (newOK, topOK []bool, err error) {
	names := setup.Entrants()
	k := len(names)
	newBot := k - 1
	tally := results.NewTally(names, results.Options{Bootstrap: -1})
	led := ladder.NewLedger(k)
	table := setup.NewTable()
	defer table.Close()
	round := 0
	batch := 0
	play := func(pairs [][2]int) error {
		for _, p := range pairs {
			s := sim.Derive(seed, uint64(round))
			for _, seating := range [][]int{{p[0], p[1]}, {p[1], p[0]}} {
				res := table.PlayShared(ctx, s, seating)
				if res.Err != nil {
					return res.Err
				}
				rec := runner.NewRecord(setup, "bench", runner.Pairing{Deal: round, Seed: s, Seating: seating}, names, res)
				if err := tally.Add(rec); err != nil {
					return err
				}
				led.Add(batch, seating, true)
			}
			round++
		}
		batch++
		return nil
	}
	var old [][2]int
	for i := range k - 1 {
		for j := i + 1; j < k-1; j++ {
			old = append(old, [2]int{i, j})
		}
	}
	if err := play(old); err != nil {
		return nil, nil, err
	}
	// The truth: ranks by true Elo, best first.
	truth := make([]int, k)
	for i := range truth {
		truth[i] = i
	}
	slices.SortStableFunc(truth, func(x, y int) int { return cmpDesc(elos(b)[x], elos(b)[y]) })
	parent := make([]int, k)
	for i := range parent {
		parent[i] = -1
	}
	parent[newBot] = b.Parent
	active := make([]int, k)
	for i := range active {
		active[i] = i
	}
	rng := sim.NewRand(seed, 1<<40)
	var cycle [][2]int // round robin's pairs of the whole ladder
	for i := range k {
		for j := i + 1; j < k; j++ {
			cycle = append(cycle, [2]int{i, j})
		}
	}
	rng.Shuffle(len(cycle), func(x, y int) { cycle[x], cycle[y] = cycle[y], cycle[x] })
	next := 0
	est, err := estimates(tally, k)
	if err != nil {
		return nil, nil, err
	}
	for range checks {
		var pairs [][2]int
		switch method {
		case "arena":
			tables := ladder.Plan(ladder.DefaultSettings(ladderBatch, 2), ladder.Input{Batch: batch, Seed: seed, Active: active, Elo: est, Parent: parent, Ledger: led})
			for _, t := range tables {
				pairs = append(pairs, [2]int{t.Bots[0], t.Bots[1]})
			}
		case "uniform random":
			// psyleague's matchmaking: a bot with fewer games than the
			// minimum first, else one at random; its opponent at random.
			planned := make([]int, k) // this batch's games so far
			games := func(i int) int { return led.Total(i) + planned[i] }
			for range ladderBatch {
				a := rng.IntN(k)
				for i := range k {
					if games(i) < 8 && games(i) < games(a) {
						a = i
					}
				}
				o := rng.IntN(k - 1)
				if o >= a {
					o++
				}
				pairs = append(pairs, [2]int{a, o})
				planned[a] += 2
				planned[o] += 2
			}
		case "round robin":
			for range ladderBatch {
				pairs = append(pairs, cycle[next%len(cycle)])
				next++
			}
		}
		if err := play(pairs); err != nil {
			return nil, nil, err
		}
		est, err = estimates(tally, k)
		if err != nil {
			return nil, nil, err
		}
		order := make([]int, k)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(x, y int) int { return cmpDesc(est[x], est[y]) })
		newOK = append(newOK, slices.Index(order, newBot) == slices.Index(truth, newBot))
		topOK = append(topOK, slices.Equal(order[:b.Top], truth[:b.Top]))
	}
	return newOK, topOK, nil
}

// elos returns every true Elo, the new version's last.
func elos(b LadderBench) []float64 { return append(slices.Clone(b.Elos), b.New) }

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// estimates returns the Bradley–Terry Elo of each bot, NaN for one that
// met nobody.
func estimates(t *results.Tally, k int) ([]float64, error) {
	st, err := t.Standings()
	if err != nil {
		return nil, err
	}
	est := make([]float64, k)
	names := t.Entrants()
	for i := range est {
		est[i] = math.NaN()
	}
	for _, r := range st.Ratings {
		if r.Games > 0 {
			est[slices.Index(names, r.Bot)] = r.Elo
		}
	}
	return est, nil
}

// LadderReport writes the table of docs/ladder.md.
func LadderReport(ctx context.Context, w io.Writer, b LadderBench) error {
	rows, err := MeasureLadder(ctx, b)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Coin game, %d bots %g Elo apart and a new version %g Elo above its parent, after one round robin;"+
		" games after the new version joins until the figure is right in 95%% of %d replicates (batches of %d paired seeds):\n\n",
		len(b.Elos), b.Elos[1]-b.Elos[0], b.New-b.Elos[b.Parent], b.Replicates, ladderBatch)
	fmt.Fprintf(w, "| matches chosen by | new version's rank | top %d in order |\n|---|---|---|\n", b.Top)
	cell := func(n int) string {
		if n < 0 {
			return fmt.Sprintf("> %d", b.Cap)
		}
		return fmt.Sprint(n)
	}
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s |\n", r.Method, cell(r.NewRank), cell(r.TopOrder))
	}
	return nil
}
