package simtest

import (
	"errors"
	"math/rand/v2"

	"github.com/arenasim/arena/sim"
)

// ErrEnd is the answer of a Script with no action left: no answer.
var ErrEnd = errors.New("script: no action left")

// Script is a player of a fixed list of actions, played in order from the
// first at every match; it then gives no answer (ErrEnd). It is the typed
// counterpart of the script bot, for tests.
type Script[O, A any] struct {
	acts []A
	next int
}

// NewScript returns a player of the given actions.
func NewScript[O, A any](acts []A) *Script[O, A] { return &Script[O, A]{acts: acts} }

// Reset starts again from the first action.
func (p *Script[O, A]) Reset(sim.MatchInfo, *rand.Rand) { p.next = 0 }

// Act plays the next action.
func (p *Script[O, A]) Act(*O) (A, error) {
	if p.next >= len(p.acts) {
		var zero A
		return zero, ErrEnd
	}
	p.next++
	return p.acts[p.next-1], nil
}
