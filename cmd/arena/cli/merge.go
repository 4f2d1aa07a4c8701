package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

var mergeCommand = &command{
	name:  "merge",
	usage: "merge FILE... --out FILE",
	short: "join the results files of a run's shards into the file of one run",
	long: `Merge joins the --out files of the shards of one run (arena run --shard K/N,
in any order) into one results file, byte for byte the file that the run
played whole would have written. It refuses, with one line, files of
different runs (another scenario, bots, seed, parameters, games or build),
a shard missing or given twice, and a shard whose file is incomplete (a gap:
arena run --resume completes it) or holds a match twice.

Then arena rate prints the standings of the merged file.

The shards of a championship hold its days only (its finals are planned
from every day's records): their merge is the whole run's file up to the
finals, and arena run with the run's flags, --out MERGED and --resume plays
the finals, completing it to the bytes of the whole run.

A knockout or a Swiss is sharded a stage at a time (arena run --shard K/N
--from MERGED): arena merge MERGED and the stage's shards, --out NEXT,
writes the whole run's file up to the stage's end, the next stage's
--from, and says on stderr whether the run is finished.`,
	options: func() options { return &mergeOptions{} },
	run:     mergeFiles,
}

type mergeOptions struct {
	out         string
	force       bool
	anyRevision bool
}

func (o *mergeOptions) register(fs *pflag.FlagSet) {
	fs.StringVarP(&o.out, "out", "o", "", "write the merged records to this JSONL `file`")
	fs.BoolVar(&o.force, "force", false, "overwrite the --out file if it exists")
	fs.BoolVar(&o.anyRevision, "any-revision", false, "merge shards that different builds of arena wrote")
}

func mergeFiles(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*mergeOptions)
	if o.out == "" {
		return badInput("merge: give the merged file with --out FILE")
	}
	if len(args) > 0 {
		headers, err := readHeaders(args)
		if err != nil {
			return err
		}
		for _, f := range headers {
			if f.header.Shard != nil && f.header.Shard.Stage > 0 {
				return mergeStage(ctx, env, o, headers)
			}
		}
	}
	files, h, err := openRunFiles(args, o.anyRevision)
	if err != nil {
		return err
	}
	for _, f := range files {
		if f.path == o.out {
			return badInput("--out %s: is one of the files to merge", o.out)
		}
	}
	// Check every shard first: nothing is written for a refused merge.
	format, err := formatOf(files[0].path, h, &runOptions{bootstrap: 0, rating: results.RatingBradleyTerry})
	if err != nil {
		return err
	}
	plan := format.Plan()
	interrupted := &exitError{ExitInterrupted, errors.New("interrupted: nothing merged")}
	for _, f := range files {
		one := []runFile{f}
		n := 0
		got, want, err := readRun(one, plan, func(*results.Record) error {
			if n++; n%1024 == 0 && ctx.Err() != nil {
				return errInterrupted
			}
			return nil
		})
		if errors.Is(err, errInterrupted) || ctx.Err() != nil {
			return interrupted
		}
		if err != nil {
			return err
		}
		if got < want {
			return badInput("%s: holds %d of its shard's %d matches: a gap (arena run --resume completes it)", f.path, got, want)
		}
	}
	return writeMerged(ctx, o, h, files)
}

// writeMerged writes the header and the record lines of the files, in
// order, to the --out file, whole or not at all (writeWhole).
func writeMerged(ctx context.Context, o *mergeOptions, h *results.Header, files []runFile) error {
	interrupted := &exitError{ExitInterrupted, errors.New("interrupted: nothing merged")}
	werr := writeWhole("--out", o.out, o.force, func(out io.Writer) error {
		w := bufio.NewWriterSize(out, 1<<20)
		if err := results.NewWriter(w).WriteHeader(h); err != nil {
			return err
		}
		for _, f := range files {
			if err := copyRecords(ctx, w, f.path); err != nil {
				return err
			}
		}
		return w.Flush()
	})
	if werr != nil {
		if errors.Is(werr, errInterrupted) {
			return interrupted
		}
		return werr
	}
	return nil
}

// copyRecords copies the record lines of a results file, as they are,
// after its header line.
func copyRecords(ctx context.Context, w io.Writer, path string) error {
	f, err := sim.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	first := true
	for n := 0; ; n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return errInterrupted
		}
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			if !first && len(bytes.TrimSpace(line)) > 0 {
				if _, werr := w.Write(line); werr != nil {
					return werr
				}
			}
			first = false
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
