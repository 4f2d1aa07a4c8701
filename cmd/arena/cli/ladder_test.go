package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newCoinLadder makes a ladder of five coin bots in a new folder, the
// last a new version of the third.
func newCoinLadder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ladder")
	code, _, errOut := arena(t, "ladder", "init", dir, "--game", "coin", "--tables", "8")
	require.Equal(t, ExitOK, code, errOut)
	for _, b := range [][]string{{"a", "coin:elo=0"}, {"b", "coin:elo=100"}, {"c", "coin:elo=200"}, {"d", "coin:elo=300"}, {"c2", "coin:elo=250", "--parent", "c"}} {
		code, _, errOut := arena(t, append([]string{"ladder", "add", dir}, b...)...)
		require.Equal(t, ExitOK, code, errOut)
	}
	return dir
}

func readBatches(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, ladderBatches, "*.jsonl"))
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		files[filepath.Base(p)] = data
	}
	return files
}

// TestLadderIsTheSameWhateverTheWorkersAndCrashes: the ledger is a pure
// function of the registry and the seed: -j 1 and -j 2 write the same
// bytes, and a batch cut anywhere (kill -9 mid-line) resumes to them.
func TestLadderIsTheSameWhateverTheWorkersAndCrashes(t *testing.T) {
	one, two := newCoinLadder(t), newCoinLadder(t)
	code, out, errOut := arena(t, "ladder", "play", one, "--matches", "48", "-j", "1")
	require.Equal(t, ExitOK, code, errOut)
	require.Contains(t, out, "c2")
	code, _, errOut = arena(t, "ladder", "play", two, "--matches", "32", "-j", "2")
	require.Equal(t, ExitOK, code, errOut)
	// The second batch killed mid-line: a header and part of its records.
	code, _, errOut = arena(t, "ladder", "play", two, "-j", "2")
	require.Equal(t, ExitOK, code, errOut)
	last := filepath.Join(two, ladderBatches, "000002.jsonl")
	data, err := os.ReadFile(last)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(last, data[:len(data)*2/3], 0o644))
	code, out2, errOut := arena(t, "ladder", "show", two)
	require.Equal(t, ExitOK, code, errOut)
	require.Contains(t, errOut, "batch 2 is begun")
	require.Contains(t, out2, "2 batches")
	code, _, errOut = arena(t, "ladder", "play", two, "-j", "2")
	require.Equal(t, ExitOK, code, errOut)
	a, b := readBatches(t, one), readBatches(t, two)
	require.Len(t, a, 3)
	require.Equal(t, a, b)
	// The batches are chosen from the ledger: not all alike.
	tables := func(data []byte) string {
		head, _, _ := bytes.Cut(data, []byte("\n"))
		_, after, _ := bytes.Cut(head, []byte(`"tables":`))
		return string(after)
	}
	require.NotEmpty(t, tables(a["000000.jsonl"]))
	require.NotEqual(t, tables(a["000000.jsonl"]), tables(a["000002.jsonl"]))
}

// TestLadderShardsMerge: the shards of a batch, merged by arena merge, are
// the batch played whole, and the next batch is planned from them.
func TestLadderShardsMerge(t *testing.T) {
	whole, sharded := newCoinLadder(t), newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", whole, "--matches", "32")
	require.Equal(t, ExitOK, code, errOut)
	code, _, errOut = arena(t, "ladder", "play", sharded)
	require.Equal(t, ExitOK, code, errOut)
	for _, k := range []string{"1/2", "2/2"} {
		code, _, errOut = arena(t, "ladder", "play", sharded, "--shard", k)
		require.Equal(t, ExitOK, code, errOut)
	}
	code, _, errOut = arena(t, "ladder", "play", sharded)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, errOut, "merge them first")
	b := filepath.Join(sharded, ladderBatches)
	shard2 := filepath.Join(b, "000001.shard-2-of-2.jsonl")
	full, err := os.ReadFile(shard2)
	require.NoError(t, err)
	// A shard missing, or cut short: one line, nothing written.
	require.NoError(t, os.Rename(shard2, shard2+".away"))
	code, _, errOut = arena(t, "ladder", "merge", sharded)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, errOut, "shard 2/2 is not there")
	require.NoError(t, os.Rename(shard2+".away", shard2))
	require.NoError(t, os.WriteFile(shard2, full[:bytes.LastIndexByte(full[:len(full)-1], '\n')+1], 0o644))
	code, _, errOut = arena(t, "ladder", "merge", sharded)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, errOut, shard2)
	require.NoFileExists(t, filepath.Join(b, "000001.jsonl"))
	code, _, errOut = arena(t, "ladder", "play", sharded, "--shard", "2/2") // resumes the shard
	require.Equal(t, ExitOK, code, errOut)
	code, out, errOut := arena(t, "ladder", "merge", sharded)
	require.Equal(t, ExitOK, code, errOut)
	require.Contains(t, errOut, "batch 1 is merged from its 2 shards")
	require.Contains(t, out, "2 batches")
	code, _, errOut = arena(t, "ladder", "merge", sharded)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, errOut, "no batch is waiting for its merge")
	w, s := readBatches(t, whole), readBatches(t, sharded)
	require.Equal(t, w["000001.jsonl"], s["000001.jsonl"])
	code, _, errOut = arena(t, "ladder", "play", whole)
	require.Equal(t, ExitOK, code, errOut)
	code, _, errOut = arena(t, "ladder", "play", sharded)
	require.Equal(t, ExitOK, code, errOut)
	require.Equal(t, readBatches(t, whole)["000002.jsonl"], readBatches(t, sharded)["000002.jsonl"])
}

