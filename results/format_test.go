package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// writeString writes s in format f.
func writeString(s *Standings, f Format) ([]byte, error) {
	var b bytes.Buffer
	err := s.Write(&b, f)
	return b.Bytes(), err
}

// sample returns the standings of a small four-player run with a failed
// match, rated with a fixed seed.
func sample(t *testing.T) *Standings {
	entrants := []string{"alpha", "beta", "gamma", "delta"}
	records := freeForAll(400, entrants, []float64{0.8, 0.4, 0, 0}, 12)
	records = append(records, Record{Match: 400, Bots: entrants, Error: "engine panic in turn 1"})
	return standings(t, newTally(t, Options{Bootstrap: 200, Seed: 2024}, entrants, records...))
}

func TestParseFormat(t *testing.T) {
	for _, f := range []Format{FormatTable, FormatMarkdown, FormatCSV, FormatJSON} {
		got, err := ParseFormat(f.String())
		require.NoError(t, err)
		require.Equal(t, f, got)
	}
	tests := []struct{ in, want string }{
		{"xml", `unknown format "xml" (choices: table, markdown, csv, json)`},
		{"", `unknown format "" (choices: table, markdown, csv, json)`},
		{"JSON", `unknown format "JSON" (choices: table, markdown, csv, json)`},
	}
	for _, tt := range tests {
		_, err := ParseFormat(tt.in)
		require.EqualError(t, err, tt.want)
	}
	var f Format
	require.NoError(t, f.Set("csv"))
	require.Equal(t, FormatCSV, f)
	require.Error(t, f.Set("yaml"))
	require.Equal(t, FormatCSV, f, "a refused value leaves the flag alone")
}

// TestWriteGolden pins the exact bytes of every format for a fixed seed;
// run with -update to regenerate them on purpose.
func TestWriteGolden(t *testing.T) {
	s := sample(t)
	for _, f := range []Format{FormatTable, FormatMarkdown, FormatCSV, FormatJSON} {
		t.Run(f.String(), func(t *testing.T) {
			got, err := writeString(s, f)
			require.NoError(t, err)
			path := filepath.Join("testdata", "standings."+f.String())
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
		})
	}
}

func TestWriteJSON(t *testing.T) {
	s := sample(t)
	out, err := writeString(s, FormatJSON)
	require.NoError(t, err)

	var raw map[string]any
	require.NoError(t, json.Unmarshal(out, &raw))
	for _, key := range []string{"ratings", "matches", "failed", "seats", "bootstrap", "seed", "turns_mean"} {
		require.Contains(t, raw, key)
	}
	require.NotContains(t, raw, "anchor", "absent when the mean is 0")
	ratings := raw["ratings"].([]any)
	require.Len(t, ratings, 4)
	for _, key := range []string{"bot", "elo", "elo_lo", "elo_hi", "games", "wins", "draws", "losses", "score_mean", "score_ci", "faults", "places"} {
		require.Contains(t, ratings[0], key)
	}

	var back Standings
	require.NoError(t, json.Unmarshal(out, &back))
	require.Equal(t, s.Ratings, back.Ratings)
	require.Equal(t, 401, back.Matches)
	require.Equal(t, 1, back.Failed)
}

func TestWriteCSV(t *testing.T) {
	s := sample(t)
	out, err := writeString(s, FormatCSV)
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 5)
	require.Equal(t, []string{"rank", "bot", "elo", "elo_lo", "elo_hi", "games", "wins", "draws", "losses",
		"score_mean", "score_ci", "faults", "place_1", "place_2", "place_3", "place_4"}, rows[0])
	for i, row := range rows[1:] {
		require.Equal(t, s.Ratings[i].Bot, row[1])
		require.NotContains(t, strings.Join(row, ","), "+", "plain numbers")
	}
}

func TestWriteTables(t *testing.T) {
	s := sample(t)
	for _, f := range []Format{FormatTable, FormatMarkdown} {
		out, err := writeString(s, f)
		require.NoError(t, err)
		text := string(out)
		for _, bot := range []string{"alpha", "beta", "gamma", "delta"} {
			require.Contains(t, text, bot, f)
		}
		require.Contains(t, text, "401 matches, 4 seats, Bradley–Terry Elo (mean 0), 95% profile-likelihood intervals widened for shared seeds by a bootstrap over 200 rounds; 1 failed match left out\n", f)
		require.Less(t, strings.Index(text, "alpha"), strings.Index(text, "delta"), "best first")
	}
	md, err := writeString(s, FormatMarkdown)
	require.NoError(t, err)
	require.Contains(t, string(md), "|:--")

	pinned := standings(t, newTally(t, Options{Bootstrap: -1, Anchors: []Anchor{{Bot: "b"}}}, []string{"a", "b"}, duels(50, "a", "b", 0.5, 1)...))
	require.Equal(t, "50 matches, 2 seats, Bradley–Terry Elo (b = 0), no intervals (no bootstrap)", pinned.Summary())
	valued := standings(t, newTally(t, Options{Bootstrap: -1, Anchors: []Anchor{{"b", 1500}}}, []string{"a", "b"}, duels(50, "a", "b", 0.5, 1)...))
	require.Equal(t, "50 matches, 2 seats, Bradley–Terry Elo (b = 1500), no intervals (no bootstrap)", valued.Summary())
	valued.Bootstrap, valued.Rounds = 100, 1
	require.True(t, strings.HasSuffix(valued.Summary(), "by a bootstrap over 1 round"), valued.Summary())
}

