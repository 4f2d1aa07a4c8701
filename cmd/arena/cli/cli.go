// Package cli is the arena command line: it parses arguments, wires the
// registry, runner and results together, and maps errors to exit codes. The
// binary's main only calls Run, so every command is testable in process.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/bots/external"
)

// Exit codes (DESIGN.md, "CLI contract").
const (
	ExitOK           = 0   // success, or a positive verdict
	ExitNegative     = 1   // a negative verdict of a verdict command
	ExitBadInput     = 2   // bad usage or bad input
	ExitInconclusive = 3   // a verdict command at its game cap
	ExitInternal     = 4   // a recovered panic, an I/O error
	ExitInterrupted  = 130 // stopped by Ctrl-C
)

// Run runs arena with the given arguments (without the program name) and
// returns the exit code. Ctrl-C (or SIGTERM) cancels the run in progress;
// a second one kills the process. Ctrl-Z stops it, and the time stopped
// is not charged to any bot's deadline (watchStops). A stdout nobody reads
// (arena run … | true) is a failed write, exit 4 naming stdout: SIGPIPE is
// caught, so that the write fails with EPIPE instead of ending arena.
// Caught, not ignored: the programs of exec bots start with its default
// action, as an ignored signal would stay ignored in them.
func Run(args []string, stdout, stderr io.Writer) int {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal the default handling comes back, so that a
	// second Ctrl-C ends arena at once, even inside a long bot move.
	context.AfterFunc(ctx, stop)
	defer watchStops()()
	return Main(ctx, args, stdout, stderr)
}

// Main is Run with the caller's context.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	shownOut, shownErr := &printableWriter{w: stdout}, &printableWriter{w: stderr}
	defer shownErr.Flush()
	out := &checkedWriter{w: shownOut}
	env := &env{stdout: out, stderr: shownErr, out: out}
	code := mainWith(ctx, env, args)
	if err := shownOut.Flush(); err != nil && out.err == nil {
		out.err = err
	}
	// What a command printed must have reached stdout: a full disk or a
	// closed file there is a failure, even of a command that succeeded.
	if out.err != nil && !env.reported {
		fmt.Fprintf(env.stderr, "arena: stdout: %v\n", out.err)
		return ExitInternal
	}
	return code
}

// checkedWriter is stdout, keeping the first error of a write to it.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

func mainWith(ctx context.Context, env *env, args []string) int {
	defer external.SetSandbox(external.SetSandbox(false)) // --sandbox holds for this command
	if len(args) == 0 {
		printOverview(env.stdout)
		return ExitOK
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "--help":
		name = "help"
	case "--version":
		name = "version"
	}
	cmd := findCommand(name)
	if cmd == nil {
		fmt.Fprintf(env.stderr, "arena: unknown command %q (see arena help)\n", name)
		return ExitBadInput
	}
	return env.exit(cmd.call(ctx, env, rest))
}

// env is where a command writes.
type env struct {
	stdout, stderr io.Writer
	out            *checkedWriter // stdout, when Main made it
	reported       bool           // a failed write to stdout is said already
}

// exit prints err as one line on stderr and returns its exit code. A
// failed write to stdout is arena's failure, whatever the command made of
// it.
func (e *env) exit(err error) int {
	if err == nil {
		return ExitOK
	}
	if e.out != nil && e.out.err != nil && errors.Is(err, e.out.err) {
		e.reported = true
		fmt.Fprintf(e.stderr, "arena: stdout: %v\n", e.out.err)
		return ExitInternal
	}
	var ex *exitError
	if errors.As(err, &ex) {
		if ex.err != nil {
			fmt.Fprintf(e.stderr, "arena: %v\n", ex.err)
		}
		return ex.code
	}
	fmt.Fprintf(e.stderr, "arena: %v\n", err)
	return ExitInternal
}

// exitError carries an exit code; a nil err prints nothing.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// badInput is an error of the user's: exit code 2.
func badInput(format string, args ...any) error {
	return &exitError{ExitBadInput, fmt.Errorf(format, args...)}
}

// asBadInput marks err as the user's.
func asBadInput(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{ExitBadInput, err}
}

// command is one subcommand of arena.
type command struct {
	name    string
	usage   string // the synopsis after "arena "
	short   string // one line for the overview
	long    string // the rest of `arena help NAME`
	options func() options
	run     func(ctx context.Context, env *env, opts options, args []string) error
}

// options holds the flags of one command.
type options interface {
	register(fs *pflag.FlagSet)
}

// commands is filled by init in help.go, to break the cycle between the
// help command and the list of commands.
var commands []*command

func findCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// flagSet returns c's flags, registered into opts.
func (c *command) flagSet(opts options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("arena "+c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	opts.register(fs)
	fs.BoolP("help", "h", false, "show this help")
	return fs
}

// call parses args and runs c. --help prints c's help to stdout instead.
func (c *command) call(ctx context.Context, env *env, args []string) error {
	opts := c.options()
	fs := c.flagSet(opts)
	err := fs.Parse(args)
	if help, _ := fs.GetBool("help"); errors.Is(err, pflag.ErrHelp) || (err == nil && help) {
		c.printHelp(env.stdout)
		return nil
	}
	if msg, ok := renamedMessage(err); ok {
		return badInput("%s: %s", c.name, msg)
	}
	if err != nil {
		return badInput("%s: %s (see arena help %s)", c.name, flagError(err), c.name)
	}
	return c.run(ctx, env, opts, fs.Args())
}

// flagError says what is wrong with a flag's value in the user's words:
// `--games: "abc" is not a whole number`, not strconv's.
func flagError(err error) string {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err.Error()
	}
	f := bad.GetFlag()
	value := bad.GetValue()
	var want string
	switch f.Value.Type() {
	case "int", "int64", "int32":
		want = "is not a whole number"
	case "intSlice":
		want = "is not a comma-separated list of whole numbers"
	case "uint", "uint64", "uint32":
		want = "is not a whole number from 0 up"
	case "float64", "float32":
		want = "is not a number"
	case "bool":
		want = "is not true or false"
	case "duration":
		want = "is not a duration (write 50ms, 2s, 1m)"
	}
	var num *strconv.NumError
	if errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange) {
		want = "is out of range"
	}
	if want == "" || !errors.As(err, &num) && f.Value.Type() != "duration" {
		// A value type of our own says what is wrong itself.
		return fmt.Sprintf("--%s: %q %v", f.Name, value, errors.Unwrap(err))
	}
	return fmt.Sprintf("--%s: %q %s", f.Name, value, want)
}
