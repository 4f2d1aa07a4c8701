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
	fs.BoolVar(&p.progress, "progress", false, "progress when stderr is not a terminal too: a line every 5 s and one at the end")
	fs.BoolVarP(&p.quiet, "quiet", "q", false, "no progress on stderr, on a terminal or not")
}

// check refuses --progress with --quiet.
func (p *progressFlags) check() error {
	if p.progress && p.quiet {
		return badInput("--progress and --quiet: give one of them")
	}
	return nil
}

// Off a terminal, progress is shown only when asked for (--progress): a
// plain line this often, so that a log shows how a long run is doing.
const askedEvery = 5 * time.Second

// progressMode says how a long command shows its progress on stderr.
type progressMode struct {
	live  bool          // a live line redrawn in place, on a terminal
	every time.Duration // otherwise a plain line this often; 0: none
	first bool          // the first plain line at once (with --progress), not after every
	final bool          // a plain line at the end too (with --progress)
}

// mode returns the progress mode of a command writing on stderr, a terminal
// or not: a live line on a terminal, nothing elsewhere unless --progress
// asks for it, and nothing anywhere with --quiet.
func (p *progressFlags) mode(terminal bool) progressMode {
	switch {
	case p.quiet:
		return progressMode{}
	case terminal:
		return progressMode{live: true}
	case p.progress:
		return progressMode{every: askedEvery, first: true, final: true}
	}
	return progressMode{}
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
