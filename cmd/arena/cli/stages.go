package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// A staged format (a knockout, a Swiss) plans each stage from the records
// of the stages before it, so its shards share out one stage at a time:
// arena run --shard K/N --from MERGED plays shard K's part of the stage
// after MERGED's records (the first stage without --from), and arena merge
// MERGED PARTS... --out NEXT joins them, in the order of the run played
// whole, into the file the next stage's shards start from. The last merge
// is that run's --out file, byte for byte.

// stagedName names a staged schedule in a sentence.
func stagedName(schedule string) string {
	if schedule == "swiss" {
		return "Swiss"
	}
	return schedule
}

// stagePart is the part of a stage that a shard plays.
type stagePart struct {
	stage      int         // from 1
	start, end int         // the stage's matches
	own        runner.Span // the shard's
}

// planStage reads the records of --from (the stages before, none without
// it) into the format, plans the next stage as the run played whole would
// plan it, and returns the part of it that shard K/N plays, its shard
// recorded in the header.
func (p *playFlags) planStage(header *results.Header, format runner.Format, plan runner.StageSharded) (*stagePart, error) {
	if p.out == "" {
		return nil, badInput("--shard: a shard of a %s's stage writes its records for arena merge: give --out FILE", stagedName(header.Schedule))
	}
	got := 0
	if p.from != "" {
		if p.from == p.out {
			return nil, badInput("--from %s: is the --out file; give each shard a file of its own", p.from)
		}
		n, err := readStages(p.from, header, plan, format.Add, p.anyRevision)
		if err != nil {
			return nil, err
		}
		got = n
	}
	end := plan.Ready(got)
	stage, start := plan.Stages()
	switch {
	case end == got:
		return nil, badInput("--from %s: the %s is finished (its %d matches): no stage is left to play (arena rate %s prints it)", p.from, stagedName(header.Schedule), got, p.from)
	case start != got:
		return nil, badInput("--from %s: holds %d matches, and its stage %d is from match %d to %d: a stage cut short (arena run with its flags, --out %s and --resume, completes it on one machine)", p.from, got, stage, start, end-1, p.from)
	}
	own, err := runner.StageShard(plan, p.k, p.n, end)
	if err != nil {
		return nil, badInput("--shard: %v", err)
	}
	header.Shard = &results.Shard{K: p.k, N: p.n, Matches: own.End - own.Start, Stage: stage, Start: start}
	p.shardMatches = own.End - own.Start
	return &stagePart{stage: stage, start: start, end: end, own: own}, nil
}

// spans returns the shard's matches, none when it owns none.
func (s *stagePart) spans() []runner.Span {
	if s.own.End == s.own.Start {
		return []runner.Span{}
	}
	return []runner.Span{s.own}
}

// report tells on stderr what the shard played and what comes next.
func (s *stagePart) report(env *env, o *playFlags, schedule string) {
	next := fmt.Sprintf("arena merge %s and the stage's %d shard files", o.from, o.n)
	if o.from == "" {
		next = fmt.Sprintf("arena merge the stage's %d shard files", o.n)
	}
	fmt.Fprintf(env.stderr, "arena: stage %d of the %s (matches %d to %d), shard %d/%d: %d matches in %s; next: %s\n",
		s.stage, stagedName(schedule), s.start, s.end-1, o.k, o.n, s.own.End-s.own.Start, o.out, next)
}

// readStages gives the records of the file at path, a whole run's file of
// the stages played so far (arena merge's), to judge, and returns how many
// there were. Its header must be the run's.
func readStages(path string, header *results.Header, plan runner.Plan, judge func(*results.Record) error, anyRevision bool) (int, error) {
	f, err := sim.Open(path)
	if err != nil {
		return 0, badInput("--from: %v", err)
	}
	defer f.Close()
	_, rd, err := readWhole(f, path)
	if err != nil {
		return 0, badInput("--from: %v", err)
	}
	h := rd.Header()
	if s := h.Shard; s != nil {
		return 0, badInput("--from %s: is shard %d/%d of a run; give the file arena merge made of its stage's shards", path, s.K, s.N)
	}
	if d := headerDiff(&h, header, true, anyRevision); d != "" {
		return 0, badInput("--from %s: the file is another run's: %s", path, d)
	}
	return readOwned(rd, &h, plan, []runner.Span{{Start: 0, End: plan.Len()}}, judge)
}

// partFormat is the format of a shard of a stage: the shard plays its
// matches, and the merge judges them with the other shards'.
type partFormat struct{ runner.Format }

// Add judges nothing: the records of the stage's other shards come before.
func (partFormat) Add(*results.Record) error { return nil }

// Decided reports false: a shard plays every match of its part.
func (partFormat) Decided() bool { return false }

