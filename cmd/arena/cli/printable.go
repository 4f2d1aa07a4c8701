package cli

import (
	"io"
	"unicode/utf8"
)

// appendPrintable appends p to dst with its control characters escaped in
// the forms of Go's %q: a C0 control or DEL as \xNN (ESC \x1b), a C1
// control as \u0080 to \u009f, a byte that is not UTF-8 as \xNN; newline
// and tab are kept. Names and messages come from records files and from bots'
// programs: printed raw, an ESC sequence in them would drive the terminal
// (set its title, its clipboard, clear it). Everything arena prints goes
// through it (docs/cli.md, "What arena prints").
func appendPrintable(dst, p []byte) []byte {
	const hex = "0123456789abcdef"
	for len(p) > 0 {
		c := p[0]
		if c >= ' ' && c < utf8.RuneSelf && c != 0x7f || c == '\n' || c == '\t' {
			dst = append(dst, c)
			p = p[1:]
			continue
		}
		r, size := utf8.DecodeRune(p)
		switch {
		case r == utf8.RuneError && size == 1, r < utf8.RuneSelf:
			dst = append(dst, '\\', 'x', hex[c>>4], hex[c&15])
		case r <= 0x9f:
			dst = append(dst, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		default:
			dst = append(dst, p[:size]...)
		}
		p = p[size:]
	}
	return dst
}

// printable is appendPrintable of a string.
func printable(s string) string {
	return string(appendPrintable(nil, []byte(s)))
}

// printableWriter is stdout or stderr as arena prints to it: through
// appendPrintable. A character whose bytes a write cuts is held until the
// next write (or Flush), so that it is judged whole.
type printableWriter struct {
	w    io.Writer
	held []byte // the first bytes of a character the last write cut
	buf  []byte
}

func (p *printableWriter) Write(b []byte) (int, error) {
	data := append(p.held, b...)
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	p.buf = appendPrintable(p.buf[:0], data[:cut])
	p.held = append(p.held[:0], data[cut:]...)
	if _, err := p.w.Write(p.buf); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Flush writes what a last write left held: bytes of no whole character.
func (p *printableWriter) Flush() error {
	if len(p.held) == 0 {
		return nil
	}
	p.buf = appendPrintable(p.buf[:0], p.held)
	p.held = p.held[:0]
	_, err := p.w.Write(p.buf)
	return err
}

// raw returns what w prints to, past a printableWriter: for arena's own
// control characters, those of a live progress line.
func raw(w io.Writer) io.Writer {
	for {
		p, ok := w.(*printableWriter)
		if !ok {
			return w
		}
		w = p.w
	}
}
