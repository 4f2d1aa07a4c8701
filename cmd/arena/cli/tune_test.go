package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// tuneArgs tunes the strong Tron bot's depth and reach on the small board
// against two bots, at its cheap budget: its default spends about 80 ms a
// move.
func tuneArgs(out string, extra ...string) []string {
	return append([]string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "depth,reach", "--opponents", "straight,stupid",
		"--iterations", "6", "--pairs-per-iter", "4", "--out", out}, extra...)
}

// TestTuneResumesToTheSameBytes: a run killed in the middle of a line and
// resumed writes the bytes of the run played whole, whatever -j; resuming
// a finished file changes nothing.
func TestTuneResumesToTheSameBytes(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	code, stdout, stderr := arena(t, tuneArgs(whole, "-j", "1")...)
	require.Equal(t, 0, code, stderr)
	require.Regexp(t, `^tuned after 6 iterations: strong:work=200,depth=[0-9]+,reach=[0-9]+\n$`, stdout)
	want, err := os.ReadFile(whole)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(want), "\n")
	require.Len(t, lines, 1+6+1, "a header, six iterations, and the end")

	killed := filepath.Join(dir, "killed.jsonl")
	torn := strings.Join(lines[:4], "") + lines[4][:len(lines[4])/2]
	require.NoError(t, os.WriteFile(killed, []byte(torn), 0o644))
	code, stdout2, stderr := arena(t, tuneArgs(killed, "--resume", "-j", "2")...)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, stdout, stdout2)
	got, err := os.ReadFile(killed)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))

	code, _, stderr = arena(t, tuneArgs(killed, "--resume")...)
	require.Equal(t, 0, code, stderr)
	got, err = os.ReadFile(killed)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "a finished file is left as it is")

	code, _, stderr = arena(t, tuneArgs(killed, "--resume", "--seed", "5")...)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "the file's header is another run's")
}

