package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestURLPasswordHidden: an http bot whose URL holds a password is POSTed
// to with it, and shown without it — as user:xxxxx@ — in the tables, the
// faults, the records, the trace and the page; no file and no output holds
// the password.
func TestURLPasswordHidden(t *testing.T) {
	var authorized, refused atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "user" || p != "s3cret" {
			refused.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		authorized.Add(1)
		w.WriteHeader(http.StatusTeapot) // every turn a fault, whose message names the URL
	}))
	defer srv.Close()
	spec := "http:url=" + strings.Replace(srv.URL, "http://", "http://user:s3cret@", 1) + "/tron,timeout=5s"
	shown := "http:url=" + strings.Replace(srv.URL, "http://", "http://user:xxxxx@", 1) + "/tron,timeout=5s"
	dir := t.TempDir()
	out, trace, page := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "p.html")

	var printed []string
	code, stdout, stderr := arena(t, "run", "tron/duel", "--bot", spec, "--bots", "straight", "--games", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "user:xxxxx@")
	require.Contains(t, stderr, shown+": 2 faults")
	printed = append(printed, stdout, stderr)
	code, stdout, stderr = arena(t, "play", "tron/duel", "--bot", spec, "--bot", "straight", "--out", filepath.Join(dir, "p.jsonl"), "--trace", trace)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "fault: seat 0 ("+shown+")")
	require.Contains(t, stdout, "user:xxxxx@127.0.0.1")
	printed = append(printed, stdout, stderr)
	code, stdout, stderr = arena(t, "rate", out)
	require.Equal(t, 0, code, stderr)
	printed = append(printed, stdout, stderr)
	code, stdout, stderr = arena(t, "report", out, "-o", page)
	require.Equal(t, 0, code, stderr)
	printed = append(printed, stdout, stderr)

	require.Positive(t, authorized.Load(), "the requests carry the password")
	require.Zero(t, refused.Load())
	for _, p := range printed {
		require.NotContains(t, p, "s3cret")
	}
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, files, 4)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		require.NoError(t, err)
		require.NotContains(t, string(b), "s3cret", f.Name())
		if f.Name() != "t.jsonl" { // a trace names no bot
			require.Contains(t, string(b), "user:xxxxx@", f.Name())
		}
	}
}

// TestLadderURLPasswordHidden: a ladder's batches and standings show an
// http bot's URL without its password; its registry keeps it, to play it.
func TestLadderURLPasswordHidden(t *testing.T) {
	var authorized atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); ok && u == "user" && p == "s3cret" {
			authorized.Add(1)
		}
		_, _ = w.Write([]byte(`{"play":"x+"}`))
	}))
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "ladder")
	spec := "http:url=" + strings.Replace(srv.URL, "http://", "http://user:s3cret@", 1) + "/"
	for _, args := range [][]string{
		{"init", dir, "--game", "tron", "--scenario", "tron/small", "--tables", "2"},
		{"add", dir, "web", spec},
		{"add", dir, "s", "straight"},
		{"play", dir, "--matches", "2", "-j", "1"},
	} {
		code, stdout, stderr := arena(t, append([]string{"ladder"}, args...)...)
		require.Equal(t, ExitOK, code, stderr)
		require.NotContains(t, stdout+stderr, "s3cret")
	}
	code, stdout, stderr := arena(t, "ladder", "show", dir, "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	require.NotContains(t, stdout+stderr, "s3cret")
	require.Contains(t, stdout, "user:xxxxx@")
	require.Positive(t, authorized.Load())
	batches := readBatches(t, dir)
	require.NotEmpty(t, batches)
	for name, b := range batches {
		require.NotContains(t, string(b), "s3cret", name)
		require.Contains(t, string(b), "user:xxxxx@", name)
	}
}
