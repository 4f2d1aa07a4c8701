package coin

import (
	"strconv"

	"github.com/arenasim/arena/sim"
)

// Version is the version of these rules; it is part of every rules hash, so
// bump it whenever a change of the rules can change a match.
const Version = "2"

// Limits of the parameters and of a declared Elo.
const (
	MinPlayers = 2
	MaxPlayers = 16
	MinElo     = -2000
	MaxElo     = 2000
)

// Params documents the parameters of coin (rule sheet, "Parameters").
var Params = []sim.ParamSpec{
	sim.IntParam("players", 2, MinPlayers, MaxPlayers, "number of players"),
	sim.FloatParam("draws", "0", 0, 1, "probability of a draw, capped at 2·min(s, 1-s) for seat 0's expected result s; 2 players only"),
}

// Rules is coin configured with one parameter set; it implements
// sim.Engine[State, View, Action].
type Rules struct {
	Players int
	Draws   float64 // the probability of a draw asked for, before the cap
}

// New configures the rules from an effective parameter set.
func New(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	r := sim.NewParamReader(p, Params)
	rules := &Rules{
		Players: seats,
		Draws:   r.Float("draws"),
	}
	if r.Err() == nil && rules.Draws != 0 && rules.Players != 2 {
		r.FailTogether([]string{"draws", "players"}, "%s needs players = 2, got %d",
			strconv.FormatFloat(rules.Draws, 'g', -1, 64), rules.Players)
	}
	return rules, r.Err()
}

// Game is coin with no bots; the registry adds them.
func Game() sim.Game[State, View, Action] {
	return sim.Game[State, View, Action]{
		Name:    "coin",
		Summary: "synthetic: outcomes drawn from the bots' declared Elo, for calibrating ratings and SPRT",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Action](New),
		Codec: sim.Codec[View, Action]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParseElo,
			Print: func(dst []byte, a Action) []byte { return a.Append(dst) },
		},
	}
}

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.Players }

// ParseAction reads a declared Elo; see ParseElo.
func (r *Rules) ParseAction(text string) (Action, error) { return ParseElo(text) }

// AppendAction appends the text form of a.
func (r *Rules) AppendAction(dst []byte, a Action) []byte { return a.Append(dst) }
