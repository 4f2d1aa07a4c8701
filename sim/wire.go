package sim

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"
)

// Codec is a game's wire forms: how a program outside arena sees an
// observation and writes an action. Every game has one, so that the bots
// that speak wire forms rather than Go types (WireBot: the script bot,
// external programs) are defined once, for every game.
type Codec[O, A any] struct {
	// JSON appends the observation as one JSON object, without a newline:
	// the generic protocol's form of what the seat sees.
	JSON func(dst []byte, o *O) []byte
	// Parse reads an action's text, in the game's action text (the same
	// as the engine's ParseAction).
	Parse func(text string) (A, error)
	// Print appends an action's text.
	Print func(dst []byte, a A) []byte
	// Original, when not nil, is the game's original text protocol on a
	// program's standard input and output, so that programs written for
	// the original referee play unchanged.
	Original *Original[O]
	// BlankIsIdle says that a blank action text is a turn without action,
	// which the rules allow (Aquar.iom): the script bot plays a blank line
	// as one. In the other games a blank answer is no action (a fault).
	BlankIsIdle bool
}

// Original is a game's original protocol: what the referee wrote before the
// first turn and at every turn, how it read the answer, and how long it
// waited for it. On standard input and output (Transport Stdio) the answer
// is one line; over TCP the referee is a server on a loopback port, the
// program is started with the host and port as its last arguments and
// connects, greets (Hello), and reads Bye when the match is over.
type Original[O any] struct {
	Transport Transport
	// Start appends what the referee wrote at the start of a match, before
	// the first turn's Turn, from the seat's first observation.
	Start func(dst []byte, o *O) []byte
	// Turn appends what the referee wrote at every turn the seat plays.
	Turn func(dst []byte, o *O) []byte
	// Update, when not nil, is written instead of Turn by a referee that
	// told each seat only what changed since it last played (Vampires'
	// UPD): seen is the seat's memory of the game, kept for it by its wire
	// player for the match and empty when the match starts, which Update
	// reads and brings up to date.
	Update func(dst []byte, o *O, seen *[]byte) []byte
	// End, when not nil, appends what the referee wrote when a match was
	// played out, from the seat's view of the final state (Aquar.iom's
	// GAME_ENDS, with the scores), before the protocol's Bye.
	End func(dst []byte, o *O) []byte
	// FirstTimeout and Timeout are the referee's deadlines: of the first
	// answer of a match (over TCP: of the connection and greeting), and
	// of every other.
	FirstTimeout, Timeout time.Duration
	// Protocol is what a TCP protocol adds: the greeting, the answer's
	// reading, the goodbye. Nil on standard input and output.
	Protocol *Protocol
}

// Transport is how a program speaks a game's original protocol.
type Transport uint8

// The transports.
const (
	Stdio Transport = iota // standard input and output, one line an answer
	TCP                    // arena serves a loopback port; the program connects
)

// Protocol is the part of an original protocol over TCP that is not the
// observations: the greeting, the answer's reading, the goodbye.
type Protocol struct {
	// Args returns the arguments the program gets after its own, given the
	// server's host and port and the seat: the host, the port, and
	// whatever else the original clients were told (a game id, a team).
	Args func(host string, port, seat int) []string
	// Hello reads the program's greeting and returns the reply, or an
	// error that refuses it.
	Hello func(r *bufio.Reader, seat int) (reply []byte, err error)
	// Answer reads one answer and returns its action text, or an
	// *InvalidAnswer for one that is not an action.
	Answer func(r *bufio.Reader, seat int) (string, error)
	// Bye is written when the match is over, before the connection closes.
	Bye []byte
}

// OriginalInfo is what a wire bot needs of a game's original protocol,
// without its types: the transport, the deadlines and the TCP protocol.
type OriginalInfo struct {
	Transport   Transport
	First, Turn time.Duration
	Protocol    *Protocol
}

// Form is the form in which a wire player reads observations.
type Form uint8

// The forms.
const (
	FormNone     Form = iota // it reads none: a script
	FormJSON                 // the codec's JSON
	FormOriginal             // the game's original protocol (Codec.Original)
)

// WireGame is what a wire bot learns of the game it is entered in when it
// is prepared.
type WireGame struct {
	Name   string // the game's name
	Seats  int
	Params Params // the effective parameters
	// CheckAction reports whether text is an action of the game.
	CheckAction func(text string) error
	// BlankIsIdle says that a blank text is a turn without action (see
	// Codec.BlankIsIdle).
	BlankIsIdle bool
	// Original is the game's original protocol, nil when it has none.
	Original *OriginalInfo
}