func TestSignedElo(t *testing.T) {
	for in, want := range map[float64]string{123.4: "+123", -45.5: "-46", 0.4: "0", -0.4: "0", 0: "0"} {
		require.Equal(t, want, signedElo(in), "%v", in)
	}
}

// TestH2HTablesHoldThePairs: with --h2h the table formats print the
// head-to-head and LOS tables, whose pairs are computed only when an output
// asks for them; the LOS table must be there, filled.
func TestH2HTablesHoldThePairs(t *testing.T) {
	abcd := []string{"a", "b", "c", "d"}
	for _, f := range []Format{FormatTable, FormatMarkdown} {
		s := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 5, H2H: true}, abcd, freeForAll(200, abcd, []float64{0.4, 0.3, 0, -0.5}, 9)...))
		out, err := writeString(s, f)
		require.NoError(t, err)
		require.Contains(t, string(out), "HEAD TO HEAD")
		const los = "likelihood that the row bot is stronger than the column bot"
		require.Contains(t, string(out), los, "format %v", f)
		head := string(out[strings.Index(string(out), "HEAD TO HEAD"):])
		require.Regexp(t, `\d+\.\d%`, head, "format %v: the LOS table's figures", f)
	}
}

// TestPenaltiesHaveTheirOwnColumn: the moves the game's rules punished are
// counted apart from the faults, in a column of their own in every format,
// which only standings with penalties have (TestWriteGolden pins the bytes
// of those without).
func TestPenaltiesHaveTheirOwnColumn(t *testing.T) {
	records := duels(20, "a", "b", 0.5, 3)
	seat := func(r Record, bot string) int { return slices.Index(r.Bots, bot) }
	records[0].Faults = []sim.Fault{{Seat: seat(records[0], "a"), Turn: 1, Kind: sim.FaultInvalid, Msg: "garbage"}}
	records[0].Penalties = []sim.Penalty{{Seat: seat(records[0], "a"), Turn: 2, Msg: "E: target holds a player"}, {Seat: seat(records[0], "a"), Turn: 3, Msg: "N: target holds a player"}}
	records[1].Penalties = []sim.Penalty{{Seat: seat(records[1], "b"), Turn: 7, Msg: "S: target holds a player"}}
	s := standings(t, newTally(t, Options{Bootstrap: -1}, []string{"a", "b"}, records...))
	a, b := byBot(t, s, "a"), byBot(t, s, "b")
	require.Equal(t, [2]int{1, 2}, [2]int{a.Faults, a.Penalties}, "a penalty is no fault")
	require.Equal(t, [2]int{0, 1}, [2]int{b.Faults, b.Penalties})

	table, err := writeString(s, FormatTable)
	require.NoError(t, err)
	require.Regexp(t, `FAULTS │ PENALTIES │\n`, string(table))
	md, err := writeString(s, FormatMarkdown)
	require.NoError(t, err)
	require.Contains(t, string(md), "| FAULTS | PENALTIES |\n")
	out, err := writeString(s, FormatCSV)
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"faults", "penalties", "place_1"}, rows[0][11:14])
	for i, row := range rows[1:] {
		require.Equal(t, []string{strconv.Itoa(s.Ratings[i].Faults), strconv.Itoa(s.Ratings[i].Penalties)}, row[11:13])
	}
	js, err := writeString(s, FormatJSON)
	require.NoError(t, err)
	var back Standings
	require.NoError(t, json.Unmarshal(js, &back))
	for i, r := range back.Ratings {
		require.Equal(t, s.Ratings[i].Penalties, r.Penalties, "read back")
	}
	require.Contains(t, string(js), `"penalties": 2`)

	none := standings(t, newTally(t, Options{Bootstrap: -1}, []string{"a", "b"}, duels(20, "a", "b", 0.5, 3)...))
	for _, f := range []Format{FormatTable, FormatMarkdown, FormatCSV, FormatJSON} {
		out, err := writeString(none, f)
		require.NoError(t, err)
		require.NotContains(t, strings.ToLower(string(out)), "penalties", f)
	}
}
