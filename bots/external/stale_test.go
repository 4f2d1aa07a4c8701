//go:build linux

package external

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSweepStaleSandboxes: the folders and cgroups of sandboxes whose
// arena is gone (killed with kill -9, say) are removed by the next arena's
// sweep — an owner whose pid is no process, or a process of that pid that
// started at another time; those of a live arena (this test's), of another
// PID namespace, or without an owner in their name are left.
func TestSweepStaleSandboxes(t *testing.T) {
	self, ok := selfOwner()
	require.True(t, ok, "/proc says who this process is")
	exited := exec.Command("true")
	require.NoError(t, exited.Run())
	dead := owner{exited.ProcessState.Pid(), 1, self.pidNS} // its pid, if taken again, started at another time
	earlier := owner{self.pid, self.start + 1, self.pidNS}  // this pid, another process
	otherNS := owner{self.pid, self.start + 1, self.pidNS + 1}

	tmp := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(tmp, name)
		require.NoError(t, os.MkdirAll(filepath.Join(p, "sub"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(p, "sub", "file"), []byte("x"), 0o644))
		return p
	}
	stale := []string{mk("arena-bot-" + dead.String() + "-1234"), mk("arena-bot-" + earlier.String() + "-5678")}
	kept := []string{mk("arena-bot-" + self.String() + "-42"), mk("arena-bot-" + otherNS.String() + "-7"), mk("arena-bot-123456"), mk("other-" + dead.String() + "-1")}
	notADir := filepath.Join(tmp, "arena-bot-"+dead.String()+"-file")
	require.NoError(t, os.WriteFile(notADir, nil, 0o644))
	kept = append(kept, notADir)

	removed := sweepStale(self, tmp, nil)
	require.ElementsMatch(t, stale, removed)
	for _, p := range stale {
		require.NoDirExists(t, p)
	}
	for _, p := range kept {
		_, err := os.Stat(p)
		require.NoError(t, err, "kept: %s", p)
	}

	t.Run("cgroups", func(t *testing.T) {
		ab := probe()
		if ab.cgroups == nil {
			t.Skip("no cgroups to make here: " + ab.cgroupWhy)
		}
		var staleCg, liveCg []string
		for _, parent := range []string{ab.cgroups.v2, ab.cgroups.memory, ab.cgroups.pids} {
			if parent == "" {
				continue
			}
			s, l := filepath.Join(parent, "arena-"+earlier.String()+"-1"), filepath.Join(parent, "arena-"+self.String()+"-test")
			require.NoError(t, os.Mkdir(s, 0o755))
			require.NoError(t, os.Mkdir(l, 0o755))
			t.Cleanup(func() { _ = os.Remove(s); _ = os.Remove(l) })
			staleCg, liveCg = append(staleCg, s), append(liveCg, l)
		}
		removed := sweepStale(self, t.TempDir(), []string{ab.cgroups.v2, ab.cgroups.memory, ab.cgroups.pids})
		require.ElementsMatch(t, staleCg, removed)
		for _, p := range liveCg {
			require.DirExists(t, p, "a live arena's cgroup stays")
		}
	})
}