// WirePlayer is a player that speaks a game's wire forms: it reads each
// observation in its Form and answers an action's text. It may also
// implement Ender (it holds something for a match), io.Closer (for the
// table's life: closed with it) and WireAsker (it thinks outside the
// match's goroutine).
type WirePlayer interface {
	// Form returns the form of the observations Act reads.
	Form() Form
	// Reset prepares the player for a new match.
	Reset(m MatchInfo, rng *rand.Rand)
	// Act answers an observation (nil for FormNone) with an action's text.
	// An error is no answer.
	Act(obs []byte) (string, error)
}

// WireAsker is a wire player asked in two steps, so that every seat of a
// simultaneous turn thinks at once: Ask sends the observation, Answer
// waits for the action's text until the deadline (none when zero).
type WireAsker interface {
	Ask(obs []byte) error
	Answer(deadline time.Time) (string, error)
}

// WireBot is a bot defined once for every game, on its Codec: the script
// bot, the external programs.
type WireBot struct {
	Name    string
	Summary string
	Params  []ParamSpec // the arguments of its spec
	// Prepare checks the arguments (every parameter present, defaults
	// filled in) for a game and returns a constructor of fresh players.
	Prepare func(args Params, g WireGame) (func() WirePlayer, error)
	// Label, when set, names an entrant in tables and records, from the
	// spec's arguments as given (an external program: its name= or its
	// file name, and the values of its parameters); nil or "": the
	// spec's name= or the spec.
	Label func(args Params) string
	// Declared, when set, returns the arguments a spec declares besides
	// Params, from its arguments as given: an external program's own
	// parameters (param.NAME=…), each with its range and default, and the
	// declarations themselves. An error is a declaration refused.
	Declared func(args Params) ([]ParamSpec, error)
}

// Asker is a player asked in two steps (see WireAsker): the match asks
// every seat of a turn first, then collects the answers under one
// deadline, so that a turn costs the slowest answer, not the sum.
type Asker[O, A any] interface {
	Ask(o *O) error
	Answer(deadline time.Time) (A, error)
}

// Finisher is a player shown the final state of a match played out to its
// end (not one interrupted or failed): a wire player whose original
// protocol ends with the scores.
type Finisher[O any] interface{ Finish(o *O) }

// WireFinisher is a wire player that is sent the original protocol's
// goodbye with the final state (Original.End).
type WireFinisher interface{ Finish(obs []byte) }

// Ender is a player that holds something for the length of a match (an
// external program's process): End is called when the match ends, however
// it ends — played out, interrupted, or failed.
type Ender interface{ End() }

// ErrTimeout is the error of an answer that came too late, or never: the
// fault is a timeout, and the game's rule for no answer applies.
var ErrTimeout = errors.New("no answer before the deadline")

// ErrCrash is the error of an external program ended by a limit of its
// sandbox (memory, CPU time, file size): the fault is a crash, and the
// game's rule for no answer applies.
var ErrCrash = errors.New("ended by a limit of its sandbox")

// InvalidAnswer is the error of an answer that is not an action of the
// game (garbage text): the fault is invalid, and the game's rule for no
// answer applies.
type InvalidAnswer struct {
	Err  error
	Text string // the answer's text, when it was text that is no action
}

func (e *InvalidAnswer) Error() string { return e.Err.Error() }
func (e *InvalidAnswer) Unwrap() error { return e.Err }

// faultOf returns the fault kind of a player's error.
func faultOf(err error) FaultKind {
	var inv *InvalidAnswer
	switch {
	case errors.Is(err, ErrTimeout):
		return FaultTimeout
	case errors.Is(err, ErrCrash):
		return FaultCrash
	case errors.As(err, &inv):
		return FaultInvalid
	}
	return FaultNoAnswer
}

// wired is a wire player as a Player of a game: it writes each observation
// in the player's form and parses the answer with the game's codec.
type wired[O, A any] struct {
	codec   *Codec[O, A]
	p       WirePlayer
	ask     WireAsker // p, when it asks in two steps
	buf     []byte
	started bool   // the original protocol's start is written
	seen    []byte // the seat's memory of the game, for Original.Update
}

func newWired[O, A any](codec *Codec[O, A], p WirePlayer) *wired[O, A] {
	w := &wired[O, A]{codec: codec, p: p}
	w.ask, _ = p.(WireAsker)
	return w
}

func (w *wired[O, A]) Reset(m MatchInfo, rng *rand.Rand) {
	w.started, w.seen = false, w.seen[:0]
	w.p.Reset(m, rng)
}