// TestTuneSelf: θ+ against θ− in a duel, both seat orders of each seed.
func TestTuneSelf(t *testing.T) {
	out := filepath.Join(t.TempDir(), "self.jsonl")
	code, _, stderr := arena(t, "tune", "tron/small", "--bot", "strong:depth=4", "--tune", "work", "--self",
		"--iterations", "3", "--pairs-per-iter", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"result":{"games":4,`)
	require.Contains(t, string(data), `"bot":"strong:depth=4"`)
}

func TestTuneBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.jsonl")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--tune", "work", "--self", "--out", out}, "tune: give the bot to tune with --bot SPEC"},
		{[]string{"--bot", "strong", "--self", "--out", out}, "tune: give the arguments to tune with --tune a,b,… (arena list params shows them)"},
		{[]string{"--bot", "strong", "--tune", "work", "--out", out}, "tune: give either --self (θ+ against θ−) or --opponents a,b,…"},
		{[]string{"--bot", "strong", "--tune", "work", "--self"}, "tune: give the run's file with --out FILE"},
		{[]string{"--bot", "strong", "--tune", "speed", "--self", "--out", out}, `--tune speed: strong has no argument "speed" (tunable: depth, work, reach, room, sealed, chambers, swindle, reduce, spare)`},
		{[]string{"--bot", "strong:work=9", "--tune", "work", "--self", "--out", out}, "--tune work: --bot fixes it; tune it or fix it, not both"},
		{[]string{"--bot", "genius", "--tune", "work", "--self", "--out", out}, `--bot genius: tron has no bot "genius" (see arena list bots tron)`},
		{[]string{"--bot", "strong", "--tune", "work", "--self", "--out", out, "--iterations", "0"}, "--iterations: 0 is not a whole number from 1 to 1000000"},
		{[]string{"--bot", "script", "--tune", "file", "--self", "--out", out}, "--tune file: not a number with a range, so it cannot be tuned"},
	} {
		code, _, stderr := arena(t, append([]string{"tune", "tron/small"}, tc.args...)...)
		require.Equal(t, 2, code, tc.args)
		require.Equal(t, "arena: "+tc.want+"\n", stderr, tc.args)
	}
}

// TestTuneGrid: a grid plays every combination against the opponents on
// the same seeds, names the best as a bot spec, and resumes to the same
// bytes.
func TestTuneGrid(t *testing.T) {
	dir := t.TempDir()
	args := func(out string, extra ...string) []string {
		return append([]string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach,room", "--method", "grid", "--points", "3",
			"--opponents", "straight,stupid", "--pairs-per-iter", "4", "--out", out}, extra...)
	}
	whole := filepath.Join(dir, "grid.jsonl")
	code, stdout, stderr := arena(t, args(whole)...)
	require.Equal(t, 0, code, stderr)
	require.Regexp(t, `^best of 9 points \([0-9.]+ a game\): strong:work=200,reach=[0-9]+,room=[0-9]+\n$`, stdout)
	want, err := os.ReadFile(whole)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(want), "\n")
	require.Len(t, lines, 1+9+1)
	require.Contains(t, lines[0], `"method":"grid"`)

	cut := filepath.Join(dir, "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, []byte(strings.Join(lines[:5], "")+lines[5][:7]), 0o644))
	code, stdout2, stderr := arena(t, args(cut, "--resume")...)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, stdout, stdout2)
	got, err := os.ReadFile(cut)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))

	code, _, stderr = arena(t, "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--method", "grid", "--self", "--out", filepath.Join(dir, "x"))
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --method grid: every point plays --opponents, not itself (--self is for spsa)\n", stderr)
	code, _, stderr = arena(t, "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--method", "anneal", "--self", "--out", filepath.Join(dir, "x"))
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --method: \"anneal\" is not spsa, grid or random\n", stderr)
}

// TestTunePlanIsABlockDesign: with opponents, each pair is θ+ then θ− in
// the same seat of the same seed against the same opponents, the seat
// moving from pair to pair, no entrant twice in a match; with --self, a
// seed in both seat orders.
func TestTunePlanIsABlockDesign(t *testing.T) {
	tu := &tuning{seats: 4, pairs: 6, opps: make([]sim.BotSpec, 3)}
	p := tu.plan(99, 0, 1)
	require.Len(t, p.pairings, 12)
	for j := range 6 {
		plus, minus := p.pairings[2*j], p.pairings[2*j+1]
		require.Equal(t, plus.Seed, minus.Seed)
		require.Equal(t, j%4, slices.Index(plus.Seating, 0), "pair %d: θ+'s seat", j)
		require.Equal(t, j%4, slices.Index(minus.Seating, 1), "pair %d: θ−'s seat", j)
		for k := range 4 {
			if k != j%4 {
				require.Equal(t, plus.Seating[k], minus.Seating[k], "pair %d, seat %d: the same opponent", j, k)
			}
		}
		seen := map[int]bool{}
		for _, e := range plus.Seating {
			require.False(t, seen[e], "pair %d: entrant %d twice", j, e)
			seen[e] = true
		}
	}
	require.NotEqual(t, p.pairings[0].Seed, p.pairings[2].Seed, "a seed a pair")

	self := (&tuning{seats: 2, pairs: 2}).plan(99, 0, 1)
	require.Equal(t, [][]int{{0, 1}, {1, 0}, {0, 1}, {1, 0}}, [][]int{self.pairings[0].Seating, self.pairings[1].Seating, self.pairings[2].Seating, self.pairings[3].Seating})
	require.Equal(t, self.pairings[0].Seed, self.pairings[1].Seed)
}

// TestTuneManySeats: a six-seat game tunes against a pool of two bots,
// repeated to fill the seats.
func TestTuneManySeats(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sopra.jsonl")
	code, stdout, stderr := arena(t, "tune", "sopra/match", "--bot", "strong", "--tune", "risk,hunt", "--opponents", "collector,brawler",
		"--iterations", "2", "--pairs-per-iter", "6", "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Regexp(t, `^tuned after 2 iterations: strong:risk=[0-9.e-]+,hunt=[0-9.e-]+\n$`, stdout)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"result":{"games":6,`)
}

// TestTuneConfirm: the coin bot's elo argument is its strength, so tuning
// it against the default coin raises it, and --confirm's sequential test
// accepts H1 (elo1 10): exit 0.
func TestTuneConfirm(t *testing.T) {
	out := filepath.Join(t.TempDir(), "coin.jsonl")
	code, stdout, stderr := arena(t, "tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--opponents", "coin",
		"--iterations", "30", "--pairs-per-iter", "16", "--out", out, "--confirm")
	require.Equal(t, 0, code, stderr)
	m := regexp.MustCompile(`tuned after 30 iterations: coin:elo=([0-9.]+)\n`).FindStringSubmatch(stdout)
	require.NotNil(t, m, stdout)
	elo, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	require.Greater(t, elo, 200.0, "the tuner raised the bot's strength")
	require.Contains(t, stdout, "confirming: arena sprt coin/duel --candidate coin:elo="+m[1]+" --baseline coin --elo0 0 --elo1 10")
	require.Contains(t, stdout, "H1 accepted: the candidate is stronger")
}
