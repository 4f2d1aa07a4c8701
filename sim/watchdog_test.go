package sim_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// stuck is an in-process bot that thinks forever from turn 2 on, until
// released; then it reads its observation.
type stuck struct {
	release chan struct{}
	turn    int
}

func (b *stuck) Reset(sim.MatchInfo, *rand.Rand) { b.turn = 0 }

func (b *stuck) Act(total *int) (int, error) {
	b.turn++
	if b.turn == 2 {
		<-b.release
	}
	return 1 + *total%3, nil
}

// TestWatchdogAbandonsAStuckBot: under a move timeout, an in-process bot
// that does not answer in time fails the match with an *AbandonedError
// and a timeout fault; the match player goes on to the next match as if
// nothing had happened, and the stuck bot, released later, touches
// nothing of it (the race detector checks).
func TestWatchdogAbandonsAStuckBot(t *testing.T) {
	race := simtest.Race{Players: 2, Turns: 5}
	m := sim.NewMatch(race, nil)
	m.MoveTimeout = time.Second
	bot := &stuck{release: make(chan struct{})}
	res := m.Play(context.Background(), 1, []sim.Player[int, int]{simtest.Constant(2), bot})
	var gaveUp *sim.AbandonedError
	require.True(t, errors.As(res.Err, &gaveUp), "%v", res.Err)
	require.Equal(t, sim.AbandonedError{Seat: 1, Turn: 2, Timeout: time.Second}, *gaveUp)
	require.EqualError(t, res.Err, "the bot in seat 1 thought longer than the move timeout (1s) in turn 2: the match is abandoned")
	require.Equal(t, 1, res.Turns)
	require.Equal(t, []sim.Fault{{Seat: 1, Turn: 2, Kind: sim.FaultTimeout, Msg: "thought longer than the move timeout (1s): the match is abandoned"}}, res.Faults)

	// The next match, with players that answer, is the match a fresh match
	// player plays, watched or not.
	players := []sim.Player[int, int]{simtest.Constant(2), simtest.Constant(3)}
	close(bot.release) // the stuck bot reads its old observation while the next match plays
	next := m.Play(context.Background(), 2, players)
	require.NoError(t, next.Err)
	fresh := sim.NewMatch(race, nil).Play(context.Background(), 2, players)
	require.Equal(t, fresh.StateHash, next.StateHash)
	require.Equal(t, fresh.Scores, next.Scores)
	require.Equal(t, fresh.Turns, next.Turns)
	require.Empty(t, next.Faults)
	time.Sleep(10 * time.Millisecond)
}

// TestWatchdogKeepsFaults: a watched bot's panic and error are the faults
// they are unwatched.
func TestWatchdogKeepsFaults(t *testing.T) {
	game := simtest.Game()
	for _, bot := range []string{"panic", "mute", "dice"} {
		st, err := game.Setup(sim.Params{}, simtest.Specs(t, bot, "step"))
		require.NoError(t, err)
		plain := st.NewTable().Play(context.Background(), 3, []int{0, 1})
		table := st.NewTable()
		table.SetMoveTimeout(time.Minute)
		require.Equal(t, plain, table.Play(context.Background(), 3, []int{0, 1}), bot)
	}
}

// stopAfterAsk is a Stopwatch that reads 0 when the watchdog starts, then
// a stop of an hour: arena was stopped while the bot thought. Its second
// reading closes consulted.
type stopAfterAsk struct {
	calls     atomic.Int32
	consulted chan struct{}
}

func (s *stopAfterAsk) Stopped() time.Duration {
	if s.calls.Add(1) == 1 {
		return 0
	}
	if s.calls.Load() == 2 {
		close(s.consulted)
	}
	return time.Hour
}

// waiter is an in-process bot that answers once the watchdog has looked
// at the stop clock, past the move timeout.
type waiter struct{ consulted chan struct{} }

func (b *waiter) Reset(sim.MatchInfo, *rand.Rand) {}

func (b *waiter) Act(*int) (int, error) {
	<-b.consulted
	return 1, nil
}

// TestWatchdogDoesNotCountArenasStop: the time arena itself was stopped
// (Ctrl-Z, then fg) is not a bot's thinking: the watchdog's deadline
// moves on by it, and a bot that answers after the wall clock passed the
// move timeout, arena having been stopped meanwhile, is not given up on.
// The bot answers only after the watchdog's timer fired and it read the
// (fake) stop clock: no race with the clock.
func TestWatchdogDoesNotCountArenasStop(t *testing.T) {
	stops := &stopAfterAsk{consulted: make(chan struct{})}
	m := sim.NewMatch(simtest.Race{Players: 2, Turns: 1}, nil)
	m.MoveTimeout, m.Stops = time.Millisecond, stops
	res := m.Play(context.Background(), 1, []sim.Player[int, int]{&waiter{consulted: stops.consulted}, simtest.Constant(2)})
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
}
