package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func sampleHeader() Header {
	params := sim.Params{}
	params.Set("width", 100)
	return Header{Game: "tron", Scenario: "tron/duel", RulesHash: "abcd", Params: params,
		Bots: []string{"a", "b"}, Seats: 2, Games: 3, Matches: 3, Seed: 1}
}

func sampleRecords() []Record {
	ab := []string{"a", "b"}
	records := []Record{rec(0, ab, 1, 2), rec(1, []string{"b", "a"}, 1, 1), {Match: 2, Bots: ab, Error: "engine panic in turn 3"}}
	records[1].Faults = []sim.Fault{{Seat: 1, Turn: 7, Kind: sim.FaultInvalid, Msg: "bad move <x>"}}
	for i := range records {
		records[i].Seed = sim.Derive(1, uint64(i))
		records[i].Game, records[i].StateHash = "tron", "00ff"
	}
	return records
}

func writeFile(t *testing.T, h Header, records []Record) []byte {
	var b bytes.Buffer
	w := NewWriter(&b)
	require.NoError(t, w.WriteHeader(&h))
	for i := range records {
		require.NoError(t, w.WriteRecord(&records[i]))
	}
	return b.Bytes()
}

func TestJSONLRoundTrip(t *testing.T) {
	h, records := sampleHeader(), sampleRecords()
	out := writeFile(t, h, records)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Len(t, lines, 4)
	require.True(t, strings.HasPrefix(lines[0], `{"type":"header","format":1,"game":"tron",`), lines[0])
	require.Contains(t, lines[0], `"params":{"width":100}`)
	require.Contains(t, lines[1], `"faults":[]`)
	require.Contains(t, lines[2], `"msg":"bad move <x>"`)
	require.NotContains(t, lines[3], "null")
	require.Equal(t, out, writeFile(t, h, records), "same records, same bytes")

	r, err := NewReader(bytes.NewReader(out), "results.jsonl")
	require.NoError(t, err)
	h.Type, h.Format = TypeHeader, FormatVersion
	require.Equal(t, h, r.Header())
	var got Record
	for i, want := range records {
		require.NoError(t, r.Read(&got))
		want.Type, want.Format = TypeMatch, FormatVersion
		// Empty lists come back empty, not nil.
		require.Equal(t, len(want.Faults), len(got.Faults))
		if len(want.Faults) == 0 {
			want.Faults = got.Faults
		}
		if want.Scores == nil {
			want.Scores, want.Places = got.Scores, got.Places
		}
		require.Equal(t, want, got, "line %d", i+2)
	}
	require.ErrorIs(t, r.Read(&got), io.EOF)
}

func TestReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	require.NoError(t, os.WriteFile(path, writeFile(t, sampleHeader(), sampleRecords()), 0o644))
	var tally *Tally
	h, err := ReadFile(path, func(r *Record) error {
		if tally == nil {
			tally = NewTally(sampleHeader().Bots, Options{})
		}
		return tally.Add(r)
	})
	require.NoError(t, err)
	require.Equal(t, "tron/duel", h.Scenario)
	require.Equal(t, 3, tally.Matches())
	require.Equal(t, 1, tally.Failed())

	// An error of the callback names the line.
	_, err = ReadFile(path, func(r *Record) error {
		if r.Match == 1 {
			return errors.New("stop")
		}
		return nil
	})
	require.EqualError(t, err, path+":3: stop")

	_, err = ReadFile(filepath.Join(t.TempDir(), "missing.jsonl"), nil)
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestReaderErrors(t *testing.T) {
	good := string(writeFile(t, sampleHeader(), sampleRecords()[:1]))
	header, match, _ := strings.Cut(good, "\n")
	tests := []struct {
		name string
		text string
		line int
		want string
	}{
		{"empty file", "", 1, "results.jsonl:1: empty file: no header line"},
		{"bad json", header + "\n" + match + "{\"type\":\"match\",\n", 3, "results.jsonl:3: not valid JSON at byte 16: unexpected end of JSON input"},
		{"blank lines count", header + "\n\n" + match + "nope\n", 4, "results.jsonl:4: not valid JSON at byte 2: invalid character 'o' in literal null (expecting 'u')"},
		{"a tuning run's file", `{"type":"tune","format":1,"params":[]}`, 1, "results.jsonl:1: this is the file of a tuning run (arena tune --out), not a run's records: arena report draws its page, arena tune --resume continues it"},
		{"a golden trace", `{"type":"golden","format":1}`, 1, "results.jsonl:1: this is a golden trace (arena golden record), not a run's records: arena golden check replays it, arena report --traces shows it"},
		{"a header field of the wrong type", `{"type":"header","format":1,"params":[1]}`, 1, `results.jsonl:1: field "params" is an array, want an object`},
		{"no header", match, 1, `results.jsonl:1: the first line is a match record: the file has lost its header line`},
		{"header twice", header + "\n" + header + "\n", 2, `results.jsonl:2: type "header", want "match"`},
		{"newer format", header + "\n" + strings.Replace(match, `"format":1`, `"format":2`, 1), 2, "results.jsonl:2: format 2 is not one this arena reads (1..1)"},
		{"wrong field type", header + "\n" + strings.Replace(match, `"turns":0`, `"turns":"x"`, 1), 2, `results.jsonl:2: field "turns" is a string, want a whole number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := readAll(tt.text)
			require.EqualError(t, err, tt.want)
			var le *LineError
			require.ErrorAs(t, err, &le)
			require.Equal(t, tt.line, le.Line)
		})
	}
}

// readAll reads text as a results file to the end.
func readAll(text string) error {
	r, err := NewReader(strings.NewReader(text), "results.jsonl")
	if err != nil {
		return err
	}
	var rec Record
	for {
		if err := r.Read(&rec); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// TestLineEncoderMatchesWriter checks that a worker's encoder writes the
// bytes the Writer writes.
func TestLineEncoderMatchesWriter(t *testing.T) {
	recs := []Record{
		{Match: 3, Seed: 1 << 60, Game: "g", Bots: []string{"a<b>", "c"}, Scores: []float64{0.1, 2e21}, Places: []int{1, 2}, Turns: 4,
			Faults: []sim.Fault{{Seat: 1, Turn: 2, Kind: sim.FaultPanic, Msg: "<nil> & more"}}, StateHash: "00ff"},
		{Match: 4, Error: "engine panic"},
	}
	var want bytes.Buffer
	w := NewWriter(&want)
	enc := NewLineEncoder()
	var got []byte
	for i := range recs {
		require.NoError(t, w.WriteRecord(&recs[i]))
		var err error
		got, err = enc.AppendRecord(got, &recs[i])
		require.NoError(t, err)
	}
	require.Equal(t, want.String(), string(got))
}

// TestTimedRecordRoundTrip: a timed record's actions (null where a seat did
// not act) go through a line and back, and a clone shares none of them.
func TestTimedRecordRoundTrip(t *testing.T) {
	up, none := "y+", ""
	rec := &Record{Type: TypeMatch, Format: FormatVersion, Bots: []string{"a", "b"}, Scores: []float64{1, 0}, Places: []int{1, 2},
		Turns: 2, StateHash: "0000000000000001", Timed: true, Actions: [][]*string{{&up, nil}, {&none, &up}}}
	line, err := NewLineEncoder().AppendRecord(nil, rec)
	require.NoError(t, err)
	require.Contains(t, string(line), `"timed":true,"actions":[["y+",null],["","y+"]]`)
	var back Record
	require.NoError(t, json.Unmarshal(line, &back))
	require.Equal(t, rec.Actions, back.Actions)

	c := rec.Clone()
	c.Actions[1][1] = nil
	require.NotNil(t, rec.Actions[1][1], "the clone's rows are its own")
}

// TestReaderTakesAByteOrderMark: a results file saved by an editor that
// writes a byte-order mark reads as the same file without it, as every
// other file arena reads does.
func TestReaderTakesAByteOrderMark(t *testing.T) {
	good := string(writeFile(t, sampleHeader(), sampleRecords()[:1]))
	require.NoError(t, readAll(good))
	require.NoError(t, readAll("\uFEFF"+good))
	// Only at the start of the file: a mark before a record is an error.
	header, match, _ := strings.Cut(good, "\n")
	require.ErrorContains(t, readAll(header+"\n\uFEFF"+match), "results.jsonl:2: not valid JSON")
}
