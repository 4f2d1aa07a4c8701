package sim

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// FaultKind says how a bot failed to give a valid answer.
type FaultKind uint8

// The kinds of fault.
const (
	FaultPanic    FaultKind = iota + 1 // the bot panicked
	FaultNoAnswer                      // the bot gave no action (an error, or the zero action)
	FaultInvalid                       // the engine rejected the action
	FaultTimeout                       // the bot exceeded its time budget
	// FaultCrash: an external program was ended by a limit of its sandbox
	// (memory, CPU time, file size). Added after the others, so that the
	// kinds of existing records keep their numbers and names.
	FaultCrash
)

var faultNames = [...]string{"", "panic", "no-answer", "invalid", "timeout", "crash"}

func (k FaultKind) String() string {
	if int(k) < len(faultNames) && k != 0 {
		return faultNames[k]
	}
	return fmt.Sprintf("fault(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k FaultKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *FaultKind) UnmarshalText(b []byte) error {
	for i, n := range faultNames {
		if i > 0 && n == string(b) {
			*k = FaultKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown fault kind %q", b)
}

// Fault is one bad answer of one seat in one turn.
type Fault struct {
	Seat int       `json:"seat"`
	Turn int       `json:"turn"`
	Kind FaultKind `json:"kind"`
	Msg  string    `json:"msg"`
}

// Penalty is one move of one seat in one turn that the game's own rules
// punish (Sopra's move into a cell that holds a player): the bot answered,
// the game played the answer, and the rules charged it. A penalty is not a
// fault — no program misbehaved — and is counted apart from faults.
type Penalty struct {
	Seat int    `json:"seat"`
	Turn int    `json:"turn"`
	Msg  string `json:"msg"`
}

// FaultLog collects the faults of a match, and apart from them the
// penalties its rules gave. It keeps at most one fault per seat and turn:
// the first, which is the cause of the others.
type FaultLog struct {
	turn      int
	faults    []Fault
	penalties []Penalty
}

// Begin starts a turn: faults added from now on belong to it.
func (l *FaultLog) Begin(turn int) { l.turn = turn }

// Reset empties the log for a new match.
func (l *FaultLog) Reset() { l.faults, l.penalties, l.turn = l.faults[:0], l.penalties[:0], 0 }

// Add records a fault of seat in the current turn, unless that seat already
// has one this turn.
func (l *FaultLog) Add(seat int, kind FaultKind, msg string) {
	if _, ok := l.Of(seat); ok {
		return
	}
	l.faults = append(l.faults, Fault{Seat: seat, Turn: l.turn, Kind: kind, Msg: Bounded(msg, MaxFaultMsg)})
}

// What a record keeps of a bad answer is bounded: a program that answers
// 64 KiB of non-action every turn would otherwise make a record line of
// hundreds of megabytes, past what a reader of results takes.
const (
	// MaxFaultMsg is how many bytes of a fault's or a penalty's message
	// are kept.
	MaxFaultMsg = 1024
	// MaxAnswerText is how many bytes of an answer that is no action a
	// timed match's record keeps.
	MaxAnswerText = 256
)

// Bounded returns text when it has at most n bytes; else its first n
// bytes at most (cut between two characters), and a marker saying how
// many it had: "…[arena: 65536 bytes in all]".
func Bounded(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…[arena: " + strconv.Itoa(len(text)) + " bytes in all]"
}

// Penalise records a penalty of seat in the current turn: a move the
// game's rules punish, which is no fault.
func (l *FaultLog) Penalise(seat int, msg string) {
	l.penalties = append(l.penalties, Penalty{Seat: seat, Turn: l.turn, Msg: Bounded(msg, MaxFaultMsg)})
}

// Of returns the kind of seat's fault in the current turn, if it has one:
// an engine may judge by it what the zero action stands for (an answer
// that was text but no action is FaultInvalid, recorded before Step).
func (l *FaultLog) Of(seat int) (FaultKind, bool) {
	for i := len(l.faults) - 1; i >= 0 && l.faults[i].Turn == l.turn; i-- {
		if l.faults[i].Seat == seat {
			return l.faults[i].Kind, true
		}
	}
	return 0, false
}

// Faults returns the faults recorded so far, in the order they happened. The
// slice is reused by the next match.
func (l *FaultLog) Faults() []Fault { return l.faults }

// Penalties returns the penalties recorded so far, in the order they
// happened. The slice is reused by the next match.
func (l *FaultLog) Penalties() []Penalty { return l.penalties }
