package minibus

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProtocol checks the original referee's input against a game worked
// out by hand. Four pinned stations, the fourth appearing at turn 1; a
// passenger appears at every station every turn (lowRand), bound for
// station 0, or 1 from station 0.
//
//	turn 1: passengers 0..3 appear. Seat 0 buys bus 0 at station 1
//	        (2,0), which loads passenger 1.
//	turn 2: passengers 4..7. Seat 0 sends bus 0 to station 0; it moves to
//	        (1,0).
//	turn 3: passengers 8..11. Seat 1 buys bus 1 at station 0, which loads
//	        passengers 0, 4 and 8; bus 0 reaches (0,0).
//	turn 4: passengers 12..15. Bus 1 loads passenger 12; bus 0 drops
//	        passenger 1: seat 0 earns 10.
//	turn 5: passengers 16..19.
func TestProtocol(t *testing.T) {
	g := newGame(t, `{"max_stations":4,"stations":[[0,0,5],[2,0,5],[0,2,5],[4,4,6]]}`, lowRand())
	view := func(seat int) *View {
		var v View
		g.r.Observe(g.s, seat, &v)
		return &v
	}
	require.Equal(t, "2 1\n0 0 0 5\n1 2 0 5\n2 0 2 5\n", string(view(1).AppendStart(nil)))

	turns := []struct {
		lines [2]string // the lines played after the input is checked
		input string    // seat 0's input at the start of the turn
	}{
		{[2]string{"BUS 1", "PASS"}, "" +
			"0 150 0 0 0 0\n1 150 0 0 0 0\n" +
			"1\n3 4 4 6\n" +
			"0\n" +
			"4 0 0\n0 0 1\n1 1 0\n2 2 0\n3 3 0\n"},
		{[2]string{"DESTINATION 0 0", "PASS"}, "" +
			"0 50 0 0 0 0\n1 150 0 0 0 0\n" +
			"0\n" +
			"1\n0 0 2 0 1 1\n" +
			"4 1 0\n4 0 1\n5 1 0\n6 2 0\n7 3 0\n1 0\n"},
		{[2]string{"PASS", "BUS 0"}, "" +
			"0 50 0 0 0 0\n1 150 0 0 0 0\n" +
			"0\n" +
			"1\n0 0 1 0 0 1\n" +
			"4 0 0\n8 0 1\n9 1 0\n10 2 0\n11 3 0\n"},
		{[2]string{"PASS", "PASS"}, "" +
			"0 50 0 0 0 0\n1 50 0 0 0 0\n" +
			"0\n" +
			"2\n0 0 0 0 0 1\n1 1 0 0 0 1\n" +
			"4 3 0\n12 0 1\n13 1 0\n14 2 0\n15 3 0\n0 1\n4 1\n8 1\n"},
		{[2]string{"PASS", "PASS"}, "" +
			"0 60 0 0 0 0\n1 50 0 0 0 0\n" +
			"0\n" +
			"2\n0 0 0 0 0 1\n1 1 0 0 0 1\n" +
			"4 1 1\n16 0 1\n17 1 0\n18 2 0\n19 3 0\n12 1\n1\n"},
	}
	for i, turn := range turns {
		require.Equal(t, turn.input, string(view(0).AppendTurn(nil)), "turn %d", i+1)
		require.Equal(t, turn.input, string(view(1).AppendTurn(nil)), "everybody gets the same input")
		require.Empty(t, g.play(turn.lines[0], turn.lines[1]))
	}
}

// TestProtocolStatus checks the STATUS field: 0 playing, -1 lost, 1
// finished, and that a lost player's buses are still listed.
func TestProtocolStatus(t *testing.T) {
	g := newGame(t, `{"players":3,`+layout+`}`, nil)
	g.player(2).money = 1590
	g.addPassenger(1, 0)
	g.play("BUS 0", "PASS", "BUS 1")
	g.play("FOO", "PASS", "DESTINATION 1 0")
	var v View
	g.r.Observe(g.s, 1, &v)
	require.Equal(t, ""+
		"0 50 0 0 0 -1\n1 150 0 0 0 0\n2 1490 0 0 0 0\n"+
		"0\n"+
		"2\n0 0 0 0 0 1\n1 2 0 0 0 1\n"+
		"0 0 0\n", string(v.AppendTurn(nil)))
	g.play("PASS", "PASS", "PASS")
	g.r.Observe(g.s, 1, &v)
	players := "0 50 0 0 0 -1\n1 150 0 0 0 1\n2 1500 0 0 0 1\n"
	require.Equal(t, players, string(v.AppendTurn(nil))[:len(players)], "seat 2 won, seat 1 was left alone")
	require.Equal(t, []Status{Lost, Finished, Won}, []Status{g.player(0).status, g.player(1).status, g.player(2).status})
	require.Equal(t, []int{0, -1, 1, 1}, []int{Playing.Code(), Lost.Code(), Won.Code(), Finished.Code()})
}
