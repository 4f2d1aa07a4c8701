// Package distributed holds no code: its test checks that the manifests and
// scripts shipped with docs/distributed.md agree with themselves (the shard
// count N said in two or three places), with each other (every recipe plays
// the same tournament) and with arena (the scenario and bots exist);
// slurm_test.go runs the Slurm recipe on a real one-node Slurm.
//
// The shard flags checked here are --shard K/N, --shard-from-env,
// --shard-count N and --resume; grep this file for them when one is renamed.
package distributed

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/arenasim/arena/scenarios"
)

// The shipped files, relative to this directory.
const (
	k8sJobFile      = "k8s-indexed-job.yaml"
	k8sMergeFile    = "k8s-merge-job.yaml"
	k8sLadderFile   = "k8s-ladder-batch.yaml"
	k8sLadderMerge  = "k8s-ladder-merge.yaml"
	slurmFile       = "slurm-array.sh"
	slurmLadderFile = "slurm-ladder.sh"
	parallelFile    = "gnu-parallel.sh"
	actionsFile     = "github-actions.yml"
	docFile         = "../distributed.md"
)

// ---- Kubernetes ----

type k8sObject struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
}

type job struct {
	k8sObject `yaml:",inline"`
	Spec      struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          *int   `yaml:"completions"`
		Parallelism          *int   `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type podSpec struct {
	RestartPolicy  string      `yaml:"restartPolicy"`
	InitContainers []container `yaml:"initContainers"`
	Containers     []container `yaml:"containers"`
	Volumes        []struct {
		Name                  string `yaml:"name"`
		PersistentVolumeClaim *struct {
			ClaimName string `yaml:"claimName"`
		} `yaml:"persistentVolumeClaim"`
	} `yaml:"volumes"`
}

type container struct {
	Name         string   `yaml:"name"`
	Image        string   `yaml:"image"`
	Command      []string `yaml:"command"`
	Args         []string `yaml:"args"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
	} `yaml:"volumeMounts"`
}

func (c container) argv() []string { return append(slices.Clone(c.Command), c.Args...) }

type claim struct {
	k8sObject `yaml:",inline"`
	Spec      struct {
		AccessModes []string `yaml:"accessModes"`
	} `yaml:"spec"`
}

// claimOf returns the claim that c mounts over file, or "".
func (p *podSpec) claimOf(c container, file string) string {
	for _, m := range c.VolumeMounts {
		if !strings.HasPrefix(file, strings.TrimSuffix(m.MountPath, "/")+"/") {
			continue
		}
		for _, v := range p.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil {
				return v.PersistentVolumeClaim.ClaimName
			}
		}
	}
	return ""
}

// readK8s decodes every document of a manifest file into jobs and claims.
func readK8s(t *testing.T, name string) (jobs []job, claims []claim) {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(readFile(t, name)))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			return jobs, claims
		} else if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var obj k8sObject
		if err := doc.Decode(&obj); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch obj.Kind {
		case "Job":
			var j job
			if err := doc.Decode(&j); err != nil {
				t.Fatalf("%s: job %s: %v", name, obj.Metadata.Name, err)
			}
			jobs = append(jobs, j)
		case "PersistentVolumeClaim":
			var c claim
			if err := doc.Decode(&c); err != nil {
				t.Fatalf("%s: claim %s: %v", name, obj.Metadata.Name, err)
			}
			claims = append(claims, c)
		default:
			t.Errorf("%s: unexpected kind %q", name, obj.Kind)
		}
	}
}

