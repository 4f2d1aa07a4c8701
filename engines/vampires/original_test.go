package vampires

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// The expected bytes are written frame by frame, as the seed describes
// them.

// originalRules plays on a 3-row, 4-column map with two groups of humans.
func originalRules(t *testing.T) *Rules {
	t.Helper()
	m, err := ParseMap("tiny", []byte(`<Map Rows="3" Columns="4">
  <Humans X="3" Y="0" Count="2"/>
  <Humans X="0" Y="2" Count="7"/>
  <Vampires X="1" Y="1" Count="5"/>
  <Werewolves X="2" Y="2" Count="4"/>
</Map>`))
	require.NoError(t, err)
	r := newRules(t, `{}`)
	r.Map = m
	return r
}

func TestOriginalStart(t *testing.T) {
	r := originalRules(t)
	s := &State{}
	r.Init(s, nil)
	var v View
	for seat, home := range [][]byte{{1, 1}, {2, 2}} {
		r.Observe(s, seat, &v)
		want := []byte{'S', 'E', 'T', 3, 4, 'H', 'U', 'M', 2, 3, 0, 0, 2, 'H', 'M', 'E', home[0], home[1],
			'M', 'A', 'P', 4, 3, 0, 2, 0, 0, 1, 1, 0, 5, 0, 0, 2, 7, 0, 0, 2, 2, 0, 0, 4}
		require.Equal(t, want, v.AppendOriginalStart([]byte("x"))[1:], "seat %d", seat)
	}
}

// TestOriginalUpdate: each UPD lists the cells changed since the seat last
// played, row by row: its own last ply and the opponent's (the seed: "la
// mise à jour contient à la fois votre tour précédent et le tour de
// l'adversaire"); the first mover's first is empty; the second mover's
// first holds the first ply, told against the map.
func TestOriginalUpdate(t *testing.T) {
	r := originalRules(t)
	s := &State{}
	r.Init(s, nil)
	var v View
	var seen [2][]byte
	update := func(seat int) []byte {
		r.Observe(s, seat, &v)
		return v.AppendOriginalUpdate(nil, &seen[seat])
	}
	require.Equal(t, []byte{'U', 'P', 'D', 0}, update(0))
	require.Empty(t, play(t, r, s, "MOV 1,1,5,2,1", nil))
	require.Equal(t, []byte{'U', 'P', 'D', 2, 1, 1, 0, 0, 0, 2, 1, 0, 5, 0}, update(1), "the first ply")
	require.Empty(t, play(t, r, s, "MOV 2,2,4,1,2", nil))
	require.Equal(t, []byte{'U', 'P', 'D', 4, 1, 1, 0, 0, 0, 2, 1, 0, 5, 0, 1, 2, 0, 0, 4, 2, 2, 0, 0, 0}, update(0), "both plies")
	require.Empty(t, play(t, r, s, "MOV 2,1,5,3,0", nil)) // 5 vampires convert 2 humans
	require.Equal(t, []byte{'U', 'P', 'D', 4, 3, 0, 0, 7, 0, 2, 1, 0, 0, 0, 1, 2, 0, 0, 4, 2, 2, 0, 0, 0}, update(1), "both plies, the conversion too")
	require.Empty(t, play(t, r, s, "MOV 1,2,4,1,1", nil))
	require.Equal(t, []byte{'U', 'P', 'D', 4, 3, 0, 0, 7, 0, 1, 1, 0, 0, 4, 2, 1, 0, 0, 0, 1, 2, 0, 0, 0}, update(0))
	r.Observe(s, 0, &v)
	require.Equal(t, []byte{'U', 'P', 'D', 0}, v.AppendOriginalUpdate(nil, &seen[0]), "nothing changed since")
}

func TestOriginalFramesSplitAndClamp(t *testing.T) {
	f := cellFrames{command: "UPD"}
	for i := range 300 {
		f.add(i%20, i/20, []byte{1, 2, 3})
	}
	b := f.done()
	require.Equal(t, []byte("UPD"), b[:3])
	require.Equal(t, byte(255), b[3])
	second := 4 + 5*255
	require.Equal(t, []byte("UPD"), b[second:second+3])
	require.Equal(t, byte(45), b[second+3])
	require.Len(t, b, 2*4+5*300)
	require.Equal(t, []byte{'M', 'A', 'P', 0}, (&cellFrames{command: "MAP"}).done())

	require.Equal(t, byte(255), clampByte(256))
	require.Equal(t, byte(255), clampByte(1000))
	require.Equal(t, byte(7), clampByte(7))
	r := originalRules(t)
	s := sketch(t, r, "V300 . . H2", ". . . .", "H7 . W4 .")
	var v View
	r.Observe(s, 1, &v)
	seen := r.Map.appendGrid(nil)
	require.Equal(t, []byte{'U', 'P', 'D', 2, 0, 0, 0, 255, 0, 1, 1, 0, 0, 0}, v.AppendOriginalUpdate(nil, &seen),
		"a count above 255 is told as 255")
}

func TestOriginalProtocolReadsFrames(t *testing.T) {
	reader := func(b []byte) *bufio.Reader { return bufio.NewReader(iotest.OneByteReader(bytes.NewReader(b))) }
	reply, err := Protocol.Hello(reader([]byte("NME\x05draco")), 0)
	require.NoError(t, err)
	require.Empty(t, reply)
	_, err = Protocol.Hello(reader([]byte("MOV\x01\x01\x01\x05\x02\x01")), 0)
	require.EqualError(t, err, "vampires: protocol: the first frame is MOV, want NME")
	_, err = Protocol.Hello(reader([]byte("HEY")), 0)
	require.EqualError(t, err, `vampires: protocol: unknown command "HEY" (want NME, MOV or ATK)`)

	// Frames that arrive byte by byte, one after another.
	r := reader([]byte("MOV\x02\x01\x01\x03\x02\x01\x01\x01\x02\x00\x00ATK\x02\x02"))
	text, err := Protocol.Answer(r, 0)
	require.NoError(t, err)
	require.Equal(t, "MOV 1,1,3,2,1;1,1,2,0,0", text)
	text, err = Protocol.Answer(r, 0)
	require.NoError(t, err)
	require.Equal(t, "ATK 2,2", text)
	_, err = Protocol.Answer(r, 0)
	require.ErrorIs(t, err, io.EOF)

	// A frame cut short is the end of the input, not an answer.
	_, err = Protocol.Answer(reader([]byte("MOV\x01\x01\x01")), 0)
	require.ErrorIs(t, err, io.EOF)

	// Garbage and a second name are invalid answers; what follows garbage
	// cannot be framed and is dropped.
	r = bufio.NewReader(strings.NewReader("garbage!ATK\x02\x02"))
	_, err = Protocol.Answer(r, 0)
	var invalid *sim.InvalidAnswer
	require.ErrorAs(t, err, &invalid)
	require.Equal(t, 0, r.Buffered())
	_, err = Protocol.Answer(reader([]byte("NME\x01x")), 0)
	require.ErrorAs(t, err, &invalid)
	require.EqualError(t, err, "vampires: protocol: NME during the game, want MOV or ATK")

	require.Equal(t, []byte("ENDBYE"), Protocol.Bye)
	require.Equal(t, []string{"127.0.0.1", "4242"}, Protocol.Args("127.0.0.1", 4242, 1))
}
