package aquariom

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// The expected bytes are built field by field from the kit's protocol
// description (proto/cell_game_protocol.txt), with a writer of the test's
// own.

// wire builds little-endian bytes.
type wire struct{ b []byte }

func (w *wire) u8(v byte) *wire { w.b = append(w.b, v); return w }
func (w *wire) u32(vs ...uint32) *wire {
	for _, v := range vs {
		w.b = binary.LittleEndian.AppendUint32(w.b, v)
	}
	return w
}
func (w *wire) f32(vs ...float32) *wire {
	for _, v := range vs {
		w.b = binary.LittleEndian.AppendUint32(w.b, math.Float32bits(v))
	}
	return w
}
func (w *wire) u64(v uint64) *wire { w.b = binary.LittleEndian.AppendUint64(w.b, v); return w }
func (w *wire) str(s string) *wire { w.u32(uint32(len(s))); w.b = append(w.b, s...); return w }

// message returns a message of the given type: its size, the turn number
// when turn ≥ 0 (not counted in the size), and the content.
func message(kind byte, turn int, content *wire) []byte {
	w := (&wire{}).u8(kind).u32(uint32(len(content.b)))
	if turn >= 0 {
		w.u32(uint32(turn))
	}
	return append(w.b, content.b...)
}

// player appends a player's entry of the state's players list.
func (w *wire) player(id uint32, cells uint32, mass float32, score uint64) *wire {
	return w.u32(id).str("player " + string(rune('0'+id))).u32(cells).f32(mass).u64(score)
}

func TestOriginalStart(t *testing.T) {
	g := newGame(t, tinyConfig(t, `{"viruses_starting_positions":[[500,200]]}`))
	var v View
	g.r.Observe(g.s, 1, &v)
	welcome := (&wire{}).
		f32(1000, 1000).u32(2, 3).
		f32(0.8, 1.25, 1, 400, 1).u32(16).
		f32(0, 80, 0.15, 100, 0.2).u32(8, 1).
		f32(20, 0.5).u32(3, 100).
		u32(1).f32(500, 500)
	// The starting position, before step 0: ids 0 the neutral, 1 the
	// virus, 2 and 3 the players' cells; the score's first term.
	starts := (&wire{}).u32(1).
		u32(1).u32(0).
		u32(0).
		u32(1).u32(1).f32(500, 200).
		u32(2).u32(2).f32(100, 100).u32(0).f32(20).u32(0).u32(3).f32(900, 900).u32(1).f32(20).u32(0).
		u32(2).player(0, 1, 20, 20).player(1, 1, 20, 20)
	want := append(message(msgWelcome, -1, welcome), message(msgGameStarts, -1, starts)...)
	require.Equal(t, want, v.AppendOriginalStart([]byte("x"))[1:])
}

func TestOriginalTurnAndEnd(t *testing.T) {
	g := newGame(t, tinyConfig(t, `{"mass_loss_per_frame":0.5}`))
	var v View
	g.r.Observe(g.s, 0, &v)
	// The state of the tiny map with its neutral there, no virus, and each
	// player's one cell, seat 0's at x0.
	state := func(x0, mass float32, score uint64) *wire {
		return (&wire{}).
			u32(1).u32(0).
			u32(0).
			u32(0).
			u32(2).u32(1).f32(x0, 100).u32(0).f32(mass).u32(0).u32(2).f32(900, 900).u32(1).f32(mass).u32(0).
			u32(2).player(0, 1, mass, score).player(1, 1, mass, score)
	}
	// After step 0 (half the mass lost): turn 0.
	require.Equal(t, message(msgTurn, 0, state(100, 10, 30)), v.AppendOriginalTurn(nil))
	g.step("move 1 150 100")
	g.r.Observe(g.s, 1, &v)
	require.Equal(t, message(msgTurn, 1, state(150, 5, 35)), v.AppendOriginalTurn(nil))

	tie := (&wire{}).u32(0, 2).u32(0).str("player 0").u64(35).u32(1).str("player 1").u64(35)
	require.Equal(t, message(msgGameEnds, -1, tie), v.AppendOriginalEnd(nil), "a tie: the lowest seat")
	g.s.scores[1] += 1.5
	won := (&wire{}).u32(1, 2).u32(0).str("player 0").u64(35).u32(1).str("player 1").u64(36)
	require.Equal(t, message(msgGameEnds, -1, won), v.AppendOriginalEnd(nil), "the scores' integer parts")
}

// TestOriginalRespawnCounters: an eaten initial neutral is sent with the
// turns before it reappears, 0 once it is back.
func TestOriginalRespawnCounters(t *testing.T) {
	g := tiny(t, `{}`)
	g.put(0, 500, 500, 20) // on the neutral: eaten in the next step
	g.step("")
	var v View
	g.r.Observe(g.s, 0, &v)
	b := v.AppendOriginalTurn(nil)
	require.Equal(t, []byte{1, 0, 0, 0, 3, 0, 0, 0}, b[9:17], "1 initial neutral, back in 3 turns")
	for range 3 {
		g.step("")
		g.r.Observe(g.s, 0, &v)
	}
	b = v.AppendOriginalTurn(nil)
	require.NotEqual(t, []byte{1, 0, 0, 0, 0, 0, 0, 0}, b[9:17], "eaten again as soon as it is back")
}

