// Package external enters programs written outside arena — in C, Python,
// Java — as bots of any game: `exec:cmd=PATH` starts one process per match
// and seat and speaks to it on its standard input and output, in the
// generic protocol (JSON lines: docs/bots.md). It is a sim.WireBot: defined
// once, it plays every game through the game's codec.
//
// A process lives for one match: started when the match starts, in its own
// process group, with a minimal environment (PATH, HOME, LANG, TMPDIR), and
// killed with its group when the match ends, is interrupted or the run
// ends. With chain=true (JSON only) it is told the match's end and kept
// for the table's next match, unless it faulted. A process that answers late, exits, writes garbage or floods its
// output is a fault of its seat, played by the game's rule for no answer;
// it never hangs or crashes the run.
package external

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
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
	// MaxLogBytes is how much of a process's standard error is kept in
	// the match's log, when the run keeps logs (beside its --out file).
	MaxLogBytes = 1 << 20
	// byeGrace is how long a program told goodbye over TCP may take to
	// exit on its own (to read the goodbye, write its logs) before it is
	// killed.
	byeGrace = 200 * time.Millisecond
)

// DefaultTimeout is how long a process has to answer when neither its
// spec (timeout=) nor the run (--move-timeout) says: long enough for any
// bot that means to answer, short enough that a hung one does not stall a
// run for long.
const DefaultTimeout = 10 * time.Second

// DefaultStartup is how long the first answer of a match may take when the
// spec (startup=) does not say: it includes the program's start, and an
// interpreter behind a version manager's shim can take seconds to start
// on a busy machine.
const DefaultStartup = 10 * time.Second

// execParams are the exec bot's arguments.
var execParams = []sim.ParamSpec{
	{Name: "cmd", Kind: sim.KindFile, Nullable: true, Default: "null", Doc: "the program to run (required): a path, or a name found on PATH"},
	{Name: "args", Kind: sim.KindText, Default: `""`, Doc: "its arguments, separated by spaces (for more, write a wrapper script); {NAME} is a declared parameter's value"},
	{Name: "env", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "variables added to its environment, NAME=VALUE separated by spaces; {NAME} is a declared parameter's value"},
	sim.ChoiceParam("proto", "json", []string{"json", "original"}, "the protocol: json, the generic JSON lines of docs/bots.md; original, the game's original referee protocol (Minibus on stdin/stdout, Sopra over TCP)"),
	{Name: "timeout", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "how long it has to answer each turn, a duration such as 50ms or 2s (default: 10s in json, the referee's deadlines in original); --move-timeout may shorten it"},
	{Name: "startup", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "how long its first answer of a match may take, its start included, a duration (default 10s, and never less than timeout); --move-timeout does not shorten it"},
	{Name: "name", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "its name in tables and records (default: the program's file name, or its script's: bot.py)"},
	{Name: "chain", Kind: sim.KindBool, Default: "false", Doc: "keep the process from match to match (json only): it is told each match's end with an end line and reads the next match's start line; a process that faulted is replaced"},
	{Name: "sandbox", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "on: run it with limits, for a program you did not write (memory, CPU time, tasks, files, no network: docs/bots.md, Running other people's bots); off: with your rights (default: the run's --sandbox, off)"},
	{Name: "memory", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "in a sandbox, its memory cap: 256MiB, 1GiB (default 1GiB)"},
	{Name: "cpu", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "in a sandbox, the CPU time a process of it may use, a duration (default 10m)"},
}

// Exec returns the exec bot.
func Exec() sim.WireBot {
	return sim.WireBot{
		Name:     "exec",
		Summary:  "an external program, one process per match and seat (chain=true: kept from match to match), speaking JSON lines on stdin/stdout (docs/bots.md)",
		Params:   execParams,
		Prepare:  prepareExec,
		Label:    programName,
		Declared: declaredBy(execParams),
	}
}

// scriptName is the file name of an interpreter's script: an extension
// that starts with a letter (bot.py, bot.jar), not a number's (1.5).
var scriptName = regexp.MustCompile(`^[^-].*\.[A-Za-z][A-Za-z0-9]*$`)

