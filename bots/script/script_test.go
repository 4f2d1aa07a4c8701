package script

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

func TestLoadSkipsBlankLinesAndComments(t *testing.T) {
	acts, err := Load(write(t, "# opening\n1\n\n  2  \n# more\n3"), strconv.Atoi)
	require.NoError(t, err)
	require.Equal(t, []int{1, 2, 3}, acts)
}

func TestLoadNamesTheBadLine(t *testing.T) {
	path := write(t, "1\n2\nthree\n")
	_, err := Load(path, strconv.Atoi)
	require.ErrorContains(t, err, path+":3: ")
	require.ErrorContains(t, err, `"three"`)
}

func TestPlayerPlaysThenGivesNoAnswer(t *testing.T) {
	p := NewPlayer[struct{}]([]int{4, 5})
	for round := range 2 {
		p.Reset(sim.MatchInfo{}, nil)
		a, err := p.Act(nil)
		require.NoError(t, err)
		require.Equal(t, 4, a, "round %d starts from the first line", round)
		a, _ = p.Act(nil)
		require.Equal(t, 5, a)
		a, err = p.Act(nil)
		require.ErrorIs(t, err, ErrEnd)
		require.Zero(t, a)
	}
}

func TestBotChecksItsFile(t *testing.T) {
	bot := Bot[struct{}](strconv.Atoi)
	args := func(file string) sim.Params {
		p, err := sim.Effective(sim.Params{"file": sim.ParseParamValue(file)}, bot.Params)
		require.NoError(t, err)
		return p
	}
	newPlayer, err := bot.Prepare(args(write(t, "7\n")))
	require.NoError(t, err)
	a, err := newPlayer().Act(nil)
	require.NoError(t, err)
	require.Equal(t, 7, a)

	_, err = bot.Prepare(args(filepath.Join(t.TempDir(), "none.txt")))
	require.ErrorContains(t, err, "none.txt: no such file or directory")

	none, err := sim.Effective(sim.Params{}, bot.Params)
	require.NoError(t, err)
	_, err = bot.Prepare(none)
	require.EqualError(t, err, "param file: required, none given")
}
