package minibus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// playDuels plays seeds deals of a 2-player game, each twice with the seats
// swapped, and counts the results of a's player against b's: a game is won
// with the better place.
func playDuels(t testing.TB, seeds int, a, b func() player) simtest.Score {
	t.Helper()
	rules, eff := newRules(t, params("players", 2))
	res, _ := simtest.Duels(t, rules, eff, 31, 0, seeds, a(), b(), func(r sim.Result) {
		require.Empty(t, r.Faults, "the league AIs never send an invalid command")
	})
	return res
}

// TestLeagueAIOrdering checks the order the subject gives the league AIs,
// over 200 seeded duels each (100 deals, both seat orders): iaRATP beats
// iaSNCF, and each of iaTICE, iaKeolis and iaTransdev beats iaRATP, the
// whole 95 % interval of the score rate above one half.
func TestLeagueAIOrdering(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 10
	}
	for _, pair := range [][2]string{{"iaRATP", "iaSNCF"}, {"iaTICE", "iaRATP"}, {"iaKeolis", "iaRATP"}, {"iaTransdev", "iaRATP"}} {
		t.Run(pair[0]+" beats "+pair[1], func(t *testing.T) {
			t.Parallel()
			res := playDuels(t, seeds, newPlayerOf(t, pair[0]), newPlayerOf(t, pair[1]))
			t.Logf("%s vs %s: %d games, W/D/L %d/%d/%d, score %.3f (95 %% low %.3f)",
				pair[0], pair[1], res.Games(), res.Wins, res.Draws, res.Losses, res.Rate(), res.WilsonLow())
			require.Greater(t, res.WilsonLow(), 0.5)
		})
	}
}

// table drives one match turn by turn and records every seat's lines.
type table struct {
	loop  *turnLoop
	lines [][]string // per seat, the line of each turn it played
}

func newTable(t testing.TB, overrides sim.Params, players ...player) *table {
	tb := &table{loop: newTurnLoop(t, overrides, players...), lines: make([][]string, len(players))}
	return tb
}

// play plays n turns, or until the match ends.
func (tb *table) play(n int) {
	l := tb.loop
	for range n {
		if l.rules.Done(&l.state) {
			return
		}
		l.turn()
		for k, a := range l.acts {
			tb.lines[k] = append(tb.lines[k], string(a.Line))
		}
	}
}

// view returns what seat sees now.
func (tb *table) view(seat int) *minibus.View {
	var v minibus.View
	tb.loop.rules.Observe(&tb.loop.state, seat, &v)
	return &v
}

func TestSNCFPasses(t *testing.T) {
	tb := newTable(t, params("players", 2), &SNCF{}, &SNCF{})
	tb.play(500)
	require.Len(t, tb.lines[0], 500)
	for _, l := range tb.lines[0] {
		require.Equal(t, "PASS", l)
	}
	require.Equal(t, 150, tb.view(0).Player(0).Money)
}

// TestRATPRound follows iaRATP's bus: bought at station 0 in turn 1, it
// leaves each station after 5 turns there, for the next id, round all the
// stations.
func TestRATPRound(t *testing.T) {
	tb := newTable(t, params("players", 1, "max_stations", 3, "stations", [][]int{{0, 0, 5}, {1, 0, 5}, {2, 2, 5}}), &RATP{})
	tb.play(1)
	require.Equal(t, []string{"BUS 0"}, tb.lines[0])
	tb.play(40)
	var got []string
	for turn, l := range tb.lines[0] {
		if l != "PASS" {
			got = append(got, fmt.Sprintf("%d:%s", turn+1, l))
		}
	}
	// Bought in turn 1, the bus is seen at station 0 in turns 2 to 6 and
	// leaves in turn 6, arriving at station 1 at once; seen there in turns
	// 7 to 11, it leaves for station 2, two steps away: there in turn 12,
	// seen in turns 13 to 17…
	require.Equal(t, []string{"1:BUS 0", "6:DESTINATION 0 1", "11:DESTINATION 0 2", "17:DESTINATION 0 0", "23:DESTINATION 0 1",
		"28:DESTINATION 0 2", "34:DESTINATION 0 0", "40:DESTINATION 0 1"}, got)
}

// TestCyclerUpgrades gives the Wood 1 AIs money enough for everything:
// they buy their 4 buses at once, then their focus's upgrades, and no more.
func TestCyclerUpgrades(t *testing.T) {
	for _, tc := range []struct {
		focus Focus
		want  []string // the commands other than DESTINATION of turns 1, 2, 3
	}{
		{FocusFare, []string{"BUS BUS BUS BUS", "UPDATECT UPDATECT", "PASS"}},
		{FocusSpeed, []string{"BUS BUS BUS BUS", "UPDATESP", "PASS"}},
		{FocusCapacity, []string{"BUS BUS BUS BUS", "UPDATESB", "UPGRADE UPGRADE UPGRADE UPGRADE"}},
	} {
		t.Run(fmt.Sprint(tc.focus), func(t *testing.T) {
			tb := newTable(t, params("players", 1, "start_money", 1000), NewCycler(tc.focus))
			tb.play(3)
			for turn, l := range tb.lines[0] {
				var ops []string
				for _, c := range strings.Split(l, ";") {
					if op, _, _ := strings.Cut(c, " "); op != "DESTINATION" {
						ops = append(ops, op)
					}
				}
				require.Equal(t, tc.want[turn], strings.Join(ops, " "), "turn %d: %s", turn+1, l)
			}
			tb.play(100)
			me := tb.view(0).Player(0)
			require.Equal(t, minibus.Playing, me.Status)
			require.Equal(t, 4, me.Buses)
		})
	}
}
