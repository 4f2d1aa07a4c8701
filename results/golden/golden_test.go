package golden

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// bank is the test engine: the race of simtest, its state written with
// named fields; with bonus set, one rule differs: from turn 3 on, seat 1
// gains one more each turn (the one-line change a rules author might make
// by accident).
type bank struct {
	simtest.Race
	bonus bool
}

func (b bank) Step(s *simtest.RaceState, acts []int, rng *rand.Rand, faults *sim.FaultLog) {
	b.Race.Step(s, acts, rng, faults)
	if b.bonus && s.Turn >= 3 {
		s.Totals[1]++
	}
}

func (b bank) AppendState(dst []byte, s *simtest.RaceState) []byte {
	type player struct {
		Total int `json:"total"`
	}
	v := struct {
		Turn    int      `json:"turn"`
		Players []player `json:"players"`
	}{Turn: s.Turn}
	for _, t := range s.Totals {
		v.Players = append(v.Players, player{t})
	}
	data, _ := json.Marshal(v)
	return append(dst, data...)
}

// bankGame returns the test engine as a game, with or without the bonus
// rule, and with the race's bots.
func bankGame(bonus bool) sim.AnyGame {
	g := &sim.Game[simtest.RaceState, int, int]{
		Name: "bank", Version: "1",
		Params: []sim.ParamSpec{sim.IntParam("players", 2, 1, 8, "players"), sim.IntParam("turns", 6, 1, 100, "turns")},
		New: func(seats int, p sim.Params) (sim.Engine[simtest.RaceState, int, int], error) {
			var turns int
			_ = json.Unmarshal(p["turns"], &turns)
			return bank{simtest.Race{Players: seats, Turns: turns}, bonus}, nil
		},
		Bots: []sim.Bot[int, int]{{Name: "dice", Prepare: func(sim.Params) (func() sim.Player[int, int], error) {
			return func() sim.Player[int, int] {
				return &simtest.Bot{Play: func(_ int, rng *rand.Rand) (int, error) { return 1 + rng.IntN(6), nil }}
			}, nil
		}}},
	}
	return sim.Erase(g)
}

func lookupBank(bonus bool) Lookup {
	return func(game string) (sim.AnyGame, error) {
		if game != "bank" {
			return nil, fmt.Errorf("unknown game %q", game)
		}
		return bankGame(bonus), nil
	}
}

// record records matches 0 and 1 of the bank game, with dice bots, into a
// new folder.
func record(t *testing.T, gz bool) string {
	t.Helper()
	st, err := bankGame(false).Setup(sim.Params{}, simtest.Specs(t, "dice", "dice"))
	require.NoError(t, err)
	dir := t.TempDir()
	err = Record(context.Background(), st, "bank/test", []Pairing{{0, 11, []int{0, 1}}, {1, 11, []int{1, 0}}}, dir, gz)
	require.NoError(t, err)
	return dir
}

// checkAll checks every golden file of dir.
func checkAll(t *testing.T, dir string, lookup Lookup) []*Result {
	t.Helper()
	files, err := Files(dir)
	require.NoError(t, err)
	var rs []*Result
	for _, f := range files {
		m, err := Read(f)
		require.NoError(t, err)
		r, err := Check(m, lookup)
		require.NoError(t, err)
		rs = append(rs, r)
	}
	return rs
}

func TestRecordAndCheckRoundTrip(t *testing.T) {
	for _, gz := range []bool{false, true} {
		dir := record(t, gz)
		files, err := Files(dir)
		require.NoError(t, err)
		require.Equal(t, []string{filepath.Join(dir, FileName(0, gz)), filepath.Join(dir, FileName(1, gz))}, files)
		m, err := Read(files[1])
		require.NoError(t, err)
		require.Equal(t, Header{Type: "golden", Format: Format, Game: "bank", Scenario: "bank/test", Match: 1, Seed: 11, Seats: 2,
			Params: m.Header.Params, RulesHash: m.Header.RulesHash, Bots: []string{"dice#2", "dice"}}, m.Header)
		require.Equal(t, `{"players":2,"turns":6}`, string(m.Header.Params.Canonical()))
		require.Len(t, m.Lines, 7, "turn 0 and six turns")
		require.Regexp(t, `^[0-9a-f]{16}$`, m.Lines[6].Hash)
		for _, r := range checkAll(t, dir, lookupBank(false)) {
			require.False(t, r.Differs(), "%+v", r)
		}
	}
}

// TestRecordWritesOverTheOtherKind: recorded again the other way (gzipped
// or not), a folder holds each match once, and a folder holding one twice
// is refused by Files, not checked twice.
func TestRecordWritesOverTheOtherKind(t *testing.T) {
	dir := record(t, false)
	st, err := bankGame(false).Setup(sim.Params{}, simtest.Specs(t, "dice", "dice"))
	require.NoError(t, err)
	require.NoError(t, Record(context.Background(), st, "bank/test", []Pairing{{0, 11, []int{0, 1}}}, dir, true))
	files, err := Files(dir)
	require.NoError(t, err)
	require.Equal(t, []string{filepath.Join(dir, "match-0.jsonl.gz"), filepath.Join(dir, "match-1.jsonl")}, files)
	name, ok := Holds(dir)
	require.True(t, ok)
	require.Equal(t, "match-0.jsonl.gz", name)

	data, err := os.ReadFile(filepath.Join(dir, "match-1.jsonl"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "match-1.jsonl.gz"), data, 0o644))
	_, err = Files(dir)
	require.EqualError(t, err, dir+": match 1 twice, match-1.jsonl and match-1.jsonl.gz: keep one")
	_, ok = Holds(t.TempDir())
	require.False(t, ok)
}

