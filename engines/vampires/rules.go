package vampires

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

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
	sim.ChoiceParam("ruleset", "classic", []string{"classic", "v10"}, "classic (the seed's rules: deterministic battle winners, 1–3 moves, ATK) or v10 (the later course rules: probabilistic battles, any number of moves, no ATK)"),
	sim.ChoiceParam("seat0_species", "vampires", []string{"vampires", "werewolves"}, "the species of seat 0, which plays first"),
	sim.IntParam("max_plies", 200, 1, MaxPlies, "daybreak: the game ends once this many plies (both players', void ones included) are played"),
	sim.ChoiceParam("invalid_ply", "forfeit", []string{"forfeit", "skip"}, "what an invalid ply costs: forfeit (the game is lost) or skip (the ply is void)"),
	{Name: "max_moves", Kind: sim.KindInt, Min: 0, Max: 65535, Nullable: true, Default: "null", Doc: "most moves in a MOV ply, or 0 for no limit; null = by rule set (classic 3, v10 no limit)"},
	sim.FloatParam("kill_ratio", "1.5", 1, 100, fmt.Sprintf("how many times more numerous than the enemies attackers must be to kill them all, and defenders to win outright, a decimal with at most %d decimal places (compared exactly)", RatioDecimals)),
	sim.FloatParam("classic_attrition", "0.3", 0, 1, "classic random battles: the chance that each individual of the winning side dies"),
	{Name: "defender_wins", Kind: sim.KindChoice, Choices: []string{"convert", "kill"}, Nullable: true, Default: "null", Doc: "what defenders at least kill_ratio times more numerous do to the attackers; null = by rule set (classic convert, v10 kill)"},
	sim.IntParam("players", 2, 2, 2, "number of players"),
	{Name: "map", Kind: sim.KindText, Default: `"duel"`, Doc: "a shipped map (" + strings.Join(ShippedMaps(), ", ") + ") or the path of a map file in the original XML format"},
}

// Ruleset is one of the two rule sets in use (rule sheet, introduction).
type Ruleset uint8

// The rule sets.
const (
	Classic Ruleset = iota // the seed's rules
	V10                    // the later course rules
)

// String returns the rule set's parameter value.
func (r Ruleset) String() string { return rulesets[r].name }

// ruleset is a rule set as the named list of what it chooses: the battle
// step of "Resolving a MOV ply" and its defaults for the defender's fate
// and the moves of a MOV (rule sheet, introduction). A ply is, in every
// rule set: accept → depart → resolveTargets (with the rule set's battle)
// → checkExtinction → checkDaybreak.
type ruleset struct {
	name     string
	battle   func(r *Rules, s *State, i int, attackers Kind, a int, rng *rand.Rand)
	defender DefenderWin
	maxMoves int // 0: no limit
}

// rulesets are the rule sets, by Ruleset.
var rulesets = [...]ruleset{
	Classic: {name: "classic", battle: (*Rules).classicBattle, defender: Convert, maxMoves: 3},
	V10:     {name: "v10", battle: (*Rules).v10Battle, defender: Kill, maxMoves: 0},
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
func New(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	rd := sim.NewParamReader(p, Params)
	r := &Rules{}
	for id, rs := range rulesets {
		if rs.name == rd.String("ruleset") {
			r.Ruleset, r.battle, r.DefenderWins, r.MaxMoves = Ruleset(id), rs.battle, rs.defender, rs.maxMoves
		}
	}
	r.Seat0 = Vampires
	if rd.String("seat0_species") == "werewolves" {
		r.Seat0 = Werewolves
	}
	r.MaxPlies = rd.Int("max_plies")
	if rd.String("invalid_ply") == "skip" {
		r.InvalidPly = Skip
	}
	var maxMoves *int
	rd.Decode("max_moves", &maxMoves)
	if maxMoves != nil {
		r.MaxMoves = *maxMoves
	}
	r.KillRatio = readRatio(rd, "kill_ratio")
	r.Attrition = rd.Float("classic_attrition")
	var defender *string
	rd.Decode("defender_wins", &defender)
	if defender != nil {
		switch *defender {
		case "convert":
			r.DefenderWins = Convert
		case "kill":
			r.DefenderWins = Kill
		}
	}
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
func readRatio(rd *sim.ParamReader, name string) Ratio {
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
		// A turn is one species' move: the course calls it a ply.
		TurnWords: [2]string{"ply", "plies"},
		Codec: sim.Codec[View, Ply]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParsePly,
			Print: func(dst []byte, a Ply) []byte { return AppendPly(dst, a) },
			// The course's binary TCP protocol: 10 s a ply, as the server.
			Original: &sim.Original[View]{
				Transport:    sim.TCP,
				Start:        func(dst []byte, v *View) []byte { return v.AppendOriginalStart(dst) },
				Update:       func(dst []byte, v *View, seen *[]byte) []byte { return v.AppendOriginalUpdate(dst, seen) },
				FirstTimeout: 10 * time.Second,
				Timeout:      10 * time.Second,
				Protocol:     Protocol,
			},
		},
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