// mergeStage merges the shards of one stage of a staged format, after the
// file of the stages before them (arena merge's, absent for the first
// stage), into the file of the run played whole up to the stage's end.
func mergeStage(ctx context.Context, env *env, o *mergeOptions, files []runFile) error {
	var before *runFile
	var parts []runFile
	for i := range files {
		f := &files[i]
		switch s := f.header.Shard; {
		case s == nil && before != nil:
			return badInput("%s and %s: two files of the stages before the shards; give one (the last merge's)", before.path, f.path)
		case s == nil:
			before = f
		case s.Stage == 0:
			return badInput("%s is shard %d/%d of a whole run, not of a stage: not shards of one run", f.path, s.K, s.N)
		default:
			parts = append(parts, *f)
		}
	}
	first := parts[0]
	fs := first.header.Shard
	for _, f := range files {
		if d := headerDiff(&f.header, &first.header, true, o.anyRevision); d != "" {
			return badInput("%s and %s are not files of one run: %s", first.path, f.path, d)
		}
		if f.path == o.out {
			return badInput("--out %s: is one of the files to merge", o.out)
		}
	}
	seen := map[int]string{}
	for _, f := range parts {
		s := f.header.Shard
		if s.Stage != fs.Stage || s.Start != fs.Start || s.N != fs.N {
			return badInput("%s is shard %d/%d of stage %d (from match %d), %s shard %d/%d of stage %d (from match %d): not shards of one stage",
				first.path, fs.K, fs.N, fs.Stage, fs.Start, f.path, s.K, s.N, s.Stage, s.Start)
		}
		if other, dup := seen[s.K]; dup {
			return badInput("%s and %s are both shard %d of %d", other, f.path, s.K, s.N)
		}
		seen[s.K] = f.path
	}
	var missing []int
	for k := 1; k <= fs.N; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, k)
		}
	}
	switch {
	case len(missing) > 0:
		return badInput("stage %d has %d shards; missing: %s", fs.Stage, fs.N, joinInts(missing))
	case fs.Start == 0 && before != nil:
		return badInput("%s: the shards of stage 1 start from no file, and %s is given", first.path, before.path)
	case fs.Start > 0 && before == nil:
		return badInput("the shards play stage %d from match %d: give the file of the stages before them too (the last merge's --out)", fs.Stage, fs.Start)
	}
	sortByShard(parts)
	h := first.header
	h.Shard = nil
	format, err := formatOf(first.path, &h, &runOptions{bootstrap: 0, rating: results.RatingBradleyTerry})
	if err != nil {
		return err
	}
	plan, ok := format.Plan().(runner.StageSharded)
	if !ok {
		return badInput("%s: a %s file is not played in stages", first.path, h.Schedule)
	}
	// Judge every record first: nothing is written for a refused merge.
	n := 0
	judge := func(r *results.Record) error {
		if n++; n%1024 == 0 && ctx.Err() != nil {
			return errInterrupted
		}
		return format.Add(r)
	}
	interrupted := &exitError{ExitInterrupted, errors.New("interrupted: nothing merged")}
	if before != nil {
		got, err := readStages(before.path, &h, plan, judge, o.anyRevision)
		if errors.Is(err, errInterrupted) || ctx.Err() != nil {
			return interrupted
		}
		if err != nil {
			return err
		}
		if got != fs.Start {
			return badInput("%s holds %d matches, and the shards play stage %d from match %d: not the file they started from", before.path, got, fs.Stage, fs.Start)
		}
	}
	end := plan.Ready(fs.Start)
	if stage, start := plan.Stages(); stage != fs.Stage || start != fs.Start {
		return badInput("%s: its records plan stage %d from match %d, and the shards play stage %d from match %d", first.path, stage, start, fs.Stage, fs.Start)
	}
	for _, f := range parts {
		own, err := runner.StageShard(plan, f.header.Shard.K, fs.N, end)
		if err != nil {
			return badInput("%s: %v", f.path, err)
		}
		part := stagePart{own: own}
		got, err := readFileRecords(f, plan, part.spans(), judge)
		if errors.Is(err, errInterrupted) || ctx.Err() != nil {
			return interrupted
		}
		if err != nil {
			return err
		}
		if want := own.End - own.Start; got < want {
			return badInput("%s: holds %d of its shard's %d matches: a gap (arena run --resume completes it)", f.path, got, want)
		}
	}
	order := parts
	if before != nil {
		order = append([]runFile{*before}, parts...)
	}
	if err := writeMerged(ctx, o, &h, order); err != nil {
		return err
	}
	if plan.Ready(end) == end {
		fmt.Fprintf(env.stderr, "arena: merged stage %d of the %s: %s holds its %d matches, and the %s is finished (arena rate %s prints it)\n",
			fs.Stage, stagedName(h.Schedule), o.out, end, stagedName(h.Schedule), o.out)
	} else {
		fmt.Fprintf(env.stderr, "arena: merged stage %d of the %s: %s holds its first %d matches; next: stage %d, arena run with the same flags, --shard K/N and --from %s\n",
			fs.Stage, stagedName(h.Schedule), o.out, end, fs.Stage+1, o.out)
	}
	return nil
}

// readFileRecords gives the records of a run's file, each the next match of
// own, to judge, and returns how many there were.
func readFileRecords(f runFile, plan runner.Plan, own []runner.Span, judge func(*results.Record) error) (int, error) {
	fh, err := sim.Open(f.path)
	if err != nil {
		return 0, badInput("%v", err)
	}
	defer fh.Close()
	_, rd, err := readWhole(fh, f.path)
	if err != nil {
		return 0, badInput("%v", err)
	}
	return readOwned(rd, &f.header, plan, own, judge)
}
