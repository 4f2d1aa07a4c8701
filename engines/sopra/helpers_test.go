package sopra

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newRules configures the game from a JSON object of parameter overrides;
// players defaults to the number of starts when they are given.
func newRules(t testing.TB, overrides string) *Rules {
	t.Helper()
	r, _ := simtest.Rules(t, Params, New, simtest.ParamsJSON(t, overrides))
	return r
}

// newGame starts a match of r; rng seed 1 draws the random logos, if any.
func newGame(t testing.TB, r *Rules) *State {
	t.Helper()
	s := &State{}
	r.Init(s, sim.NewRand(1, sim.EngineStream))
	checkInvariants(t, r, s)
	return s
}

// round plays one round; moves holds one field per seat: an action, "-"
// for no answer. It checks that exactly the seats not stunned are asked,
// and the invariants after the round, and returns the round's log: its
// faults and, apart, its penalties.
func round(t testing.TB, r *Rules, s *State, moves string) *sim.FaultLog {
	t.Helper()
	fields := strings.Fields(moves)
	require.Len(t, fields, r.Players)
	acts := make([]Action, r.Players)
	asked := r.ToAct(s, nil)
	for seat, f := range fields {
		if f == "-" {
			continue
		}
		require.Contains(t, asked, seat, "round %d: seat %d is stunned and not asked; write - for it", s.round+1, seat)
		a, err := ParseAction(f)
		require.NoError(t, err)
		acts[seat] = a
	}
	var log sim.FaultLog
	log.Begin(s.round + 1)
	r.Step(s, acts, sim.NewRand(uint64(s.round), sim.EngineStream), &log)
	checkInvariants(t, r, s)
	return &log
}

// checkInvariants verifies what every state must satisfy: every logo free,
// carried or delivered, logo_count in all; a carried logo at its carrier's
// cell; never two players on a cell; the per-cell tables matching the
// players and logos; no free logo on a caddie. (A free logo may lie under
// a player: one that arrived on it while carrying another.)
func checkInvariants(t testing.TB, r *Rules, s *State) {
	t.Helper()
	require.Len(t, s.logos, r.LogoCount, "logos in the game")
	occupied := map[Cell]int{}
	for seat, p := range s.players {
		prev, taken := occupied[p.Pos]
		require.False(t, taken, "seats %d and %d both on %v", prev, seat, p.Pos)
		occupied[p.Pos] = seat
		require.Equal(t, int8(seat+1), s.occupant[s.index(p.Pos)], "occupant of seat %d's cell", seat)
		if p.Carrying != noOne {
			l := s.logos[p.Carrying]
			require.Equal(t, seat, l.Carrier, "logo %d carried by seat %d", p.Carrying, seat)
			require.Equal(t, p.Pos, l.Pos, "logo %d is at its carrier's cell", p.Carrying)
		}
	}
	free, carried, delivered := 0, 0, 0
	for k, l := range s.logos {
		switch {
		case l.Delivered:
			delivered++
			require.Equal(t, noOne, l.Carrier)
		case l.Carrier != noOne:
			carried++
			require.Equal(t, k, s.players[l.Carrier].Carrying)
		default:
			free++
			i := s.index(l.Pos)
			require.Equal(t, int16(k+1), s.logoAt[i], "logo %d at %v", k, l.Pos)
			require.Zero(t, s.caddie[i], "free logo %d on a caddie at %v", k, l.Pos)
		}
	}
	require.Equal(t, r.LogoCount, free+carried+delivered, "logos conserved")
	cells, logos := 0, 0
	for i := range s.occupant {
		if s.occupant[i] != 0 {
			cells++
		}
		if s.logoAt[i] != 0 {
			logos++
		}
	}
	require.Equal(t, len(s.players), cells, "cells holding a player")
	require.Equal(t, free, logos, "cells holding a free logo")
}

// at returns the seat standing on (x, y), -1 for none.
func at(s *State, x, y int) int { return int(s.occupant[s.index(Cell{x, y})]) - 1 }

// carry makes seat carry logo k, taking it off the board.
func carry(s *State, seat, k int) {
	if l := s.logos[k]; l.Carrier == noOne {
		s.logoAt[s.index(l.Pos)] = 0
	}
	s.logos[k] = Logo{Pos: s.players[seat].Pos, Carrier: seat}
	s.players[seat].Carrying = k
}

// requireClean checks that seat has neither a fault nor a penalty in the
// round of log.
func requireClean(t testing.TB, log *sim.FaultLog, seat int, msgAndArgs ...any) {
	t.Helper()
	require.Empty(t, faultsOf(log.Faults(), seat), msgAndArgs...)
	for _, p := range log.Penalties() {
		if p.Seat == seat {
			t.Fatalf("seat %d penalised: %s %v", seat, p.Msg, msgAndArgs)
		}
	}
}

// faultsOf returns the faults of one seat.
func faultsOf(faults []sim.Fault, seat int) []sim.Fault {
	var out []sim.Fault
	for _, f := range faults {
		if f.Seat == seat {
			out = append(out, f)
		}
	}
	return out
}
