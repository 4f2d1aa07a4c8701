//go:build linux

package external

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// fakeStops is a Stopwatch that reads 0 for its first calls, then the
// stop it is given: arena stopped after the turn was asked. The first
// call that sees the stop closes consulted.
type fakeStops struct {
	zeros     int32 // the calls that read 0
	stop      time.Duration
	calls     atomic.Int32
	once      sync.Once
	consulted chan struct{}
}

func (f *fakeStops) Stopped() time.Duration {
	if f.calls.Add(1) <= f.zeros {
		return 0
	}
	f.once.Do(func() { close(f.consulted) })
	return f.stop
}

// TestAnswerNotLateForArenasStop: a program that answered within its
// timeout while arena itself was stopped (Ctrl-Z, then fg) did not answer
// late, though the wall clock passed its deadline: the deadline moves on
// by the time arena was stopped, whether the stop came before the answer
// was read or while it was waited for. A fake stop clock stands for the
// stop; the deadline, 1 ms, passes for real before the answer is written,
// so a deadline that did not move is a timeout, whatever the machine's
// speed.
func TestAnswerNotLateForArenasStop(t *testing.T) {
	for _, tc := range []struct {
		name  string
		zeros int32 // the stop clock's readings before the stop: at the ask, and at the first deadline's setting
	}{
		{"stopped before the answer is read", 1},
		{"stopped while the answer is waited for", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stops := &fakeStops{zeros: tc.zeros, stop: time.Hour, consulted: make(chan struct{})}
			p, answer := pipedProcess(t, time.Millisecond)
			p.stops = stops
			require.NoError(t, p.Ask([]byte(`{}`)))
			for !time.Now().After(p.asked.Add(2 * time.Millisecond)) {
				time.Sleep(time.Millisecond) // the deadline passes for real before the answer comes
			}
			done := make(chan struct{})
			go func() {
				select {
				case <-stops.consulted: // the program answers once arena is running again
					_, _ = answer.Write([]byte("x+\n"))
				case <-done:
				}
			}()
			line, err := p.Answer(time.Time{})
			close(done)
			require.NoError(t, err, "the time arena was stopped is charged to the program")
			require.Equal(t, "x+", line)
			require.Zero(t, p.late)
		})
	}
}

// pipedProcess returns a process of the JSON protocol, its turn lines
// thrown away, and the end it reads its answers from; timeout is that of
// every answer.
func pipedProcess(t *testing.T, timeout time.Duration) (*process, *os.File) {
	t.Helper()
	obsR, obsW, err := os.Pipe()
	require.NoError(t, err)
	ansR, ansW, err := os.Pipe()
	require.NoError(t, err)
	go func() { _, _ = io.Copy(io.Discard, obsR) }()
	t.Cleanup(func() { obsW.Close(); obsR.Close(); ansW.Close(); ansR.Close() })
	in := &replay{src: ansR}
	p := &process{prog: program{path: "bot", first: timeout, timeout: timeout}, w: obsW, r: ansR, in: in,
		out: bufio.NewReaderSize(in, 4096)}
	return p, ansW
}

// TestSendNotLateForArenasStop: a turn line that a program reads only after
// arena itself was stopped past the write's deadline (a second here: the
// pipe is full until then) is no timeout either: the write's deadline
// moves on by the time stopped. The program reads once the (fake) stop
// clock was read past the deadline.
func TestSendNotLateForArenasStop(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	t.Cleanup(func() { r.Close(); w.Close() })
	raw, err := w.SyscallConn()
	require.NoError(t, err)
	var size int
	require.NoError(t, raw.Control(func(fd uintptr) { size, err = unix.FcntlInt(fd, unix.F_SETPIPE_SZ, 4096) }))
	require.NoError(t, err)
	stops := &fakeStops{zeros: 1, stop: time.Hour, consulted: make(chan struct{})}
	p := &process{prog: program{path: "bot", first: time.Millisecond, timeout: time.Millisecond}, w: w, stops: stops}
	done := make(chan struct{})
	go func() {
		select {
		case <-stops.consulted: // it reads once arena runs again
			_, _ = io.Copy(io.Discard, r)
		case <-done:
		}
	}()
	p.send(make([]byte, 4*size))
	close(done)
	require.NoError(t, p.broken, "the time arena was stopped is charged to the program")
}

// TestHTTPAnswerNotLateForArenasStop: a web bot that answers after the wall
// clock passed its deadline, arena itself having been stopped meanwhile,
// answered in time: neither the wait nor the request counts the stop. The
// server answers only once the (fake) stop clock was read past the 1 ms
// deadline.
func TestHTTPAnswerNotLateForArenasStop(t *testing.T) {
	for _, tc := range []struct {
		name  string
		zeros int32
	}{
		{"stopped before the answer is waited for", 1},
		{"stopped while the answer is waited for", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stops := &fakeStops{zeros: tc.zeros, stop: time.Hour, consulted: make(chan struct{})}
			done := make(chan struct{})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				select {
				case <-stops.consulted:
				case <-done:
				}
				_, _ = w.Write([]byte(`{"play":"y+"}`))
			}))
			defer srv.Close()
			defer close(done)
			b := &webBot{url: srv.URL, timeout: time.Millisecond, client: srv.Client(), ctx: context.Background(), stops: stops}
			require.NoError(t, b.Ask([]byte(`{}`)))
			play, err := b.Answer(time.Time{})
			require.NoError(t, err, "the time arena was stopped is charged to the bot")
			require.Equal(t, "y+", play)
		})
	}
}
