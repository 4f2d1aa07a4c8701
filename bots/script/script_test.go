package script

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// number checks that an action is a whole number.
func number(s string) error {
	_, err := strconv.Atoi(s)
	return err
}

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

func TestLoadSkipsBlankLinesAndComments(t *testing.T) {
	acts, err := Load(write(t, "# opening\n1\n\n  2  \n# more\n3"), number, false)
	require.NoError(t, err)
	require.Equal(t, []string{"1", "2", "3"}, acts)
}

// TestBlankLineIsTheEmptyAction: in a game whose empty action is one (a
// turn without action), a blank line plays it; comments are still skipped.
func TestBlankLineIsTheEmptyAction(t *testing.T) {
	emptyOrNumber := func(s string) error {
		if s == "" {
			return nil
		}
		return number(s)
	}
	acts, err := Load(write(t, "# opening\n1\n\n  \n2\n# more\n\n3"), emptyOrNumber, true)
	require.NoError(t, err)
	require.Equal(t, []string{"1", "", "", "2", "", "3"}, acts)
}

func TestLoadNamesTheBadLine(t *testing.T) {
	path := write(t, "1\n2\nthree\n")
	_, err := Load(path, number, false)
	require.ErrorContains(t, err, path+":3: ")
	require.ErrorContains(t, err, `"three"`)
}

func TestLoadNamesTheLineTooLong(t *testing.T) {
	length := func(string) error { return nil }
	fits := strings.Repeat("a", MaxLineBytes)
	acts, err := Load(write(t, "1\n"+fits+"\n"+fits), length, false)
	require.NoError(t, err, "lines of exactly MaxLineBytes, with or without a newline, are read")
	require.Equal(t, []string{"1", fits, fits}, acts)

	path := write(t, "1\n# c\n"+fits+"b\n2\n")
	_, err = Load(path, length, false)
	require.EqualError(t, err, path+":3: line longer than 65536 bytes")

	_, err = Load(write(t, fits+"b"), length, false)
	require.ErrorContains(t, err, ":1: line longer than 65536 bytes", "the last line too, without a newline")
}

func TestLoadRefusesAFileTooLarge(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := Load("/dev/zero", number, false)
	require.EqualError(t, err, "/dev/zero: larger than 16777216 bytes")

	short := strings.Repeat("1\n", sim.MaxScriptBytes/2+1)
	path := write(t, short)
	_, err = Load(path, number, false)
	require.EqualError(t, err, path+": larger than 16777216 bytes")
}

func TestLoadSkipsAByteOrderMark(t *testing.T) {
	acts, err := Load(write(t, "\xef\xbb\xbf4\r\n5\r\n"), number, false)
	require.NoError(t, err)
	require.Equal(t, []string{"4", "5"}, acts)
}

func TestPlayerPlaysThenGivesNoAnswer(t *testing.T) {
	p := NewPlayer([]string{"4", "5"})
	require.Equal(t, sim.FormNone, p.Form())
	for round := range 2 {
		p.Reset(sim.MatchInfo{}, nil)
		a, err := p.Act(nil)
		require.NoError(t, err)
		require.Equal(t, "4", a, "round %d starts from the first line", round)
		a, _ = p.Act(nil)
		require.Equal(t, "5", a)
		a, err = p.Act(nil)
		require.ErrorIs(t, err, ErrEnd)
		require.Zero(t, a)
	}
}

func TestBotChecksItsFile(t *testing.T) {
	bot := Bot()
	game := sim.WireGame{Name: "numbers", CheckAction: number}
	args := func(file string) sim.Params {
		v, err := sim.ParseParamValue(file)
		require.NoError(t, err)
		p, err := sim.Effective(sim.Params{"file": v}, bot.Params)
		require.NoError(t, err)
		return p
	}
	newPlayer, err := bot.Prepare(args(write(t, "7\n")), game)
	require.NoError(t, err)
	a, err := newPlayer().Act(nil)
	require.NoError(t, err)
	require.Equal(t, "7", a)

	_, err = bot.Prepare(args(write(t, "7\nseven\n")), game)
	require.ErrorContains(t, err, `:2: strconv.Atoi: parsing "seven": invalid syntax`)

	_, err = bot.Prepare(args(filepath.Join(t.TempDir(), "none.txt")), game)
	require.ErrorContains(t, err, "none.txt: no such file or directory")

	none, err := sim.Effective(sim.Params{}, bot.Params)
	if err == nil { // the spec refuses it, or else the constructor
		_, err = bot.Prepare(none, game)
	}
	require.EqualError(t, err, "param file: required, none given")
}

// TestRecordedPlaysBackEachSeat: a recorded player plays its seat's texts
// in order, skipping the turns the seat did not act in, and gives no
// answer where the seat gave none (nil, with a fault of the seat in that
// turn); then it has ended.
func TestRecordedPlaysBackEachSeat(t *testing.T) {
	text := func(s string) *string { return &s }
	actions := [][]*string{
		{text("1"), nil},
		{nil, text("2")},
		{nil, nil}, // seat 0 gave no answer; seat 1 did not act
		{text("garbage"), text("4")},
	}
	faults := []sim.Fault{{Seat: 0, Turn: 3, Kind: sim.FaultTimeout}}
	for seat, want := range [][]string{{"1", "!", "garbage", "end"}, {"2", "4", "end"}} {
		newPlayer, err := Recorded(actions, faults).Prepare(sim.Params{"seat": []byte(strconv.Itoa(seat))}, sim.WireGame{})
		require.NoError(t, err)
		p := newPlayer()
		p.Reset(sim.MatchInfo{}, nil)
		var got []string
		for range want {
			a, err := p.Act(nil)
			switch {
			case err == ErrEnd:
				a = "end"
			case err != nil:
				require.EqualError(t, err, "no answer, as recorded")
				a = "!"
			}
			got = append(got, a)
		}
		require.Equal(t, want, got, "seat %d", seat)
	}
}
