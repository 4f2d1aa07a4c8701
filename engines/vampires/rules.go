package vampires

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/arenasim/arena/sim"
)

// Version is the version of these rules; it is part of every rules hash, so
// bump it whenever a change of the rules can change a match.
//
// Version 2: kill_ratio is an exact decimal (at most RatioDecimals places),
// so that A = kill_ratio·E kills whatever float64 makes of the product.
const Version = "2"

// MaxPlies is the largest max_plies accepted.
const MaxPlies = 1_000_000

// Params documents the parameters of Vampires vs Werewolves (rule sheet,
// "Parameters").
var Params = []sim.ParamSpec{
	{Name: "ruleset", Default: `"classic"`, Doc: "classic (the seed's rules: deterministic battle winners, 1–3 moves, ATK) or v10 (the later course rules: probabilistic battles, any number of moves, no ATK)"},
	{Name: "seat0_species", Default: `"vampires"`, Doc: "the species of seat 0, which plays first: vampires or werewolves"},
	{Name: "max_plies", Default: "200", Doc: fmt.Sprintf("daybreak: the game ends once this many plies (both players', void ones included) are played, 1..%d", MaxPlies)},
	{Name: "invalid_ply", Default: `"forfeit"`, Doc: "what an invalid ply costs: forfeit (the game is lost) or skip (the ply is void)"},
	{Name: "max_moves", Default: "null", Doc: "most moves in a MOV ply, 1..65535, or 0 for no limit; null = by rule set (classic 3, v10 no limit)"},
	{Name: "kill_ratio", Default: "1.5", Doc: fmt.Sprintf("how many times more numerous than the enemies attackers must be to kill them all, and defenders to win outright, 1..100, a decimal with at most %d decimal places (compared exactly)", RatioDecimals)},
	{Name: "classic_attrition", Default: "0.3", Doc: "classic random battles: the chance that each individual of the winning side dies, 0..1"},
	{Name: "defender_wins", Default: "null", Doc: "what defenders at least kill_ratio times more numerous do to the attackers: convert or kill; null = by rule set (classic convert, v10 kill)"},
	{Name: "players", Default: "2", Doc: "number of players, 2..2"},
	{Name: "map", Default: `"duel"`, Doc: "a shipped map (" + strings.Join(ShippedMaps(), ", ") + ") or the path of a map file in the original XML format"},
}

// Ruleset is one of the two rule sets in use (rule sheet, introduction).
type Ruleset uint8

// The rule sets.
const (
	Classic Ruleset = iota // the seed's rules
	V10                    // the later course rules
)

// String returns the rule set's parameter value.
func (r Ruleset) String() string {
	if r == V10 {
		return "v10"
	}
	return "classic"
}

// InvalidPly is what an invalid ply costs (rule sheet, "A ply").
type InvalidPly uint8

// The rules for an invalid ply.
const (
	Forfeit InvalidPly = iota // the cheater loses the game
	Skip                      // the ply is void
)

// DefenderWin is what defenders at least kill_ratio times more numerous do
// to their attackers (rule sheet, "Resolving a MOV ply").
type DefenderWin uint8

// The outcomes of an outright defence.
const (
	Convert DefenderWin = iota // the attackers join the defenders (classic)
	Kill                       // the attackers die (v10)
)

// Config is the rules' parameters, read once by New. Bots see it in their
// View.
type Config struct {
	Ruleset      Ruleset
	Seat0        Kind // Vampires or Werewolves: seat 0's species
	MaxPlies     int
	InvalidPly   InvalidPly
	MaxMoves     int     // 0: no limit
	KillRatio    Ratio   // kills need A ≥ KillRatio·E; outright defences E ≥ KillRatio·A
	Attrition    float64 // classic: each winner's chance of dying in a random battle
	DefenderWins DefenderWin
}

// Rules is Vampires vs Werewolves configured with one parameter set; it
// implements sim.Engine[State, View, Ply] and sim.Fingerprinter.
type Rules struct {
	Config
	Map *Map

	// battle resolves a random battle at a cell: the rule set's model.
	battle func(r *Rules, s *State, i int, attackers Kind, a int, rng *rand.Rand)
}

// New configures the rules from an effective parameter set. Its errors are
// *sim.ParamError, naming the parameter at fault.
func New(p sim.Params) (*Rules, error) {
	rd := sim.NewParamReader(p)
	r := &Rules{}
	switch rd.String("ruleset", "classic", "v10") {
	case "classic":
		r.Ruleset, r.battle, r.DefenderWins, r.MaxMoves = Classic, (*Rules).classicBattle, Convert, 3
	case "v10":
		r.Ruleset, r.battle, r.DefenderWins, r.MaxMoves = V10, (*Rules).v10Battle, Kill, 0
	}
	r.Seat0 = Vampires
	if rd.String("seat0_species", "vampires", "werewolves") == "werewolves" {
		r.Seat0 = Werewolves
	}
	r.MaxPlies = rd.Int("max_plies", 1, MaxPlies)
	if rd.String("invalid_ply", "forfeit", "skip") == "skip" {
		r.InvalidPly = Skip
	}
	var maxMoves *int
	rd.Decode("max_moves", &maxMoves)
	if maxMoves != nil {
		if *maxMoves < 0 || *maxMoves > 65535 {
			rd.Fail("max_moves", "%d is out of range 0..65535", *maxMoves)
		}
		r.MaxMoves = *maxMoves
	}
	r.KillRatio = readRatio(rd, "kill_ratio", 1, 100)
	r.Attrition = rd.Float("classic_attrition", 0, 1)
	var defender *string
	rd.Decode("defender_wins", &defender)
	if defender != nil {
		switch *defender {
		case "convert":
			r.DefenderWins = Convert
		case "kill":
			r.DefenderWins = Kill
		default:
			rd.Fail("defender_wins", "%q is not one of convert, kill", *defender)
		}
	}
	rd.Int("players", 2, 2)
	name := rd.String("map")
	if err := rd.Err(); err != nil {
		return nil, err
	}
	m, err := LoadMap(name)
	if err != nil {
		return nil, &sim.ParamError{Name: "map", Err: err}
	}
	r.Map = m
	return r, nil
}

// readRatio reads parameter name as an exact ratio in [lo, hi]: a JSON
// number written as a plain decimal with at most RatioDecimals decimal
// places.
func readRatio(rd *sim.ParamReader, name string, lo, hi float64) Ratio {
	rd.Float(name, lo, hi) // the type and the range, worded as for any number
	var text json.Number
	rd.Decode(name, &text)
	if rd.Err() != nil {
		return Ratio{}
	}
	r, err := parseRatio(text.String())
	if err != nil {
		rd.Fail(name, "%v", err)
	}
	return r
}

// Game is Vampires vs Werewolves with no bots; the registry adds them.
func Game() sim.Game[State, View, Ply] {
	return sim.Game[State, View, Ply]{
		Name:    "vampires",
		Summary: "Vampires vs Werewolves: two species take turns to convert humans and kill each other on an XML map; the larger one at daybreak wins",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Ply](New),
	}
}

// Seats returns 2: the game is a duel.
func (r *Rules) Seats() int { return 2 }

// Fingerprint returns a hash of the map file's contents, which joins the
// rules hash: the map parameter only names the file.
func (r *Rules) Fingerprint() string { return r.Map.Fingerprint() }

// ParseAction reads a ply; see ParsePly.
func (r *Rules) ParseAction(text string) (Ply, error) { return ParsePly(text) }

// AppendAction appends the text form of p; see AppendPly.
func (r *Rules) AppendAction(dst []byte, p Ply) []byte { return AppendPly(dst, p) }
