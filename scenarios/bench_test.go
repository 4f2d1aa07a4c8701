package scenarios

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	trbots "github.com/arenasim/arena/bots/tron"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// BenchmarkRunnerTronStupid plays 2-seat Tron between two stupid bots on the
// 100×100 board through the whole framework (registry, setup, schedule,
// worker pool, records) and reports turns per second, on one worker (the
// performance budget is 2.5 M turns/s per core) and on one per core (to see
// how throughput scales).
func BenchmarkRunnerTronStupid(b *testing.B) {
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("j=%d", workers), func(b *testing.B) { benchmarkRunner(b, workers) })
	}
}

func benchmarkRunner(b *testing.B, workers int) {
	e, err := LookupGame("tron")
	require.NoError(b, err)
	st, err := e.Game.Setup(sim.Params{}, []sim.BotSpec{{Name: "stupid"}, {Name: "stupid"}})
	require.NoError(b, err)
	turns, matches := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		plan, err := runner.NewRoundRobinPlan(2, 1000, uint64(matches))
		require.NoError(b, err)
		_, err = runner.Run(context.Background(), runner.Config{Setup: st, Plan: plan, Workers: workers}, func(r *results.Record, _ []byte) (bool, error) {
			turns += r.Turns
			matches++
			return false, nil
		})
		require.NoError(b, err)
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	b.ReportMetric(float64(turns)/float64(matches), "turns/match")
}

// BenchmarkBareTronStupid is the yardstick of BenchmarkRunnerTronStupid: the
// same bots and board driven by a bare loop, with no match loop, fault
// wrapper, schedule or records.
func BenchmarkBareTronStupid(b *testing.B) {
	r := &tron.Rules{Width: 100, Height: 100, Players: 2}
	s := &tron.State{}
	engineRng := sim.NewRand(1, sim.EngineStream)
	bots := []*trbots.Stupid{{}, {}}
	for k, bot := range bots {
		bot.Reset(sim.MatchInfo{Seat: k, Seats: 2}, sim.NewRand(1, uint64(k)))
	}
	acts := make([]tron.Dir, 2)
	var views [2]tron.View
	var log sim.FaultLog
	r.Init(s, engineRng)
	turns := 0
	for b.Loop() {
		if r.Done(s) {
			r.Init(s, engineRng)
			log.Reset()
		}
		for k, bot := range bots {
			r.Observe(s, k, &views[k])
			acts[k], _ = bot.Act(&views[k])
		}
		r.Step(s, acts, engineRng, &log)
		turns++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

// TestRunnerAllocatesNothingPerMatch checks the runner's steady state on the
// default path — a tournament counted on the workers' forks of its tally,
// with the bootstrap, and every record encoded as its line — by the
// allocations of a run of 20,000 matches less those of a run of 1,000:
// what a run allocates once cancels, and the 19,000 more matches must cost
// less than 2,500 allocations in all, where one a match would be 19,000.
// The bound holds at any load: the runner makes at most 4·workers + 2
// batches of at most 64 records (each a record and three slices: 1,536
// allocations on one worker), however its goroutines are scheduled; the
// rest are the blocks that hold the state hashes' text, one per 256
// matches.
func TestRunnerAllocatesNothingPerMatch(t *testing.T) {
	if simtest.RaceDetector {
		t.Skip("the race detector's instrumentation allocates")
	}
	e, err := LookupGame("tron")
	require.NoError(t, err)
	st, err := e.Game.Setup(sim.Params{}, []sim.BotSpec{{Name: "stupid"}, {Name: "stupid"}})
	require.NoError(t, err)
	run := func(games int) func() {
		return func() {
			format, err := runner.NewTournament(2, st.Entrants(), games, 1, results.Options{Bootstrap: 100, Seed: 1})
			require.NoError(t, err)
			cfg := runner.Config{Setup: st, Plan: format.Plan(), Workers: 1}
			judge := runner.ShareJudging(&cfg, format, true)
			var lines int
			_, err = runner.Run(context.Background(), cfg, func(r *results.Record, line []byte) (bool, error) {
				lines += len(line)
				return false, judge.Add(r)
			})
			require.NoError(t, err)
			require.NoError(t, judge.End())
			require.NotZero(t, lines)
		}
	}
	small, large := testing.AllocsPerRun(2, run(1000)), testing.AllocsPerRun(2, run(20000))
	t.Logf("allocations: %.0f for 1,000 matches, %.0f for 20,000", small, large)
	require.Less(t, large-small, 2500.0, "allocations per match in the steady state")
}
