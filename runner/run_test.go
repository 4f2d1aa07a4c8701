package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	plan, err := NewTournamentPlan(st.Seats(), len(st.Entrants()), games, 11)
	require.NoError(t, err)
	var lines []string
	sum, err := Run(ctx, Config{Setup: st, Plan: plan, Scenario: "test", Workers: workers}, func(r *results.Record, _ []byte) (bool, error) {
		require.Equal(t, len(lines), r.Match, "records come in match order")
		b, err := json.Marshal(r)
		require.NoError(t, err)
		lines = append(lines, string(b))
		return false, nil
	})
	require.NoError(t, err)
	return lines, sum
}

func TestRunIsTheSameWhateverTheWorkers(t *testing.T) {
	st := setup(t, `{"turns":50}`, "dice", "dice", "step:by=3", "step:by=4")
	one, sum := runAll(t, context.Background(), st, 40, 1)
	require.Equal(t, Summary{Played: 6 * 40, Workers: 1}, sum)
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
	plan, err := NewRoundRobinPlan(3, 400, 1)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []int
	sum, err := Run(ctx, Config{Setup: st, Plan: plan, Workers: 2}, func(r *results.Record, _ []byte) (bool, error) {
		got = append(got, r.Match)
		if len(got) == 25 {
			cancel()
		}
		return false, nil
	})
	require.NoError(t, err)
	require.True(t, sum.Interrupted)
	require.Equal(t, len(got), sum.Played)
	require.GreaterOrEqual(t, len(got), 25)
	require.Less(t, len(got), plan.Len())
	for i, m := range got {
		require.Equal(t, i, m, "what is kept is a prefix of the schedule")
	}
}

func TestEmitErrorStopsTheRun(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	plan, _ := NewRoundRobinPlan(2, 1000, 1)
	boom := errors.New("disk full")
	n := 0
	sum, err := Run(context.Background(), Config{Setup: st, Plan: plan, Workers: 2}, func(*results.Record, []byte) (bool, error) {
		n++
		if n == 10 {
			return false, boom
		}
		return false, nil
	})
	require.ErrorIs(t, err, boom)
	require.Equal(t, 9, sum.Played)
}

func TestProgressCountsUp(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	plan, _ := NewRoundRobinPlan(2, 6, 1)
	var seen []Count
	_, err := Run(context.Background(), Config{Setup: st, Plan: plan, Workers: 3, Progress: func(c Count) {
		seen = append(seen, c)
	}}, func(*results.Record, []byte) (bool, error) { return false, nil })
	require.NoError(t, err)
	require.NotEmpty(t, seen)
	for i, c := range seen {
		require.Equal(t, 6, c.Total)
		require.LessOrEqual(t, c.HandedOn, c.Played, "call %d", i)
		if i > 0 {
			require.Greater(t, c.Played, seen[i-1].Played, "each call follows a batch played")
			require.GreaterOrEqual(t, c.HandedOn, seen[i-1].HandedOn)
		}
	}
	require.Equal(t, Count{HandedOn: 6, Played: 6, Total: 6}, seen[len(seen)-1])
}

// TestProgressCountsPlayedAheadOfHandedOn holds the first match in its
// worker until the progress has counted every other one played: a slow
// match holds back the records after it, not the other workers, and the
// count of matches played must say so (the ETA of arena run reads it).
func TestProgressCountsPlayedAheadOfHandedOn(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	plan, _ := NewRoundRobinPlan(2, 12, 1)
	release := make(chan struct{})
	var last Count
	cfg := Config{Setup: st, Plan: plan, Workers: 2,
		NewLocal: func() Local {
			return func(r *results.Record, line []byte) ([]byte, error) {
				if r.Match == 0 {
					select {
					case <-release:
					case <-time.After(time.Minute): // only if Played never runs ahead: a failure, not a race
					}
				}
				return line, nil
			}
		},
		Progress: func(c Count) {
			if c.HandedOn == 0 && c.Played == c.Total-1 {
				close(release)
			}
			last = c
		},
	}
	_, err := Run(context.Background(), cfg, func(r *results.Record, _ []byte) (bool, error) {
		select {
		case <-release:
		default:
			require.NotZero(t, r.Match, "match 0 was handed on before the others were counted played")
		}
		return false, nil
	})
	require.NoError(t, err)
	require.Equal(t, Count{HandedOn: 12, Played: 12, Total: 12}, last)
}

// collect runs cfg and returns the JSON lines of its records; stopAt > 0
// makes the sink stop the run at that many records.
func collect(t *testing.T, cfg Config, stopAt int) ([]string, Summary) {
	t.Helper()
	var lines []string
	sum, err := Run(context.Background(), cfg, func(r *results.Record, _ []byte) (bool, error) {
		b, err := json.Marshal(r)
		require.NoError(t, err)
		lines = append(lines, string(b))
		return len(lines) == stopAt, nil
	})
	require.NoError(t, err)
	return lines, sum
}

