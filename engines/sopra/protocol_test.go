package sopra

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestWorldStateLine checks the worldstate line against one written by
// hand from the protocol's description: players with id, x, y, score and
// state; free and carried logos (a carried one at its carrier's cell),
// delivered ones left out; caddies.
func TestWorldStateLine(t *testing.T) {
	r := newRules(t, `{"players":3,"starts":[[3,2],[4,5],[10,10]],"caddies":[[2,2],[2,4],[2,6]],"logos":[[9,1],[12,7],[8,0]],"logo_count":3}`)
	s := newGame(t, r)
	var v View
	r.Observe(s, 1, &v)
	require.Equal(t, "worldstate::1;0,3,2,0,playing:1,4,5,0,playing:2,10,10,0,playing;9,1:12,7:8,0;0,2,2:1,2,4:2,2,6;",
		string(v.AppendWorldState(nil, nil)))

	carry(s, 2, 1)              // seat 2 carries the second logo
	s.logos[2].Delivered = true // the third has been delivered
	s.logoAt[s.index(Cell{8, 0})] = 0
	s.round = 6
	s.players[0].Score, s.players[0].Stunned = -5, true
	s.players[2].Score = 31
	r.Observe(s, 0, &v)
	require.Equal(t, "worldstate::7;A,3,2,-5,stunned:B,4,5,0,playing:C,10,10,31,playing;9,1:10,10;A,2,2:B,2,4:C,2,6;",
		string(v.AppendWorldState(nil, []string{"A", "B", "C"})))
}

func TestParseActionLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want ActionLine
	}{
		{"s3cr3t%%action::7;42;12;JN\n", ActionLine{Secret: "s3cr3t", Team: "7", Game: "42", Round: 12, Action: JumpNorth}},
		{"x%%action::team;g;1;O\r\n", ActionLine{Secret: "x", Team: "team", Game: "g", Round: 1, Action: West}},
		{"%%action::1;2;3;W", ActionLine{Team: "1", Game: "2", Round: 3, Action: West}},
		{"E", ActionLine{Action: East}},
		{" JS \n", ActionLine{Action: JumpSouth}},
	} {
		got, err := ParseActionLine(tc.line)
		require.NoError(t, err, "%q", tc.line)
		require.Equal(t, tc.want, got, "%q", tc.line)
	}
	line := "s%%action::7;42;12;JE"
	got, err := ParseActionLine(line)
	require.NoError(t, err)
	require.Equal(t, line, string(AppendActionLine(nil, got)), "printed back as sent")

	for line, msg := range map[string]string{
		"s%%action::7;42;JN":   `sopra: "s%%action::7;42;JN" has 3 fields after action::, want 4 (team;game;round;direction)`,
		"s%%action::7;42;x;JN": `sopra: "s%%action::7;42;x;JN": round "x" is not a whole number`,
		"s%%action::7;42;1;NE": `sopra: "NE" is not an action (want N, S, E, O, W, JN, JS, JE or JO)`,
		"s%%inscription::42;7": `sopra: "s%%inscription::42;7" is not an action line (want secret%%action::team;game;round;direction)`,
		"n":                    `sopra: "n" is not an action (want N, S, E, O, W, JN, JS, JE or JO)`,
		"":                     `sopra: "" is not an action (want N, S, E, O, W, JN, JS, JE or JO)`,
		"JW":                   `sopra: "JW" is not an action (want N, S, E, O, W, JN, JS, JE or JO)`,
	} {
		_, err := ParseActionLine(line)
		require.EqualError(t, err, msg, "%q", line)
	}
}

func TestActionText(t *testing.T) {
	for _, a := range Actions {
		b, err := ParseAction(a.String())
		require.NoError(t, err)
		require.Equal(t, a, b)
		dx, dy := a.Delta()
		sx, sy := a.Step().Delta()
		if a.Jump() {
			require.Equal(t, [2]int{2 * sx, 2 * sy}, [2]int{dx, dy}, "%v", a)
			require.Equal(t, a, a.Step().AsJump())
		} else {
			require.Equal(t, 1, abs(dx)+abs(dy), "%v", a)
		}
	}
	dx, dy := North.Delta()
	require.Equal(t, [2]int{0, -1}, [2]int{dx, dy}, "N is y−1")
	dx, dy = West.Delta()
	require.Equal(t, [2]int{-1, 0}, [2]int{dx, dy}, "O is x−1")
}

// TestAnswerLineCap: an answer line of maxLineBytes is read and judged
// (here: not an action), with either line end; one byte more stops the
// program.
func TestAnswerLineCap(t *testing.T) {
	for _, end := range []string{"\n", "\r\n"} {
		line := strings.Repeat("x", maxLineBytes)
		_, err := Protocol.Answer(bufio.NewReaderSize(strings.NewReader(line+end), 16), 0)
		var invalid *sim.InvalidAnswer
		require.ErrorAs(t, err, &invalid, "%q", end)
		_, err = Protocol.Answer(bufio.NewReaderSize(strings.NewReader(line+"x"+end), 16), 0)
		require.ErrorIs(t, err, sim.ErrLongLine, "%q", end)
	}
}
