package minibus

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestInitialState(t *testing.T) {
	g := newGame(t, `{"players":3,`+layout+`}`, nil)
	require.Equal(t, 0, g.r.Turn(g.s))
	require.Len(t, g.s.players, 3)
	for _, p := range g.s.players {
		require.Equal(t, player{money: 150}, p)
	}
	require.Len(t, g.s.stations, 3)
	require.Equal(t, 1, g.s.stations[1].x)
	require.Equal(t, []int{0, 1, 2}, g.r.ToAct(g.s, nil))
	require.False(t, g.r.Done(g.s))
	require.Equal(t, -1, g.s.newStation, "max_stations 3: no station at turn 1")
}

// TestCommandPricesAndLimits plays each command to its limit (rule sheet,
// the commands' table): every purchase costs its price, and one more than
// the limit loses.
func TestCommandPricesAndLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		money  int
		lines  []string // seat 0's lines, one per turn; the last one goes over the limit
		money0 int      // money after all lines but the last
		check  func(t *testing.T, g *game)
	}{
		{"BUS costs 100, at most 4", 1000, []string{"BUS 0", "BUS 1;BUS 2", "BUS 0", "BUS 1"}, 600, func(t *testing.T, g *game) {
			require.Len(t, g.s.buses, 4)
			require.Equal(t, 4, g.player(0).buses)
		}},
		{"UPGRADE costs 50, at most 1 + SB cars", 1000, []string{"BUS 0;UPDATESB;UPDATESB", "UPGRADE 0;UPGRADE 0", "UPGRADE 0"}, 1000 - 100 - 200 - 100, func(t *testing.T, g *game) {
			require.Equal(t, 3, g.bus(0).cars)
		}},
		{"UPDATESB costs 100, at most 2", 1000, []string{"UPDATESB", "UPDATESB", "UPDATESB"}, 800, func(t *testing.T, g *game) {
			require.Equal(t, 2, g.player(0).sb)
		}},
		{"UPDATESP costs 200, at most 2", 1000, []string{"UPDATESP;UPDATESP", "UPDATESP"}, 600, func(t *testing.T, g *game) {
			require.Equal(t, 2, g.player(0).sp)
		}},
		{"UPDATECT costs 100, at most 5", 1000, []string{"UPDATECT;UPDATECT", "UPDATECT;UPDATECT;UPDATECT", "UPDATECT"}, 500, func(t *testing.T, g *game) {
			require.Equal(t, 5, g.player(0).ct)
		}},
		{"DESTINATION and PASS are free", 150, []string{"BUS 0", "DESTINATION 0 2;PASS", "PASS;DESTINATION 0 1;PASS", "DESTINATION 0 9"}, 50, func(t *testing.T, g *game) {
			require.Equal(t, 1, g.bus(0).dest)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, fmt.Sprintf(`{"start_money":%d,`+layout+`}`, tc.money), nil)
			last := len(tc.lines) - 1
			for _, l := range tc.lines[:last] {
				require.Empty(t, g.play(l, "PASS"), l)
			}
			require.Equal(t, tc.money0, g.player(0).money)
			tc.check(t, g)
			faults := g.play(tc.lines[last], "PASS")
			require.Len(t, faults, 1)
			require.Equal(t, sim.FaultInvalid, faults[0].Kind)
			require.Equal(t, Lost, g.player(0).status)
			over := 0
			if strings.HasPrefix(tc.lines[last], "UPGRADE") {
				over = 50 // an UPGRADE over the car limit is paid for
			}
			require.Equal(t, tc.money0-over, g.player(0).money, "the command over the limit costs nothing (but UPGRADE)")
		})
	}
}

