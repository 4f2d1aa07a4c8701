package runner

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// setup configures the toy game with the given bots.
func setup(t *testing.T, params string, bots ...string) sim.Setup {
	t.Helper()
	st, err := simtest.Game().Setup(simtest.ParamsJSON(t, params), simtest.Specs(t, bots...))
	require.NoError(t, err)
	return st
}

// runAll runs a tournament and returns its records as JSON lines.
func runAll(t *testing.T, ctx context.Context, st sim.Setup, games, workers int) ([]string, Summary) {
	t.Helper()
	sched, err := NewSchedule(st.Seats(), len(st.Entrants()), games, 11)
	require.NoError(t, err)
	var lines []string
	sum, err := Run(ctx, Config{Setup: st, Schedule: sched, Scenario: "test", Workers: workers}, func(r *results.Record) error {
		require.Equal(t, len(lines), r.Match, "records come in match order")
		b, err := json.Marshal(r)
		require.NoError(t, err)
		lines = append(lines, string(b))
		return nil
	})
	require.NoError(t, err)
	return lines, sum
}

func TestRunIsTheSameWhateverTheWorkers(t *testing.T) {
	st := setup(t, `{"turns":50}`, "dice", "dice", "step:by=3", "step:by=4")
	one, sum := runAll(t, context.Background(), st, 40, 1)
	require.Equal(t, Summary{Played: 6 * 40}, sum)
	four, _ := runAll(t, context.Background(), st, 40, 4)
	require.Equal(t, one, four)
	again, _ := runAll(t, context.Background(), setup(t, `{"turns":50}`, "dice", "dice", "step:by=3", "step:by=4"), 40, 3)
	require.Equal(t, one, again, "a new setup gives the same bytes")

	ffa := setup(t, `{"turns":20,"players":3}`, "dice", "dice", "dice", "step:by=3", "step")
	one, _ = runAll(t, context.Background(), ffa, 30, 1)
	four, _ = runAll(t, context.Background(), ffa, 30, 4)
	require.Equal(t, one, four)
}

func TestRecordsHoldTheMatch(t *testing.T) {
	st := setup(t, `{}`, "step:by=2", "step")
	lines, _ := runAll(t, context.Background(), st, 2, 2)
	require.Len(t, lines, 2)
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &r))
	require.Equal(t, "match", r.Type)
	require.Equal(t, results.FormatVersion, r.Format)
	require.Equal(t, 1, r.Match)
	require.Equal(t, sim.Derive(11, 0), r.Seed)
	require.Equal(t, "race", r.Game)
	require.Equal(t, "test", r.Scenario)
	require.Equal(t, st.RulesHash(), r.RulesHash)
	require.Equal(t, []string{"step", "step:by=2"}, r.Bots, "the second match of the pair swaps the seats")
	require.Equal(t, 3, r.Turns)
	require.Len(t, r.StateHash, 16)
	require.Contains(t, lines[1], `"faults":[]`)
}

func TestPanickingBotIsRecordedAndTheRunCompletes(t *testing.T) {
	st := setup(t, `{}`, "panic", "step")
	lines, sum := runAll(t, context.Background(), st, 10, 2)
	require.Equal(t, 10, sum.Played)
	for _, l := range lines {
		var r results.Record
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		require.Len(t, r.Faults, 3, "one fault a turn")
		require.Equal(t, sim.FaultPanic, r.Faults[0].Kind)
		require.Equal(t, "bot bug", r.Faults[0].Msg)
	}
}

func TestEnginePanicFailsOnlyItsMatch(t *testing.T) {
	st := setup(t, `{}`, "unlucky", "step", "dice")
	lines, sum := runAll(t, context.Background(), st, 2, 2)
	require.Equal(t, 6, sum.Played)
	require.Equal(t, 4, sum.Failed, "the matches with unlucky fail, the others do not")
	failed := 0
	for _, l := range lines {
		if strings.Contains(l, `"error":"engine panic in turn 2`) {
			failed++
		}
	}
	require.Equal(t, 4, failed)
}

func TestInterruptKeepsAPrefix(t *testing.T) {
	st := setup(t, `{"turns":2000}`, "dice", "step", "step:by=2")
	sched, err := NewSchedule(2, 3, 400, 1)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []int
	sum, err := Run(ctx, Config{Setup: st, Schedule: sched, Workers: 2}, func(r *results.Record) error {
		got = append(got, r.Match)
		if len(got) == 25 {
			cancel()
		}
		return nil
	})
	require.NoError(t, err)
	require.True(t, sum.Interrupted)
	require.Equal(t, len(got), sum.Played)
	require.GreaterOrEqual(t, len(got), 25)
	require.Less(t, len(got), sched.Len())
	for i, m := range got {
		require.Equal(t, i, m, "what is kept is a prefix of the schedule")
	}
}

func TestEmitErrorStopsTheRun(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	sched, _ := NewSchedule(2, 2, 1000, 1)
	boom := errors.New("disk full")
	n := 0
	sum, err := Run(context.Background(), Config{Setup: st, Schedule: sched, Workers: 2}, func(*results.Record) error {
		n++
		if n == 10 {
			return boom
		}
		return nil
	})
	require.ErrorIs(t, err, boom)
	require.Equal(t, 9, sum.Played)
}

func TestProgressCountsUp(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	sched, _ := NewSchedule(2, 2, 6, 1)
	var seen []int
	_, err := Run(context.Background(), Config{Setup: st, Schedule: sched, Workers: 3, Progress: func(done, total int) {
		require.Equal(t, 6, total)
		seen = append(seen, done)
	}}, func(*results.Record) error { return nil })
	require.NoError(t, err)
	require.Equal(t, []int{1, 2, 3, 4, 5, 6}, seen)
}
