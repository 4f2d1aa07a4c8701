// Package external enters programs written outside arena — in C, Python,
// Java — as bots of any game: `exec:cmd=PATH` starts one process per match
// and seat and speaks to it on its standard input and output, in the
// generic protocol (JSON lines: docs/bots.md). It is a sim.WireBot: defined
// once, it plays every game through the game's codec.
//
// A process lives for one match: started when the match starts, in its own
// process group, with a minimal environment (PATH, HOME, LANG, TMPDIR), and
// killed with its group when the match ends, is interrupted or the run
// ends. A process that answers late, exits, writes garbage or floods its
// output is a fault of its seat, played by the game's rule for no answer;
// it never hangs or crashes the run.
package external

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/arenasim/arena/sim"
)

// Limits of a process's output.
const (
	// MaxLineBytes caps an answer: a longer line is a flood, and the
	// process is stopped.
	MaxLineBytes = 64 << 10
	// stderrTail is how much of a process's standard error a fault
	// message quotes, at most.
	stderrTail = 512
)

// DefaultTimeout is how long a process has to answer when neither its
// spec (timeout=) nor the run (--move-timeout) says: long enough for any
// bot that means to answer, short enough that a hung one does not stall a
// run for long.
const DefaultTimeout = 10 * time.Second

// execParams are the exec bot's arguments.
var execParams = []sim.ParamSpec{
	{Name: "cmd", Kind: sim.KindFile, Nullable: true, Default: "null", Doc: "the program to run (required): a path, or a name found on PATH"},
	{Name: "args", Kind: sim.KindText, Default: `""`, Doc: "its arguments, separated by spaces (for more, write a wrapper script)"},
	sim.ChoiceParam("proto", "json", []string{"json", "original"}, "the protocol: json, the generic JSON lines of docs/bots.md; original, the game's original referee text (Minibus)"),
	{Name: "timeout", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "how long it has to answer each turn, a duration such as 50ms or 2s (default: 10s in json, the referee's deadlines in original); --move-timeout may shorten it"},
	{Name: "name", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "its name in tables and records (default: the spec)"},
}

// Exec returns the exec bot.
func Exec() sim.WireBot {
	return sim.WireBot{
		Name:    "exec",
		Summary: "an external program, one process per match and seat, speaking JSON lines on stdin/stdout (docs/bots.md)",
		Params:  execParams,
		Prepare: prepareExec,
	}
}

// program is what the spec of an exec bot says.
type program struct {
	path     string
	args     []string
	original bool          // the game's original protocol, not JSON lines
	first    time.Duration // the deadline of the first answer of a match
	timeout  time.Duration // of every other
	game     string
}

func prepareExec(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
	r := sim.NewParamReader(args, execParams)
	cmd := r.Text("cmd")
	argText := r.Text("args")
	proto := r.String("proto")
	if err := r.Err(); err != nil {
		return nil, err
	}
	path, err := exec.LookPath(cmd)
	if err != nil {
		return nil, fmt.Errorf("param cmd: %v", err)
	}
	p := program{path: path, args: strings.Fields(argText), first: DefaultTimeout, timeout: DefaultTimeout, game: g.Name}
	if proto == "original" {
		if g.Original == nil {
			return nil, fmt.Errorf("param proto: %s has no original protocol on standard input and output (use proto=json)", g.Name)
		}
		p.original, p.first, p.timeout = true, g.Original.First, g.Original.Turn
	}
	if raw := args["timeout"]; string(raw) != "null" {
		var text string
		_ = json.Unmarshal(raw, &text)
		d, err := time.ParseDuration(text)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("param timeout: %s is not a positive duration (write 50ms, 2s, 1m)", raw)
		}
		p.first, p.timeout = d, d
	}
	return func() sim.WirePlayer { return &process{prog: p} }, nil
}

// process is one seat's program, in the match being played.
type process struct {
	prog     program
	cmd      *exec.Cmd
	stdin    *os.File
	stdout   *os.File
	out      *bufio.Reader
	stderr   *tail
	broken   error     // why the process gives no more answers this match
	asked    time.Time // when the turn's observation was sent
	late     int       // answers owed from turns it missed the deadline of
	answered bool      // it has been asked for an answer this match
	buf      []byte
	state    *os.ProcessState // of the last process, once reaped
}

// Form returns the form the process reads: the game's JSON, or its
// original protocol.
func (p *process) Form() sim.Form {
	if p.prog.original {
		return sim.FormOriginal
	}
	return sim.FormJSON
}

// Reset starts the match's process and sends it the match's first line
// (none in the original protocol, which starts with the first turn).
func (p *process) Reset(m sim.MatchInfo, rng *rand.Rand) {
	p.End()
	p.broken, p.late, p.answered = nil, 0, false
	if err := p.start(); err != nil {
		p.broken = err
		return
	}
	if p.prog.original {
		return
	}
	start := struct {
		Type   string     `json:"type"`
		Game   string     `json:"game"`
		Seat   int        `json:"seat"`
		Seats  int        `json:"seats"`
		Params sim.Params `json:"params"`
		Seed   uint64     `json:"seed"`
	}{"start", p.prog.game, m.Seat, m.Seats, m.Params, rng.Uint64()}
	line, _ := json.Marshal(start)
	p.send(append(line, '\n'))
}

