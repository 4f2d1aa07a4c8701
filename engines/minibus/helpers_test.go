package minibus

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// fixedSource is a random source that always gives the same word.
type fixedSource uint64

func (s fixedSource) Uint64() uint64 { return uint64(s) }

// lowRand returns a generator whose every IntN(n) is 0: a passenger appears
// at every station that is not full, bound for the lowest other id, and a
// tie goes to the first bus.
func lowRand() *rand.Rand { return rand.New(fixedSource(1 << 20)) }

// highRand returns a generator whose every IntN(n) is n-1: no passenger
// ever appears (a roll of 99 beats 40 + 2(c − w) for any capacity up to
// MaxCapacity), and a tie goes to the last bus.
func highRand() *rand.Rand { return rand.New(fixedSource(^uint64(0))) }

// layout is the pinned board of most rule tests: three stations and no
// other, none appearing later.
const layout = `"max_stations":3,"stations":[[0,0,10],[1,0,10],[5,2,10]]`

// newRules configures Minibus from a JSON object of parameter overrides.
func newRules(t testing.TB, overrides string) *Rules {
	t.Helper()
	r, _ := simtest.Rules(t, Params, New, simtest.ParamsJSON(t, overrides))
	return r
}

// game is a match driven turn by turn with scripted lines.
type game struct {
	t      testing.TB
	r      *Rules
	s      *State
	rng    *rand.Rand
	faults sim.FaultLog
}

// newGame starts a match of the rules the overrides give, with rng as the
// engine's stream (nil: highRand, so no passenger appears by itself).
func newGame(t testing.TB, overrides string, rng *rand.Rand) *game {
	t.Helper()
	if rng == nil {
		rng = highRand()
	}
	g := &game{t: t, r: newRules(t, overrides), s: &State{}, rng: rng}
	g.r.Init(g.s, g.rng)
	checkInvariants(t, g.r, g.s)
	return g
}

// noAnswer stands for a seat that gives no answer in play's lines.
const noAnswer = "\x00"

// play plays one turn: lines[k] is seat k's line (noAnswer for none); the
// seats that are no longer playing are skipped whatever their line. It
// returns the faults of the turn.
func (g *game) play(lines ...string) []sim.Fault {
	g.t.Helper()
	require.Len(g.t, lines, g.r.Players)
	require.False(g.t, g.s.over, "the game is over")
	acts := make([]Action, len(lines))
	for k, l := range lines {
		if l != noAnswer && g.s.players[k].status == Playing {
			acts[k], _ = ParseLine(l)
		}
	}
	n := len(g.faults.Faults())
	g.faults.Begin(g.s.turn + 1)
	g.r.Step(g.s, acts, g.rng, &g.faults)
	checkInvariants(g.t, g.r, g.s)
	return g.faults.Faults()[n:]
}

// passTurns plays n turns where every seat passes.
func (g *game) passTurns(n int) {
	g.t.Helper()
	lines := make([]string, g.r.Players)
	for k := range lines {
		lines[k] = "PASS"
	}
	for range n {
		g.play(lines...)
	}
}

// addPassenger puts a new passenger bound for dest at the end of station's
// queue, as if it had just appeared, and returns its id.
func (g *game) addPassenger(station, dest int) int32 {
	id := int32(len(g.s.pass))
	g.s.pass = append(g.s.pass, passenger{origin: int8(station), dest: int8(dest)})
	g.s.stations[station].queue = append(g.s.stations[station].queue, id)
	return id
}

// clearPassengers removes every passenger, as if none had appeared yet.
func (g *game) clearPassengers() {
	for i := range g.s.stations {
		g.s.stations[i].queue = g.s.stations[i].queue[:0]
	}
	g.s.pass, g.s.spawned = g.s.pass[:0], g.s.spawned[:0]
}

// addPassengers adds n passengers to station, bound for dest.
func (g *game) addPassengers(n, station, dest int) {
	for range n {
		g.addPassenger(station, dest)
	}
}

func (g *game) bus(id int) *bus           { return &g.s.buses[id] }
func (g *game) player(seat int) *player   { return &g.s.players[seat] }
func (g *game) queue(station int) []int32 { return g.s.stations[station].queue }

func (g *game) outcome() sim.Outcome {
	var out sim.Outcome
	g.r.Outcome(g.s, &out)
	return out
}

// where returns a bus's position.
func (g *game) where(id int) [2]int { return [2]int{g.s.buses[id].x, g.s.buses[id].y} }

// checkInvariants verifies what must hold after every turn: money never
// negative; every passenger that appeared is waiting, on board, delivered
// or lost, and waits or rides in one place only; queues within capacity,
// buses within their seats and cars; the buses of players who left are
// destroyed; every bus on the grid.
func checkInvariants(t testing.TB, r *Rules, s *State) {
	t.Helper()
	seen := make(map[int32]bool)
	count := func(ids []int32, where string) {
		for _, id := range ids {
			require.False(t, seen[id], "passenger %d is in two places (%s)", id, where)
			seen[id] = true
		}
	}
	for i, st := range s.stations {
		require.LessOrEqual(t, len(st.queue), st.capacity, "station %d", i)
		count(st.queue, "queue")
		for _, id := range st.queue {
			require.Equal(t, i, int(s.pass[id].origin), "passenger %d waits at its origin", id)
		}
	}
	for k, p := range s.players {
		require.GreaterOrEqual(t, p.money, 0, "player %d", k)
		require.LessOrEqual(t, p.sb, r.SBMax)
		require.LessOrEqual(t, p.sp, r.SPMax)
		require.LessOrEqual(t, p.ct, r.CTMax)
		require.LessOrEqual(t, p.buses, r.MaxBuses)
	}
	for i, b := range s.buses {
		require.LessOrEqual(t, len(b.riders), b.cars*CarCapacity, "bus %d", i)
		require.LessOrEqual(t, b.cars, 1+s.players[b.owner].sb, "bus %d", i)
		require.True(t, r.onGrid(b.x, b.y), "bus %d at (%d,%d)", i, b.x, b.y)
		st := s.players[b.owner].status
		require.Equal(t, st == Lost || st == Won, b.destroyed, "bus %d of a %s player", i, st)
		require.IsIncreasing(t, b.riders, "bus %d's riders", i)
		var bound [MaxStations]uint16
		for _, id := range b.riders {
			bound[s.pass[id].dest]++
		}
		require.Equal(t, bound, b.bound, "bus %d's riders per destination", i)
		count(b.riders, "bus")
	}
	require.Equal(t, len(s.pass), len(seen)+s.delivered+s.lost, "passengers: appeared = waiting + on board + delivered + lost")
}
