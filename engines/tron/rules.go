package tron

import (
	"github.com/arenasim/arena/sim"
)

// Version is the version of these rules; it is part of every rules hash, so
// bump it whenever a change of the rules can change a match.
const Version = "1"

// Limits of the parameters.
const (
	MinPlayers = 2
	MaxPlayers = 12
	MaxSide    = 4096
)

// Params documents the parameters of Tron (rule sheet, "Parameters").
var Params = []sim.ParamSpec{
	sim.IntParam("width", 100, 1, MaxSide, "board width in cells"),
	sim.IntParam("height", 100, 1, MaxSide, "board height in cells"),
	sim.IntParam("players", 2, MinPlayers, MaxPlayers, "number of players"),
	{Name: "starts", Kind: sim.KindPoints, Choices: []string{FairStarts}, Nullable: true, Default: "null", Doc: "start cells, one per player, on the board and distinct; null = random with 1 ≤ x ≤ width-1, 1 ≤ y ≤ height-1; fair = random for the first player, its image through the centre for the other (4 players on a square board: its quarter turns), so that no start is better placed"},
	sim.IntParam("max_turns", 0, 0, 1<<30, "end the game after this many turns, the players still alive sharing first place; 0 = no cap"),
}

// FairStarts is the starts parameter's word for symmetric random starts
// (see Rules.Fair).
const FairStarts = "fair"

// Cell is a board cell.
type Cell struct{ X, Y int }

// Rules is Tron configured with one parameter set; it implements
// sim.Engine[State, View, Dir].
type Rules struct {
	Width, Height int
	Players       int
	Starts        []Cell // nil: random starts
	// Fair makes random starts symmetric: the first player's start is
	// drawn, the others' are its images by the board's symmetry, so that
	// every player starts as well placed as every other (fairStart).
	Fair     bool
	MaxTurns int
}

// New configures the rules from an effective parameter set.
func New(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	r := sim.NewParamReader(p, Params)
	rules := &Rules{
		Width:    r.Int("width"),
		Height:   r.Int("height"),
		Players:  seats,
		MaxTurns: r.Int("max_turns"),
	}
	starts, word := r.PointsOrWord("starts")
	if err := r.Err(); err != nil {
		return nil, err
	}
	if rules.Fair = word == FairStarts; rules.Fair {
		rules.checkFair(r)
		return rules, r.Err()
	}
	if starts == nil {
		if n := rules.startCells(); n < rules.Players {
			r.FailTogether([]string{"width", "height", "players"},
				"%d players need %d random start cells, but a %d×%d board has %d (starts use 1 ≤ x ≤ width-1 and 1 ≤ y ≤ height-1)",
				rules.Players, rules.Players, rules.Width, rules.Height, n)
		}
		return rules, r.Err()
	}
	if len(starts) != rules.Players {
		r.Fail("starts", "%d cells for %d players", len(starts), rules.Players)
	}
	for i, c := range starts {
		cell := Cell{c[0], c[1]}
		if !rules.onBoard(cell.X, cell.Y) {
			r.Fail("starts", "cell %d [%d,%d] is off the %d×%d board", i, cell.X, cell.Y, rules.Width, rules.Height)
		}
		for j, prev := range rules.Starts {
			if prev == cell {
				r.Fail("starts", "cells %d and %d are both [%d,%d]", j, i, cell.X, cell.Y)
			}
		}
		rules.Starts = append(rules.Starts, cell)
	}
	return rules, r.Err()
}

// checkFair checks that the board and the players allow fair starts: the
// images of a start through the centre (2 players) or by quarter turns (4,
// on a square board) are cells of the board, and there is a start that is
// not its own image.
func (rules *Rules) checkFair(r *sim.ParamReader) {
	switch {
	case rules.Players != 2 && rules.Players != 4:
		r.FailTogether([]string{"starts", "players"}, "fair starts are for 2 players, or 4 on a square board, not %d", rules.Players)
	case rules.Players == 4 && rules.Width != rules.Height:
		r.FailTogether([]string{"starts", "width", "height"}, "fair starts for 4 players turn the board by quarter turns, which a %d×%d board is not square for", rules.Width, rules.Height)
	case rules.fairCells() < 1:
		r.FailTogether([]string{"starts", "width", "height"}, "a %d×%d board has no start cell for fair starts (they use 1 ≤ x ≤ width-1 and 1 ≤ y ≤ height-1, but the centre)", rules.Width, rules.Height)
	}
}

// Game is Tron with no bots; the registry adds them.
func Game() sim.Game[State, View, Dir] {
	return sim.Game[State, View, Dir]{
		Name:    "tron",
		Summary: "botsArena light cycles: 2–12 players move at once and leave trails; the last one moving wins",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Dir](New),
		Codec: sim.Codec[View, Dir]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParseDir,
			Print: func(dst []byte, a Dir) []byte { return append(dst, a.String()...) },
		},
	}
}

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.Players }

// startCells returns how many cells random starts choose from.
func (r *Rules) startCells() int { return (r.Width - 1) * (r.Height - 1) }

// centre reports whether the board has a centre cell, its own image by
// every symmetry fair starts use, that random starts may draw: both sides
// odd and at least 3.
func (r *Rules) centre() (Cell, bool) {
	c := Cell{(r.Width - 1) / 2, (r.Height - 1) / 2}
	return c, r.Width%2 == 1 && r.Height%2 == 1 && c.X >= 1 && c.Y >= 1
}

// fairCells returns how many cells the first of fair starts chooses from:
// the random starts' but the centre.
func (r *Rules) fairCells() int {
	if _, ok := r.centre(); ok {
		return r.startCells() - 1
	}
	return r.startCells()
}

func (r *Rules) onBoard(x, y int) bool { return x >= 0 && x < r.Width && y >= 0 && y < r.Height }

// ParseAction reads a direction; see ParseDir.
func (r *Rules) ParseAction(text string) (Dir, error) { return ParseDir(text) }

// AppendAction appends the protocol spelling of d.
func (r *Rules) AppendAction(dst []byte, d Dir) []byte { return append(dst, d.String()...) }
