// Package goldentest checks an engine's golden traces in its tests: every
// folder of testdata/golden, replayed on today's engine.
package goldentest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/arenasim/arena/golden"
)

// Check checks the golden files of each folder under dir (testdata/golden:
// one folder per scenario) and fails t with the first divergent turn and
// its fields for each match that differs; with update, it rewrites them
// from today's engine instead (go test -update).
func Check(t *testing.T, dir string, lookup golden.Lookup, update bool) {
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
			if update {
				if err := golden.Update(context.Background(), m, lookup); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: updated", path)
				continue
			}
			msg := path + ":"
			switch {
			case r.Turn >= 0:
				msg += " differs from turn " + strconv.Itoa(r.Turn)
			case r.Misfit != "":
				msg += " does not replay: " + r.Misfit
			}
			if r.Rules != "" {
				msg += " (rules hash " + r.Rules + ")"
			}
			for i, line := range r.Diff {
				if i == 12 {
					msg += "\n  …"
					break
				}
				msg += "\n  " + line
			}
			t.Errorf("%s\n(go test -update rewrites the golden files after an intended change)", msg)
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no golden file", dir)
	}
}