func TestOwnedSpansPlayExactlyTheirMatches(t *testing.T) {
	st := setup(t, `{"turns":5}`, "dice", "dice", "step:by=3")
	plan, err := NewRoundRobinPlan(3, 20, 4)
	require.NoError(t, err)
	all, _ := collect(t, Config{Setup: st, Plan: plan, Workers: 2}, 0)
	spans := []Span{{3, 7}, {7, 9}, {20, 20}, {41, 60}}
	for _, workers := range []int{1, 3} {
		some, sum := collect(t, Config{Setup: st, Plan: plan, Owned: spans, Workers: workers}, 0)
		var want []string
		for _, s := range spans {
			want = append(want, all[s.Start:s.End]...)
		}
		require.Equal(t, want, some, "the owned matches, in index order, as the full run plays them")
		require.Equal(t, len(want), sum.Played)
		require.False(t, sum.Interrupted)
	}
	for _, bad := range [][]Span{{{5, 3}}, {{0, 4}, {2, 6}}, {{50, 61}}} {
		_, err := Run(context.Background(), Config{Setup: st, Plan: plan, Owned: bad}, nil)
		require.ErrorContains(t, err, "are not sorted, disjoint spans within the plan's 60")
	}
}

func TestSinkStopsTheRunAtTheSameRecordWhateverTheWorkers(t *testing.T) {
	st := setup(t, `{"turns":30}`, "dice", "step", "step:by=2")
	plan, err := NewRoundRobinPlan(3, 400, 1)
	require.NoError(t, err)
	one, sum := collect(t, Config{Setup: st, Plan: plan, Workers: 1}, 37)
	require.Len(t, one, 37)
	require.True(t, sum.Stopped)
	require.False(t, sum.Interrupted)
	four, sum := collect(t, Config{Setup: st, Plan: plan, Workers: 4}, 37)
	require.Equal(t, one, four)
	require.Equal(t, 37, sum.Played)
	_, sum = collect(t, Config{Setup: st, Plan: plan, Workers: 2}, plan.Len())
	require.False(t, sum.Stopped, "a stop at the last match stops nothing")
}

func TestWorkersAreCappedPerCore(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	plan, err := NewRoundRobinPlan(2, 2000, 1)
	require.NoError(t, err)
	_, sum := collect(t, Config{Setup: st, Plan: plan, Workers: 1_000_000_000}, 0)
	require.Equal(t, MaxWorkersPerCore*runtime.GOMAXPROCS(0), sum.Workers)
	_, sum = collect(t, Config{Setup: st, Plan: plan, Workers: 3}, 0)
	require.Equal(t, 3, sum.Workers)
}

// knockout is a toy staged format: a round robin of four entrants on one
// seed, then a final between the two that won most, planned from the first
// stage's records only.
type knockout struct {
	first *RoundRobinPlan
	wins  map[string]int
	names []string
	final []int // set once the first stage is judged
	asked []int // the arguments of Ready, in order
}

func (k *knockout) Seats() int { return 2 }
func (k *knockout) Len() int   { return k.first.Len() + 2 }
func (k *knockout) Match(i int, seating []int) Pairing {
	if i < k.first.Len() {
		return k.first.Match(i, seating)
	}
	p := Pairing{Index: i, Deal: 1, Seed: sim.Derive(99, 1), Seating: []int{k.final[0], k.final[1]}}
	if i == k.first.Len()+1 {
		p.Seating[0], p.Seating[1] = p.Seating[1], p.Seating[0]
	}
	return p
}
func (k *knockout) Ready(next int) int {
	k.asked = append(k.asked, next)
	if next < k.first.Len() {
		return k.first.Len()
	}
	if k.final == nil {
		order := []int{0, 1, 2, 3}
		slices.SortStableFunc(order, func(a, b int) int { return k.wins[k.names[b]] - k.wins[k.names[a]] })
		k.final = order[:2]
	}
	return k.Len()
}

func TestStagedPlanWaitsForItsFirstStage(t *testing.T) {
	st := setup(t, `{"turns":3}`, "step:by=1", "step:by=4", "step:by=2", "step:by=3")
	for _, workers := range []int{1, 4} {
		first, err := NewRoundRobinPlan(4, 2, 99)
		require.NoError(t, err)
		k := &knockout{first: first, wins: map[string]int{}, names: st.Entrants()}
		var finals [][]string
		sum, err := Run(context.Background(), Config{Setup: st, Plan: k, Workers: workers}, func(r *results.Record, _ []byte) (bool, error) {
			if r.Match < first.Len() {
				require.Nil(t, k.final, "no final is planned before the first stage is judged")
				k.wins[r.Bots[slices.Index(r.Places, 1)]]++
			} else {
				finals = append(finals, r.Bots)
			}
			return false, nil
		})
		require.NoError(t, err)
		require.Equal(t, k.Len(), sum.Played)
		require.Equal(t, [][]string{{"step:by=4", "step:by=3"}, {"step:by=3", "step:by=4"}}, finals)
		require.Equal(t, 0, k.asked[0], "asked once before the first match")
	}
}