// TestInvalidCommandLoses checks each kind of invalid command: the player
// loses with score 0, the commands before the invalid one keep their
// effect, its buses are destroyed and their passengers lost (rule sheet,
// "Commands").
func TestInvalidCommandLoses(t *testing.T) {
	for _, tc := range []struct {
		line  string // seat 0's line in turn 2; it starts with UPDATECT, which must apply
		money int    // seat 0's money after it
		buses int    // buses seat 0 has bought after it
		msg   string
	}{
		{"UPDATECT;FOO", 800, 1, `command 2 "FOO": unknown command`},
		{"UPDATECT;bus 1", 800, 1, `command 2 "bus 1": unknown command`},
		{"UPDATECT;BUS 3", 800, 1, `command 2 "BUS 3": no station 3 (stations 0..2 exist)`},
		{"UPDATECT;BUS  1", 800, 1, `command 2 "BUS  1": want BUS <station>`},
		{"UPDATECT;DESTINATION 7 0", 800, 1, `command 2 "DESTINATION 7 0": no bus 7`},
		{"UPDATECT;DESTINATION 0 3", 800, 1, `command 2 "DESTINATION 0 3": no station 3 (stations 0..2 exist)`},
		{"UPDATECT;DESTINATION 1 0", 800, 1, `command 2 "DESTINATION 1 0": bus 1 belongs to player 1`},
		{"UPDATECT;UPGRADE 1", 800, 1, `command 2 "UPGRADE 1": bus 1 belongs to player 1`},
		{"UPDATECT;BUS 2;DESTINATION 2 1", 700, 2, `command 3 "DESTINATION 2 1": bus 2 was bought this turn`},
		{"UPDATECT;BUS 2;UPGRADE 2", 650, 2, `command 3 "UPGRADE 2": bus 2 was bought this turn`},
		{"UPDATECT;UPGRADE 0", 750, 1, `command 2 "UPGRADE 0": bus 0 has 1 cars, the most with 0 UPDATESB`},
		{"UPDATECT;BUS 0;BUS 1;BUS 2;BUS 0", 500, 4, `command 5 "BUS 0": already 4 buses, the most allowed`},
		{"UPDATECT;UPDATESP;UPDATESP;UPDATESP", 400, 1, `command 4 "UPDATESP": already bought 2 times, the most allowed`},
		{"UPDATECT;UPDATESP;UPDATESP;UPDATESB;UPDATESB;BUS 1;BUS 2;UPGRADE 0", 0, 3, `command 8 "UPGRADE 0": 0 money, the price is 50`},
		{"UPDATECT;;PASS", 800, 1, `command 2 "": empty command`},
	} {
		t.Run(tc.line, func(t *testing.T) {
			g := newGame(t, `{"start_money":1000,`+layout+`}`, nil)
			rider := g.addPassenger(0, 2)
			require.Empty(t, g.play("BUS 0", "BUS 1"))
			require.Equal(t, []int32{rider}, g.bus(0).riders, "a bus bought this turn loads this turn")
			faults := g.play(tc.line, "PASS")
			require.Equal(t, []sim.Fault{{Seat: 0, Turn: 2, Kind: sim.FaultInvalid, Msg: tc.msg}}, faults)
			p := g.player(0)
			require.Equal(t, Lost, p.status)
			require.Equal(t, 1, p.ct, "the UPDATECT before the invalid command applies")
			require.Equal(t, tc.money, p.money)
			require.Equal(t, tc.buses, p.buses)
			for i, b := range g.s.buses {
				require.Equal(t, b.owner == 0, b.destroyed, "bus %d", i)
			}
			require.Empty(t, g.bus(0).riders)
			require.Equal(t, 1, g.s.lost, "the passenger on the destroyed bus is lost")
			require.True(t, g.r.Done(g.s), "one player left")
			out := g.outcome()
			require.Equal(t, []float64{0, 900 + 500 - 2}, out.Scores)
			require.Equal(t, []int{2, 1}, out.Places)
		})
	}
}

// TestFailedUpgrade: the referee takes UPGRADE's price once the bus is
// found to be the player's, before checking the car limit and the bus
// bought this turn (failed_upgrade=paid, the default; the rule sheet,
// "Commands"); with failed_upgrade=free a failed UPGRADE costs nothing. An
// UPGRADE of a bus that is not the player's is never paid for.
func TestFailedUpgrade(t *testing.T) {
	for _, tc := range []struct {
		rule, line string
		money      int
	}{
		{"paid", "UPGRADE 0", 900 - 50},
		{"paid", "BUS 2;UPGRADE 2", 800 - 50},
		{"paid", "UPGRADE 1", 900},
		{"paid", "UPGRADE 7", 900},
		{"free", "UPGRADE 0", 900},
		{"free", "BUS 2;UPGRADE 2", 800},
		{"free", "UPGRADE 1", 900},
	} {
		g := newGame(t, `{"start_money":1000,"failed_upgrade":"`+tc.rule+`",`+layout+`}`, nil)
		require.Empty(t, g.play("BUS 0", "BUS 1"))
		faults := g.play(tc.line, "PASS")
		require.Len(t, faults, 1, "%s %s", tc.rule, tc.line)
		require.Equal(t, Lost, g.player(0).status)
		require.Equal(t, tc.money, g.player(0).money, "%s %s", tc.rule, tc.line)
	}
}

