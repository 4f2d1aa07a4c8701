package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/runner/ladder"
)

var rateCommand = &command{
	name:  "rate",
	usage: "rate FILE... [flags]",
	short: "print the standings or the verdict of results files",
	long: `Rate reads the results files of one run — the --out file of arena run or
arena sprt, or the files of its shards in any order — and prints from the
records alone exactly what the run printed: the standings of a tournament
or a gauntlet, a league's games and verdict, a championship's days, final
ranking and standings, a sequential test's verdict, with the same exit
code. Given the same rating flags as the run (--anchor, --bootstrap, --h2h,
--rating, --format), its output is the run's, byte for byte; other flags
rate the same records another way.

A file that holds fewer records than its run planned (a run interrupted or
killed; arena run --resume completes it), or the shards of a championship
(which hold its days, not its finals), is rated as it is, with a line on
stderr saying how many matches it holds. Some shards of a run without the
others are rated too, with a line on stderr saying which shards they are:
their standings are not the run's. A line torn by a crash at the end
of a file is left out.`,
	options: func() options { return &rateOptions{} },
	run:     rateFiles,
}

type rateOptions struct {
	fs          *pflag.FlagSet
	rating      runOptions
	format      string
	anyRevision bool
	faults      faultGate
}

func (o *rateOptions) register(fs *pflag.FlagSet) {
	o.fs = fs
	o.rating.registerRating(fs)
	fs.StringVarP(&o.format, "format", "f", "table", "report format: table, markdown, csv or json")
	fs.BoolVar(&o.anyRevision, "any-revision", false, "rate shards that different builds of arena wrote")
	o.faults.register(fs)
}

func rateFiles(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*rateOptions)
	if err := refuseEmptyFlags(o.fs, "anchor", "rating"); err != nil {
		return err
	}
	report, err := results.ParseFormat(o.format)
	if err != nil {
		return badInput("--format: %v", err)
	}
	if err := o.faults.check(); err != nil {
		return err
	}
	files, h, missing, err := openSomeShards(args, o.anyRevision)
	if err != nil {
		return err
	}
	format, err := formatOf(files[0].path, h, &o.rating)
	if err != nil {
		return err
	}
	n := 0
	faults := results.NewFaultTally(h.Bots)
	got, owned, err := readRun(files, format.Plan(), func(r *results.Record) error {
		if n++; n%1024 == 0 && ctx.Err() != nil {
			return errInterrupted
		}
		faults.Add(r)
		return format.Add(r)
	})
	if errors.Is(err, errInterrupted) || ctx.Err() != nil {
		return &exitError{ExitInterrupted, errors.New("interrupted while reading the records")}
	}
	if err != nil {
		return err
	}
	decided := format.Decided()
	if err := writeReport(ctx, env, format, report); err != nil {
		return err
	}
	switch {
	case len(missing) > 0:
		// Some shards of the run: their standings, said to be only theirs.
		n := len(files) + len(missing)
		var some []int
		for _, f := range files {
			some = append(some, shardOf(f.header))
		}
		what, its := fmt.Sprintf("shard %d of %d", some[0], n), "its"
		if len(some) > 1 {
			what, its = fmt.Sprintf("shards %s of %d", joinInts(some), n), "their"
		}
		fmt.Fprintf(env.stderr, "arena: %s: the standings of %s %d matches, not the run's (missing: %s; arena merge joins every shard)\n", what, its, got, joinInts(missing))
		if got < owned && !decided {
			fmt.Fprintf(env.stderr, "arena: incomplete: the files hold %d of their shards' %d matches (arena run --resume completes a file)\n", got, owned)
		}
	case got < format.Plan().Len() && !decided:
		// A run's matches are its plan's, though the shards of a staged
		// plan (a championship) hold only the matches planned from the
		// seed alone.
		fmt.Fprintf(env.stderr, "arena: incomplete: the files hold %d of the run's %d matches (arena run --resume completes a file)\n", got, format.Plan().Len())
	}
	return withVerdict(verdictExit(format.Verdict()), o.faults.report(env, faults))
}