func TestStalledStagedPlanIsAnError(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	first, _ := NewRoundRobinPlan(2, 2, 1)
	stalled := &stall{first}
	_, err := Run(context.Background(), Config{Setup: st, Plan: stalled, Workers: 2}, func(*results.Record, []byte) (bool, error) { return false, nil })
	require.EqualError(t, err, "runner: the staged plan planned nothing past match 2")
}

// stall plans its first two matches and never the rest.
type stall struct{ *RoundRobinPlan }

func (s *stall) Len() int      { return 4 }
func (s *stall) Ready(int) int { return 2 }

// TestLocalsAndDiscard checks the workers' Locals: every record handed on
// went through a Local and carries the line its Local appended, and what the
// Locals saw but the sink never got is discarded, so that the Locals' counts
// less the discarded equal the records handed on — for a whole run, an
// interrupted one and one the sink stops.
func TestLocalsAndDiscard(t *testing.T) {
	st := setup(t, `{"turns":300}`, "dice", "step", "step:by=2")
	plan, err := NewRoundRobinPlan(3, 300, 5)
	require.NoError(t, err)
	for _, stopAt := range []int{0, 40, -40} { // 0: whole run; 40: the sink stops; -40: interrupted
		for _, workers := range []int{1, 2, 4} {
			var counted, discarded atomic.Int64
			ctx, cancel := context.WithCancel(context.Background())
			cfg := Config{Setup: st, Plan: plan, Workers: workers,
				NewLocal: func() Local {
					return func(r *results.Record, line []byte) ([]byte, error) {
						counted.Add(1)
						return fmt.Appendf(line, "match %d", r.Match), nil
					}
				},
				Discard: func(*results.Record) { discarded.Add(1) },
			}
			handed := 0
			sum, err := Run(ctx, cfg, func(r *results.Record, line []byte) (bool, error) {
				require.Equal(t, fmt.Sprintf("match %d", r.Match), string(line))
				handed++
				if stopAt < 0 && handed == -stopAt {
					cancel()
				}
				return stopAt > 0 && handed == stopAt, nil
			})
			cancel()
			require.NoError(t, err)
			require.Equal(t, handed, sum.Played)
			require.Equal(t, int64(handed), counted.Load()-discarded.Load(), "stop at %d, %d workers", stopAt, workers)
			switch {
			case stopAt == 0:
				require.Equal(t, plan.Len(), handed)
			case stopAt > 0:
				require.True(t, sum.Stopped)
				require.Equal(t, stopAt, handed)
			default:
				require.True(t, sum.Interrupted)
			}
		}
	}
}

// TestLocalErrorStopsTheRun checks that a Local's error ends the run and is
// returned.
func TestLocalErrorStopsTheRun(t *testing.T) {
	st := setup(t, `{}`, "dice", "step")
	plan, err := NewRoundRobinPlan(2, 200, 5)
	require.NoError(t, err)
	cfg := Config{Setup: st, Plan: plan, Workers: 2, NewLocal: func() Local {
		return func(r *results.Record, line []byte) ([]byte, error) {
			if r.Match == 77 {
				return line, errors.New("local refused match 77")
			}
			return line, nil
		}
	}}
	handed := 0
	_, err = Run(context.Background(), cfg, func(r *results.Record, _ []byte) (bool, error) {
		handed++
		return false, nil
	})
	require.EqualError(t, err, "local refused match 77")
	require.LessOrEqual(t, handed, 77)
}

// TestStandingsTheSameWhateverTheWorkers plays a tournament whose scores are
// fractions (sevenths), with its judging shared by the workers as the CLI
// shares it, on 1, 2 and 4 workers and in shards: the standings are the
// same bytes whichever worker counted which match.
func TestStandingsTheSameWhateverTheWorkers(t *testing.T) {
	st := setup(t, `{"turns":30,"players":3,"divisor":7}`, "dice", "dice", "step:by=3", "step", "dice")
	report := func(workers int, shards int) string {
		f, err := NewTournament(st.Seats(), st.Entrants(), 300, 4, results.Options{Bootstrap: 200, Seed: 4})
		require.NoError(t, err)
		for k := 1; k <= shards; k++ {
			spans, err := ShardSpans(f.Plan(), k, shards)
			require.NoError(t, err)
			cfg := Config{Setup: st, Plan: f.Plan(), Owned: spans, Workers: workers}
			j := ShareJudging(&cfg, f, true)
			_, err = Run(context.Background(), cfg, func(r *results.Record, line []byte) (bool, error) {
				return false, j.Add(r)
			})
			require.NoError(t, err)
			require.NoError(t, j.End())
		}
		var b strings.Builder
		require.NoError(t, f.Report(&b, results.FormatJSON))
		return b.String()
	}
	want := report(1, 1)
	require.Regexp(t, `"score_mean": \d+\.\d{8,}`, want, "the scores are not fractions")
	for _, w := range []int{2, 4} {
		require.Equal(t, want, report(w, 1), "%d workers", w)
	}
	require.Equal(t, want, report(3, 4), "4 shards into one format")
}
