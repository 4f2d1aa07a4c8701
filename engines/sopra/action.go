package sopra

import (
	"fmt"
	"strings"
)

// Action is a player's answer in one round: a step or a jump in one of the
// four directions. The zero Action is no answer.
type Action uint8

// The actions. North is y−1, South y+1, East x+1 and West (O, ouest) x−1.
const (
	NoAction  Action = iota // no answer
	North                   // N
	South                   // S
	East                    // E
	West                    // O
	JumpNorth               // JN
	JumpSouth               // JS
	JumpEast                // JE
	JumpWest                // JO
)

// Actions lists the eight actions, steps first.
var Actions = [8]Action{North, South, East, West, JumpNorth, JumpSouth, JumpEast, JumpWest}

// Steps lists the four steps.
var Steps = [4]Action{North, South, East, West}

var actionText = [...]string{"", "N", "S", "E", "O", "JN", "JS", "JE", "JO"}

// actionDX and actionDY hold the move of one step of each action's
// direction, indexed by the Action's low four bits.
var (
	actionDX = [16]int{0, 0, 0, 1, -1, 0, 0, 1, -1}
	actionDY = [16]int{0, -1, 1, 0, 0, -1, 1, 0, 0}
)

// Valid reports whether a is one of the eight actions.
func (a Action) Valid() bool { return a >= North && a <= JumpWest }

// Jump reports whether a is a jump.
func (a Action) Jump() bool { return a >= JumpNorth && a <= JumpWest }

// Step returns the step in a's direction: North for JumpNorth, a itself for
// a step, NoAction for no answer.
func (a Action) Step() Action {
	if a.Jump() {
		return a - JumpNorth + North
	}
	return a
}

// AsJump returns the jump in a's direction.
func (a Action) AsJump() Action {
	if a >= North && a <= West {
		return a - North + JumpNorth
	}
	return a
}

// Delta returns the change of x and y that a makes: one cell for a step,
// two for a jump, none for no answer.
func (a Action) Delta() (dx, dy int) {
	if !a.Valid() {
		return 0, 0
	}
	n := 1
	if a.Jump() {
		n = 2
	}
	return n * actionDX[a&15], n * actionDY[a&15]
}

// String returns the protocol spelling of a, "" for NoAction.
func (a Action) String() string {
	if int(a) < len(actionText) {
		return actionText[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// ParseAction reads an action in the original protocol's spelling: N, S, E,
// O, JN, JS, JE or JO, and W for O (surrounding white space is ignored; the
// letters are upper case, as the protocol writes them).
func ParseAction(text string) (Action, error) {
	t := strings.TrimSpace(text)
	if t == "W" {
		return West, nil
	}
	for _, a := range Actions {
		if actionText[a] == t {
			return a, nil
		}
	}
	return NoAction, fmt.Errorf("sopra: %q is not an action (want N, S, E, O, W, JN, JS, JE or JO)", text)
}
