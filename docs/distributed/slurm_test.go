package distributed

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

const slurmSetupFile = "slurm-single-node.sh"

// TestSlurmArrayOnARealCluster runs slurm-array.sh, unchanged, on a real
// Slurm: the one-node cluster that slurm-single-node.sh starts on this
// machine. It submits the array and the merge from a directory standing
// for the shared filesystem, waits for both, and checks that the merged
// records and the standings in logs/arena-merge.out are byte-identical to
// the same tournament run in one process.
//
// It runs only on that cluster (never submitting to another one), and skips
// with one line where it is not up: CI (.ci/run) starts it first, as root;
// by hand, `bash docs/distributed/slurm-single-node.sh start` as root, or
// ARENA_SLURM=1 to let the test start it (and stop it after). Under -short
// it skips.
func TestSlurmArrayOnARealCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not running slurm-array.sh on a real Slurm")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	setup, _ := filepath.Abs(slurmSetupFile)
	script, _ := filepath.Abs(slurmFile)
	if exec.Command(bash, setup, "status").Run() != nil {
		if os.Getenv("ARENA_SLURM") != "1" {
			t.Skipf("no single-node Slurm from %s is up here: `bash docs/distributed/%[1]s start` as root, or ARENA_SLURM=1, runs this test", slurmSetupFile)
		}
		if out, err := exec.Command(bash, setup, "start").CombinedOutput(); err != nil {
			t.Skipf("ARENA_SLURM=1 but %s start failed: %s", slurmSetupFile, firstLine(out, err.Error()))
		}
		t.Cleanup(func() {
			if out, err := exec.Command(bash, setup, "stop").CombinedOutput(); err != nil {
				t.Errorf("%s stop: %v\n%s", slurmSetupFile, err, out)
			}
		})
	}

	// The one binary every task runs, on "the shared filesystem": on one
	// node, any directory.
	dir := t.TempDir()
	arena := filepath.Join(dir, "arena")
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || len(bytes.TrimSpace(gomod)) == 0 {
		t.Fatalf("go env GOMOD: %v %s", err, gomod)
	}
	build := exec.Command("go", "build", "-o", arena, "./cmd/arena")
	build.Dir = filepath.Dir(string(bytes.TrimSpace(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/arena: %v\n%s", err, out)
	}

	// Submit, as the doc says: bash slurm-array.sh, from the run's directory.
	work := filepath.Join(dir, "cluster")
	results := filepath.Join(work, "results")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	submit := exec.Command(bash, script)
	submit.Dir = work
	// Not as a job of another Slurm, nor with another's sbatch defaults.
	submit.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "SLURM_") || strings.HasPrefix(kv, "SBATCH_")
	})
	submit.Env = append(submit.Env, "ARENA="+arena, "RESULTS="+results)
	out, err := submit.CombinedOutput()
	if err != nil {
		t.Fatalf("bash %s: %v\n%s", slurmFile, err, out)
	}
	m := regexp.MustCompile(`array job (\d+), merge job (\d+)`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("bash %s printed no job ids:\n%s", slurmFile, out)
	}
	jobs := m[1:]
	t.Cleanup(func() { _ = exec.Command("scancel", jobs...).Run() }) // before TempDir's removal

	// Meanwhile, the same tournament in one process: the script's flags
	// but the shard's, its file, --resume and -j.
	flags := tournament(slurmRecipe(t))
	oneJSONL := filepath.Join(dir, "one.jsonl")
	oneRun, err := exec.Command(arena, append(append([]string{"run"}, flags...), "--out", oneJSONL)...).Output()
	if err != nil {
		t.Fatalf("arena run %s: %v", strings.Join(flags, " "), err)
	}
	oneRate, err := exec.Command(arena, "rate", oneJSONL).Output()
	if err != nil {
		t.Fatalf("arena rate one.jsonl: %v", err)
	}

	// Wait for the array and the merge to end. The deadline is only a safety
	// net against a stuck cluster (the run takes seconds), before go test's
	// own, so that the jobs are cancelled and the logs shown.
	start := time.Now()
	deadline := start.Add(10 * time.Minute)
	if d, ok := t.Deadline(); ok && d.Add(-30*time.Second).Before(deadline) {
		deadline = d.Add(-30 * time.Second)
	}
	var states map[string]string
	for ; ; time.Sleep(time.Second) {
		var done bool
		states, done = slurmStates(t, jobs)
		if done {
			break
		}
		if time.Now().After(deadline) {
			q, _ := exec.Command("squeue").CombinedOutput()
			t.Fatalf("after %v, jobs %v are still %v\n%s%s", time.Since(start).Round(time.Second), jobs, states, q, slurmLogs(work))
		}
	}
	for _, task := range slices.Sorted(maps.Keys(states)) {
		if state := states[task]; state != "COMPLETED" {
			t.Fatalf("job %s ended %s (all: %v)\n%s", task, state, states, slurmLogs(work))
		}
	}
	if len(states) != 9 {
		t.Errorf("want 8 array tasks and the merge, got %v", states)
	}

	all, err := os.ReadFile(filepath.Join(results, "all.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	one, err := os.ReadFile(oneJSONL)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(all, one) {
		t.Errorf("results/all.jsonl (%d bytes) differs from the single run's records (%d bytes)", len(all), len(one))
	}
	standings, err := os.ReadFile(filepath.Join(work, "logs", "arena-merge.out"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(standings, oneRate) {
		t.Errorf("logs/arena-merge.out:\n%s\nwant arena rate one.jsonl's:\n%s", standings, oneRate)
	}
	if !bytes.Equal(oneRate, oneRun) {
		t.Errorf("arena rate one.jsonl printed:\n%s\nthe run itself:\n%s", oneRate, oneRun)
	}
}

// terminal lists the states of a job that has ended.
var terminal = []string{"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED",
	"BOOT_FAIL", "DEADLINE", "OUT_OF_MEMORY"}

// slurmStates returns the state of every task of jobs (job or job_task),
// and whether they have all ended. The cluster keeps ended jobs an hour
// (MinJobAge in slurm-single-node.sh): no accounting database, no sacct.
func slurmStates(t *testing.T, jobs []string) (map[string]string, bool) {
	t.Helper()
	states := map[string]string{}
	done := true
	for _, id := range jobs {
		out, err := exec.Command("scontrol", "-o", "show", "job", id).CombinedOutput()
		if err != nil {
			t.Fatalf("scontrol show job %s: %v\n%s", id, err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := map[string]string{}
			for _, w := range strings.Fields(line) {
				if k, v, ok := strings.Cut(w, "="); ok {
					f[k] = v
				}
			}
			name := f["JobId"]
			if task := f["ArrayTaskId"]; task != "" {
				name = f["ArrayJobId"] + "_" + task
			}
			states[name] = f["JobState"]
			done = done && slices.Contains(terminal, f["JobState"])
		}
	}
	return states, done
}

// slurmLogs returns the jobs' logs, for a failure's message.
func slurmLogs(work string) string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(work, "logs", "*.out"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		b.WriteString("--- " + filepath.Base(f) + ":\n" + string(data))
	}
	return b.String()
}

// firstLine returns the first line of out, or alt when out is empty.
func firstLine(out []byte, alt string) string {
	if line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n"); line != "" {
		return line
	}
	return alt
}
