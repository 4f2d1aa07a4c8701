package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

func init() {
	commands = []*command{runCommand, sprtCommand, rateCommand, mergeCommand, playCommand, goldenCommand, diffRulesCommand, tuneCommand, reportCommand, ladderCommand, benchCommand, listCommand, initCommand, versionCommand, completionCommand, helpCommand, completeCommand}
}

const overview = `arena plays bot-programming games headless and deterministic: thousands of
seeded matches in parallel, then ratings (Elo with confidence intervals) and
score tables. Every match is reproducible from its seed.

Usage: arena <command> [arguments]

Commands:
%s
Examples:
  arena run                                 the default tournament, tron/duel
  arena run tron/ffa4 -j 2 --out ffa.jsonl  another scenario, 2 workers, records kept
  arena run --game tron --bots strong,straight --games 200
  arena sprt tron/small --candidate strong:depth=4 --baseline strong --max-games 20000
  arena play --bots strong,stupid --trace trace.jsonl
  arena list bots tron

Run 'arena help <command>' for a command's flags; docs/ has the rest.
Exit codes: 0 success, 1 negative verdict (a golden divergence, a --fail-if
gate), 2 bad usage or input, 3 inconclusive, 4 internal failure, 130
interrupted.
`

func printOverview(w io.Writer) {
	var b strings.Builder
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		if c.short != "" { // __complete is the scripts', not the user's
			fmt.Fprintf(&b, "  %-*s  %s\n", width, c.name, c.short)
		}
	}
	fmt.Fprintf(w, overview, b.String())
}

// printHelp writes c's usage, description and flags.
// helpColumns is the width of a help's flag lines: a flag's text wraps
// there, under its start.
const helpColumns = 100

func (c *command) printHelp(w io.Writer) {
	fmt.Fprintf(w, "Usage: arena %s\n\n%s\n", c.usage, strings.TrimSpace(c.long))
	fs := c.flagSet(c.options())
	if usages := fs.FlagUsagesWrapped(helpColumns); usages != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", usages)
	}
}

type noOptions struct{}

func (noOptions) register(*pflag.FlagSet) {}

var helpCommand = &command{
	name:    "help",
	usage:   "help [COMMAND]",
	short:   "show help for arena or for one command",
	long:    "Without a command, help lists the commands; with one, it shows its flags.",
	options: func() options { return noOptions{} },
	run: func(_ context.Context, env *env, _ options, args []string) error {
		switch len(args) {
		case 0:
			printOverview(env.stdout)
			return nil
		case 1:
			c := findCommand(args[0])
			if c == nil {
				return badInput("help: unknown command %q (commands: %s)", args[0], commandNames())
			}
			c.printHelp(env.stdout)
			return nil
		}
		return badInput("help: takes at most one command, got %q", args)
	},
}

func commandNames() string {
	var names []string
	for _, c := range commands {
		if c.short != "" {
			names = append(names, c.name)
		}
	}
	return strings.Join(names, ", ")
}
