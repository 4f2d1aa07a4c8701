package cli

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// provenance returns arena's module version and VCS revision from the build
// info, "devel" for what the build does not say. A revision built from a
// modified tree ends in "+dirty".
func provenance() (version, revision string) {
	version, revision = "devel", "devel"
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		version = v
	}
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if dirty && revision != "devel" {
		revision += "+dirty"
	}
	return
}

// parseShard reads K/N.
func parseShard(text string) (k, n int, err error) {
	a, b, ok := strings.Cut(text, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || n > runner.MaxShards || k < 1 || k > n {
		return 0, 0, badInput("--shard: %q is not K/N with K from 1 to N (N at most %d)", text, runner.MaxShards)
	}
	return k, n, nil
}

// shardFromEnv reads the shard from a batch system's variables: a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based; N from --shard-count)
// or a Slurm array's SLURM_ARRAY_TASK_ID, _MIN and _COUNT.
func shardFromEnv(getenv func(string) string, count int) (k, n int, err error) {
	atoi := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, badInput("--shard-from-env: %s=%q is not a whole number", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("JOB_COMPLETION_INDEX") != "":
		if count < 1 {
			return 0, 0, badInput("--shard-from-env: a Kubernetes Indexed Job does not say how many shards there are; give --shard-count N (the Job's completions)")
		}
		i, err := atoi("JOB_COMPLETION_INDEX")
		if err != nil {
			return 0, 0, err
		}
		if i < 0 || i >= count {
			return 0, 0, badInput("--shard-from-env: JOB_COMPLETION_INDEX=%d is not the index of one of --shard-count %d shards (0 to %d)", i, count, count-1)
		}
		return parseShard(fmt.Sprintf("%d/%d", i+1, count))
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		id, err := atoi("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return 0, 0, err
		}
		lo, err := atoi("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return 0, 0, err
		}
		n, err := atoi("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return 0, 0, err
		}
		if hi, err := atoi("SLURM_ARRAY_TASK_MAX"); err == nil && hi-lo+1 != n {
			return 0, 0, badInput("--shard-from-env: the Slurm array %d-%d has %d tasks: shards need a contiguous array (--array=1-N); give --shard K/N instead", lo, hi, n)
		}
		if count > 0 && count != n {
			return 0, 0, badInput("--shard-count %d: the Slurm array has %d tasks", count, n)
		}
		if n >= 1 && (id < lo || id-lo >= n) {
			return 0, 0, badInput("--shard-from-env: SLURM_ARRAY_TASK_ID=%d is outside the array of SLURM_ARRAY_TASK_MIN=%d and SLURM_ARRAY_TASK_COUNT=%d (%d to %d)", id, lo, n, lo, lo+n-1)
		}
		return parseShard(fmt.Sprintf("%d/%d", id-lo+1, n))
	}
	return 0, 0, badInput("--shard-from-env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set")
}

// headerDiff names the first field in which two headers differ, with both
// values, or returns "" when they agree. The shard and, with anyRevision,
// the version and revision are left out when skipShard is set.
func headerDiff(file, run *results.Header, skipShard, anyRevision bool) string {
	a, b := *file, *run
	if skipShard {
		a.Shard, b.Shard = nil, nil
	}
	if anyRevision {
		a.Version, a.Revision, b.Version, b.Revision = "", "", "", ""
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		fa, fb := va.Field(i).Interface(), vb.Field(i).Interface()
		ja, _ := json.Marshal(fa)
		jb, _ := json.Marshal(fb)
		if !bytes.Equal(ja, jb) {
			name, _, _ := strings.Cut(va.Type().Field(i).Tag.Get("json"), ",")
			return fmt.Sprintf("%q is %s there, %s here", name, ja, jb)
		}
	}
	return ""
}

// resumeOut reopens a results file to continue its run: it checks the
// header against the run's, drops a torn last line, gives every record to
// judge in order (each must be the next owned match), and returns the file
// ready to append to, with the number of records it holds.
func resumeOut(path string, header *results.Header, plan runner.Plan, own []runner.Span, judge func(*results.Record) error, anyRevision bool) (*outFile, int, error) {
	f, err := sim.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, 0, badInput("--resume: %v", err)
	}
	if err := lockOutput(f, "--resume", path); err != nil {
		return nil, 0, err
	}
	keep, rd, err := readWhole(f, path)
	if err != nil {
		f.Close()
		return nil, 0, badInput("--resume: %v", err)
	}
	h := rd.Header()
	if d := headerDiff(&h, header, false, anyRevision); d != "" {
		f.Close()
		hint := ""
		if strings.Contains(d, `"revision"`) || strings.Contains(d, `"version"`) {
			hint = " (another build of arena wrote it; --any-revision resumes anyway)"
		}
		return nil, 0, badInput("--resume %s: the file is another run's: %s%s", path, d, hint)
	}
	n, err := readOwned(rd, header, plan, own, judge)
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if err := f.Truncate(keep); err != nil {
		f.Close()
		return nil, 0, &exitError{ExitInternal, fmt.Errorf("--resume %s: %w", path, err)}
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		f.Close()
		return nil, 0, &exitError{ExitInternal, fmt.Errorf("--resume %s: %w", path, err)}
	}
	return &outFile{flag: "--out", path: path, f: f, buf: make([]byte, 0, outBuffer)}, n, nil
}