// TestCheckFindsTheChangedRule: the one-line change is caught at its
// turn, with the field that changed; the files still describe the old
// rules until --update rewrites them, after which they hold.
func TestCheckFindsTheChangedRule(t *testing.T) {
	dir := record(t, true)
	for _, r := range checkAll(t, dir, lookupBank(true)) {
		require.True(t, r.Differs())
		require.Equal(t, 3, r.Turn, "the first turn the bonus is paid")
		require.Empty(t, r.Rules, "the version did not change: only the states tell")
		require.Len(t, r.Diff, 1)
		require.Regexp(t, `^players\[1\]\.total: ([0-9]+) → ([0-9]+)$`, r.Diff[0])
		var old, now int
		_, err := fmt.Sscanf(r.Diff[0], "players[1].total: %d → %d", &old, &now)
		require.NoError(t, err)
		require.Equal(t, old+1, now)
	}
	files, err := Files(dir)
	require.NoError(t, err)
	for _, f := range files {
		m, err := Read(f)
		require.NoError(t, err)
		require.NoError(t, Update(context.Background(), m, lookupBank(true)))
	}
	for _, r := range checkAll(t, dir, lookupBank(true)) {
		require.False(t, r.Differs(), "%+v", r)
		require.Equal(t, `{"players":2,"turns":6}`, string(r.Match.Header.Params.Canonical()), "today's effective parameters")
	}
	for _, r := range checkAll(t, dir, lookupBank(false)) {
		require.Equal(t, 3, r.Turn, "and the old rules now differ")
	}
}

// TestCheckNeedsNoBot: a check replays the recorded actions: the bots of
// the header need not exist any more.
func TestCheckNeedsNoBot(t *testing.T) {
	dir := record(t, false)
	path := filepath.Join(dir, FileName(0, false))
	m, err := Read(path)
	require.NoError(t, err)
	m.Header.Bots = []string{"gone", "gone#2"}
	var trace []byte
	for _, l := range m.Lines {
		line, _ := json.Marshal(l)
		trace = append(append(trace, line...), '\n')
	}
	require.NoError(t, write(path, m.Header, trace))
	r := checkAll(t, dir, lookupBank(false))[0]
	require.False(t, r.Differs(), "%+v", r)
}

func TestCheckReportsRulesAndMisfits(t *testing.T) {
	dir := record(t, false)
	path := filepath.Join(dir, FileName(0, false))
	m, err := Read(path)
	require.NoError(t, err)
	m.Header.RulesHash = "0000000000000000"
	r, err := Check(m, lookupBank(false))
	require.NoError(t, err)
	require.True(t, r.Differs())
	require.Regexp(t, `^0000000000000000 → [0-9a-f]{16}$`, r.Rules)
	require.Equal(t, -1, r.Turn)

	// A record longer than today's match does not fit.
	m, err = Read(path)
	require.NoError(t, err)
	m.Header.Params.Set("turns", 4)
	r, err = Check(m, lookupBank(false))
	require.NoError(t, err)
	require.NotEqual(t, "", r.Rules, "other parameters, other rules")
	require.Equal(t, "turn 5: the match is over after turn 4, and the record goes on for 2 more", r.Misfit)
}

func TestReadRefusesWhatIsNotGolden(t *testing.T) {
	dir := t.TempDir()
	_, err := Files(dir)
	require.EqualError(t, err, dir+": no golden file (match-N.jsonl or match-N.jsonl.gz)")
	path := filepath.Join(dir, "match-0.jsonl")
	ok := `{"type":"golden","format":1,"game":"g","seats":2,"params":{},"bots":["a","b"]}`
	for body, want := range map[string]string{
		"{}\n":                                path + ":1: not a golden header",
		`{"type":"golden","format":9}` + "\n": path + ":1: golden format 9, want 1",
		"\uFEFF" + `{"type":"golden","format":9}` + "\n":                  path + ":1: golden format 9, want 1", // a byte-order mark read past
		`{"type":"golden","format":1}` + "\n":                             path + `:1: field "game": empty`,
		ok + "\n":                                                         path + ": no state after the header",
		ok + "\n{\"turn\":1}\n":                                           path + ":2: turn 1, want 0",
		ok + "\n{\"turn\":0,\"actions\":[\"x\",\"y\"]}\n":                 path + `:2: field "actions" at turn 0, before anyone acts`,
		ok + "\n{\"turn\":0}\n{\"turn\":1,\"actions\":[\"x+\"]}\n":        path + `:3: field "actions" holds 1 actions for 2 seats`,
		strings.Replace(ok, `"seats":2`, `"seats":0`, 1) + "\n":           path + `:1: field "seats": 0 is not a number of seats (1 to 1024)`,
		strings.Replace(ok, `"bots":["a","b"]`, `"bots":["a"]`, 1) + "\n": path + `:1: field "bots": 1 bots for 2 seats`,
		strings.Replace(ok, `"params":{}`, `"params":null`, 1) + "\n":     path + `:1: field "params": null or missing, where a golden file holds the match's parameters`,
	} {
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
		_, err := Read(path)
		require.EqualError(t, err, want)
	}
}
