package distributed

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	t.Parallel() // the tests wait for the cluster most of the time
	bash, arena, dir := slurmCluster(t)
	script, _ := filepath.Abs(slurmFile)

	// Submit, as the doc says: bash slurm-array.sh, from the run's directory.
	work := filepath.Join(dir, "cluster")
	results := filepath.Join(work, "results")
	jobs := slurmSubmit(t, bash, []string{script}, work, `array job (\d+), merge job (\d+)`, "ARENA="+arena, "RESULTS="+results)

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

	if states := slurmWait(t, jobs, work); len(states) != 9 {
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

// TestSlurmLadderOnARealCluster runs slurm-ladder.sh, unchanged, on the
// one-node Slurm: two batches of a coin ladder, each an array of shards
// and a merge after it, the second planned from the first's merged
// ledger. The batches' files and the standings must be byte-identical to
// the same ladder played on one machine.
func TestSlurmLadderOnARealCluster(t *testing.T) {
	t.Parallel()
	bash, arena, dir := slurmCluster(t)
	script, _ := filepath.Abs(slurmLadderFile)
	tasks := slurmArray(t, slurmLadderFile)
	work := filepath.Join(dir, "cluster")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	shared, alone := filepath.Join(work, "ladder"), filepath.Join(dir, "alone")
	for _, l := range []string{shared, alone} {
		run(t, arena, "ladder", "init", l, "--game", "coin", "--tables", strconv.Itoa(2*tasks))
		for _, b := range [][]string{{"a", "coin:elo=0"}, {"b", "coin:elo=100"}, {"c", "coin:elo=200"}, {"c2", "coin:elo=250", "--parent", "c"}} {
			run(t, arena, append([]string{"ladder", "add", l}, b...)...)
		}
	}
	const batches = 2
	jobs := slurmSubmit(t, bash, []string{script, strconv.Itoa(batches)}, work, `ladder jobs ([\d ]+):`, "ARENA="+arena, "LADDER="+shared)
	jobs = strings.Fields(jobs[0])
	for range batches {
		run(t, arena, "ladder", "play", alone)
	}
	if states := slurmWait(t, jobs, work); len(states) != batches*(tasks+1) {
		t.Errorf("want %d batches of %d array tasks and a merge, got %v", batches, tasks, states)
	}
	for b := range batches { // batch 0 is the first
		name := filepath.Join("batches", fmt.Sprintf("%06d.jsonl", b))
		got, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Fatalf("%v\n%s", err, slurmLogs(work))
		}
		if want, _ := os.ReadFile(filepath.Join(alone, name)); !bytes.Equal(got, want) {
			t.Errorf("%s (%d bytes) differs from the batch played on one machine (%d bytes)", name, len(got), len(want))
		}
	}
	show := run(t, arena, "ladder", "show", alone)
	logged, err := os.ReadFile(filepath.Join(work, "logs", "arena-ladder-merge.out"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(logged, show) {
		t.Errorf("logs/arena-ladder-merge.out ends:\n%s\nwant arena ladder show's standings:\n%s", logged, show)
	}
}

// slurmCluster skips unless the one-node Slurm of slurm-single-node.sh is
// up (or ARENA_SLURM=1 may start it), and returns bash, the arena binary
// every task runs, built into a directory standing for the shared
// filesystem (on one node, any directory), and that directory.
func slurmCluster(t *testing.T) (bash, arena, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: not running a Slurm recipe on a real Slurm")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	setup, _ := filepath.Abs(slurmSetupFile)
	slurmOnce.Do(func() {
		if exec.Command(bash, setup, "status").Run() == nil {
			return
		}
		if os.Getenv("ARENA_SLURM") != "1" {
			slurmSkip = fmt.Sprintf("no single-node Slurm from %s is up here: `bash docs/distributed/%[1]s start` as root, or ARENA_SLURM=1, runs this test", slurmSetupFile)
			return
		}
		if out, err := exec.Command(bash, setup, "start").CombinedOutput(); err != nil {
			slurmSkip = fmt.Sprintf("ARENA_SLURM=1 but %s start failed: %s", slurmSetupFile, firstLine(out, err.Error()))
			return
		}
		slurmStarted = true
	})
	if slurmSkip != "" {
		t.Skip(slurmSkip)
	}
	dir = t.TempDir()
	arena = filepath.Join(dir, "arena")
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || len(bytes.TrimSpace(gomod)) == 0 {
		t.Fatalf("go env GOMOD: %v %s", err, gomod)
	}
	build := exec.Command("go", "build", "-o", arena, "./cmd/arena")
	build.Dir = filepath.Dir(string(bytes.TrimSpace(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/arena: %v\n%s", err, out)
	}
	return bash, arena, dir
}

// The cluster is started at most once by the tests (ARENA_SLURM=1), and
// stopped by TestMain after them.
var (
	slurmOnce    sync.Once
	slurmSkip    string
	slurmStarted bool
)

func TestMain(m *testing.M) {
	code := m.Run()
	if slurmStarted {
		setup, _ := filepath.Abs(slurmSetupFile)
		if out, err := exec.Command("bash", setup, "stop").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "%s stop: %v\n%s", slurmSetupFile, err, out)
			code = 1
		}
	}
	os.Exit(code)
}

// slurmSubmit runs the recipe as its doc says (bash SCRIPT [ARGS], from
// the work directory, with env added), and returns the job ids its line matching
// jobsLine prints; the jobs are cancelled at the test's end.
func slurmSubmit(t *testing.T, bash string, argv []string, work, jobsLine string, env ...string) []string {
	t.Helper()
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	script := argv[0]
	submit := exec.Command(bash, argv...)
	submit.Dir = work
	// Not as a job of another Slurm, nor with another's sbatch defaults.
	submit.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "SLURM_") || strings.HasPrefix(kv, "SBATCH_")
	})
	submit.Env = append(submit.Env, env...)
	out, err := submit.CombinedOutput()
	if err != nil {
		t.Fatalf("bash %s: %v\n%s", filepath.Base(script), err, out)
	}
	m := regexp.MustCompile(jobsLine).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("bash %s printed no job ids:\n%s", filepath.Base(script), out)
	}
	jobs := m[1:]
	t.Cleanup(func() { _ = exec.Command("scancel", strings.Fields(strings.Join(jobs, " "))...).Run() }) // before TempDir's removal
	return jobs
}

// slurmWait waits for the jobs to end, fails the test unless every task
// completed, and returns their states. The deadline is only a safety net
// against a stuck cluster (the recipes take seconds), before go test's
// own, so that the jobs are cancelled and the logs shown.
func slurmWait(t *testing.T, jobs []string, work string) map[string]string {
	t.Helper()
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
	return states
}

// run runs arena with args, failing the test on an error, and returns its
// standard output.
func run(t *testing.T, arena string, args ...string) []byte {
	t.Helper()
	out, err := exec.Command(arena, args...).Output()
	if err != nil {
		var stderr []byte
		if e, ok := err.(*exec.ExitError); ok {
			stderr = e.Stderr
		}
		t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return out
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