// start starts the program in a process group of its own, with a minimal
// environment, its output on pipes.
func (p *process) start() error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return err
	}
	cmd := exec.Command(p.prog.path, p.prog.args...)
	cmd.Env = minimalEnv()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	// The child has its ends; ours are closed either way.
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return fmt.Errorf("starting %s: %v", p.prog.path, err)
	}
	p.cmd, p.stdin, p.stdout, p.state = cmd, inW, outR, nil
	p.out = bufio.NewReaderSize(outR, 4096)
	p.stderr = newTail(errR)
	return nil
}

// minimalEnv keeps PATH, HOME, LANG and TMPDIR of arena's environment.
func minimalEnv() []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "LANG", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// send writes a line to the process, giving up after its timeout (a
// process that does not read): the process is then broken.
func (p *process) send(line []byte) {
	if p.broken != nil {
		return
	}
	_ = p.stdin.SetWriteDeadline(time.Now().Add(max(p.prog.timeout, time.Second)))
	if _, err := p.stdin.Write(line); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			p.fail(fmt.Errorf("%s reads no input: %w", p.prog.path, sim.ErrTimeout))
			return
		}
		p.fail(p.exited(err)) // it exited: a broken pipe
	}
}

// Act is Ask then Answer with no deadline but the process's own.
func (p *process) Act(obs []byte) (string, error) {
	if err := p.Ask(obs); err != nil {
		return "", err
	}
	return p.Answer(time.Time{})
}

// Ask sends the turn's observation: a turn line, or the original
// protocol's text as it is.
func (p *process) Ask(obs []byte) error {
	if p.broken != nil {
		return p.broken
	}
	if p.prog.original {
		p.buf = append(p.buf[:0], obs...)
	} else {
		p.buf = append(p.buf[:0], `{"type":"turn","observation":`...)
		p.buf = append(p.buf, obs...)
		p.buf = append(p.buf, "}\n"...)
	}
	p.asked = time.Now()
	p.send(p.buf)
	return p.broken
}

// Answer reads the turn's answer, one line, by the earlier of the match's
// deadline and the process's own timeout. Answers owed from turns whose
// deadline passed are read and dropped first.
func (p *process) Answer(deadline time.Time) (string, error) {
	if p.broken != nil {
		return "", p.broken
	}
	limit := p.prog.timeout
	if !p.answered {
		limit = p.prog.first
	}
	p.answered = true
	own := p.asked.Add(limit)
	if deadline.IsZero() || own.Before(deadline) {
		deadline = own
	}
	_ = p.stdout.SetReadDeadline(deadline)
	for {
		line, err := p.readLine()
		if err != nil {
			return "", err
		}
		if p.late > 0 {
			p.late-- // the answer of a turn it was too late for
			continue
		}
		return line, nil
	}
}

// readLine reads one line of output, without its line end.
func (p *process) readLine() (string, error) {
	var line []byte
	for {
		chunk, err := p.out.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxLineBytes {
			p.fail(fmt.Errorf("%s wrote a line longer than %d bytes: stopped", p.prog.path, MaxLineBytes))
			return "", p.broken
		}
		switch {
		case err == nil:
			return string(bytes.TrimRight(line, "\r\n")), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			p.late++
			return "", fmt.Errorf("%s: %w", p.prog.path, sim.ErrTimeout)
		default:
			p.fail(p.exited(err))
			return "", p.broken
		}
	}
}

// exited describes a process whose output ended: its exit status and the
// end of its standard error. It stops what is left of it.
func (p *process) exited(err error) error {
	p.kill()
	status := "closed its output"
	if p.state != nil && p.state.Exited() {
		status = p.state.String()
	}
	msg := fmt.Sprintf("%s %s", p.prog.path, status)
	if err != nil && !errors.Is(err, io.EOF) {
		msg += " (" + err.Error() + ")"
	}
	if t := p.stderr.String(); t != "" {
		msg += "; stderr: " + t
	}
	return errors.New(msg)
}

// fail breaks the process for the rest of the match, and stops it.
func (p *process) fail(err error) {
	if p.broken == nil {
		p.broken = err
	}
	p.kill()
}

// End stops the match's process, if any: the match is over.
func (p *process) End() { p.kill() }

// Close stops the process: the table is done.
func (p *process) Close() error {
	p.kill()
	return nil
}

// kill kills the process's group — the program and anything it started —
// reaps it, and closes the pipes.
func (p *process) kill() {
	if p.cmd == nil {
		return
	}
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.state, _ = p.cmd.Process.Wait()
	_ = p.stdin.Close()
	_ = p.stdout.Close()
	p.stderr.close()
	p.cmd = nil
}

// tail keeps the last bytes a process writes on its standard error, read
// by a goroutine of its own until the pipe closes.
type tail struct {
	f    *os.File
	mu   sync.Mutex
	last []byte
	done chan struct{}
}

func newTail(f *os.File) *tail {
	t := &tail{f: f, done: make(chan struct{})}
	go t.read()
	return t
}

func (t *tail) read() {
	defer close(t.done)
	buf := make([]byte, 4096)
	for {
		n, err := t.f.Read(buf)
		t.mu.Lock()
		t.last = append(t.last, buf[:n]...)
		if len(t.last) > stderrTail {
			t.last = append(t.last[:0], t.last[len(t.last)-stderrTail:]...)
		}
		t.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// String returns the last lines written, on one line.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.last)), " ")
}

// close waits for the end of the output (the process group is dead, its
// last words are read), but not for long: a process that left the group
// may still hold the pipe open.
func (t *tail) close() {
	_ = t.f.SetReadDeadline(time.Now().Add(time.Second))
	<-t.done
	_ = t.f.Close()
}