// k8sRecipe checks the Indexed Job and its merge Job, and returns the
// arguments of the shards' arena run.
func k8sRecipe(t *testing.T) []string {
	jobs, claims := readK8s(t, k8sJobFile)
	if len(jobs) != 1 {
		t.Fatalf("%s: want one Job, got %d", k8sJobFile, len(jobs))
	}
	j := jobs[0]
	where := k8sJobFile + ": job " + j.Metadata.Name
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		t.Errorf("%s: apiVersion %q, kind %q, want batch/v1 Job", where, j.APIVersion, j.Kind)
	}
	if j.Spec.CompletionMode != "Indexed" {
		t.Errorf("%s: completionMode %q, want Indexed", where, j.Spec.CompletionMode)
	}
	if j.Spec.Completions == nil || *j.Spec.Completions < 1 {
		t.Fatalf("%s: completions must be set, at least 1", where)
	}
	n := *j.Spec.Completions
	if p := j.Spec.Parallelism; p == nil || *p < 1 || *p > n {
		t.Errorf("%s: parallelism must be set, from 1 to completions (%d)", where, n)
	}
	if b := j.Spec.BackoffLimitPerIndex; b == nil || *b < 1 {
		t.Errorf("%s: backoffLimitPerIndex must be at least 1, so that a failed shard is retried (and resumed)", where)
	}
	pod := j.Spec.Template.Spec
	if pod.RestartPolicy != "Never" {
		t.Errorf("%s: restartPolicy %q: backoffLimitPerIndex needs Never", where, pod.RestartPolicy)
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("%s: want one container, got %d", where, len(pod.Containers))
	}
	c := pod.Containers[0]
	args, ok := arenaArgs(c.argv(), "run")
	if !ok {
		t.Fatalf("%s: container %s does not run `arena run`: %q", where, c.Name, c.argv())
	}
	if !hasFlag(args, "--shard-from-env") {
		t.Errorf("%s: arena run lacks --shard-from-env", where)
	}
	if _, ok := flagValue(args, "--shard"); ok {
		t.Errorf("%s: arena run has --shard: every pod would play the same shard", where)
	}
	if v, _ := flagValue(args, "--shard-count"); v != strconv.Itoa(n) {
		t.Errorf("%s: --shard-count %q, want completions, %d", where, v, n)
	}
	if !hasFlag(args, "--resume") {
		t.Errorf("%s: arena run lacks --resume: a retried pod would start its shard over", where)
	}
	out, _ := flagValue(args, "--out")
	const index = "$(JOB_COMPLETION_INDEX)"
	if !strings.Contains(out, index) {
		t.Errorf("%s: --out %q does not hold %s: the pods would write one file", where, out, index)
	}
	claimName := pod.claimOf(c, out)
	if claimName == "" {
		t.Errorf("%s: --out %q is not on a volume mounted from a PersistentVolumeClaim", where, out)
	}
	if i := slices.IndexFunc(claims, func(c claim) bool { return c.Metadata.Name == claimName }); i < 0 {
		t.Errorf("%s: claim %q is not in the file", where, claimName)
	} else if !slices.Contains(claims[i].Spec.AccessModes, "ReadWriteMany") {
		t.Errorf("%s: claim %q is not ReadWriteMany: the pods may run on different nodes", where, claimName)
	}

	// The merge Job reads the N files the pods wrote, from the same claim,
	// and rates what it wrote.
	var want []string
	for i := range n {
		want = append(want, strings.ReplaceAll(out, index, strconv.Itoa(i)))
	}
	mjobs, mclaims := readK8s(t, k8sMergeFile)
	if len(mjobs) != 1 || len(mclaims) != 0 {
		t.Fatalf("%s: want one Job and nothing else", k8sMergeFile)
	}
	m := mjobs[0]
	mwhere := k8sMergeFile + ": job " + m.Metadata.Name
	if m.Spec.CompletionMode == "Indexed" {
		t.Errorf("%s: the merge is one pod, not an Indexed Job", mwhere)
	}
	mpod := m.Spec.Template.Spec
	var merged string
	rated := false
	images := map[string]bool{c.Image: true}
	// Init containers run first, in order, then the containers.
	for _, mc := range append(slices.Clone(mpod.InitContainers), mpod.Containers...) {
		images[mc.Image] = true
		if margs, ok := arenaArgs(mc.argv(), "merge"); ok {
			if files := positional(margs); !slices.Equal(files, want) {
				t.Errorf("%s: merges %q, want the %d files of completion indexes 0..%d: %q", mwhere, files, n, n-1, want)
			}
			merged, _ = flagValue(margs, "--out")
			for _, f := range append(slices.Clone(want), merged) {
				if got := mpod.claimOf(mc, f); got != claimName {
					t.Errorf("%s: %s is not on claim %q", mwhere, f, claimName)
				}
			}
		}
		if rargs, ok := arenaArgs(mc.argv(), "rate"); ok {
			rated = merged != "" && slices.Equal(positional(rargs), []string{merged})
		}
	}
	if merged == "" {
		t.Errorf("%s: no container runs `arena merge … --out FILE`", mwhere)
	} else if !rated {
		t.Errorf("%s: no container after the merge runs `arena rate %s`", mwhere, merged)
	}
	if len(images) != 1 {
		t.Errorf("%s and %s: the shards and the merge must run one image, not %d", k8sJobFile, k8sMergeFile, len(images))
	}
	return args
}

