package runner

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// holder is a wire player that holds something: it counts the players
// made and the players closed.
type holder struct{ made, closed *atomic.Int64 }

func (h holder) Form() sim.Form                  { return sim.FormNone }
func (h holder) Reset(sim.MatchInfo, *rand.Rand) {}
func (h holder) Act([]byte) (string, error)      { return "1", nil }
func (h holder) Close() error                    { h.closed.Add(1); return nil }

// TestRunClosesItsTables: every player a worker made is closed when the
// run ends — played out, stopped by the sink, or interrupted.
func TestRunClosesItsTables(t *testing.T) {
	for _, stopAt := range []int{0, 30, -30} { // 0: whole run; 30: the sink stops; -30: interrupted
		var made, closed atomic.Int64
		bot := sim.WireBot{Name: "holder", Prepare: func(sim.Params, sim.WireGame) (func() sim.WirePlayer, error) {
			return func() sim.WirePlayer { made.Add(1); return holder{&made, &closed} }, nil
		}}
		st, err := simtest.Game(bot).Setup(simtest.ParamsJSON(t, `{"turns":50}`), simtest.Specs(t, "holder", "holder", "step"))
		require.NoError(t, err)
		plan, err := NewRoundRobinPlan(3, 100, 5)
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		handed := 0
		_, err = Run(ctx, Config{Setup: st, Plan: plan, Workers: 3}, func(*results.Record, []byte) (bool, error) {
			handed++
			if stopAt < 0 && handed == -stopAt {
				cancel()
			}
			return stopAt > 0 && handed == stopAt, nil
		})
		cancel()
		require.NoError(t, err)
		require.Positive(t, made.Load())
		require.Equal(t, made.Load(), closed.Load(), "stop at %d: every player made is closed", stopAt)
	}
}
