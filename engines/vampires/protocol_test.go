package vampires

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The expected frames are written byte by byte, as the seed describes them.

func TestServerFrames(t *testing.T) {
	b, err := AppendSet(nil, 5, 10)
	require.NoError(t, err)
	require.Equal(t, []byte{'S', 'E', 'T', 5, 10}, b)

	b, err = AppendHum(nil, []Cell{{2, 2}, {9, 0}, {9, 4}})
	require.NoError(t, err)
	require.Equal(t, []byte{'H', 'U', 'M', 3, 2, 2, 9, 0, 9, 4}, b)

	b, err = AppendHme(nil, Cell{4, 3})
	require.NoError(t, err)
	require.Equal(t, []byte{'H', 'M', 'E', 4, 3}, b)

	cells := []Update{
		{Cell: Cell{2, 2}, Humans: 4},
		{Cell: Cell{4, 1}, Werewolves: 4},
		{Cell: Cell{4, 3}, Vampires: 255},
	}
	b, err = AppendMap(nil, cells)
	require.NoError(t, err)
	require.Equal(t, []byte{'M', 'A', 'P', 3, 2, 2, 4, 0, 0, 4, 1, 0, 0, 4, 4, 3, 0, 255, 0}, b)

	b, err = AppendUpd(nil, cells[1:2])
	require.NoError(t, err)
	require.Equal(t, []byte{'U', 'P', 'D', 1, 4, 1, 0, 0, 4}, b)

	b, err = AppendUpd(nil, nil)
	require.NoError(t, err)
	require.Equal(t, []byte{'U', 'P', 'D', 0}, b, "the first mover's UPD with no change")

	require.Equal(t, []byte("ENDBYE"), AppendBye(AppendEnd(nil)))

	// Frames append to what is there.
	b, err = AppendSet([]byte("END"), 1, 2)
	require.NoError(t, err)
	require.Equal(t, []byte{'E', 'N', 'D', 'S', 'E', 'T', 1, 2}, b)
}

func TestServerFramesRefuseWideValues(t *testing.T) {
	_, err := AppendSet(nil, 256, 3)
	require.EqualError(t, err, "vampires: protocol: SET: 256 does not fit an unsigned byte")
	_, err = AppendHme(nil, Cell{-1, 0})
	require.EqualError(t, err, "vampires: protocol: HME: -1 does not fit an unsigned byte")
	b, err := AppendUpd([]byte("x"), []Update{{Cell: Cell{1, 1}, Vampires: 300}})
	require.EqualError(t, err, "vampires: protocol: UPD: 300 does not fit an unsigned byte")
	require.Equal(t, []byte("x"), b, "nothing written")
	_, err = AppendHum(nil, make([]Cell, 256))
	require.EqualError(t, err, "vampires: protocol: HUM: 256 does not fit an unsigned byte")
}

func TestUpdateOf(t *testing.T) {
	require.Equal(t, Update{Cell: Cell{3, 1}, Werewolves: 7}, UpdateOf(Located{Cell{3, 1}, Group{Werewolves, 7}}))
	require.Equal(t, Update{Cell: Cell{0, 2}, Humans: 2}, UpdateOf(Located{Cell{0, 2}, Group{Humans, 2}}))
}

func TestDecodePlayerFrames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bytes []byte
		want  Frame
		n     int
	}{
		{"NME", []byte{'N', 'M', 'E', 5, 'd', 'r', 'a', 'c', 'o'}, Frame{Command: "NME", Name: "draco"}, 9},
		{"MOV one move", []byte{'M', 'O', 'V', 1, 4, 3, 2, 3, 2}, Frame{Command: "MOV", Ply: Mov(Move{Cell{4, 3}, 2, Cell{3, 2}})}, 9},
		{"MOV two moves", []byte{'M', 'O', 'V', 2, 4, 3, 2, 3, 2, 4, 3, 2, 5, 4}, Frame{Command: "MOV", Ply: Mov(
			Move{Cell{4, 3}, 2, Cell{3, 2}}, Move{Cell{4, 3}, 2, Cell{5, 4}})}, 14},
		{"ATK", []byte{'A', 'T', 'K', 2, 2}, Frame{Command: "ATK", Ply: Atk(Cell{2, 2})}, 5},
		{"a frame followed by the next", []byte{'A', 'T', 'K', 2, 2, 'M', 'O', 'V'}, Frame{Command: "ATK", Ply: Atk(Cell{2, 2})}, 5},
		{"wide bytes", []byte{'M', 'O', 'V', 1, 254, 200, 255, 253, 201}, Frame{Command: "MOV", Ply: Mov(Move{Cell{254, 200}, 255, Cell{253, 201}})}, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, n, err := DecodeFrame(tc.bytes)
			require.NoError(t, err)
			require.Equal(t, tc.want, f)
			require.Equal(t, tc.n, n)
			// Every prefix is a frame still incomplete.
			for cut := range tc.n {
				_, _, err := DecodeFrame(tc.bytes[:cut])
				require.ErrorIs(t, err, ErrShortFrame, "the first %d bytes", cut)
			}
		})
	}
}

func TestDecodeBadPlayerFrames(t *testing.T) {
	for _, tc := range []struct {
		bytes []byte
		err   string
	}{
		{[]byte("UPD\x00"), `vampires: protocol: unknown command "UPD" (want NME, MOV or ATK)`},
		{[]byte("mov\x01\x00\x00\x01\x01\x01"), `vampires: protocol: unknown command "mov" (want NME, MOV or ATK)`},
		{[]byte("XYZ"), `vampires: protocol: unknown command "XYZ" (want NME, MOV or ATK)`},
		{[]byte("NME\x00"), "vampires: protocol: NME with an empty name"},
		{[]byte("MOV\x00"), "vampires: protocol: MOV with no move"},
	} {
		_, _, err := DecodeFrame(tc.bytes)
		require.EqualError(t, err, tc.err)
	}
}

// TestDecodeRefusesUnknownCommandsAtOnce checks that an unknown command is
// refused as soon as its 3 bytes are in, without waiting for more, while a
// known command with no body yet is only incomplete.
func TestDecodeRefusesUnknownCommandsAtOnce(t *testing.T) {
	_, _, err := DecodeFrame([]byte("XYZ"))
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrShortFrame)
	for _, b := range []string{"", "X", "XY", "NME", "MOV", "ATK", "ATK\x01"} {
		_, _, err := DecodeFrame([]byte(b))
		require.ErrorIs(t, err, ErrShortFrame, "%q", b)
	}
}