// TestK8sLadderRecipe checks the ladder's Kubernetes variant: each pod
// plays its own shard of the batch on the claim of the tournament recipe,
// completions is --shard-count, and the merge Job folds the same ladder.
func TestK8sLadderRecipe(t *testing.T) {
	jobs, claims := readK8s(t, k8sLadderFile)
	if len(jobs) != 1 || len(claims) != 0 {
		t.Fatalf("%s: want one Job and nothing else", k8sLadderFile)
	}
	j := jobs[0]
	if j.Spec.CompletionMode != "Indexed" || j.Spec.Completions == nil || j.Spec.BackoffLimitPerIndex == nil {
		t.Fatalf("%s: want an Indexed Job with completions and backoffLimitPerIndex", k8sLadderFile)
	}
	pod := j.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%s: want one container", k8sLadderFile)
	}
	c := pod.Containers[0]
	args, ok := arenaArgs(c.argv(), "ladder")
	if !ok || len(args) < 2 || args[0] != "play" {
		t.Fatalf("%s: the container does not run `arena ladder play DIR`: %q", k8sLadderFile, c.argv())
	}
	dir := args[1]
	if !hasFlag(args, "--shard-from-env") {
		t.Errorf("%s: ladder play lacks --shard-from-env", k8sLadderFile)
	}
	if v, _ := flagValue(args, "--shard-count"); v != strconv.Itoa(*j.Spec.Completions) {
		t.Errorf("%s: --shard-count %q, want completions, %d", k8sLadderFile, v, *j.Spec.Completions)
	}
	_, tclaims := readK8s(t, k8sJobFile)
	claimName := pod.claimOf(c, dir+"/ladder.json")
	if len(tclaims) != 1 || claimName != tclaims[0].Metadata.Name {
		t.Errorf("%s: %s is not on the claim of %s", k8sLadderFile, dir, k8sJobFile)
	}
	mjobs, _ := readK8s(t, k8sLadderMerge)
	if len(mjobs) != 1 || len(mjobs[0].Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%s: want one Job of one container", k8sLadderMerge)
	}
	mpod := mjobs[0].Spec.Template.Spec
	mc := mpod.Containers[0]
	if margs, ok := arenaArgs(mc.argv(), "ladder"); !ok || !slices.Equal(margs, []string{"merge", dir}) {
		t.Errorf("%s: runs %q, want arena ladder merge %s", k8sLadderMerge, mc.argv(), dir)
	}
	if got := mpod.claimOf(mc, dir+"/ladder.json"); got != claimName {
		t.Errorf("%s: %s is on claim %q, the batch's on %q", k8sLadderMerge, dir, got, claimName)
	}
	if mc.Image != c.Image {
		t.Errorf("%s and %s: one image, not %s and %s", k8sLadderFile, k8sLadderMerge, c.Image, mc.Image)
	}
}

// ---- Slurm ----

var sbatchArray = regexp.MustCompile(`(?m)^#SBATCH\s+--array[= ](\d+)-(\d+)(%\d+)?\s*$`)

// slurmRange returns the range of a script's one #SBATCH --array line.
func slurmRange(t *testing.T, file string) (lo, hi int) {
	t.Helper()
	arrays := sbatchArray.FindAllStringSubmatch(string(readFile(t, file)), -1)
	if len(arrays) != 1 {
		t.Fatalf("%s: want one `#SBATCH --array=LO-HI[%%P]` line, got %d", file, len(arrays))
	}
	lo, _ = strconv.Atoi(arrays[0][1])
	hi, _ = strconv.Atoi(arrays[0][2])
	if lo > hi {
		t.Fatalf("%s: empty array %d-%d", file, lo, hi)
	}
	return lo, hi
}

// slurmArray returns the number of tasks of a script's array.
func slurmArray(t *testing.T, file string) int {
	lo, hi := slurmRange(t, file)
	return hi - lo + 1
}

