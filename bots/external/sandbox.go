package external

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arenasim/arena/sim"
)

// Sandbox is how an exec bot's program is confined (docs/bots.md,
// "Running other people's bots").
type Sandbox struct {
	On       bool
	Memory   uint64        // bytes: of the program's cgroup, else of each process (RLIMIT_DATA)
	CPU      time.Duration // CPU time of each process (RLIMIT_CPU)
	Tasks    int           // processes and threads at once
	FileSize uint64        // bytes a file (RLIMIT_FSIZE), and its folder's tmpfs
}

// The sandbox's defaults: enough for a bot of any language (a JVM
// included) to play a long match, little enough that a few of them at
// once leave the machine standing.
const (
	DefaultMemory   = 1 << 30
	DefaultCPU      = 10 * time.Minute
	DefaultTasks    = 128
	DefaultFileSize = 64 << 20
)

// defaultSandbox is whether an exec bot whose spec says nothing runs in a
// sandbox: the run's --sandbox (SetSandbox).
var defaultSandbox atomic.Bool

// SetSandbox sets whether exec bots whose spec gives no sandbox= run in a
// sandbox (the run's --sandbox), and returns the previous setting. It
// holds for the bots prepared from then on, in the whole process.
func SetSandbox(on bool) bool { return defaultSandbox.Swap(on) }

// Sandboxed says whether exec bots whose spec gives no sandbox= run in a
// sandbox now (SetSandbox).
func Sandboxed() bool { return defaultSandbox.Load() }

// SetNotice sets where arena says, once, which limits of the sandbox are
// in force (the command line: its standard error); nil says nothing.
func SetNotice(say func(string)) {
	if say == nil {
		Notice.Store(nil)
		return
	}
	Notice.Store(&say)
}

// Notice is where arena says which limits of the sandbox are in force:
// its standard error, unless SetNotice says otherwise.
var Notice atomic.Pointer[func(string)]

func init() { SetNotice(func(line string) { fmt.Fprintln(os.Stderr, line) }) }

// sandboxArgs reads the sandbox's arguments of an exec bot's spec.
func sandboxArgs(args sim.Params) (Sandbox, error) {
	s := Sandbox{On: defaultSandbox.Load(), Memory: DefaultMemory, CPU: DefaultCPU, Tasks: DefaultTasks, FileSize: DefaultFileSize}
	text := func(name string) (string, bool) {
		raw, ok := args[name]
		if !ok || string(raw) == "null" {
			return "", false
		}
		var v string
		if json.Unmarshal(raw, &v) != nil {
			v = string(raw) // a bare true, false or number
		}
		return strings.TrimSpace(v), true
	}
	if v, ok := text("sandbox"); ok {
		switch v {
		case "on", "true":
			s.On = true
		case "off", "false":
			s.On = false
		default:
			return s, fmt.Errorf("param sandbox: %q is not on or off", v)
		}
	}
	if v, ok := text("memory"); ok {
		n, err := parseSize(v)
		if err != nil || n < 16<<20 {
			return s, fmt.Errorf("param memory: %q is not a size of 16MiB or more (write 256MiB, 1GiB)", v)
		}
		s.Memory = n
	}
	if _, given, err := durationArg(args, "cpu"); err != nil {
		return s, err
	} else if given {
		s.CPU, _, _ = durationArg(args, "cpu")
		if s.CPU < time.Second {
			return s, fmt.Errorf("param cpu: %v is less than a second (RLIMIT_CPU counts seconds)", s.CPU)
		}
	}
	return s, nil
}

// parseSize reads a size: a number of bytes, or one with a unit (KiB,
// MiB, GiB; K, M, G and KB, MB, GB mean the same).
func parseSize(text string) (uint64, error) {
	t := strings.TrimSpace(text)
	unit := uint64(1)
	for _, u := range []struct {
		suffix string
		n      uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, unit = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.n
			break
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, err
	}
	return n * unit, nil
}

// size writes a number of bytes in the largest unit that divides it.
func size(n uint64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}