// TestLadderBadInput: one line and exit 2, nothing written lost.
func TestLadderBadInput(t *testing.T) {
	dir := newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", dir, "--matches", "16")
	require.Equal(t, ExitOK, code, errOut)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"add", dir, "a", "coin:elo=5"}, `"a" is a bot of the ladder already`},
		{[]string{"add", dir, "z", "coin:elo=5", "--parent", "nobody"}, `"nobody" is not a bot`},
		{[]string{"add", dir, "z", "straight"}, `unknown bot "straight" for game coin`},
		{[]string{"add", dir, "z y", "coin"}, `is not a letter`},
		{[]string{"retire", dir, "nobody"}, `"nobody" is not a bot`},
		{[]string{"show", filepath.Join(dir, "none")}, "not a ladder"},
		{[]string{"frobnicate", dir}, "unknown subcommand"},
		{[]string{"play", dir, "--matches", "8", "--for", "1h"}, "give one of them"},
	} {
		code, _, errOut := arena(t, append([]string{"ladder"}, c.args...)...)
		require.Equal(t, ExitBadInput, code, "%v: %s", c.args, errOut)
		require.Contains(t, errOut, c.want, c.args)
		require.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	}
	// An edited record is named by file and line.
	path := filepath.Join(dir, ladderBatches, "000000.jsonl")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	lines[3] = bytes.Replace(lines[3], []byte(`"bots":["`), []byte(`"bots":["x`), 1)
	require.NoError(t, os.WriteFile(path, bytes.Join(lines, nil), 0o644))
	code, _, errOut = arena(t, "ladder", "show", dir)
	require.Equal(t, ExitBadInput, code, errOut)
	require.Contains(t, errOut, "000000.jsonl:4:")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	// A second writer is refused.
	lock, err := lockLadder(dir)
	require.NoError(t, err)
	defer lock.Close()
	code, _, errOut = arena(t, "ladder", "add", dir, "z", "coin")
	require.Equal(t, ExitBadInput, code, errOut)
	require.Contains(t, errOut, "another arena is playing or changing this ladder")
}

// TestLadderPlayFor: --for plays until it has passed, keeping what is
// finished; whatever the machine's speed, the ledger then holds a prefix
// of the one played by batches, and the next play completes it.
func TestLadderPlayFor(t *testing.T) {
	timed, counted := newCoinLadder(t), newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", timed, "--for", "1ns")
	require.Equal(t, ExitOK, code, errOut)
	code, _, errOut = arena(t, "ladder", "play", timed)
	require.Equal(t, ExitOK, code, errOut)
	code, _, errOut = arena(t, "ladder", "play", counted)
	require.Equal(t, ExitOK, code, errOut)
	require.Equal(t, readBatches(t, counted)["000000.jsonl"], readBatches(t, timed)["000000.jsonl"])
}

// TestLadderEditedResultIsFound: results flipped in batch 0 (each record
// still a valid match of its plan) make batch 1 not the batch its ledger
// plans, which is named by its file and line.
func TestLadderEditedResultIsFound(t *testing.T) {
	dir := newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", dir, "--matches", "96")
	require.Equal(t, ExitOK, code, errOut)
	path := filepath.Join(dir, ladderBatches, "000000.jsonl")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	// Bot a, the weakest, now wins every game of batch 0.
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i, l := range lines {
		switch {
		case bytes.Contains(l, []byte(`"bots":["a",`)):
			lines[i] = bytes.Replace(l, []byte(`"scores":[0,1],"places":[2,1]`), []byte(`"scores":[1,0],"places":[1,2]`), 1)
		case bytes.Contains(l, []byte(`"a"],"scores"`)):
			lines[i] = bytes.Replace(l, []byte(`"scores":[1,0],"places":[1,2]`), []byte(`"scores":[0,1],"places":[2,1]`), 1)
		}
	}
	edited := bytes.Join(lines, nil)
	require.NotEqual(t, data, edited)
	require.NoError(t, os.WriteFile(path, edited, 0o644))
	code, _, errOut = arena(t, "ladder", "show", dir)
	require.Equal(t, ExitBadInput, code, errOut)
	require.Regexp(t, `00000[1-5]\.jsonl:1: not the batch the ledger before it plans`, errOut)
}