// programName names an exec bot: its name=, or else the file name of its
// program, or of its script when it is an interpreter given one — the
// first argument that is a file name with an extension (python3 -u
// bots/mine.py: mine.py; java -jar bot.jar: bot.jar) — followed by the
// values its spec gives its parameters (mine.py:aggr=3).
func programName(args sim.Params) string {
	var name string
	_ = json.Unmarshal(args["name"], &name)
	if name = strings.TrimSpace(name); name == "" {
		name = fileName(args)
	}
	if name == "" {
		return ""
	}
	return name + valuesShown(args)
}

// fileName is the file name of an exec bot's program, or of its script.
func fileName(args sim.Params) string {
	var cmd, argText string
	_ = json.Unmarshal(args["cmd"], &cmd)
	_ = json.Unmarshal(args["args"], &argText)
	for _, a := range strings.Fields(argText) {
		if scriptName.MatchString(a) {
			return filepath.Base(a)
		}
	}
	if strings.TrimSpace(cmd) == "" {
		return ""
	}
	return filepath.Base(cmd)
}

// program is what the spec of an exec bot says.
type program struct {
	path     string
	args     []string
	original bool          // the game's original protocol, not JSON lines
	tcp      *sim.Protocol // the original protocol over TCP, nil on stdin/stdout
	env      []string      // added to its environment (env=)
	values   sim.Params    // its declared parameters' values, for the start line; nil: none declared
	first    time.Duration // the deadline of the first answer of a match (over TCP: of the greeting)
	timeout  time.Duration // of every other
	game     string
	chain    bool    // one process plays match after match
	sandbox  Sandbox // its limits, when On
}

// notAProgram says why cmd names no program to run, in the user's words
// rather than exec's ("exec: \"x\": stat x: …").
func notAProgram(cmd string, err error) error {
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return fmt.Errorf("%q is no program on $PATH (a program of your own takes its path: cmd=./bot)", cmd)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such file", cmd)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: not an executable file (chmod +x it, or give its interpreter: cmd=python3,args=%s)", cmd, cmd)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", cmd, pe.Err)
	}
	return err
}

func prepareExec(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
	r := sim.NewParamReader(args, execParams)
	cmd := r.Text("cmd")
	proto := r.String("proto")
	var chain bool
	r.Decode("chain", &chain)
	if err := r.Err(); err != nil {
		return nil, err
	}
	if chain && proto == "original" {
		return nil, fmt.Errorf("param chain: the original protocols start a process per match; only proto=json chains matches")
	}
	path, err := exec.LookPath(cmd)
	if err != nil {
		return nil, fmt.Errorf("param cmd: %v", notAProgram(cmd, err))
	}
	v, err := ValuesOf(args, proto == "original")
	if err != nil {
		return nil, err
	}
	p := program{path: path, args: v.Args, env: v.Env, values: v.JSON, first: DefaultTimeout, timeout: DefaultTimeout, game: g.Name, chain: chain}
	if proto == "original" {
		if g.Original == nil {
			return nil, fmt.Errorf("param proto: %s has no original protocol (use proto=json)", g.Name)
		}
		p.original, p.first, p.timeout = true, g.Original.First, g.Original.Turn
		if g.Original.Transport == sim.TCP {
			p.tcp = g.Original.Protocol
		}
	}
	if d, given, err := durationArg(args, "timeout"); err != nil {
		return nil, err
	} else if given {
		p.first, p.timeout = d, d
	}
	startup, given, err := durationArg(args, "startup")
	if err != nil {
		return nil, err
	}
	if !given {
		startup = DefaultStartup
	}
	p.first = max(p.first, p.timeout, startup)
	if p.sandbox, err = sandboxArgs(args); err != nil {
		return nil, err
	}
	if p.sandbox.On {
		if err := sandboxAvailable(); err != nil {
			return nil, fmt.Errorf("param sandbox: %v", err)
		}
		// It starts in a folder of its own: the program, and the arguments
		// that name files of arena's folder, are given as absolute paths.
		if p.path, err = filepath.Abs(p.path); err != nil {
			return nil, fmt.Errorf("param cmd: %v", err)
		}
		for i, a := range p.args {
			if _, err := os.Stat(a); err == nil && !filepath.IsAbs(a) && !strings.HasPrefix(a, "-") {
				if abs, err := filepath.Abs(a); err == nil {
					p.args[i] = abs
				}
			}
		}
		notice(p.sandbox)
	}
	return func() sim.WirePlayer { return &process{prog: p} }, nil
}