func TestOriginalLogin(t *testing.T) {
	login := func(kind byte, name string) []byte { return (&wire{}).u8(kind).str(name).b }
	reader := func(b []byte) *bufio.Reader { return bufio.NewReader(iotest.OneByteReader(bytes.NewReader(b))) }
	reply, err := Protocol.Hello(reader(login(msgLoginPlayer, " team_42 ")), 0)
	require.NoError(t, err)
	require.Equal(t, []byte{msgLoginAck}, reply)
	for name, want := range map[string]string{
		"":                      `aquariom: protocol: name "" is not 1 to 16 letters, digits, '_' or spaces`,
		"seventeen letters!":    `aquariom: protocol: name "seventeen letters!" is not 1 to 16 letters, digits, '_' or spaces`,
		strings.Repeat("a", 65): "aquariom: protocol: a name of 65 bytes",
	} {
		_, err := Protocol.Hello(reader(login(msgLoginPlayer, name)), 0)
		require.EqualError(t, err, want)
	}
	_, err = Protocol.Hello(reader(login(msgLoginVisu, "visu")), 0)
	require.EqualError(t, err, "aquariom: protocol: a visualiser's login (LOGIN_VISU), want a player's (LOGIN_PLAYER)")
	_, err = Protocol.Hello(reader(login(msgTurnAck, "x")), 0)
	require.EqualError(t, err, "aquariom: protocol: the first message is of type 9, want LOGIN_PLAYER (0)")
	require.Equal(t, []byte{msgLogout}, Protocol.Bye)
	require.Equal(t, []string{"::1", "4242"}, Protocol.Args("::1", 4242, 0))
}

func TestOriginalTurnAck(t *testing.T) {
	ack := func(turn int, content *wire) *bufio.Reader {
		return bufio.NewReader(iotest.OneByteReader(bytes.NewReader(message(msgTurnAck, turn, content))))
	}
	// Moves, then divisions, then virus creations: a cell's first command
	// only, as the original server kept.
	content := (&wire{}).
		u32(2).u32(7).f32(1.5, 2).u32(9).f32(3, 4).
		u32(2).u32(8).f32(5, 6, 10.25).u32(7).f32(0, 0, 1).
		u32(1).u32(9).f32(1, 1).
		u8(1)
	text, err := Protocol.Answer(ack(12, content), 0)
	require.NoError(t, err)
	require.Equal(t, "move 7 1.5 2;move 9 3 4;divide 8 5 6 10.25;surrender", text)
	_, err = ParseAction(text)
	require.NoError(t, err)

	text, err = Protocol.Answer(ack(0, (&wire{}).u32(0, 0, 0).u8(0)), 0)
	require.NoError(t, err)
	require.Equal(t, "", text, "nothing asked")

	var invalid *sim.InvalidAnswer
	for name, tc := range map[string]struct {
		content *wire
		want    string
	}{
		"cut short":      {(&wire{}).u32(1).u32(7).f32(1), "aquariom: protocol: a TURN_ACK cut short"},
		"no surrender":   {(&wire{}).u32(0, 0, 0), "aquariom: protocol: a TURN_ACK cut short"},
		"too long":       {(&wire{}).u32(0, 0, 0).u8(0).u8(0), "aquariom: protocol: 1 bytes after the end of a TURN_ACK"},
		"a huge count":   {(&wire{}).u32(1 << 30), "aquariom: protocol: a TURN_ACK lists 1073741824 move commands in 4 bytes"},
		"too many cells": {tooMany(), "aquariom: protocol: a TURN_ACK with commands for more than 64 cells"},
	} {
		_, err := Protocol.Answer(ack(3, tc.content), 0)
		require.ErrorAs(t, err, &invalid, name)
		require.EqualError(t, err, tc.want, name)
	}

	// Another message: what follows cannot be framed and is dropped.
	r := bufio.NewReader(bytes.NewReader(append(message(msgTurn, 1, &wire{}), 1, 2, 3)))
	_, err = Protocol.Answer(r, 0)
	require.ErrorAs(t, err, &invalid)
	require.EqualError(t, err, "aquariom: protocol: a message of type 8, want TURN_ACK (9)")
	require.Zero(t, r.Buffered())

	// A flood stops the program.
	_, err = Protocol.Answer(bufio.NewReader(bytes.NewReader((&wire{}).u8(msgTurnAck).u32(1<<20, 0).b)), 0)
	require.ErrorIs(t, err, sim.ErrLongLine)

	// The cap's edges: a TURN_ACK of maxTurnAck bytes is read and judged
	// (here: bytes after its end), one byte more stops the program.
	fits := (&wire{}).u32(0, 0, 0).u8(0)
	fits.b = append(fits.b, make([]byte, maxTurnAck-len(fits.b))...)
	_, err = Protocol.Answer(ack(3, fits), 0)
	require.ErrorAs(t, err, &invalid)
	require.NotErrorIs(t, err, sim.ErrLongLine)
	_, err = Protocol.Answer(ack(3, fits.u8(0)), 0)
	require.ErrorIs(t, err, sim.ErrLongLine)
}

// tooMany is a TURN_ACK moving 65 cells.
func tooMany() *wire {
	w := (&wire{}).u32(65)
	for id := range uint32(65) {
		w.u32(id).f32(1, 1)
	}
	return w.u32(0, 0).u8(0)
}
