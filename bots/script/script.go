// Package script provides a bot for every game that plays a fixed list of
// actions read from a file: one action per line, in the game's action text.
// It makes rule tests and bug reports reproducible without writing a bot.
// It is a sim.WireBot: defined once, it plays every game through the
// game's codec.
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

// Bot returns the script bot. Its one argument, file, names the script.
// Lines starting with # are skipped; a blank line is a turn without action
// where the game has one (sim.Codec.BlankIsIdle: Aquar.iom), and is skipped
// in the others; every other line must be an action of the game, or the
// bot is refused before any match starts.
func Bot() sim.WireBot {
	return sim.WireBot{
		Name:    "script",
		Summary: "plays the actions of a file, one per line in the game's action text; gives no answer when the file ends",
		Params:  params,
		Prepare: func(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
			r := sim.NewParamReader(args, params)
			path := r.Text("file")
			if err := r.Err(); err != nil {
				return nil, err
			}
			acts, err := Load(path, g.CheckAction, g.BlankIsIdle)
			if err != nil {
				return nil, err
			}
			return func() sim.WirePlayer { return NewPlayer(acts) }, nil
		},
	}
}

// MaxLineBytes caps a line of a script. The longest action of any game is a
// Vampires ply of 255 moves (the most the original protocol's MOV frame
// carries), about 5 KB as text: the cap leaves ten times that for spaces.
const MaxLineBytes = 64 << 10

// Load reads a script file of at most sim.MaxScriptBytes, which may start
// with a UTF-8 byte-order mark, and returns its actions' text, each line
// checked by check. A blank line is a turn without action when blank is
// set (the game has one: recordings of the original Aquar.iom server write
// a blank line for it), and is skipped otherwise.
func Load(path string, check func(string) error, blank bool) ([]string, error) {
	data, err := sim.ReadFile(path, sim.MaxScriptBytes)
	if err != nil {
		return nil, err
	}
	var acts []string
	sc := bufio.NewScanner(bytes.NewReader(sim.TrimBOM(data)))
	sc.Buffer(nil, MaxLineBytes+1) // +1 for the newline
	n := 1
	for ; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if (line == "" && !blank) || strings.HasPrefix(line, "#") {
			continue
		}
		if err := check(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		acts = append(acts, line)
	}
	// Scanning memory, a line too long is the one error the scanner can meet.
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes", path, n, MaxLineBytes)
	}
	return acts, nil
}

// Player plays a list of actions in order, then answers ErrEnd.
type Player struct {
	acts []string
	none []bool // per action, of a recorded player: the seat gave no answer
	next int
}

// errNoAnswer is a recorded player's answer in a turn where the seat gave
// none.
var errNoAnswer = errors.New("no answer, as recorded")

// NewPlayer returns a player of the given actions' text.
func NewPlayer(acts []string) *Player { return &Player{acts: acts} }

// Form returns sim.FormNone: a script reads no observation.
func (p *Player) Form() sim.Form { return sim.FormNone }

// Reset starts again from the first action.
func (p *Player) Reset(sim.MatchInfo, *rand.Rand) { p.next = 0 }

// Act plays the next action.
func (p *Player) Act([]byte) (string, error) {
	if p.next >= len(p.acts) {
		return "", ErrEnd
	}
	p.next++
	if p.none != nil && p.none[p.next-1] {
		return "", errNoAnswer
	}
	return p.acts[p.next-1], nil
}

// recordedParams are the arguments of a recorded player.
var recordedParams = []sim.ParamSpec{sim.IntParam("seat", 0, 0, 1<<20, "the seat whose recorded actions it plays")}

// Recorded returns a bot that plays back the actions recorded in a timed
// match's record, for arena play --from: recorded:seat=K plays seat K's.
// Each turn's row holds, per seat, the action's text (or the text of an
// answer that was no action), nil where the seat did not act — or gave no
// answer, which the record's faults tell: the seat then gives none again.
// A replay needs no external program, and gives the recorded match
// whatever the programs would answer now.
func Recorded(actions [][]*string, faults []sim.Fault) sim.WireBot {
	return sim.WireBot{
		Name:    "recorded",
		Summary: "plays back a seat's actions recorded in a timed match (arena play --from)",
		Params:  recordedParams,
		Prepare: func(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
			r := sim.NewParamReader(args, recordedParams)
			seat := r.Int("seat")
			if err := r.Err(); err != nil {
				return nil, err
			}
			faulted := make(map[int]bool) // turns with a fault of the seat
			for _, f := range faults {
				if f.Seat == seat {
					faulted[f.Turn] = true
				}
			}
			var acts []string
			var none []bool
			for i, row := range actions {
				switch {
				case seat < len(row) && row[seat] != nil:
					acts, none = append(acts, *row[seat]), append(none, false)
				case faulted[i+1]:
					acts, none = append(acts, ""), append(none, true)
				}
			}
			return func() sim.WirePlayer { return &Player{acts: acts, none: none} }, nil
		},
	}
}