// durationArg reads a duration argument of an external bot (timeout=,
// startup=), and whether the spec gives it.
func durationArg(args sim.Params, name string) (time.Duration, bool, error) {
	raw, ok := args[name]
	if !ok || string(raw) == "null" {
		return 0, false, nil
	}
	var text string
	_ = json.Unmarshal(raw, &text)
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 {
		return 0, false, fmt.Errorf("param %s: %q is not a positive duration (write 50ms, 2s, 1m)", name, text)
	}
	return d, true, nil
}

// earlier returns the earlier of a bot's own deadline and the match's,
// the zero time standing for no deadline of the match.
func earlier(own, match time.Time) time.Time {
	if match.IsZero() || own.Before(match) {
		return own
	}
	return match
}

// LogName is the name of the log of a seat's program in a match, in the
// run's logs folder.
func LogName(match, seat int) string { return fmt.Sprintf("match-%d.seat-%d.stderr", match, seat) }

// process is one seat's program, in the match being played.
type process struct {
	prog     program
	seat     int
	keeper   *keeper       // the program's keeper, while it runs
	idle     *keeper       // the seat's keeper between programs (none in a sandbox)
	w        writer        // where the observations go: its stdin, or the connection
	r        reader        // where the answers come from: its stdout, or the connection
	in       *replay       // r, with the bytes of an answer cut by its deadline given back
	out      *bufio.Reader // in, buffered
	stderr   *tail
	ln       net.Listener   // the server of a TCP protocol
	ready    chan error     // the connection and greeting of a TCP protocol, once done
	halt     chan struct{}  // closed to give up waiting for the connection
	pending  sync.WaitGroup // programs being ended in the background
	broken   error          // why the process gives no more answers this match
	asked    time.Time      // when the turn's observation was sent
	stops    sim.Stopwatch  // arena's own stops, which its deadlines do not count (nil: sim.Stops)
	stopped  time.Duration  // stops.Stopped() when the turn's observation was sent
	due      time.Time      // the deadline of the answer read, before the stops since it was asked
	late     int            // answers owed from turns it missed the deadline of
	waiting  bool           // asked, its answer not read yet
	answered bool           // it has been asked for an answer this match
	between  bool           // a chained process kept after its match's end, for the next
	logPath  string         // where its standard error is kept this match; empty: not kept
	buf      []byte
	state    *keeperMsg // the last process's end, once it is gone
}

// writer and reader are a pipe's ends or a connection, with deadlines.
type (
	writer interface {
		io.WriteCloser
		SetWriteDeadline(time.Time) error
	}
	reader interface {
		io.ReadCloser
		SetReadDeadline(time.Time) error
	}
)

// Form returns the form the process reads: the game's JSON, or its
// original protocol.
func (p *process) Form() sim.Form {
	if p.prog.original {
		return sim.FormOriginal
	}
	return sim.FormJSON
}

// Reset starts the match's process — or takes the chained one kept from
// the last match — and sends it the match's first line (none in the
// original protocol, which starts with the first turn).
func (p *process) Reset(m sim.MatchInfo, rng *rand.Rand) {
	seed := rng.Uint64() // drawn once, whichever process gets it
	kept := p.between && p.keeper != nil
	p.between = false
	if !kept {
		p.kill()
	}
	p.broken, p.late, p.waiting, p.answered, p.seat = nil, 0, false, false, m.Seat
	p.logPath = ""
	if m.LogDir != "" {
		p.logPath = filepath.Join(m.LogDir, LogName(m.Match, m.Seat))
	}
	if kept {
		p.stderr.setLog(p.logPath)
		p.sendStart(m, seed)
		if p.broken == nil {
			return
		}
		p.broken = nil // it died between matches: a new one plays this match
	}
	var err error
	if p.prog.tcp != nil {
		err = p.serve()
	} else {
		err = p.start(nil, "")
	}
	if err != nil {
		p.broken = err
		return
	}
	if p.prog.original {
		return
	}
	p.sendStart(m, seed)
}

