// Package goldentest checks an engine's golden traces in its tests: every
// folder of testdata/golden, replayed on today's engine.
package goldentest

import (
	"context"
	"flag"
	"github.com/arenasim/arena/sim/simtest"
	"os"
	"path/filepath"
	"testing"

	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/sim"
)

// update is go test -update, in the tests of the packages that import
// goldentest: rewrite the golden traces from today's engine.
var update = flag.Bool("update", false, "rewrite the golden traces of testdata/golden from today's engine")

// Check checks the golden files of each folder under dir (testdata/golden:
// one folder per scenario), finding their games with lookup (the registry's
// scenarios.Game), replaying their recorded actions on today's
// engine — no bot plays, so only a change of the rules moves them — and
// fails t with the first divergent turn and its fields for each match that
// differs; with go test -update, it rewrites them from today's engine
// instead (docs/rule-changes.md).
func Check(t *testing.T, dir string, lookup golden.Lookup) {
	t.Helper()
	folders, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	checked := 0
	for _, f := range folders {
		if !f.IsDir() {
			continue
		}
		files, err := golden.Files(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			m, err := golden.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := golden.Check(m, lookup)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			if !r.Differs() {
				continue
			}
			if *update {
				if err := golden.Update(context.Background(), m, lookup); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: updated", path)
				continue
			}
			msg := path + ": " + r.Describe()
			t.Errorf("%s(go test -update rewrites the golden files after an intended change)", msg)
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no golden file", dir)
	}
}

// StateEngine is an engine that writes, hashes and reads back its states.
type StateEngine[S any] interface {
	AppendState(dst []byte, s *S) []byte
	Hash(s *S) uint64
	sim.StateParser[S]
}

// CheckStates reads back every state of the golden traces under dir
// (testdata/golden) with the engine that newEngine configures from a
// golden header's seats and parameters, and checks that each has the
// recorded hash and writes the recorded JSON again.
func CheckStates[S any, E StateEngine[S]](t *testing.T, dir string, newEngine func(seats int, p sim.Params) (E, error)) {
	t.Helper()
	simtest.OneGoroutine(t)
	paths, err := filepath.Glob(filepath.Join(dir, "*", "match-*.jsonl*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("%s: no golden file (%v)", dir, err)
	}
	for _, path := range paths {
		m, err := golden.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		e, err := newEngine(m.Header.Seats, m.Header.Params)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var buf []byte
		for _, l := range m.Lines {
			s := new(S)
			if err := e.ParseState(l.State, s); err != nil {
				t.Fatalf("%s: turn %d: %v", path, l.Turn, err)
			}
			if h := sim.FormatHash(e.Hash(s)); h != l.Hash {
				t.Fatalf("%s: turn %d: the state read back hashes to %s, not %s", path, l.Turn, h, l.Hash)
			}
			if buf = e.AppendState(buf[:0], s); string(buf) != string(l.State) {
				t.Fatalf("%s: turn %d: the state read back writes\n%s\nnot\n%s", path, l.Turn, buf, l.State)
			}
		}
	}
}
