package aquariom

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseAction(t *testing.T) {
	var want Action
	want.Add(Move(7501, 1200, 1500.25))
	want.Add(Divide(7502, 0, -3e4, 5.5))
	want.Add(CreateVirus(7501, 2000, 1500))
	want.SetSurrender(true)
	for _, text := range []string{
		"move 7501 1200 1500.25;divide 7502 0 -3e4 5.5;virus 7501 2000 1500;surrender",
		"  move\t7501 1200 1500.25 ; divide 7502 0 -30000 5.5;;surrender; virus 7501 2000 1500;\n",
		"surrender;move 7501 1200 1500.25;divide 7502 0 -3e4 5.5;virus 7501 2000 1500;surrender",
	} {
		got, err := ParseAction(text)
		require.NoError(t, err, text)
		require.Equal(t, want, got, text)
	}
	require.Equal(t, "move 7501 1200 1500.25;divide 7502 0 -30000 5.5;virus 7501 2000 1500;surrender", want.String())

	for _, text := range []string{"", "  ", ";", " ; ;"} {
		got, err := ParseAction(text)
		require.NoError(t, err)
		require.Equal(t, Action{}, got, "%q is no action", text)
	}
	require.Equal(t, "", Action{}.String())
}

func TestActionRoundTrip(t *testing.T) {
	for _, text := range []string{
		"",
		"surrender",
		"move 0 0 0",
		"move 1 -0 1e-300;move 2 1.7976931348623157e+308 5e-324",
		"divide 12 0.1 0.2 0.30000000000000004;virus 13 3 4;surrender",
		"move 5 NaN +Inf;divide 6 -Inf 1 NaN",
	} {
		a, err := ParseAction(text)
		require.NoError(t, err)
		require.Equal(t, text, string(AppendAction(nil, a)))
		b, err := ParseAction(a.String())
		require.NoError(t, err)
		require.Equal(t, a.String(), b.String())
	}
	a, err := ParseAction("move 1 -0 2")
	require.NoError(t, err)
	require.True(t, math.Signbit(a.At(0).X), "-0 keeps its sign")

	var full Action
	for i := range MaxCommands {
		require.True(t, full.Add(Move(i, 1, 2)))
	}
	require.False(t, full.Add(Move(99, 1, 2)), "full")
	require.Equal(t, MaxCommands, full.Len())
	back, err := ParseAction(full.String())
	require.NoError(t, err)
	require.Equal(t, full, back)
	require.False(t, new(Action).Add(Command{Kind: 9}), "not a command")
	require.False(t, new(Action).Add(Command{}), "not a command")
	full.Reset()
	require.Equal(t, Action{cmds: full.cmds}, full)
	require.Zero(t, full.Len())
}

func TestBadActions(t *testing.T) {
	for _, tc := range []struct {
		text, err string
	}{
		{"jump 1 2 3", `command 1: unknown command "jump" (want move, divide, virus or surrender)`},
		{"Move 1 2 3", `unknown command "Move"`},
		{"move 1 2", "command 1: move takes 3 arguments, got 2"},
		{"move 1 2 3 4", "move takes 3 arguments, got 4"},
		{"divide 1 2 3", "divide takes 4 arguments, got 3"},
		{"virus 1 2 3 4", "virus takes 3 arguments, got 4"},
		{"surrender now", "surrender takes no arguments"},
		{"move -1 2 3", `"-1" is not a cell id`},
		{"move +1 2 3", `"+1" is not a cell id`},
		{"move 1.0 2 3", `"1.0" is not a cell id`},
		{"move 1234567890123456789 2 3", `"1234567890123456789" is not a cell id`},
		{"move 1 x 3", `"x" is not a number`},
		{"move 1 2 1e400", `"1e400" is out of range`},
		{"move 1 2 3;move 1 2 3 x y z w", "command 2: too many words"},
		{"move 1 2,3 4", `"2,3" is not a number`},
		{strings.Repeat("move 1 2 3;", MaxCommands) + "move 1 2 3", "command 65: more than 64 commands"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			a, err := ParseAction(tc.text)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.err)
			require.True(t, strings.HasPrefix(err.Error(), "aquariom: action "), err.Error())
			require.Equal(t, Action{}, a)
		})
	}
}

func TestParseActionAllocatesNothing(t *testing.T) {
	text := "move 7501 1200.5 1500;divide 7502 0 -3e4 5.5;virus 7501 2000 1500;surrender"
	var sink Action
	require.Zero(t, testing.AllocsPerRun(100, func() { sink, _ = ParseAction(text) }))
	buf := make([]byte, 0, 256)
	require.Zero(t, testing.AllocsPerRun(100, func() { buf = AppendAction(buf[:0], sink) }))
}