// formatOf rebuilds a run's format from its header, rated with the flags
// in o, and checks that the header is one this arena could have written:
// a game it plays, and the matches its schedule plans. A fault of the
// header is told as the file's (path, line 1); one of the flags as theirs.
func formatOf(path string, h *results.Header, o *runOptions) (runner.Format, error) {
	if _, err := lookupGame(h.Game); err != nil {
		return nil, headerFault(path, "the header's game: %v", err)
	}
	f, err := scheduleOf(path, h, o)
	if err != nil {
		return nil, err
	}
	if n := f.Plan().Len(); n != h.Matches {
		return nil, headerFault(path, "header field \"matches\": %d, but its schedule plans %d matches: the header is damaged", h.Matches, n)
	}
	return f, nil
}

// playedOnce reports whether h is the header `arena play --out` wrote
// before it named its schedule "match": a round robin of one game and one
// match of every bot, which no run of two seats or more plans (it plays
// each seat order), on the match's own seed.
func playedOnce(h *results.Header) bool {
	return h.Schedule == "" && h.Games == 1 && h.Matches == 1 && h.Seeds == nil && h.Shard == nil && h.Seats > 1 && h.Seats == len(h.Bots)
}

// headerFault is bad input in the header of the results file at path: its
// line 1, as a record's fault is told at its line.
func headerFault(path, format string, a ...any) error {
	return badInput("%s:1: %s", path, fmt.Sprintf(format, a...))
}

// scheduleOf rebuilds the format of the header's schedule; path names the
// header's file in its errors.
func scheduleOf(path string, h *results.Header, o *runOptions) (runner.Format, error) {
	bad := func(err error) error { return headerFault(path, "the header's %s: %v", h.Scenario, err) }
	switch {
	case h.Schedule == "match" || playedOnce(h):
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		f, err := runner.NewSingle(h.Bots, h.Seed, opt)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	}
	switch h.Schedule {
	case "", "gauntlet":
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		var f runner.Format
		if h.Schedule == "gauntlet" {
			f, err = runner.NewGauntlet(h.Seats, h.Bots, h.Games, h.Seed, opt)
		} else {
			f, err = runner.NewTournament(h.Seats, h.Bots, h.Games, h.Seed, opt)
		}
		if err != nil {
			return nil, bad(err)
		}
		if h.Seeds != nil {
			if err := runner.WithSeeds(f, h.Seeds); err != nil {
				return nil, headerFault(path, "the header's seeds: %v", err)
			}
		}
		return f, nil
	case "league":
		if h.League == nil || len(h.Bots) == 0 {
			return nil, headerFault(path, "the header of a league has no \"league\" settings")
		}
		f, err := runner.NewLeague(h.Bots, h.Games, h.League.Needed, h.Seed)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "championship":
		if h.Championship == nil {
			return nil, headerFault(path, "the header of a championship has no \"championship\" settings")
		}
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		f, err := runner.NewChampionship(h.Seats, h.Bots, h.Championship.Days, h.Championship.Points, h.Seed, opt)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "knockout":
		if h.Knockout == nil {
			return nil, headerFault(path, "the header of a knockout has no \"knockout\" settings")
		}
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		if h.Seats > 2 {
			f, err := runner.NewHeats(h.Seats, h.Bots, *h.Knockout, h.Seed, opt)
			if err != nil {
				return nil, bad(err)
			}
			return f, nil
		}
		f, err := runner.NewKnockout(h.Bots, *h.Knockout, h.Seed, opt)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "swiss":
		if h.Swiss == nil {
			return nil, headerFault(path, "the header of a Swiss has no \"swiss\" settings")
		}
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		f, err := runner.NewSwiss(h.Seats, h.Bots, *h.Swiss, h.Seed, opt)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "ladder":
		if h.Ladder == nil {
			return nil, headerFault(path, "the header of a ladder batch has no \"ladder\" settings")
		}
		opt, err := o.ratingOptions(h.Bots, h.Seats, h.Seed)
		if err != nil {
			return nil, err
		}
		f, err := ladder.NewBatch(h.Seats, h.Bots, *h.Ladder, h.Seed, opt)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "sprt":
		if h.SPRT == nil {
			return nil, headerFault(path, "the header of a sequential test has no \"sprt\" settings")
		}
		test, err := h.SPRT.Test()
		if err != nil {
			return nil, bad(err)
		}
		f, err := runner.NewSPRT(h.Seats, h.Bots, test, h.Games, h.Seed)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	}
	return nil, headerFault(path, "header field \"schedule\": %q is not one this arena writes (gauntlet, league, championship, knockout, swiss, ladder, sprt, match, or none for a round robin)", h.Schedule)
}

// errInterrupted stops the reading of records on Ctrl-C.
var errInterrupted = errors.New("interrupted")