func slurmRecipe(t *testing.T) []string {
	text := string(readFile(t, slurmFile))
	lo, hi := slurmRange(t, slurmFile)
	lines := logicalLines(text)
	args := onlyCommand(t, slurmFile, lines, "run")
	if !hasFlag(args, "--shard-from-env") {
		t.Errorf("%s: arena run lacks --shard-from-env", slurmFile)
	}
	if _, ok := flagValue(args, "--shard"); ok {
		t.Errorf("%s: arena run has --shard: every task would play the same shard", slurmFile)
	}
	if !hasFlag(args, "--resume") {
		t.Errorf("%s: arena run lacks --resume: a requeued task would start its shard over", slurmFile)
	}
	out, _ := flagValue(args, "--out")
	const task = "$SLURM_ARRAY_TASK_ID"
	if !strings.Contains(out, task) {
		t.Fatalf("%s: --out %q does not hold %s: the tasks would write one file", slurmFile, out, task)
	}
	margs := onlyCommand(t, slurmFile, lines, "merge")
	want := strings.ReplaceAll(out, task, fmt.Sprintf("{%d..%d}", lo, hi))
	if files := positional(margs); !slices.Equal(files, []string{want}) {
		t.Errorf("%s: merges %q, want %q, the files of the tasks of --array=%d-%d", slurmFile, files, want, lo, hi)
	}
	merged, _ := flagValue(margs, "--out")
	if rargs := onlyCommand(t, slurmFile, lines, "rate"); merged == "" || !slices.Equal(positional(rargs), []string{merged}) {
		t.Errorf("%s: rates %q, want the merge's --out %q", slurmFile, positional(rargs), merged)
	}
	if !strings.Contains(text, "--dependency=afterok:") {
		t.Errorf("%s: the merge job is not submitted with --dependency=afterok:ARRAY", slurmFile)
	}
	return args
}

// ---- GNU parallel and xargs ----

var seqXargs = regexp.MustCompile(`\bseq (\d+) (\d+) \| xargs\b`)

// shardsOf checks that args play shard PLACEHOLDER/N into a file named
// after PLACEHOLDER, and returns N and the file.
func shardsOf(t *testing.T, where string, args []string, placeholder string) (int, string) {
	t.Helper()
	shard, _ := flagValue(args, "--shard")
	k, nText, _ := strings.Cut(shard, "/")
	n, err := strconv.Atoi(nText)
	if k != placeholder || err != nil || n < 1 {
		t.Fatalf("%s: --shard %q, want %s/N", where, shard, placeholder)
	}
	out, _ := flagValue(args, "--out")
	if !strings.Contains(out, placeholder) {
		t.Fatalf("%s: --out %q does not hold %s: the shards would write one file", where, out, placeholder)
	}
	return n, out
}

// parallelRecipe checks the GNU parallel script and the xargs line in its
// comments, and returns the arguments of both arena runs.
func parallelRecipe(t *testing.T) (parallelArgs, xargsArgs []string) {
	text := string(readFile(t, parallelFile))
	lines := logicalLines(text)
	args := onlyCommand(t, parallelFile, lines, "run")
	n, out := shardsOf(t, parallelFile, args, "{}")
	var inputs []string
	for _, l := range lines {
		if w := words(l); len(w) > 0 && w[0] == "parallel" {
			if i := slices.Index(w, ":::"); i >= 0 {
				inputs = w[i+1:]
			}
		}
	}
	if want := fmt.Sprintf("{1..%d}", n); !slices.Equal(inputs, []string{want}) {
		t.Errorf("%s: parallel's inputs are %q, want ::: %s to match --shard {}/%d", parallelFile, inputs, want, n)
	}
	if !hasFlag(args, "--resume") {
		t.Errorf("%s: arena run lacks --resume: a rerun would start the unfinished shards over", parallelFile)
	}
	margs := onlyCommand(t, parallelFile, lines, "merge")
	want := strings.ReplaceAll(out, "{}", fmt.Sprintf("{1..%d}", n))
	if files := positional(margs); !slices.Equal(files, []string{want}) {
		t.Errorf("%s: merges %q, want %q", parallelFile, files, want)
	}
	merged, _ := flagValue(margs, "--out")
	if rargs := onlyCommand(t, parallelFile, lines, "rate"); merged == "" || !slices.Equal(positional(rargs), []string{merged}) {
		t.Errorf("%s: rates %q, want the merge's --out %q", parallelFile, positional(rargs), merged)
	}

	// The xargs equivalent, shown in a comment.
	xlines := logicalLines(uncomment(text))
	xargs := onlyCommand(t, parallelFile+" (the xargs comment)", xlines, "run")
	xn, xout := shardsOf(t, parallelFile+" (the xargs comment)", xargs, "{}")
	seq := seqXargs.FindStringSubmatch(strings.Join(xlines, "\n"))
	if seq == nil || seq[1] != "1" || seq[2] != strconv.Itoa(n) || xn != n || xout != out {
		t.Errorf("%s: the xargs comment must read `seq 1 %d | xargs … --shard {}/%d --out %s`", parallelFile, n, n, out)
	}
	return args, xargs
}