// readWhole returns a reader of the results file f up to its last newline
// (a line torn by a crash is left out), its header read, and that length.
func readWhole(f *os.File, path string) (keep int64, rd *results.Reader, err error) {
	if keep, err = wholeLines(f); err != nil {
		return 0, nil, fmt.Errorf("%s: %w", path, err)
	}
	rd, err = results.NewReader(io.NewSectionReader(f, 0, keep), path)
	return keep, rd, err
}

// wholeLines returns the length of f up to its last newline: what is left
// after it is a line torn by a crash.
func wholeLines(f *os.File) (int64, error) {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(0, end-int64(len(buf)))
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, errors.New("no whole line: not a results file")
}

// readOwned reads the records of rd, each of which must be the next match
// of own, and gives them to judge in order. It returns how many there were.
func readOwned(rd *results.Reader, h *results.Header, plan runner.Plan, own []runner.Span, judge func(*results.Record) error) (int, error) {
	var rec results.Record
	var seating []int
	n, span, next := 0, 0, -1
	if len(own) > 0 {
		next = own[0].Start
	}
	for {
		err := rd.Read(&rec)
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, badInput("%v", err)
		}
		if next < 0 {
			return n, badInput("%v", rd.Fail(fmt.Errorf("match %d: the run has no more matches", rec.Match)))
		}
		if rec.Match != next {
			return n, badInput("%v", rd.Fail(fmt.Errorf("match %d where match %d was due (a duplicate or a gap)", rec.Match, next)))
		}
		if err := checkRecord(h, plan, &rec, &seating); err != nil {
			return n, badInput("%v", rd.Fail(err))
		}
		if err := judge(&rec); err != nil {
			if errors.Is(err, errInterrupted) {
				return n, err
			}
			return n, badInput("%v", rd.Fail(err))
		}
		n++
		if next++; next == own[span].End {
			span++
			next = -1
			if span < len(own) {
				next = own[span].Start
			}
		}
	}
}

// checkRecord checks that rec is a record as a run writes it (Record.Check:
// places, scores, faults and turns that make sense), and the match the
// run's header and plan say it is: one of the header's game, scenario and rules, and, for a plan drawn
// in advance (all but a championship's, whose finals follow its
// standings), the match's seed and its entrants in their seats. A record
// edited or copied from another run would otherwise be rated as this
// run's. seating is a buffer for the plan's.
func checkRecord(h *results.Header, plan runner.Plan, rec *results.Record, seating *[]int) error {
	if err := rec.Check(); err != nil {
		return fmt.Errorf("match %d: %v", rec.Match, err)
	}
	for _, f := range []struct{ name, rec, header string }{
		{"game", rec.Game, h.Game}, {"scenario", rec.Scenario, h.Scenario}, {"rules_hash", rec.RulesHash, h.RulesHash},
	} {
		if f.rec != f.header {
			return fmt.Errorf("match %d: field %q is %q, the header's is %q: not a match of this run", rec.Match, f.name, f.rec, f.header)
		}
	}
	if _, staged := plan.(runner.Staged); staged {
		return nil
	}
	p := plan.Match(rec.Match, *seating)
	*seating = p.Seating
	if rec.Seed != p.Seed {
		return fmt.Errorf("match %d: field \"seed\" is %d, the run's schedule gives it %d: not a match of this run", rec.Match, rec.Seed, p.Seed)
	}
	for k, e := range p.Seating {
		if k >= len(rec.Bots) || rec.Bots[k] != h.Bots[e] {
			got, _ := json.Marshal(rec.Bots)
			return fmt.Errorf("match %d: field \"bots\" is %s, the run's schedule seats %s there: not a match of this run", rec.Match, got, seatedNames(h.Bots, p.Seating))
		}
	}
	return nil
}

// seatedNames spells the entrants of a seating, as a record's bots are.
func seatedNames(bots []string, seating []int) string {
	names := make([]string, len(seating))
	for k, e := range seating {
		names[k] = bots[e]
	}
	b, _ := json.Marshal(names)
	return string(b)
}