// sendStart sends the start line of a match with the seat's seed.
func (p *process) sendStart(m sim.MatchInfo, seed uint64) {
	start := struct {
		Type      string     `json:"type"`
		Game      string     `json:"game"`
		Seat      int        `json:"seat"`
		Seats     int        `json:"seats"`
		Params    sim.Params `json:"params"`
		BotParams sim.Params `json:"bot_params,omitempty"` // only when its spec declares some
		Seed      uint64     `json:"seed"`
	}{"start", p.prog.game, m.Seat, m.Seats, m.Params, p.prog.values, seed}
	line, _ := json.Marshal(start)
	p.send(append(line, '\n'))
}

// wait waits up to d for the keeper's program to exit on its own; it
// reports whether it did.
func (k *keeper) wait(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-k.programOver():
		return true
	case <-timer.C:
		return false
	}
}

// start starts the program under its keeper (in a sandbox when asked),
// with a minimal environment and extra arguments after its own. On
// standard input and output it speaks through pipes; over TCP (connected)
// its standard input is empty and its output joins its standard error.
// listen, when not empty, is the loopback address in the sandbox's
// network namespace where the keeper takes its connection.
func (p *process) start(extra []string, listen string) error {
	var inR, inW, outR, outW *os.File
	var err error
	if p.prog.tcp == nil {
		if inR, inW, err = os.Pipe(); err != nil {
			return err
		}
		if outR, outW, err = os.Pipe(); err != nil {
			closeAll(inR, inW)
			return err
		}
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return err
	}
	req := startRequest{Path: p.prog.path, Args: append(slices.Clone(p.prog.args), extra...), Env: append(minimalEnv(), p.prog.env...), Listen: listen}
	k := p.idle
	p.idle = nil
	if p.prog.sandbox.On {
		// A sandbox is the program's own: a keeper in its namespaces,
		// cgroups and folder.
		var b *box
		if b, err = newBox(p.prog.sandbox); err == nil {
			req.Dir = b.dir
			req.Env = append(withoutVars(req.Env, "HOME", "TMPDIR"), "HOME="+b.dir, "TMPDIR="+b.dir)
			if k, err = newKeeper(b); err != nil {
				b.remove()
			}
		}
	} else if k == nil {
		k, err = newKeeper(nil)
	}
	if err == nil {
		stdout := outW
		if p.prog.tcp != nil {
			stdout = errW
		}
		if err = k.run(req, inR, stdout, errW); err != nil {
			p.release(k)
		}
	}
	// The keeper has their copies; ours are closed either way.
	closeAll(inR, outW, errW)
	if err != nil {
		closeAll(inW, outR, errR)
		return fmt.Errorf("starting %s: %v", p.prog.path, err)
	}
	p.keeper, p.state = k, nil
	if p.prog.tcp == nil {
		p.w, p.r = inW, outR
		p.in = &replay{src: outR}
		p.out = bufio.NewReaderSize(p.in, 4096)
	}
	p.stderr = newTail(errR, p.logPath)
	return nil
}

// release keeps a keeper whose program is done for the seat's next
// program, or closes it: a sandbox's, or one that broke.
func (p *process) release(k *keeper) {
	if k.box != nil || k.broken != nil || p.idle != nil {
		k.close()
		return
	}
	p.idle = k
}

// withoutVars returns env without the variables named.
func withoutVars(env []string, names ...string) []string {
	return slices.DeleteFunc(env, func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains(names, k)
	})
}

// closeAll closes the files that are open.
func closeAll(files ...*os.File) {
	for _, f := range files {
		if f != nil {
			_ = f.Close()
		}
	}
}

// sandboxPort is the port a sandboxed program of a TCP protocol connects
// to, on the loopback of its own network namespace, where its keeper
// listens: nothing else is there.
const sandboxPort = 7777