// observation writes o in the player's form: the JSON, or the original
// protocol's turn, after its start in the first turn of a match.
func (w *wired[O, A]) observation(o *O) []byte {
	switch w.p.Form() {
	case FormJSON:
		w.buf = w.codec.JSON(w.buf[:0], o)
	case FormOriginal:
		w.buf = w.buf[:0]
		if !w.started {
			w.buf = w.codec.Original.Start(w.buf, o)
			w.started = true
		}
		if w.codec.Original.Update != nil {
			w.buf = w.codec.Original.Update(w.buf, o, &w.seen)
		} else {
			w.buf = w.codec.Original.Turn(w.buf, o)
		}
	default:
		return nil
	}
	return w.buf
}

func (w *wired[O, A]) Act(o *O) (A, error) {
	text, err := w.p.Act(w.observation(o))
	return w.parse(text, err)
}

// parse reads an answer's text; text that is no action is an
// InvalidAnswer.
func (w *wired[O, A]) parse(text string, err error) (A, error) {
	if err != nil {
		var zero A
		return zero, err
	}
	a, err := w.codec.Parse(text)
	if err != nil {
		return a, &InvalidAnswer{Err: err, Text: text}
	}
	return a, nil
}

// Ask sends the observation to a player that asks in two steps; for the
// others it does nothing, and Answer acts.
func (w *wired[O, A]) Ask(o *O) error {
	if w.ask == nil {
		return nil
	}
	return w.ask.Ask(w.observation(o))
}

// Answer waits for the answer of a player that asks in two steps.
func (w *wired[O, A]) Answer(deadline time.Time) (A, error) {
	if w.ask == nil {
		var zero A
		return zero, fmt.Errorf("sim: Answer without Ask")
	}
	return w.parse(w.ask.Answer(deadline))
}

// Finish sends the original protocol's end of a match.
func (w *wired[O, A]) Finish(o *O) {
	if f, ok := w.finisher(); ok {
		w.buf = w.codec.Original.End(w.buf[:0], o)
		f.Finish(w.buf)
	}
}

// finisher returns the wire player as a WireFinisher when it is to be sent
// the end of a match.
func (w *wired[O, A]) finisher() (WireFinisher, bool) {
	f, ok := w.p.(WireFinisher)
	return f, ok && w.p.Form() == FormOriginal && w.codec.Original != nil && w.codec.Original.End != nil
}

// End tells the wire player that the match is over.
func (w *wired[O, A]) End() {
	if e, ok := w.p.(Ender); ok {
		e.End()
	}
}

// Close closes the wire player if it holds anything.
func (w *wired[O, A]) Close() error {
	if c, ok := w.p.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// finisher returns p as a Finisher when it is to see the final state.
func finisher[O, A any](p Player[O, A]) (Finisher[O], bool) {
	if w, ok := p.(*wired[O, A]); ok {
		_, ok := w.finisher()
		return w, ok
	}
	f, ok := p.(Finisher[O])
	return f, ok
}

// asker returns p as an Asker when it asks in two steps.
func asker[O, A any](p Player[O, A]) (Asker[O, A], bool) {
	if w, ok := p.(*wired[O, A]); ok {
		return w, w.ask != nil
	}
	a, ok := p.(Asker[O, A])
	return a, ok
}

// ErrLongLine is the error of ReadLine for a line longer than its limit.
var ErrLongLine = errors.New("line too long")

// ReadLine reads one line of at most limit bytes from r and returns it
// without its line end ("\n" or "\r\n"); a longer line is ErrLongLine: the
// limit counts the line's own bytes, not its line end. The errors of r (a
// deadline, the end of the input) come back as they are.
func ReadLine(r *bufio.Reader, limit int) (string, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if err == nil {
			text := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			if len(text) > limit {
				return "", fmt.Errorf("%w: more than %d bytes", ErrLongLine, limit)
			}
			return string(text), nil
		}
		// Its line end not yet read: a "\r" at its end may begin one.
		if len(line) > limit+1 {
			return "", fmt.Errorf("%w: more than %d bytes", ErrLongLine, limit)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return "", err
		}
	}
}

// WithWire returns g with more wire bots, after its own: a replay's
// recorded players, a test's probes.
func WithWire(g AnyGame, extra ...WireBot) AnyGame {
	if w, ok := g.(interface{ withWire([]WireBot) AnyGame }); ok {
		return w.withWire(extra)
	}
	return g
}

func (e erased[S, O, A]) withWire(extra []WireBot) AnyGame {
	return erased[S, O, A]{e.g, append(slices.Clone(e.wire), extra...)}
}