// ownedMatches counts the matches of spans.
func ownedMatches(spans []runner.Span) int {
	n := 0
	for _, s := range spans {
		n += s.End - s.Start
	}
	return n
}

// runFile is one results file of a run being read back: its header and
// its path.
type runFile struct {
	path   string
	header results.Header
}

// openRunFiles reads the headers of a run's files (the whole run, or its
// shards in any order), checks that they are one run, and returns them in
// shard order with the run's header (no shard) and the matches each must
// hold.
func openRunFiles(paths []string, anyRevision bool) ([]runFile, *results.Header, error) {
	files, h, missing, err := openSomeShards(paths, anyRevision)
	if err == nil && len(missing) > 0 {
		err = badInput("the run has %d shards; missing: %s", len(files)+len(missing), joinInts(missing))
	}
	return files, h, err
}

// openSomeShards is openRunFiles where some shards of the run may be
// missing: it returns their numbers.
func openSomeShards(paths []string, anyRevision bool) ([]runFile, *results.Header, []int, error) {
	if len(paths) == 0 {
		return nil, nil, nil, badInput("give the results files of one run (its shards, if it was sharded)")
	}
	files, err := readHeaders(paths)
	if err != nil {
		return nil, nil, nil, err
	}
	first := files[0]
	for _, f := range files[1:] {
		if d := headerDiff(&f.header, &first.header, true, anyRevision); d != "" {
			return nil, nil, nil, badInput("%s and %s are not shards of one run: %s", first.path, f.path, d)
		}
	}
	n := 1
	if first.header.Shard != nil {
		n = first.header.Shard.N
	}
	seen := map[int]string{}
	for _, f := range files {
		k, fn := shardOf(f.header), 1
		if s := f.header.Shard; s != nil {
			fn = s.N
		}
		if fn != n {
			return nil, nil, nil, badInput("%s is shard %d of %d, %s of %d: not shards of one run", f.path, k, fn, first.path, n)
		}
		if other, dup := seen[k]; dup {
			return nil, nil, nil, badInput("%s and %s are both shard %d of %d", other, f.path, k, n)
		}
		seen[k] = f.path
	}
	var missing []int
	for k := 1; k <= n; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, k)
		}
	}
	sortByShard(files)
	h := first.header
	h.Shard = nil
	return files, &h, missing, nil
}

// readHeaders reads the header of each results file.
func readHeaders(paths []string) ([]runFile, error) {
	files := make([]runFile, len(paths))
	for i, p := range paths {
		f, err := sim.Open(p)
		if err != nil {
			return nil, badInput("%v", err)
		}
		rd, err := results.NewReader(f, p)
		f.Close()
		if err != nil {
			return nil, badInput("%v", err)
		}
		files[i] = runFile{p, rd.Header()}
	}
	return files, nil
}

// joinInts writes 1, 2, 3.
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}

func sortByShard(files []runFile) {
	slices.SortFunc(files, func(a, b runFile) int { return cmp.Compare(shardOf(a.header), shardOf(b.header)) })
}

// shardOf returns the K of a file's shard, 1 for a whole run.
func shardOf(h results.Header) int {
	if h.Shard == nil {
		return 1
	}
	return h.Shard.K
}

// shardSpans returns the matches file f must hold of plan.
func (f *runFile) spans(plan runner.Plan) ([]runner.Span, error) {
	if f.header.Shard == nil {
		return []runner.Span{{Start: 0, End: plan.Len()}}, nil
	}
	if s := f.header.Shard; s.Stage > 0 {
		return nil, badInput("%s: shard %d/%d of stage %d of a %s; arena merge joins a stage's shards to the file of the stages before, which this command reads", f.path, s.K, s.N, s.Stage, stagedName(f.header.Schedule))
	}
	spans, err := runner.ShardSpans(plan, f.header.Shard.K, f.header.Shard.N)
	if err != nil {
		return nil, badInput("%s: %v", f.path, err)
	}
	return spans, nil
}

// readRun gives every record of the run's files to judge in match order and
// returns how many records there were and how many the files' shards hold
// (for a staged plan, a shard holds only matches planned from the seed
// alone). Each file must hold a prefix of its shard's matches.
func readRun(files []runFile, plan runner.Plan, judge func(*results.Record) error) (got, want int, err error) {
	for _, f := range files {
		spans, err := f.spans(plan)
		if err != nil {
			return got, want, err
		}
		n, err := readFileRecords(f, plan, spans, judge)
		if err != nil {
			return got, want, err
		}
		got += n
		want += ownedMatches(spans)
	}
	return got, want, nil
}