// serve listens on a loopback port, starts the program with the host and
// port (and what else the protocol gives) as its last arguments, and waits
// in the background for it to connect and greet: Ask waits for that. A
// program in a sandbox's network namespace cannot reach arena's loopback:
// its keeper listens on the namespace's own, and hands arena the
// connection.
func (p *process) serve() error {
	p.halt = make(chan struct{})
	if p.prog.sandbox.On && probe().userns {
		if err := p.start(p.prog.tcp.Args("127.0.0.1", sandboxPort, p.seat), fmt.Sprintf("127.0.0.1:%d", sandboxPort)); err != nil {
			return err
		}
		p.ready = make(chan error, 1)
		deadline := time.Now().Add(p.prog.first)
		conns, done, stop := p.keeper.conns, p.keeper.programOver(), p.halt
		go func() {
			p.ready <- p.accept(func() (net.Conn, error) {
				timer := time.NewTimer(time.Until(deadline))
				defer timer.Stop()
				select {
				case f := <-conns:
					defer f.Close()
					return net.FileConn(f)
				case <-timer.C:
					return nil, os.ErrDeadlineExceeded
				case <-done:
					return nil, errors.New("it exited")
				case <-stop:
					return nil, errors.New("the match is over")
				}
			}, deadline)
		}()
		return nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().(*net.TCPAddr)
	if err := p.start(p.prog.tcp.Args(addr.IP.String(), addr.Port, p.seat), ""); err != nil {
		_ = ln.Close()
		return err
	}
	p.ln, p.ready = ln, make(chan error, 1)
	deadline := time.Now().Add(p.prog.first)
	go func() {
		p.ready <- p.accept(func() (net.Conn, error) {
			_ = ln.(*net.TCPListener).SetDeadline(deadline)
			return ln.Accept()
		}, deadline)
	}()
	return nil
}

// accept takes the program's connection and greeting by the deadline.
func (p *process) accept(take func() (net.Conn, error), deadline time.Time) error {
	conn, err := take()
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("%s did not connect: %w", p.prog.path, sim.ErrTimeout)
		}
		return fmt.Errorf("%s did not connect: %v", p.prog.path, err)
	}
	tcp, ok := conn.(*net.TCPConn)
	if !ok {
		_ = conn.Close()
		return fmt.Errorf("%s did not connect over TCP", p.prog.path)
	}
	_ = tcp.SetDeadline(deadline)
	in := &replay{src: tcp}
	out := bufio.NewReaderSize(in, 4096)
	reply, err := p.prog.tcp.Hello(out, p.seat)
	if err != nil {
		_ = tcp.Close()
		return fmt.Errorf("%s: greeting refused: %v", p.prog.path, err)
	}
	if _, err := tcp.Write(reply); err != nil {
		_ = tcp.Close()
		return fmt.Errorf("%s: %v", p.prog.path, err)
	}
	_ = tcp.SetDeadline(time.Time{})
	p.w, p.r, p.in, p.out = tcp, tcp, in, out
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
	stops := p.stopwatch()
	stopped, due := stops.Stopped(), time.Now().Add(max(p.prog.timeout, time.Second))
	_ = p.w.SetWriteDeadline(due)
	for {
		n, err := p.w.Write(line)
		switch {
		case err == nil:
			return
		case !errors.Is(err, os.ErrDeadlineExceeded):
			p.fail(p.exited(err)) // it exited: a broken pipe
			return
		}
		// A deadline that passed while arena itself was stopped moves on
		// by the time stopped, as an answer's does.
		if moved := due.Add(stops.Stopped() - stopped); moved.After(time.Now()) {
			line = line[n:]
			_ = p.w.SetWriteDeadline(moved)
			continue
		}
		p.fail(fmt.Errorf("%s reads no input: %w", p.prog.path, sim.ErrTimeout))
		return
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
// protocol's text as it is (over TCP, once the program has connected).
func (p *process) Ask(obs []byte) error {
	if p.ready != nil {
		err := <-p.ready
		p.ready = nil
		if err != nil {
			p.fail(err)
		}
	}
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
	p.asked, p.stopped = time.Now(), p.stopwatch().Stopped()
	p.send(p.buf)
	p.waiting = p.broken == nil
	return p.broken
}

// Answer reads the turn's answer, one line, by the earlier of the match's
// deadline and the process's own timeout. Answers owed from turns whose
// deadline passed are read and dropped first.
func (p *process) Answer(deadline time.Time) (string, error) {
	if p.broken != nil {
		return "", p.broken
	}
	if p.answered {
		deadline = earlier(p.asked.Add(p.prog.timeout), deadline)
	} else {
		// The first answer of a match includes the program's start: its
		// grace is its own, whatever the match's deadline.
		deadline = p.asked.Add(p.prog.first)
	}
	p.answered = true
	p.due = deadline
	_ = p.r.SetReadDeadline(p.dueNow())
	for {
		line, err := p.readAnswer()
		var invalid *sim.InvalidAnswer
		answered := err == nil || errors.As(err, &invalid)
		if answered {
			p.waiting = p.late > 0 // a late answer read is not this turn's
		} else if errors.Is(err, sim.ErrTimeout) {
			p.waiting = false // owed now, counted in late
		}
		if answered && p.late > 0 {
			p.late-- // the answer of a turn it was too late for, valid or not
			continue
		}
		if err != nil {
			return "", err
		}
		return line, nil
	}
}

// stopwatch returns the clock of arena's own stops.
func (p *process) stopwatch() sim.Stopwatch {
	if p.stops == nil {
		return sim.Stops
	}
	return p.stops
}

// dueNow returns the deadline of the answer being read, later by the time
// arena itself was stopped since the turn was asked: that time was not
// the program's (docs/bots.md, timeout=).
func (p *process) dueNow() time.Time {
	return p.due.Add(p.stopwatch().Stopped() - p.stopped)
}

// readAnswer reads one answer: a line, or what the TCP protocol reads. A
// deadline that passed while arena itself was stopped is moved on by the
// time stopped, and the answer read on.
func (p *process) readAnswer() (string, error) {
	var line string
	var err error
	for {
		p.in.mark(p.out)
		if p.prog.tcp != nil {
			line, err = p.prog.tcp.Answer(p.out, p.seat)
		} else {
			line, err = sim.ReadLine(p.out, MaxLineBytes)
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			p.in.unmark()
			break
		}
		// Cut by its deadline: what was read of it is read again, from its
		// first byte, on the deadline moved by a stop of arena's, or when
		// the late answer is read (and dropped).
		p.in.rewind(p.out)
		due := p.dueNow()
		if !due.After(time.Now()) {
			break
		}
		_ = p.r.SetReadDeadline(due)
	}
	var invalid *sim.InvalidAnswer
	switch {
	case err == nil || errors.As(err, &invalid):
		return line, err
	case errors.Is(err, sim.ErrLongLine):
		p.fail(fmt.Errorf("%s wrote a line longer than %d bytes: stopped", p.prog.path, MaxLineBytes))
		return "", p.broken
	case errors.Is(err, os.ErrDeadlineExceeded):
		p.late++
		return "", fmt.Errorf("%s: %w", p.prog.path, sim.ErrTimeout)
	default:
		p.fail(p.exited(err))
		return "", p.broken
	}
}

// exited describes a process whose output ended: its exit status and the
// end of its standard error. It stops what is left of it. A program of a
// sandbox that a limit ended is a crash (sim.ErrCrash), naming the limit.
func (p *process) exited(err error) error {
	p.kill()
	status := "closed its output"
	if p.state != nil && p.state.Done && !p.state.Ended {
		status = exitStatus(p.state.Status)
	}
	if p.state != nil && p.state.Lost != "" {
		status += " (its keeper stopped: " + p.state.Lost + ")"
	}
	msg := fmt.Sprintf("%s %s", p.prog.path, status)
	if err != nil && !errors.Is(err, io.EOF) {
		msg += " (" + err.Error() + ")"
	}
	tail := p.stderr.String()
	if t := tail; t != "" {
		msg += "; stderr: " + t
	}
	if limit := p.limitHit(); limit != "" {
		return fmt.Errorf("%s: %w: %s", msg, sim.ErrCrash, limit)
	}
	return errors.New(msg)
}

// ending is what a program's wait status tells of how it ended, as far as
// the sandbox's limits go (endingOf reads it, each system its own way).
type ending struct {
	clean        bool // it exited with status 0
	killed       bool // SIGKILL ended it
	pastCPU      bool // SIGXCPU ended it: past RLIMIT_CPU
	pastFileSize bool // SIGXFSZ ended it: past RLIMIT_FSIZE
}

// limitHit names the limit of the sandbox that ended the program; "" when
// none did. It is told by what the kernel did and kept alone — the signal
// that ended the program, the CPU time it counted, the out-of-memory kills
// of its cgroup, its folder's tmpfs full or a file at the file size cap —
// never by the program's own words ("MemoryError", "File too large"),
// which may be about anything, a cap it did not hit included. A program
// refused memory under RLIMIT_DATA, where the kernel counts nothing, ends
// as it chooses: a fault of its exit.
func (p *process) limitHit() string {
	s := p.prog.sandbox
	if !s.On || p.state == nil || !p.state.Done {
		return ""
	}
	end := endingOf(p.state.Status)
	cpu := fmt.Sprintf("its CPU time cap, %v a process (RLIMIT_CPU)", s.CPU)
	// What the kernel counts tells, even of a program that was being
	// ended at the same time.
	switch {
	case p.state.OOM > 0:
		return fmt.Sprintf("its memory cap, %s (cgroup memory limit: %d out-of-memory kills)", size(s.Memory), p.state.OOM)
	case end.killed && p.state.CPU >= s.CPU.Seconds():
		return cpu
	case p.state.Ended, end.clean:
		return ""
	}
	switch {
	case end.pastCPU:
		return cpu
	case end.pastFileSize, p.state.FileCap:
		return fmt.Sprintf("its file size cap, %s a file (RLIMIT_FSIZE)", size(s.FileSize))
	case p.state.Full:
		return fmt.Sprintf("its folder's size cap, %s", size(s.FileSize))
	}
	return ""
}

// fail breaks the process for the rest of the match, and stops it.
func (p *process) fail(err error) {
	if p.broken == nil {
		p.broken = err
	}
	p.killLater()
}

// Finish sends the original protocol's end of a match played out (the
// scores), to a program that is still there to read it.
func (p *process) Finish(end []byte) {
	if p.ready == nil && p.w != nil {
		p.send(end)
	}
}

// End ends the match: a chained process that owes no answer is told so
// with an end line and kept for the next match; any other is stopped.
func (p *process) End() {
	if p.prog.chain && p.keeper != nil && p.broken == nil && !p.waiting && p.late == 0 {
		p.send([]byte(`{"type":"end"}` + "\n"))
		if p.broken == nil {
			p.between = true // its stderr goes on to this match's log until the next starts
			return
		}
	}
	p.killLater()
}

// Close stops the process: the table is done.
func (p *process) Close() error {
	p.kill()
	p.pending.Wait()
	if p.idle != nil {
		p.idle.close()
		p.idle = nil
	}
	return nil
}

// kill says goodbye over TCP, ends the program and everything it started
// (its keeper does), and closes the pipes or the connection, and waits for
// all that: p.state is then the program's end. A program told goodbye has
// byeGrace to exit on its own first.
func (p *process) kill() {
	if stop := p.stop(); stop != nil {
		end := stop()
		p.state = &end
	}
}

// killLater is kill without the wait for a program in a sandbox, which
// has a keeper of its own: it is ended in the background (the next match
// need not wait for its namespaces and cgroups to go), and Close waits.
func (p *process) killLater() {
	if p.keeper == nil || p.keeper.box == nil {
		p.kill()
		return
	}
	if stop := p.stop(); stop != nil {
		p.pending.Add(1)
		go func() {
			defer p.pending.Done()
			stop()
		}()
	}
}

// stop detaches the program from the process and returns what ends it;
// nil when there is none.
func (p *process) stop() func() keeperMsg {
	bye := false
	if p.halt != nil {
		close(p.halt) // ends a pending wait for the sandbox's connection
		p.halt = nil
	}
	if p.ln != nil {
		_ = p.ln.Close() // ends a pending Accept
		p.ln = nil
	}
	if p.ready != nil {
		if err := <-p.ready; err == nil && p.w != nil {
			_ = p.w.Close()
		}
		p.ready = nil
	} else if p.w != nil && p.prog.tcp != nil {
		_ = p.w.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		_, err := p.w.Write(p.prog.tcp.Bye)
		bye = err == nil
	}
	if p.keeper == nil {
		return nil
	}
	k, w, r, stderr := p.keeper, p.w, p.r, p.stderr
	p.keeper, p.w, p.r, p.state = nil, nil, nil, nil
	return func() keeperMsg {
		if bye {
			k.wait(byeGrace)
		}
		end := k.stop()
		if k.box != nil {
			k.close()
		} else {
			p.release(k) // a sandbox's keeper is never released in the background
		}
		if w != nil {
			_ = w.Close()
		}
		if r != nil {
			_ = r.Close()
		}
		stderr.close()
		return end
	}
}

// tail keeps the last bytes a process writes on its standard error, read
// by a goroutine of its own until the pipe closes.
type tail struct {
	f    *os.File
	mu   sync.Mutex
	last []byte
	done chan struct{}
	log  matchLog
}

// newTail reads f, keeping its whole output, up to MaxLogBytes, in the
// file at logPath when it is not empty.
func newTail(f *os.File, logPath string) *tail {
	t := &tail{f: f, done: make(chan struct{}), log: matchLog{path: logPath}}
	go t.read()
	return t
}

func (t *tail) read() {
	defer close(t.done)
	defer func() {
		t.mu.Lock()
		t.log.close()
		t.mu.Unlock()
	}()
	buf := make([]byte, 4096)
	for {
		n, err := t.f.Read(buf)
		t.mu.Lock()
		t.log.write(buf[:n])
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

// matchLog is a process's standard error kept for the match, in a file
// created at its first byte (no output, no file), cut at MaxLogBytes.
type matchLog struct {
	path    string // empty: none kept
	f       *os.File
	written int
}

func (l *matchLog) write(b []byte) {
	if l.path == "" || len(b) == 0 || l.written > MaxLogBytes {
		return
	}
	if l.f == nil {
		if err := os.MkdirAll(filepath.Dir(l.path), 0o755); err != nil {
			l.path = "" // a log that cannot be kept does not stop the match
			return
		}
		f, err := sim.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			l.path = ""
			return
		}
		l.f = f
	}
	keep := b[:min(len(b), MaxLogBytes-l.written)]
	_, _ = l.f.Write(keep)
	l.written += len(keep)
	if len(keep) < len(b) {
		fmt.Fprintf(l.f, "\n[arena: the log is cut here: it keeps %d bytes a match and seat]\n", MaxLogBytes)
		l.written++ // over the cap: nothing more is written
	}
}

func (l *matchLog) close() {
	if l.f != nil {
		_ = l.f.Close()
	}
}

// setLog keeps what the process writes from now on in the log at path
// (none when empty): a chained process's next match.
func (t *tail) setLog(path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.log.close()
	t.log = matchLog{path: path}
	t.last = t.last[:0] // a fault quotes its own match's words
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

// replay is what a process's answers are read from — its output pipe, or
// the connection — through a bufio.Reader: an answer whose deadline fires
// when part of it has been read is given back whole, so that the next
// read starts at its first byte, not in the middle of a message (the
// late answer is then read whole, and dropped: it costs its turn only).
type replay struct {
	src    io.Reader
	back   []byte // bytes given back, read before src
	start  []byte // what the bufio.Reader held when the answer began
	rec    []byte // what it has read since
	marked bool
}

func (x *replay) Read(b []byte) (int, error) {
	var n int
	var err error
	if len(x.back) > 0 {
		n = copy(b, x.back)
		x.back = x.back[n:]
	} else {
		n, err = x.src.Read(b)
	}
	if x.marked {
		x.rec = append(x.rec, b[:n]...)
	}
	return n, err
}

// mark notes the start of an answer read through out.
func (x *replay) mark(out *bufio.Reader) {
	held, _ := out.Peek(out.Buffered())
	x.start = append(x.start[:0], held...)
	x.rec = x.rec[:0]
	x.marked = true
}

// unmark forgets the answer's bytes: it was read.
func (x *replay) unmark() { x.marked = false }

// rewind gives back every byte of the answer since mark — those the
// reader had consumed and those it still held — and empties out, so that
// the next read starts at the answer's first byte.
func (x *replay) rewind(out *bufio.Reader) {
	back := make([]byte, 0, len(x.start)+len(x.rec)+len(x.back))
	back = append(append(append(back, x.start...), x.rec...), x.back...)
	x.back, x.marked = back, false
	out.Reset(x)
}
