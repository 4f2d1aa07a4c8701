package cli

import (
	"time"

	"github.com/spf13/pflag"
)

// progressFlags are --progress and --quiet, of the commands that play long.
type progressFlags struct {
	progress, quiet bool
}

func (p *progressFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&p.progress, "progress", false, "when stderr is not a terminal, a progress line every 5 s (instead of every 30 s) and one at the end")
	fs.BoolVarP(&p.quiet, "quiet", "q", false, "no progress on stderr, on a terminal or not")
}

// check refuses --progress with --quiet.
func (p *progressFlags) check() error {
	if p.progress && p.quiet {
		return badInput("--progress and --quiet: give one of them")
	}
	return nil
}

// Off a terminal, a plain progress line comes this often: every
// defaultEvery by default, so that a long run's log shows how it is doing
// and a short one prints none, and every askedEvery with --progress.
const (
	defaultEvery = 30 * time.Second
	askedEvery   = 5 * time.Second
)

// progressMode says how a long command shows its progress on stderr.
type progressMode struct {
	live  bool          // a live line redrawn in place, on a terminal
	every time.Duration // otherwise a plain line this often; 0: none
	first bool          // the first plain line at once (with --progress), not after every
	final bool          // a plain line at the end too (with --progress)
}

// mode returns the progress mode of a command writing on stderr, a terminal
// or not.
func (p *progressFlags) mode(terminal bool) progressMode {
	switch {
	case p.quiet:
		return progressMode{}
	case terminal:
		return progressMode{live: true}
	case p.progress:
		return progressMode{every: askedEvery, first: true, final: true}
	}
	return progressMode{every: defaultEvery}
}

// on says whether the mode shows anything.
func (m progressMode) on() bool { return m.live || m.every > 0 }

// ticker says when a plain progress line is due: every m.every of the
// clock now, the first one at once or after m.every, and, with m.final, at
// the end.
type ticker struct {
	mode progressMode
	now  func() time.Time
	last time.Time
}

func newTicker(m progressMode, now func() time.Time) *ticker {
	t := &ticker{mode: m, now: now}
	if !m.first {
		t.last = now()
	}
	return t
}

// due says whether a plain line is due now; finished is the last call.
func (t *ticker) due(finished bool) bool {
	if t.mode.every <= 0 {
		return false
	}
	if finished {
		return t.mode.final
	}
	now := t.now()
	if !t.last.IsZero() && now.Sub(t.last) < t.mode.every {
		return false
	}
	t.last = now
	return true
}
