package sim_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestReadFileRefusesMoreThanTheLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	require.NoError(t, os.WriteFile(path, []byte("12345"), 0o644))

	data, err := sim.ReadFile(path, 5)
	require.NoError(t, err, "a file of exactly the limit is read")
	require.Equal(t, "12345", string(data))

	_, err = sim.ReadFile(path, 4)
	require.EqualError(t, err, path+": larger than 4 bytes")

	_, err = sim.ReadFile(filepath.Join(dir, "none.txt"), 5)
	require.EqualError(t, err, filepath.Join(dir, "none.txt")+": no such file or directory")

	_, err = sim.ReadFile(dir, 5)
	require.EqualError(t, err, dir+": is a directory")
}

func TestReadFileStopsReadingADeviceThatNeverEnds(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := sim.ReadFile("/dev/zero", sim.MaxMapBytes)
	require.EqualError(t, err, "/dev/zero: larger than 16777216 bytes")
}

func TestTrimBOM(t *testing.T) {
	require.Equal(t, "{}", string(sim.TrimBOM([]byte("\xef\xbb\xbf{}"))))
	require.Equal(t, "{}", string(sim.TrimBOM([]byte("{}"))))
	require.Equal(t, "\xef\xbb{}", string(sim.TrimBOM([]byte("\xef\xbb{}"))), "only a whole mark is dropped")
}

func TestCheckDuplicateKeys(t *testing.T) {
	for _, tc := range []struct {
		json string
		want string // the error, "" for none
	}{
		{`{"a":1,"b":2}`, ""},
		{`{}`, ""},
		{`[]`, ""},
		{`5`, ""},
		{`{"a":{"x":1},"b":{"x":1}}`, ""},
		{`[{"x":1},{"x":2}]`, ""},
		{`{"a":[],"b":{},"c":[{}],"d":1}`, ""},
		{`{"a":1e400,"b":[-1e999]}`, ""}, // numbers past a float64's range are not a key's fault
		{`{"a":1,"a":2}`, `duplicate key "a"`},
		{`{"a":1,"\u0061":2}`, `duplicate key "a"`},
		{`{"a":{},"b":[1,{}],"a":3}`, `duplicate key "a"`},
		{`{"params":{"width":1,"width":2}}`, `duplicate key "width" in params`},
		{`{"league":{"opponents":[],"promote":1,"promote":2}}`, `duplicate key "promote" in league`},
		{`{"params":{"starts":[[1,2],{"x":1,"x":1}]}}`, `duplicate key "x" in params.starts[1]`},
		{`[[],[{"k":{"k":1}}],{"k":1,"k":2}]`, `duplicate key "k" in [2]`},
	} {
		err := sim.CheckDuplicateKeys([]byte(tc.json))
		if tc.want == "" {
			require.NoError(t, err, tc.json)
			continue
		}
		require.EqualError(t, err, tc.want, tc.json)
		var dup *sim.DuplicateKeyError
		require.ErrorAs(t, err, &dup)
		require.Equal(t, int64(strings.LastIndex(tc.json, `":`)+1), dup.Offset, "%s: offset just past the second key", tc.json)
	}
}

func TestCheckDuplicateKeysTakesDeepNesting(t *testing.T) {
	const depth = 100_000 // ten times encoding/json's own limit: the check must not lean on it
	deep := strings.Repeat(`{"a":[`, depth) + strings.Repeat(`]}`, depth)
	require.NoError(t, sim.CheckDuplicateKeys([]byte(deep)))
}

// TestQuote: a file's text in an error message is quoted whole when short,
// cut at MaxQuote characters otherwise.
func TestQuote(t *testing.T) {
	require.Equal(t, `"abc"`, sim.Quote("abc"))
	long := strings.Repeat("é", sim.MaxQuote+40)
	require.Equal(t, `"`+strings.Repeat("é", sim.MaxQuote)+`"…`, sim.Quote(long))
}