// ---- GitHub Actions ----

type workflow struct {
	Jobs map[string]struct {
		Needs    any `yaml:"needs"`
		Strategy struct {
			Matrix map[string]any `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func actionsRecipe(t *testing.T) []string {
	var w workflow
	if err := yaml.Unmarshal(readFile(t, actionsFile), &w); err != nil {
		t.Fatalf("%s: %v", actionsFile, err)
	}
	const shard = "${{matrix.shard}}" // ${{ matrix.shard }} as words spells it
	var shardJob, mergeJob string
	var args, margs, rargs []string
	for _, name := range slices.Sorted(maps.Keys(w.Jobs)) {
		for _, step := range w.Jobs[name].Steps {
			lines := logicalLines(step.Run)
			if a, ok := command(lines, "run"); ok {
				shardJob, args = name, a
			}
			if a, ok := command(lines, "merge"); ok {
				mergeJob, margs = name, a
			}
			if a, ok := command(lines, "rate"); ok {
				rargs = a
			}
		}
	}
	if shardJob == "" || mergeJob == "" {
		t.Fatalf("%s: want a job that runs `arena run` and one that runs `arena merge`", actionsFile)
	}
	where := actionsFile + ": job " + shardJob
	n, out := shardsOf(t, where, args, shard)

	// The matrix lists the shards 1..N.
	var list, want []int
	raw, _ := w.Jobs[shardJob].Strategy.Matrix["shard"].([]any)
	for _, v := range raw {
		if k, ok := v.(int); ok {
			list = append(list, k)
		}
	}
	for k := 1; k <= n; k++ {
		want = append(want, k)
	}
	if len(list) != len(raw) || !slices.Equal(list, want) {
		t.Errorf("%s: matrix.shard is %v, want %v to match --shard %s/%d", where, raw, want, shard, n)
	}

	// Each shard uploads its file under a name of its own.
	uploaded := false
	for _, step := range w.Jobs[shardJob].Steps {
		if strings.HasPrefix(step.Uses, "actions/upload-artifact@") {
			p, name := words(step.With["path"]), words(step.With["name"])
			uploaded = len(p) == 1 && p[0] == out && len(name) == 1 && strings.Contains(name[0], shard)
		}
	}
	if !uploaded {
		t.Errorf("%s: no upload-artifact step uploads %s under a name holding %s", where, out, shard)
	}

	// The merge job waits for the shards and merges shard-{1..N}.
	needs, ok := w.Jobs[mergeJob].Needs.(string)
	if list, isList := w.Jobs[mergeJob].Needs.([]any); isList {
		ok = slices.Contains(list, any(shardJob))
	} else {
		ok = ok && needs == shardJob
	}
	if !ok {
		t.Errorf("%s: job %s does not need job %s", actionsFile, mergeJob, shardJob)
	}
	suffix := "/" + strings.ReplaceAll(out, shard, fmt.Sprintf("{1..%d}", n))
	if files := positional(margs); len(files) != 1 || !strings.HasSuffix(files[0], suffix) {
		t.Errorf("%s: job %s merges %q, want …%s", actionsFile, mergeJob, files, suffix)
	}
	merged, _ := flagValue(margs, "--out")
	if merged == "" || !slices.Equal(positional(rargs), []string{merged}) {
		t.Errorf("%s: rates %q, want the merge's --out %q", actionsFile, positional(rargs), merged)
	}
	return args
}

// ---- the tests ----

func TestRecipes(t *testing.T) {
	recipes := map[string][]string{}
	t.Run("kubernetes", func(t *testing.T) { recipes["kubernetes"] = k8sRecipe(t) })
	t.Run("slurm", func(t *testing.T) { recipes["slurm"] = slurmRecipe(t) })
	t.Run("gnu-parallel", func(t *testing.T) { recipes["gnu-parallel"], recipes["xargs"] = parallelRecipe(t) })
	t.Run("github-actions", func(t *testing.T) { recipes["github-actions"] = actionsRecipe(t) })

	// Every recipe plays the same tournament, one that arena knows.
	t.Run("same tournament", func(t *testing.T) {
		if len(recipes) != 5 {
			t.Fatalf("only %d of the 5 recipes parsed", len(recipes))
		}
		// The tournament most recipes play is the reference.
		names := slices.Sorted(maps.Keys(recipes))
		key := func(name string) string { return strings.Join(tournament(recipes[name]), "\x00") }
		count := map[string]int{}
		for _, name := range names {
			count[key(name)]++
		}
		want := tournament(recipes[slices.MaxFunc(names, func(a, b string) int { return count[key(a)] - count[key(b)] })])
		for _, name := range names {
			if got := tournament(recipes[name]); !slices.Equal(got, want) {
				t.Errorf("%s plays %q, the other recipes %q", name, got, want)
			}
		}
		if _, ok := flagValue(want, "--seed"); !ok {
			t.Errorf("the recipes give no --seed: pass it explicitly, the same in every shard")
		}
		checkTournament(t, want)
	})
}

// checkTournament checks that the scenario exists and that its game has
// the bots.
func checkTournament(t *testing.T, args []string) {
	pos := positional(args)
	if len(pos) != 1 {
		t.Fatalf("want one scenario, got %q", pos)
	}
	sc, err := scenarios.Load(pos[0])
	if err != nil {
		t.Fatal(err)
	}
	g, err := scenarios.LookupGame(sc.Game)
	if err != nil {
		t.Fatal(err)
	}
	var known []string
	for _, b := range g.Game.Info().Bots {
		known = append(known, b.Name)
	}
	bots, ok := flagValue(args, "--bots")
	if !ok {
		t.Fatal("no --bots")
	}
	for _, b := range strings.Split(bots, ",") {
		if name, _, _ := strings.Cut(b, ":"); !slices.Contains(known, name) {
			t.Errorf("%q is not a %s bot (%s)", name, sc.Game, strings.Join(known, ", "))
		}
	}
}

// TestSlurmLadderRecipe checks slurm-ladder.sh where no Slurm runs it: each
// task plays its own shard of the batch, and each merge waits for its array.
func TestSlurmLadderRecipe(t *testing.T) {
	slurmArray(t, slurmLadderFile)
	text := string(readFile(t, slurmLadderFile))
	lines := logicalLines(text)
	var plays [][]string
	merges := 0
	for _, l := range lines {
		if args, ok := arenaArgs(words(l), "ladder"); ok && len(args) > 0 {
			switch args[0] {
			case "play":
				plays = append(plays, args)
			case "merge":
				merges++
			}
		}
	}
	if merges != 1 {
		t.Errorf("%s: want one `arena ladder merge`, got %d", slurmLadderFile, merges)
	}
	if len(plays) != 1 {
		t.Fatalf("%s: want one `arena ladder play`, got %d", slurmLadderFile, len(plays))
	}
	args := plays[0]
	if !hasFlag(args, "--shard-from-env") {
		t.Errorf("%s: the task runs arena ladder %q, without --shard-from-env", slurmLadderFile, args)
	}
	if _, ok := flagValue(args, "--shard"); ok {
		t.Errorf("%s: ladder play has --shard: every task would play the same shard", slurmLadderFile)
	}
	for _, dep := range []string{`--dependency=afterok:"$array"`, `--dependency=afterok:"$merge"`} {
		if !strings.Contains(text, dep) {
			t.Errorf("%s: no %s: a batch would not wait for the one before", slurmLadderFile, dep)
		}
	}
}

func TestScriptsParse(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, f := range []string{slurmFile, slurmLadderFile, slurmSetupFile, parallelFile} {
		if out, err := exec.Command(bash, "-n", f).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", f, err, out)
		}
	}
}

// TestDocNamesEveryFile keeps docs/distributed.md and this folder in step.
func TestDocNamesEveryFile(t *testing.T) {
	doc := string(readFile(t, docFile))
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() && !strings.HasSuffix(e.Name(), "_test.go") && !strings.Contains(doc, "distributed/"+e.Name()) {
			t.Errorf("%s does not mention distributed/%s", docFile, e.Name())
		}
	}
}

// ---- reading commands ----

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// logicalLines returns the lines of a shell text, backslash continuations
// joined, comment lines left out.
func logicalLines(text string) []string {
	var lines []string
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if cur.Len() == 0 && strings.HasPrefix(line, "#") {
			continue
		}
		if before, ok := strings.CutSuffix(line, `\`); ok {
			cur.WriteString(before + " ")
			continue
		}
		cur.WriteString(line)
		if cur.Len() > 0 {
			lines = append(lines, cur.String())
		}
		cur.Reset()
	}
	return lines
}

// uncomment returns the code shown in comments: the lines that start with
// "#" and three spaces, without them.
func uncomment(text string) string {
	var code []string
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "#   "); ok {
			code = append(code, rest)
		}
	}
	return strings.Join(code, "\n")
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// words splits a shell line into words and removes the quotes; a GitHub
// expression ${{ x }} becomes the one word ${{x}}.
func words(line string) []string {
	line = expression.ReplaceAllString(line, "$${{$1}}")
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// arenaArgs returns the arguments after `arena SUB` in argv, up to a shell
// operator; arena is a word named arena (or a path to it) or $ARENA.
func arenaArgs(argv []string, sub string) ([]string, bool) {
	for i := 0; i+1 < len(argv); i++ {
		if (path.Base(argv[i]) == "arena" || argv[i] == "$ARENA") && argv[i+1] == sub {
			args := argv[i+2:]
			if j := slices.IndexFunc(args, func(w string) bool {
				return slices.Contains([]string{":::", "&&", "||", "|", ";", ">", ">>"}, w)
			}); j >= 0 {
				args = args[:j]
			}
			return args, true
		}
	}
	return nil, false
}

// command returns the arguments of the first `arena SUB` among lines.
func command(lines []string, sub string) ([]string, bool) {
	for _, l := range lines {
		if args, ok := arenaArgs(words(l), sub); ok {
			return args, true
		}
	}
	return nil, false
}

// onlyCommand returns the arguments of the one `arena SUB` among lines.
func onlyCommand(t *testing.T, where string, lines []string, sub string) []string {
	t.Helper()
	var found [][]string
	for _, l := range lines {
		if args, ok := arenaArgs(words(l), sub); ok {
			found = append(found, args)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: want one `arena %s`, got %d", where, sub, len(found))
	}
	return found[0]
}

// valued lists the flags of run, merge and rate that take a value.
var valued = []string{"--game", "--bots", "--bot", "--param", "--seed", "--games", "--schedule",
	"--candidate", "-j", "--jobs", "-o", "--out", "-f", "--format", "--anchor", "--bootstrap",
	"--rating", "--shard", "--shard-count"}

// flagValue returns the value of flag name: --name VALUE or --name=VALUE.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if a == name && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
	}
	return "", false
}

func hasFlag(args []string, name string) bool { return slices.Contains(args, name) }

// positional returns the arguments that are neither flags nor flag values.
func positional(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case slices.Contains(valued, a):
			i++
		case !strings.HasPrefix(a, "-"):
			out = append(out, a)
		}
	}
	return out
}

// tournament returns args without what differs between the shards of one
// run, or may: the shard, its file, --resume and the worker count.
func tournament(args []string) []string {
	perShard := []string{"--shard", "--shard-count", "-o", "--out", "-j", "--jobs"}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, _ := strings.Cut(a, "=")
		switch {
		case slices.Contains(perShard, a):
			i++
		case slices.Contains(perShard, name), a == "--shard-from-env", a == "--resume":
		default:
			out = append(out, a)
		}
	}
	return out
}