func TestNoAnswerLoses(t *testing.T) {
	g := newGame(t, `{"players":3,`+layout+`}`, nil)
	faults := g.play("PASS", noAnswer, "PASS")
	require.Equal(t, []sim.Fault{{Seat: 1, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no command line"}}, faults)
	require.Equal(t, Lost, g.player(1).status)
	require.Equal(t, []int{0, 2}, g.r.ToAct(g.s, nil), "a player who lost no longer acts")
	require.False(t, g.r.Done(g.s), "two players left")

	faults = g.play("", "PASS", "PASS")
	require.Equal(t, sim.FaultInvalid, faults[0].Kind, "an empty line is an invalid command")
	require.Equal(t, `command 1 "": empty command`, faults[0].Msg)
	require.True(t, g.r.Done(g.s))
	require.Equal(t, []float64{0, 0, 150 + 500 - 2}, g.outcome().Scores)
	require.Equal(t, []int{2, 2, 1}, g.outcome().Places, "equal scores tie")
}

// TestParseLine covers the reading of a line: split on ';', each part
// trimmed, one trailing ';' allowed, numbers of 1 to 9 digits, one space
// between words, capitals only (rule sheet, "Commands").
func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		cmds []Command // the commands run before the error, if any
		err  string
	}{
		{"PASS", []Command{{Op: OpPass}}, ""},
		{"BUS 3", []Command{{Op: OpBus, Station: 3}}, ""},
		{"BUS 3;", []Command{{Op: OpBus, Station: 3}}, ""},
		{"BUS 3; \t", []Command{{Op: OpBus, Station: 3}}, ""},
		{"BUS 3;DESTINATION 0 2", []Command{{Op: OpBus, Station: 3}, {Op: OpDestination, Bus: 0, Station: 2}}, ""},
		{"  BUS 3 ;\tDESTINATION 12 7\r", []Command{{Op: OpBus, Station: 3}, {Op: OpDestination, Bus: 12, Station: 7}}, ""},
		{"BUS 3; DESTINATION 2 6; PASS", []Command{{Op: OpBus, Station: 3}, {Op: OpDestination, Bus: 2, Station: 6}, {Op: OpPass}}, ""},
		{"UPGRADE 1;UPDATESB;UPDATESP;UPDATECT", []Command{{Op: OpUpgrade, Bus: 1}, {Op: OpUpdateSB}, {Op: OpUpdateSP}, {Op: OpUpdateCT}}, ""},
		{"BUS 03", []Command{{Op: OpBus, Station: 3}}, ""},
		{"BUS 999999999", []Command{{Op: OpBus, Station: 999999999}}, ""},
		{"BUS 3;;", []Command{{Op: OpBus, Station: 3}}, `command 2 "": empty command`},
		{"BUS 3;;PASS", []Command{{Op: OpBus, Station: 3}}, `command 2 "": empty command`},
		{";;", nil, `command 1 "": empty command`},
		{";", nil, `command 1 "": empty command`},
		{";PASS", nil, `command 1 "": empty command`},
		{"", nil, `command 1 "": empty command`},
		{"   ", nil, `command 1 "": empty command`},
		{"pass", nil, `command 1 "pass": unknown command`},
		{"PASS;bus 3", []Command{{Op: OpPass}}, `command 2 "bus 3": unknown command`},
		{"Bus 3", nil, `command 1 "Bus 3": unknown command`},
		{"BUS  3", nil, `command 1 "BUS  3": want BUS <station>`},
		{"BUS\t3", nil, `command 1 "BUS\t3": unknown command`},
		{"BUS", nil, `command 1 "BUS": unknown command`},
		{"BUS ", nil, `command 1 "BUS": unknown command`},
		{"BUS -1", nil, `command 1 "BUS -1": want BUS <station>`},
		{"BUS +1", nil, `command 1 "BUS +1": want BUS <station>`},
		{"BUS 3x", nil, `command 1 "BUS 3x": want BUS <station>`},
		{"BUS 1234567890", nil, `command 1 "BUS 1234567890": want BUS <station>`},
		{"BUS 99999999999999999999", nil, `command 1 "BUS 99999999999999999999": want BUS <station>`},
		{"DESTINATION 0", nil, `command 1 "DESTINATION 0": want DESTINATION <bus> <station>`},
		{"DESTINATION 0 1 2", nil, `command 1 "DESTINATION 0 1 2": want DESTINATION <bus> <station>`},
		{"DESTINATION 0  1", nil, `command 1 "DESTINATION 0  1": want DESTINATION <bus> <station>`},
		{"DESTINATION 4294967296 1", nil, `command 1 "DESTINATION 4294967296 1": want DESTINATION <bus> <station>`},
		{"UPGRADE", nil, `command 1 "UPGRADE": unknown command`},
		{"UPGRADE x", nil, `command 1 "UPGRADE x": want UPGRADE <bus>`},
		{"UPDATESB 1", nil, `command 1 "UPDATESB 1": unknown command`},
		{"PASS PASS", nil, `command 1 "PASS PASS": unknown command`},
	} {
		t.Run(tc.line, func(t *testing.T) {
			var ran []Command
			err := splitLine([]byte(tc.line), func(c Command) error { ran = append(ran, c); return nil })
			require.Equal(t, tc.cmds, ran)
			if tc.err == "" {
				require.NoError(t, err)
			} else {
				require.EqualError(t, err, tc.err)
			}
			a, err := ParseLine(tc.line)
			require.NoError(t, err, "any text parses: it is judged when played")
			require.Equal(t, tc.line, string(newRules(t, `{}`).AppendAction(nil, a)))
		})
	}
}

func TestLineBuilder(t *testing.T) {
	var l Line
	require.Equal(t, "PASS", string(l.Action().Line), "an empty line passes")
	l.Reset()
	l.Bus(3)
	l.Destination(0, 2)
	l.Upgrade(12)
	l.Op(OpUpdateSB)
	l.Op(OpUpdateSP)
	l.Op(OpUpdateCT)
	l.Op(OpPass)
	require.Equal(t, "BUS 3;DESTINATION 0 2;UPGRADE 12;UPDATESB;UPDATESP;UPDATECT;PASS", string(l.Action().Line))
	l.Reset()
	require.Zero(t, l.Len())
	require.Equal(t, "", string(Action{}.Line))
	require.Nil(t, Action{}.Line, "the zero Action is no answer")
}

// TestDiagonalFirst moves buses with 1 to 3 steps per turn: each step
// changes x and y by one towards the destination, so the path is diagonal
// first, then straight, and the bus stops on the station (rule sheet,
// "Buses").
func TestDiagonalFirst(t *testing.T) {
	for _, tc := range []struct {
		sp   int
		from int      // the bus's station
		to   int      // its destination
		path [][2]int // its position after each turn of the trip
	}{
		{0, 0, 2, [][2]int{{1, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {5, 2}}},
		{1, 0, 2, [][2]int{{2, 2}, {4, 2}, {5, 2}, {5, 2}}},
		{2, 0, 2, [][2]int{{3, 2}, {5, 2}, {5, 2}}},
		{0, 2, 3, [][2]int{{4, 3}, {3, 4}, {2, 5}, {2, 6}, {2, 7}, {2, 7}}},
		{1, 2, 3, [][2]int{{3, 4}, {2, 6}, {2, 7}}},
		{2, 2, 3, [][2]int{{2, 5}, {2, 7}}},
		{2, 3, 1, [][2]int{{1, 4}, {1, 1}, {1, 0}, {1, 0}}},
	} {
		t.Run(fmt.Sprintf("SP %d from %d to %d", tc.sp, tc.from, tc.to), func(t *testing.T) {
			g := newGame(t, `{"players":1,"start_money":1000,"max_stations":4,"stations":[[0,0,10],[1,0,10],[5,2,10],[2,7,10]]}`, nil)
			buy := fmt.Sprintf("BUS %d", tc.from) + strings.Repeat(";UPDATESP", tc.sp)
			g.play(buy)
			require.Equal(t, tc.sp, g.player(0).sp)
			g.play(fmt.Sprintf("DESTINATION 0 %d", tc.to))
			require.Equal(t, tc.path[0], g.where(0))
			for _, want := range tc.path[1:] {
				g.play("PASS")
				require.Equal(t, want, g.where(0))
			}
		})
	}
}

// TestSpeedUpgradeIsImmediate buys UPDATESP while a bus is on its way: it
// moves two steps that very turn.
func TestSpeedUpgradeIsImmediate(t *testing.T) {
	g := newGame(t, `{"players":1,"start_money":1000,`+layout+`}`, nil)
	g.play("BUS 0")
	g.play("DESTINATION 0 2")
	require.Equal(t, [2]int{1, 1}, g.where(0))
	g.play("UPDATESP")
	require.Equal(t, [2]int{3, 2}, g.where(0))
}

// TestUnloadThenLoad follows a bus of 2 cars carrying 7 passengers to a
// station where 8 wait: it unloads 5, then 2, then loads 5, then the 3
// left, one phase per turn; each drop pays the fare of that moment
// (rule sheet, "Buses").
func TestUnloadThenLoad(t *testing.T) {
	g := newGame(t, `{"players":1,"start_money":1000,`+layout+`}`, nil)
	far := g.addPassenger(0, 2)
	g.addPassengers(7, 0, 1)
	g.play("BUS 0;UPDATESB")
	require.Len(t, g.bus(0).riders, 5, "one car: 5 seats")
	require.Equal(t, far, g.bus(0).riders[0])
	g.play("UPGRADE 0")
	require.Len(t, g.bus(0).riders, 8, "two cars: 3 more board")
	require.Empty(t, g.queue(0))
	g.play("DESTINATION 0 1")
	require.Equal(t, [2]int{1, 0}, g.where(0))
	g.addPassengers(8, 1, 0)
	money := g.player(0).money

	g.play("UPDATECT")
	require.Len(t, g.s.dropped, 5, "unload 5 at most")
	require.Equal(t, money-100+5*12, g.player(0).money, "the fare of this turn: 12")
	require.Len(t, g.queue(1), 8, "no loading while unloading")
	require.Equal(t, []int32{1, 2, 3, 4, 5}, g.s.dropped, "lowest ids first")

	g.play("PASS")
	require.Len(t, g.s.dropped, 2)
	require.Equal(t, []int32{far}, g.bus(0).riders)
	require.Len(t, g.queue(1), 8)

	g.play("PASS")
	require.Empty(t, g.s.dropped)
	require.Len(t, g.s.boarded, 5, "load 5 at most")
	require.Len(t, g.bus(0).riders, 6)
	require.Len(t, g.queue(1), 3)

	g.play("PASS")
	require.Len(t, g.s.boarded, 3)
	require.Len(t, g.bus(0).riders, 9)
	require.Empty(t, g.queue(1))
	require.Equal(t, money-100+7*12, g.player(0).money)
	require.Equal(t, 7, g.s.delivered)
}

// TestUnloadLowestIDFirst drops the riders bound for the station in
// increasing id, 5 a turn, whatever the order they boarded in: ids 0 and 1
// wait at station 2 and board after ids 2 to 5, taken at station 1.
func TestUnloadLowestIDFirst(t *testing.T) {
	g := newGame(t, `{"players":1,"start_money":1000,`+layout+`}`, nil)
	g.addPassengers(2, 2, 0)
	g.addPassengers(4, 1, 0)
	g.play("BUS 1;UPDATESB")
	require.Equal(t, []int32{2, 3, 4, 5}, g.bus(0).riders)
	g.play("UPGRADE 0;DESTINATION 0 2")
	for g.where(0) != [2]int{5, 2} {
		g.play("PASS")
	}
	g.play("PASS")
	require.Equal(t, []int32{0, 1}, []int32{g.s.boarded[0].passenger, g.s.boarded[1].passenger})
	require.Equal(t, []int32{0, 1, 2, 3, 4, 5}, g.bus(0).riders, "riders are kept in increasing id")
	g.play("DESTINATION 0 0")
	for g.where(0) != [2]int{0, 0} {
		g.play("PASS")
	}
	g.play("PASS")
	require.Equal(t, []int32{0, 1, 2, 3, 4}, g.s.dropped)
	g.play("PASS")
	require.Equal(t, []int32{5}, g.s.dropped)
}

// TestQueueIsFIFO lets passengers board in the order they appeared.
func TestQueueIsFIFO(t *testing.T) {
	g := newGame(t, `{"players":1,`+layout+`}`, nil)
	var ids []int32
	for i := range 7 {
		ids = append(ids, g.addPassenger(0, 1+i%2))
	}
	g.play("BUS 0")
	require.Equal(t, ids[:5], g.bus(0).riders)
	require.Equal(t, ids[5:], g.queue(0))
}

// TestDestinationChanges checks that DESTINATION to the current
// destination changes nothing, that a new one interrupts loading, and that
// a bus bought this turn loads this turn.
func TestDestinationChanges(t *testing.T) {
	g := newGame(t, `{"players":1,"start_money":1000,`+layout+`}`, nil)
	g.addPassengers(3, 0, 1)
	g.play("BUS 0;UPDATESB")
	require.Len(t, g.bus(0).riders, 3)
	g.play("UPGRADE 0")
	g.addPassengers(3, 0, 1)
	g.play("DESTINATION 0 0")
	require.Len(t, g.bus(0).riders, 6, "same destination: the bus goes on loading")
	g.addPassengers(2, 0, 1)
	g.play("DESTINATION 0 2")
	require.Len(t, g.bus(0).riders, 6, "new destination: no loading")
	require.Len(t, g.queue(0), 2)
	require.Equal(t, [2]int{1, 1}, g.where(0))
	g.play("DESTINATION 0 0")
	require.Equal(t, [2]int{0, 0}, g.where(0), "back on its station, it moved instead of loading")
	require.Len(t, g.bus(0).riders, 6)
	g.play("PASS")
	require.Len(t, g.bus(0).riders, 8)

	// Unloading is interrupted the same way.
	g.play("DESTINATION 0 1")
	g.addPassengers(2, 1, 0)
	require.Equal(t, [2]int{1, 0}, g.where(0))
	g.play("PASS")
	require.Len(t, g.s.dropped, 5)
	g.play("DESTINATION 0 0")
	require.Empty(t, g.s.dropped, "new destination: no unloading")
	require.Len(t, g.bus(0).riders, 3)
	require.Len(t, g.queue(1), 2)
}

// TestSharedBoarding puts two buses at one station: each passenger takes
// the bus with the fewest passengers on board (referee) or the most free
// seats (free_seats), at most 5 per bus and turn, ties drawn at random.
func TestSharedBoarding(t *testing.T) {
	for _, tc := range []struct {
		name     string
		boarding string
		low      bool    // lowRand (ties to the first bus) rather than highRand (the last) for the boarding turn
		riders   int     // already on bus 0, which has 2 cars; bus 1 has 1 car and none
		want     []int32 // the bus each of the 8 waiting passengers boards, in queue order; -1 none
	}{
		{"referee, ties to the last", "referee", false, 0, []int32{1, 0, 1, 0, 1, 0, 1, 0}},
		{"referee, ties to the first", "referee", true, 0, []int32{0, 1, 0, 1, 0, 1, 0, 1}},
		{"free seats, ties to the last", "free_seats", false, 5, []int32{1, 0, 1, 0, 1, 0, 1, 0}},
		{"referee, fewest riders first", "referee", false, 2, []int32{1, 1, 1, 0, 1, 0, 1, 0}},
		{"free seats, most seats first", "free_seats", false, 2, []int32{0, 0, 0, 1, 0, 1, 0, 1}},
		{"referee, 5 a turn at most", "referee", false, 4, []int32{1, 1, 1, 1, 1, 0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, `{"start_money":1000,"boarding":"`+tc.boarding+`",`+layout+`}`, nil)
			g.player(0).sb = 1
			g.addPassengers(tc.riders, 0, 2)
			g.play("BUS 0", "PASS")
			require.Len(t, g.bus(0).riders, tc.riders)
			first := int32(len(g.s.pass))
			g.addPassengers(8, 0, 1)
			if tc.low {
				g.rng = lowRand()
			}
			g.play("UPGRADE 0", "BUS 0")
			got := make([]int32, 8)
			for i := range got {
				got[i] = -1
				for _, b := range g.s.boarded {
					if b.passenger == first+int32(i) {
						got[i] = b.bus
					}
				}
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// TestUnloadingBusDoesNotLoad keeps a bus with passengers to drop out of
// the loading: the other bus at the station takes every boarder.
func TestUnloadingBusDoesNotLoad(t *testing.T) {
	g := newGame(t, `{"start_money":1000,`+layout+`}`, nil)
	g.addPassenger(0, 1)
	g.play("BUS 0", "BUS 1")
	g.play("DESTINATION 0 1", "PASS")
	g.addPassengers(3, 1, 0)
	g.play("PASS", "PASS")
	require.Len(t, g.s.dropped, 1)
	require.Len(t, g.bus(1).riders, 3, "bus 0 was unloading: bus 1 took all three")
	require.Empty(t, g.bus(0).riders)
}

// TestWinAtGoal reaches 1500 exactly with one fare: the player wins at the
// end of the turn, scores 2000 − turn and leaves with its buses; with 1499
// it plays on.
func TestWinAtGoal(t *testing.T) {
	for _, tc := range []struct {
		start int
		wins  bool
	}{{1590, true}, {1589, false}} {
		t.Run(fmt.Sprint(tc.start), func(t *testing.T) {
			g := newGame(t, `{"players":3,`+layout+`}`, nil)
			g.player(0).money = tc.start
			g.addPassenger(0, 1)
			g.addPassenger(0, 2)
			g.play("BUS 0", "PASS", "PASS")
			g.play("DESTINATION 0 1", "PASS", "PASS")
			g.play("PASS", "PASS", "PASS")
			require.Equal(t, tc.start-100+10, g.player(0).money)
			if !tc.wins {
				require.Equal(t, Playing, g.player(0).status)
				return
			}
			require.Equal(t, Won, g.player(0).status)
			require.True(t, g.bus(0).destroyed)
			require.Equal(t, 1, g.s.lost, "the rider bound for station 2 leaves with the bus")
			require.False(t, g.r.Done(g.s), "two players left")
			require.Equal(t, []int{1, 2}, g.r.ToAct(g.s, nil))
			g.play("PASS", "PASS", noAnswer)
			require.True(t, g.r.Done(g.s))
			out := g.outcome()
			require.Equal(t, []float64{2000 - 3, 150 + 500 - 4, 0}, out.Scores)
			require.Equal(t, []int{1, 2, 3}, out.Places)
		})
	}
}

// TestLoneSurvivor replays the rule sheet's check: a player wins at turn
// 137 (score 1863) and the idle opponent, left alone, scores
// 150 + 500 − 137 = 513. Passengers appear at every station every turn
// (lowRand), bound for the other station; the winner's script shuttles one
// bus between the two neighbouring stations: load, move, unload, load…
func TestLoneSurvivor(t *testing.T) {
	g := newGame(t, `{"max_stations":2,"initial_stations":2,"stations":[[0,0,29],[1,0,29]]}`, lowRand())
	// Bus 0 is bought at turn 50: 29 trips of 5 passengers, 3 turns each,
	// take its 50 money left to 1500 at turn 50 + 3·29 = 137.
	script := shuttle(50)
	for !g.r.Done(g.s) {
		line := script(g.s.turn + 1)
		require.Empty(t, g.play(line, "PASS"), "turn %d: %s", g.s.turn+1, line)
	}
	require.Equal(t, 137, g.r.Turn(g.s))
	require.Equal(t, Won, g.player(0).status)
	out := g.outcome()
	require.Equal(t, []float64{1863, 513}, out.Scores)
	require.Equal(t, []int{1, 2}, out.Places)
}

// shuttle returns the line of each turn of a fixed plan: PASS until turn
// start, BUS 0 then, the bus going back and forth between stations 0 and 1
// every 3 turns (leave and arrive, unload, load).
func shuttle(start int) func(turn int) string {
	return func(turn int) string {
		t := turn - start
		switch {
		case t < 0:
			return "PASS"
		case t == 0:
			return "BUS 0"
		case t%3 != 2:
			return "PASS"
		}
		return fmt.Sprintf("DESTINATION 0 %d", (t/3+1)%2)
	}
}

// TestEndAtMaxTurns lets two idle players reach the last turn: each scores
// its money, and they tie.
func TestEndAtMaxTurns(t *testing.T) {
	g := newGame(t, `{`+layout+`}`, nil)
	g.passTurns(499)
	require.False(t, g.r.Done(g.s))
	g.passTurns(1)
	require.True(t, g.r.Done(g.s))
	require.Equal(t, 500, g.r.Turn(g.s))
	require.Equal(t, []float64{150, 150}, g.outcome().Scores)
	require.Equal(t, []int{1, 1}, g.outcome().Places)
	require.Equal(t, Finished, g.player(0).status)
	require.Empty(t, g.r.ToAct(g.s, nil))

	g = newGame(t, `{"max_turns":20,"start_money":70,`+layout+`}`, nil)
	g.passTurns(20)
	require.True(t, g.r.Done(g.s))
	require.Equal(t, []float64{70, 70}, g.outcome().Scores, "money + max_turns − turn")
}

// TestOnePlayer plays alone: the game goes on until the player leaves or
// the last turn.
func TestOnePlayer(t *testing.T) {
	g := newGame(t, `{"players":1,"max_turns":30,`+layout+`}`, nil)
	g.passTurns(29)
	require.False(t, g.r.Done(g.s), "alone from the start: the game goes on")
	g.passTurns(1)
	require.True(t, g.r.Done(g.s))
	require.Equal(t, []float64{150}, g.outcome().Scores)

	g = newGame(t, `{"players":1,`+layout+`}`, nil)
	g.play("UPDATESP")
	require.True(t, g.r.Done(g.s), "nobody left")
	require.Equal(t, []float64{0}, g.outcome().Scores)
}

// TestStationSchedule plays random stations: 3 at the start, one more at
// turns 1, 26, 51… until 10 (the 10th at turn 151), each on a free point,
// capacity 5..10 (rule sheet, "Stations").
func TestStationSchedule(t *testing.T) {
	for seed := range uint64(20) {
		g := newGame(t, `{"players":1,"max_turns":300}`, sim.NewRand(seed, sim.EngineStream))
		require.Len(t, g.s.stations, 4, "three initial stations and turn 1's")
		require.Equal(t, 3, g.s.newStation)
		for turn := 2; turn <= 300; turn++ {
			n := len(g.s.stations)
			g.play("PASS")
			want := min(10, 4+(turn-1)/25)
			require.Len(t, g.s.stations, want, "turn %d", turn)
			if len(g.s.stations) > n {
				require.Equal(t, n, g.s.newStation)
				require.Equal(t, 1, turn%25, "turn %d", turn)
			} else {
				require.Equal(t, -1, g.s.newStation)
			}
		}
		points := map[[2]int]bool{}
		for _, st := range g.s.stations {
			require.True(t, g.r.onGrid(st.x, st.y))
			require.False(t, points[[2]int{st.x, st.y}], "two stations at (%d,%d)", st.x, st.y)
			points[[2]int{st.x, st.y}] = true
			require.GreaterOrEqual(t, st.capacity, 5)
			require.LessOrEqual(t, st.capacity, 10)
		}
	}
}

// TestPinnedStationsThenRandom pins two stations of five: the others are
// random and avoid them.
func TestPinnedStationsThenRandom(t *testing.T) {
	g := newGame(t, `{"players":1,"grid_size":3,"max_stations":9,"initial_stations":2,"station_every":1,"stations":[[0,0,7],[2,2,29]]}`,
		sim.NewRand(5, sim.EngineStream))
	require.Equal(t, station{x: 0, y: 0, capacity: 7, queue: g.queue(0)}, g.s.stations[0])
	require.Equal(t, 29, g.s.stations[1].capacity)
	g.passTurns(8)
	require.Len(t, g.s.stations, 9, "every point of the 3×3 grid")
	points := map[[2]int]bool{}
	for _, st := range g.s.stations {
		points[[2]int{st.x, st.y}] = true
	}
	require.Len(t, points, 9)
}

// TestMatrixRows checks the origin–destination matrix: each row shares
// the weights out among the other stations (rule sheet,
// "Origin–destination matrix").
func TestMatrixRows(t *testing.T) {
	for seed := range uint64(10) {
		g := newGame(t, `{}`, sim.NewRand(seed, sim.EngineStream))
		for i, row := range g.s.od {
			require.Zero(t, row[i])
			var others []int
			for j, w := range row {
				if j != i {
					others = append(others, int(w))
				}
			}
			require.ElementsMatch(t, odWeights[:], others, "row %d", i)
		}
	}
	g := newGame(t, `{}`, highRand())
	require.Equal(t, [MaxStations]uint8{40, 0, 20, 10, 10, 5, 5, 5, 3, 2}, g.s.od[1], "no swap: the weights in order")
}

// TestDestinationNotBuiltYet gives station 0 a row of the matrix that
// sends everybody to station 5, not built yet: nobody appears there, while
// station 1 fills up (rule sheet, "Passengers").
func TestDestinationNotBuiltYet(t *testing.T) {
	g := newGame(t, `{"players":1,"max_stations":6,"initial_stations":2,"station_every":10,"stations":[[0,0,5],[9,9,5]]}`, lowRand())
	g.s.od[0] = [MaxStations]uint8{5: 100}
	g.clearPassengers()
	g.passTurns(10)
	require.Empty(t, g.queue(0))
	require.Len(t, g.queue(1), 5, "lowRand: one a turn until full")
	require.Len(t, g.s.stations, 4, "stations 2 and 3 appeared at turns 1 and 11")
	g.passTurns(30)
	require.Len(t, g.s.stations, 6)
	require.NotEmpty(t, g.queue(0), "station 5 exists now")
}

// TestSpawnFrequency checks the spawn probability (41 + 2(c − w))/100 and
// the destinations' shares with the real generator: for each capacity c
// and number waiting w, many turns at one station; each rate must be
// within 4.5 standard deviations.
func TestSpawnFrequency(t *testing.T) {
	const trials = 4000
	g := newGame(t, `{"players":1,"max_stations":10,"initial_stations":10,"stations":[[0,0,5],[1,0,6],[2,0,7],[3,0,8],[4,0,9],[5,0,10],[6,0,29],[7,0,1],[8,0,2],[9,0,3]]}`,
		sim.NewRand(1, sim.EngineStream))
	g.s.pass = append(g.s.pass[:0], passenger{}) // the stand-in for every waiting passenger
	dests := [MaxStations][MaxStations]int{}
	spawns := [MaxStations]int{}
	for _, w := range []int{0, 1, 2, 4} {
		var appeared [MaxStations]int
		for range trials {
			for i := range g.s.stations {
				st := &g.s.stations[i]
				st.queue = st.queue[:0]
				for range min(w, st.capacity) {
					st.queue = append(st.queue, 0)
				}
			}
			g.s.pass = g.s.pass[:1]
			g.r.spawn(g.s, g.rng)
			for _, id := range g.s.spawned {
				p := g.s.pass[id]
				appeared[p.origin]++
				dests[p.origin][p.dest]++
				spawns[p.origin]++
			}
		}
		for i, st := range g.s.stations {
			want := 0.0
			if w < st.capacity {
				want = float64(41+2*(st.capacity-w)) / 100
			}
			requireRate(t, appeared[i], trials, want, "station %d, c=%d, w=%d", i, st.capacity, w)
		}
	}
	for i := range g.s.stations {
		for j, w := range g.s.od[i] {
			requireRate(t, dests[i][j], spawns[i], float64(w)/100, "from %d to %d", i, j)
		}
	}
}

// requireRate checks that k successes in n trials fit probability p.
func requireRate(t *testing.T, k, n int, p float64, msg string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(msg, args...)
	if p == 0 || p == 1 {
		require.Equal(t, int(p*float64(n)), k, what)
		return
	}
	sd := math.Sqrt(p * (1 - p) / float64(n))
	require.InDelta(t, p, float64(k)/float64(n), 4.5*sd, what)
}
