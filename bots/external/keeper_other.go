//go:build !linux

package external

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// Off Linux there is no keeper: the program runs in a process group of its
// own, killed at the end of the match (what left the group is not; on
// Windows only the program itself is killed), and there is no sandbox.

type startRequest struct {
	Path   string
	Args   []string
	Env    []string
	Dir    string
	Listen string
}

type keeperMsg struct {
	Done   bool
	Status uint32
	CPU    float64
	Ended  bool
	OOM    int
	Lost   string
	// Full and FileCap are a sandbox's (Linux only): never set here.
	Full, FileCap bool
}

type keeper struct {
	cmd     *exec.Cmd
	conns   chan *os.File
	over    chan struct{}
	last    keeperMsg
	box     *box
	broken  error
	started bool
}

type box struct{ dir string }

func (b *box) remove() {}

func newBox(Sandbox) (*box, error) { return nil, errSandbox }

var errSandbox = errors.New("the sandbox needs Linux")

func sandboxAvailable() error { return errSandbox }

func notice(Sandbox) {}

type abilities struct{ userns bool }

func probe() *abilities { return &abilities{} }

func newKeeper(*box) (*keeper, error) { return &keeper{conns: make(chan *os.File)}, nil }

func (k *keeper) run(s startRequest, stdin, stdout, stderr *os.File) error {
	cmd := exec.Command(s.Path, s.Args...)
	cmd.Env, cmd.Dir = s.Env, s.Dir
	if stdin != nil {
		cmd.Stdin = stdin
	}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	k.cmd, k.over, k.last, k.started = cmd, make(chan struct{}), keeperMsg{}, true
	go func(over chan struct{}) {
		_ = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok {
			k.last = keeperMsg{Done: true, Status: statusOf(ws)}
		}
		close(over)
	}(k.over)
	return nil
}

func (k *keeper) programOver() <-chan struct{} { return k.over }

func (k *keeper) stop() keeperMsg {
	if !k.started {
		return keeperMsg{}
	}
	k.started = false
	ended := false
	select {
	case <-k.over:
	default:
		ended = true
	}
	killGroup(k.cmd)
	<-k.over
	k.last.Ended = ended
	return k.last
}

func (k *keeper) close() {}
