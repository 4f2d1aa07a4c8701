// Package script provides a bot for every game that plays a fixed list of
// actions read from a file: one action per line, in the game's action text.
// It makes rule tests and bug reports reproducible without writing a bot.
package script

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/arenasim/arena/sim"
)

// ErrEnd is the answer of a script that has no line left: no answer, which
// the game treats by its own rule for a missing answer.
var ErrEnd = errors.New("script: no action left")

// params are the script bot's arguments.
var params = []sim.ParamSpec{{Name: "file", Kind: sim.KindFile, Nullable: true, Default: "null", Doc: "path of the script (required)"}}

// Bot returns the script bot of a game whose actions parse. Its one
// argument, file, names the script. Blank lines and lines starting with #
// are skipped; every other line must parse, or the bot is refused before
// any match starts.

func Bot[O, A any](parse func(string) (A, error)) sim.Bot[O, A] {
	return sim.Bot[O, A]{
		Name:    "script",
		Summary: "plays the actions of a file, one per line in the game's action text; gives no answer when the file ends",
		Params:  params,
		Prepare: func(args sim.Params) (func() sim.Player[O, A], error) {
			r := sim.NewParamReader(args, params)
			path := r.Text("file")
			if err := r.Err(); err != nil {
				return nil, err
			}
			acts, err := Load(path, parse)
			if err != nil {
				return nil, err
			}
			return func() sim.Player[O, A] { return &Player[O, A]{acts: acts} }, nil
		},
	}
}

// MaxLineBytes caps a line of a script. The longest action of any game is a
// Vampires ply of 255 moves (the most the original protocol's MOV frame
// carries), about 5 KB as text: the cap leaves ten times that for spaces.
const MaxLineBytes = 64 << 10

// Load reads and parses a script file of at most sim.MaxScriptBytes, which
// may start with a UTF-8 byte-order mark.
func Load[A any](path string, parse func(string) (A, error)) ([]A, error) {
	data, err := sim.ReadFile(path, sim.MaxScriptBytes)
	if err != nil {
		return nil, err
	}
	var acts []A
	sc := bufio.NewScanner(bytes.NewReader(sim.TrimBOM(data)))
	sc.Buffer(nil, MaxLineBytes+1) // +1 for the newline
	n := 1
	for ; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		a, err := parse(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		acts = append(acts, a)
	}
	// Scanning memory, a line too long is the one error the scanner can meet.
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes", path, n, MaxLineBytes)
	}
	return acts, nil
}

// Player plays a list of actions in order, then answers ErrEnd.
type Player[O, A any] struct {
	acts []A
	next int
}

// NewPlayer returns a player of the given actions.
func NewPlayer[O, A any](acts []A) *Player[O, A] { return &Player[O, A]{acts: acts} }

// Reset starts again from the first action.
func (p *Player[O, A]) Reset(sim.MatchInfo, *rand.Rand) { p.next = 0 }

// Act plays the next action.
func (p *Player[O, A]) Act(*O) (A, error) {
	if p.next >= len(p.acts) {
		var zero A
		return zero, ErrEnd
	}
	p.next++
	return p.acts[p.next-1], nil
}
