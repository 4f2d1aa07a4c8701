package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
)

// TestListFitsEightyColumns checks every listing on an 80-column terminal:
// no line is wider, none ends with a space.
func TestListFitsEightyColumns(t *testing.T) {
	runs := [][]string{{"list"}, {"list", "games"}, {"list", "bots"}, {"list", "scenarios"}, {"list", "params"}}
	for _, e := range scenarios.Entries() {
		name := e.Game.Info().Name
		runs = append(runs, []string{"list", "params", name}, []string{"list", "bots", name}, []string{"list", "scenarios", name})
	}
	for _, args := range runs {
		code, out, errOut := arena(t, args...)
		require.Equal(t, 0, code, errOut)
		require.True(t, strings.HasSuffix(out, "\n"), args)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Greater(t, len(lines), 1, args)
		for i, line := range lines {
			// Every character listed is one column wide (–, ×, ≤ …).
			require.LessOrEqual(t, utf8.RuneCountInString(line), 80, "%v, line %d: %q", args, i+1, line)
			require.False(t, strings.HasSuffix(line, " "), "%v, line %d ends with a space: %q", args, i+1, line)
		}
	}
}

// TestListWrapsWithoutLosingText checks that the wrapped listings still
// hold every summary and parameter text, word for word.
func TestListWrapsWithoutLosingText(t *testing.T) {
	_, out, _ := arena(t, "list", "params")
	// Wrapping may split a long token after a comma: compare without
	// the whitespace.
	words := strings.Join(strings.Fields(out), "")
	for _, e := range scenarios.Entries() {
		for _, p := range e.Game.Info().Params {
			// The doc may be cut between two columns' lines: check its
			// words appear in order within the listing.
			last := 0
			for _, w := range strings.Fields(p.Doc) {
				i := strings.Index(words[last:], w)
				require.GreaterOrEqual(t, i, 0, "param %s: %q lost", p.Name, w)
				last += i + len(w)
			}
		}
	}
}

func TestWrapCell(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"short", 10, []string{"short"}},
		{"one two three four", 9, []string{"one two", "three", "four"}},
		{"one two three four", 7, []string{"one two", "three", "four"}},
		{"budget=3000,depth=8,width=10", 12, []string{"budget=3000,", "depth=8,", "width=10"}},
		{"a,b,c", 3, []string{"a,", "b,c"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"1 ≤ x ≤ width-1", 7, []string{"1 ≤ x ≤", "width-1"}},
		{"two  spaces", 4, []string{"two", "spac", "es"}},
	} {
		got := wrapCell(tc.text, tc.width)
		require.Equal(t, tc.want, got, "%q in %d", tc.text, tc.width)
		for _, line := range got {
			require.LessOrEqual(t, utf8.RuneCountInString(line), tc.width, "%q in %d: %q", tc.text, tc.width, got)
			require.False(t, strings.HasSuffix(line, " "), "%q in %d: %q", tc.text, tc.width, got)
		}
		require.Equal(t, strings.ReplaceAll(tc.text, " ", ""), strings.ReplaceAll(strings.Join(got, ""), " ", ""),
			"%q in %d: every character but spaces is kept", tc.text, tc.width)
	}
}

// TestListShowsRanges checks that the listings show each parameter's and
// argument's range from its spec.
func TestListShowsRanges(t *testing.T) {
	code, out, _ := arena(t, "list", "params", "tron")
	require.Zero(t, code)
	require.Contains(t, out, "RANGE")
	require.Regexp(t, `width\s+1\.\.4096\s+100`, out)
	require.Contains(t, out, "[[x, y],…] | fair | null")
	code, out, _ = arena(t, "list", "bots", "vampires")
	require.Zero(t, code)
	require.Regexp(t, `budget\s+1\.\.100000000`, out)
}

// TestListParamsShowsTunableArguments: after a game's parameters, the
// arguments of its bots that a tuner can move, with their range and scale.
func TestListParamsShowsTunableArguments(t *testing.T) {
	code, out, _ := arena(t, "list", "params", "tron")
	require.Zero(t, code)
	require.Contains(t, out, "TUNABLE")
	require.Regexp(t, `tron\s+strong\s+depth\s+1\.\.32\s+linear\s+32`, out)
	require.Regexp(t, `tron\s+strong\s+work\s+1\.\.1000000\s+log\s+500`, out)
	require.NotContains(t, out, "timeout", "an external bot's text arguments are not tunable")
	code, out, _ = arena(t, "list", "params", "sopra")
	require.Zero(t, code)
	require.Regexp(t, `sopra\s+strong\s+patience\s+0\.5\.\.1\s+linear\s+0\.85`, out)
}

// TestListJSON: --format json prints each kind as one array of objects that
// holds what the table holds.
func TestListJSON(t *testing.T) {
	var games []gameItem
	listInto(t, &games, "list", "--format", "json")
	require.Len(t, games, len(scenarios.Entries()))
	require.Equal(t, gameItem{"tron", "real", "tron/duel", scenarios.Entries()[0].Game.Info().Summary}, games[0])

	var scs []scenarioItem
	listInto(t, &scs, "list", "scenarios", "-f", "json")
	require.Len(t, scs, len(scenarios.Names()))
	byName := map[string]scenarioItem{}
	for _, sc := range scs {
		byName[sc.Name] = sc
	}
	require.Equal(t, scenarioItem{Name: "minibus/wood3", Game: "minibus", Seats: 2, Bots: []string{}, Opponents: []string{"iaSNCF"},
		Games: 10, Seed: 3, Desc: byName["minibus/wood3"].Desc}, byName["minibus/wood3"])
	require.Equal(t, 4, byName["tron/ffa4"].Seats)
	require.NotEmpty(t, byName["tron/duel"].Desc)

	var bots []botItem
	listInto(t, &bots, "list", "bots", "tron", "--format=json")
	i := slices.IndexFunc(bots, func(b botItem) bool { return b.Name == "strong" })
	require.GreaterOrEqual(t, i, 0)
	require.NotEmpty(t, bots[i].Args)
	for _, a := range bots[i].Args {
		require.NotEmpty(t, a.Doc, a.Name)
		if a.Tunable {
			require.NotEmpty(t, a.Scale, a.Name)
		}
	}

	var params []paramItem
	listInto(t, &params, "list", "params", "aquariom", "--format", "json")
	require.Equal(t, "aquariom", params[0].Game)
	require.Equal(t, "map", params[len(params)-1].Name, "the map file pseudo-parameter comes last")

	code, _, errOut := arena(t, "list", "--format", "yaml")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --format: \"yaml\" is not table or json\n", errOut)
}

func listInto(t *testing.T, v any, args ...string) {
	t.Helper()
	code, out, errOut := arena(t, args...)
	require.Equal(t, 0, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), v), out)
}
