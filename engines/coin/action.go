package coin

import (
	"fmt"
	"strconv"
	"strings"
)

// Action is a seat's answer: the true Elo of its bot. The zero Action is no
// answer.
type Action struct {
	Elo   float64
	Given bool // false: no answer
}

// Declare returns the action that declares elo.
func Declare(elo float64) Action { return Action{Elo: elo, Given: true} }

// Valid reports whether a is an answer with an Elo in MinElo..MaxElo (NaN is
// not).
func (a Action) Valid() bool { return a.Given && a.Elo >= MinElo && a.Elo <= MaxElo }

// Append appends the text form of a: the Elo in Go's shortest form
// (strconv.FormatFloat(elo, 'g', -1, 64)), nothing for no answer.
func (a Action) Append(dst []byte) []byte {
	if !a.Given {
		return dst
	}
	return strconv.AppendFloat(dst, a.Elo, 'g', -1, 64)
}

// String returns the text form of a, "" for no answer.
func (a Action) String() string { return string(a.Append(nil)) }

// ParseElo reads a declared Elo: a number in MinElo..MaxElo as
// strconv.ParseFloat reads it (surrounding white space is ignored). Any
// other text is an error and gives the zero Action.
func ParseElo(text string) (Action, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if a := Declare(x); err == nil && a.Valid() {
		return a, nil
	}
	return Action{}, fmt.Errorf("coin: %q is not an Elo (want a number in %d..%d)", text, MinElo, MaxElo)
}