// TestLadderServeState: the page loads nothing from the network, and its
// state has the standings, the last matches with their replay command and
// the next batch's tables.
func TestLadderServeState(t *testing.T) {
	dir := newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", dir, "--matches", "16")
	require.Equal(t, ExitOK, code, errOut)
	srv := httptest.NewServer(ladderHandler(dir))
	defer srv.Close()
	get := func(path string) string {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(body)
	}
	page := get("/")
	require.NotContains(t, page, "http:")
	require.NotContains(t, page, "https:")
	var st ladderState
	require.NoError(t, json.Unmarshal([]byte(get("/state.json")), &st))
	require.Equal(t, 1, st.Batches)
	require.Len(t, st.Bots, 5)
	require.Len(t, st.Recent, 16)
	require.Contains(t, st.Recent[0].Replay, "--match 15")
	require.Len(t, st.Next, 8)
	// The replay command replays it: the records name the bots, the batch keeps their specs.
	code, out, errOut := arena(t, strings.Fields(strings.TrimPrefix(st.Recent[0].Replay, "arena "))...)
	require.Equal(t, ExitOK, code, errOut)
	require.Contains(t, out, "matches match 15")
	// Its viewer: the page of play --html, the match played again.
	require.Equal(t, "replay?batch=0&match=15", st.Recent[0].Viewer)
	viewer := get("/" + st.Recent[0].Viewer)
	require.True(t, strings.HasPrefix(viewer, "<!DOCTYPE html>"), "not a page: %.80q", viewer)
	title := "<title>coin/duel: " + strings.Join(st.Recent[0].Bots, " vs ") + "</title>"
	require.True(t, strings.Contains(viewer, title) && strings.Contains(viewer, "Arena.Viewer"), "want the replay viewer of match 15, %s: %.300q", title, viewer)
	for _, bad := range []string{"/replay?batch=9&match=0", "/replay?batch=0&match=99", "/replay?batch=x&match=0"} {
		resp, err := http.Get(srv.URL + bad)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode, bad)
	}
}

// TestBrowserLadderPage: the live page, in headless Chromium, shows every
// bot of the standings and the next batch, from the server's state.
func TestBrowserLadderPage(t *testing.T) {
	chromium(t)
	dir := newCoinLadder(t)
	code, _, errOut := arena(t, "ladder", "play", dir, "--matches", "32")
	require.Equal(t, ExitOK, code, errOut)
	srv := httptest.NewServer(ladderHandler(dir))
	defer srv.Close()
	dom := browseURL(t, srv.URL+"/", "ladder")
	for _, bot := range []string{">a<", ">b<", ">c<", ">d<", ">c2<"} {
		require.Contains(t, dom, bot)
	}
	require.Contains(t, dom, "2 batches")
	require.Contains(t, dom, "arena play --from")
	require.Contains(t, dom, `href="replay?batch=1&amp;match=`)
}

// TestLadderOneSidedIntervals: a bot that won every game has an interval
// open above; show keeps its lower end, in the table, the JSON and the
// difference to its parent.
func TestLadderOneSidedIntervals(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ladder")
	code, _, errOut := arena(t, "ladder", "init", dir, "--game", "coin", "--tables", "8")
	require.Equal(t, ExitOK, code, errOut)
	for _, b := range [][]string{{"a", "coin:elo=0"}, {"b", "coin:elo=50"}, {"top", "coin:elo=2000", "--parent", "a"}} {
		code, _, errOut := arena(t, append([]string{"ladder", "add", dir}, b...)...)
		require.Equal(t, ExitOK, code, errOut)
	}
	code, _, errOut = arena(t, "ladder", "play", dir, "--matches", "32")
	require.Equal(t, ExitOK, code, errOut)
	code, out, errOut := arena(t, "ladder", "show", dir, "--format", "json")
	require.Equal(t, ExitOK, code, errOut)
	var show struct {
		Bots []ladderRow `json:"bots"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &show))
	top := show.Bots[0]
	require.Equal(t, "top", top.Bot)
	require.NotNil(t, top.EloLo, "the lower end of an interval open above")
	require.Nil(t, top.EloHi)
	require.NotNil(t, top.VsLo, "the lower end of the difference to the parent")
	code, out, errOut = arena(t, "ladder", "show", dir)
	require.Equal(t, ExitOK, code, errOut)
	line := regexp.MustCompile(`(?m)^.*\btop\b.*$`).FindString(out)
	assert.Regexp(t, `│ ≥ [+-]\d+ +│.*│ [+-]\d+ ≥ [+-]\d+ +│`, line)
}
