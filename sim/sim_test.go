package sim_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// headStart returns the head starts Race gives for a seed.
func headStart(r simtest.Race, seed uint64) []float64 {
	var s simtest.RaceState
	r.Init(&s, sim.NewRand(seed, sim.EngineStream))
	out := make([]float64, len(s.Totals))
	for k, t := range s.Totals {
		out[k] = float64(t)
	}
	return out
}

// gained returns the scores minus the head starts.
func gained(r simtest.Race, res sim.Result) []float64 {
	out := headStart(r, res.Seed)
	for k := range out {
		out[k] = res.Scores[k] - out[k]
	}
	return out
}

type players = []sim.Player[int, int]

func TestMatchPlaysToTheEnd(t *testing.T) {
	race := simtest.Race{Players: 2, Turns: 5}
	m := sim.NewMatch(race, nil)
	res := m.Play(context.Background(), 1, players{simtest.Constant(1), simtest.Constant(3)})
	require.NoError(t, res.Err)
	require.Equal(t, 5, res.Turns)
	require.Equal(t, []float64{5, 15}, gained(race, res))
	require.Equal(t, []int{2, 1}, res.Places)
	require.Empty(t, res.Faults)
}

func TestMatchRecordsFaultsAndGoesOn(t *testing.T) {
	panicky := &simtest.Bot{Play: func(int, *rand.Rand) (int, error) { panic("boom") }}
	silent := &simtest.Bot{Play: func(turn int, _ *rand.Rand) (int, error) {
		if turn == 2 {
			return 0, errors.New("thinking too hard")
		}
		return 1, nil
	}}
	race := simtest.Race{Players: 3, Turns: 3}
	m := sim.NewMatch(race, nil)
	res := m.Play(context.Background(), 1, players{panicky, silent, simtest.Constant(-1)})
	require.NoError(t, res.Err)
	require.Equal(t, 3, res.Turns)
	require.Equal(t, []sim.Fault{
		{Seat: 0, Turn: 1, Kind: sim.FaultPanic, Msg: "boom"},
		{Seat: 2, Turn: 1, Kind: sim.FaultInvalid, Msg: "negative"},
		{Seat: 0, Turn: 2, Kind: sim.FaultPanic, Msg: "boom"},
		{Seat: 1, Turn: 2, Kind: sim.FaultNoAnswer, Msg: "thinking too hard"},
		{Seat: 2, Turn: 2, Kind: sim.FaultInvalid, Msg: "negative"},
		{Seat: 0, Turn: 3, Kind: sim.FaultPanic, Msg: "boom"},
		{Seat: 2, Turn: 3, Kind: sim.FaultInvalid, Msg: "negative"},
	}, res.Faults, "one fault per seat and turn, the first: the engine's no-answer for the panicking seat is not repeated")
	require.Equal(t, []float64{0, 2, 0}, gained(race, res))
}

func TestEnginePanicFailsOnlyTheMatch(t *testing.T) {
	m := sim.NewMatch(simtest.Race{Players: 2, Turns: 5}, nil)
	unlucky := &simtest.Bot{Play: func(turn int, _ *rand.Rand) (int, error) {
		if turn == 3 {
			return 13, nil
		}
		return 1, nil
	}}
	res := m.Play(context.Background(), 77, players{unlucky, simtest.Constant(1)})
	var ee *sim.EngineError
	require.ErrorAs(t, res.Err, &ee)
	require.Equal(t, uint64(77), ee.Seed)
	require.Equal(t, 3, ee.Turn)
	require.Contains(t, ee.Error(), "unlucky number")
	require.Contains(t, ee.Error(), "seed 77")

	res = m.Play(context.Background(), 78, players{simtest.Constant(1), simtest.Constant(1)})
	require.NoError(t, res.Err, "the next match on the same Match is fine")
}

func TestMatchStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := sim.NewMatch(simtest.Race{Players: 1, Turns: 1 << 20}, nil)
	res := m.Play(ctx, 1, players{simtest.Constant(1)})
	require.ErrorIs(t, res.Err, sim.ErrInterrupted)
	require.Zero(t, res.Turns, "a cancelled context stops the match before its next turn")

	ctx, cancel = context.WithCancel(context.Background())
	slow := &simtest.Bot{Play: func(turn int, _ *rand.Rand) (int, error) {
		if turn == 3 {
			cancel() // as if Ctrl-C came while the bot was thinking
		}
		return 1, nil
	}}
	res = m.Play(ctx, 1, players{slow})
	require.ErrorIs(t, res.Err, sim.ErrInterrupted)
	require.Equal(t, 3, res.Turns, "the turn under way ends, no other starts")
}

func TestStreamsAreSeparateAndReproducible(t *testing.T) {
	var seen [][]uint64
	for range 2 {
		m := sim.NewMatch(simtest.Race{Players: 2, Turns: 3}, nil)
		a, b := simtest.Constant(1), simtest.Constant(1)
		m.Play(context.Background(), 99, players{a, b})
		seen = append(seen, []uint64{m.State().Draws[0], a.Rng().Uint64(), b.Rng().Uint64()})
	}
	require.Equal(t, seen[0], seen[1], "same seed, same streams")
	require.NotEqual(t, seen[0][1], seen[0][2], "each seat has its own stream")
	require.NotEqual(t, seen[0][0], seen[0][1], "the engine's stream is not a seat's")
}

func TestDerive(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range uint64(10000) {
		s := sim.Derive(12345, i)
		require.LessOrEqual(t, s, uint64(sim.SeedMask), "seeds fit in 53 bits")
		require.False(t, seen[s], "seed %d repeats", i)
		seen[s] = true
	}
	require.NotEqual(t, sim.Derive(1, 2), sim.Derive(2, 2), "the master seed matters")
	// Pinned: the derivation is part of the results format. Derive(0, 0)
	// is SplitMix64's first output from 0, 0xe220a8397b1dcdaf, cut to 53 bits.
	require.Equal(t, uint64(0xe220a8397b1dcdaf&sim.SeedMask), sim.Derive(0, 0))
	require.Equal(t, uint64(3672366959100544), sim.Derive(1, 5))
	require.Equal(t, uint64(762508408014360), sim.Derive(1<<63, 1000))
}

func TestRankPlaces(t *testing.T) {
	places := make([]int, 5)
	sim.RankPlaces([]int{5, 9, 9, 1, 5}, places)
	require.Equal(t, []int{3, 1, 1, 5, 3}, places)
	sim.RankPlaces([]float64{2, 2, 2, 2, 2}, places)
	require.Equal(t, []int{1, 1, 1, 1, 1}, places)
}

func TestFaultKindText(t *testing.T) {
	// The kinds' numbers and names are part of the records: a kind added
	// later keeps those of the kinds before it.
	names := map[sim.FaultKind]string{1: "panic", 2: "no-answer", 3: "invalid", 4: "timeout", 5: "crash"}
	for _, k := range []sim.FaultKind{sim.FaultPanic, sim.FaultNoAnswer, sim.FaultInvalid, sim.FaultTimeout, sim.FaultCrash} {
		require.Equal(t, names[k], k.String())
		b, err := k.MarshalText()
		require.NoError(t, err)
		var back sim.FaultKind
		require.NoError(t, back.UnmarshalText(b))
		require.Equal(t, k, back)
	}
	var k sim.FaultKind
	require.Error(t, k.UnmarshalText([]byte("sulk")))
	require.Equal(t, "fault(9)", fmt.Sprint(sim.FaultKind(9)))
}
