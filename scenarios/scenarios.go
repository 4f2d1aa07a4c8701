// Package scenarios is what can be played: the registry that wires every
// game to its bots (Entries, the one place that knows all engines and bots;
// adding a game is one entry there), and named setups — a game, its
// parameters, the bots, the number of games and the master seed — as JSON
// files embedded in the binary, with the strict loader that reads them and
// user files alike.
package scenarios

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/arenasim/arena/sim"
)

//go:embed */*.json
var files embed.FS

// DefaultGames is the number of games of a scenario that does not say.
const DefaultGames = 100

// MaxGames is the most games a scenario (or --games) may ask for.
const MaxGames = 1 << 31

// Scenario is a named setup.
type Scenario struct {
	Name        string     // "tron/duel" for an embedded one, the path for a file
	Description string     // optional
	Game        string     // required: the engine name
	Params      sim.Params // overrides of the game's defaults
	Bots        []string   // bot specs; empty means every bot of the game that needs no argument
	Games       int        // matches per pairing (2 seats) or in total (more seats); see the runner
	Seed        uint64     // the master seed
	League      *League    // set for a league: one bot against fixed opponents, with a verdict
	// Championship is set for a championship: days of random tables, then
	// finals by standing (docs/championship.md).
	Championship *Championship
	// Knockout is set for a knockout: a bracket of duels (docs/cli.md,
	// Knockouts).
	Knockout *Knockout
}

// League is a tournament format with a verdict: the bot under test (given
// on the command line, or the scenario's one bot) plays every game against
// the same opponents, all in the same match, and is promoted when it wins
// at least Promote games. A game is won when its score is at least every
// other player's.
type League struct {
	Opponents []string // bot specs, in seat order after the candidate's seat
	Promote   int      // games to win, 1..games
}

// DefaultDays is the number of days of a championship that does not say:
// the Sopra Steria event's.
const DefaultDays = 7

// Championship is a tournament format of teams (the bots): every day the
// teams are split at random into tables of the game's seats and earn the
// points of their places; after the days, the standing groups them into
// finals of a table each, whose places give the final ranking.
type Championship struct {
	Days   int       // days before the finals, at least 1
	Points []float64 // points of places 1, 2, …, one per seat; nil for the default of the seat count
}

// Knockout is a single-elimination bracket of duels, or heats in a game of
// more seats: its ties' (tables') games, their cap, a third-place tie, the
// points by place, the seeding, and a table's bots that go through. A zero field
// is the default (the run's flags may override each).
type Knockout struct {
	Games      int       // games of a tie, whole legs; 0: 2
	Cap        int       // the most games of a level tie; 0: Games + 8
	ThirdPlace bool      // the losing semi-finalists play for third place
	Points     []float64 // by place; nil: 3, 2, 1, 1
	Seeding    string    // "order": the bots' order ranks the seeds; "": the draw
	Advance    int       // heats (a game of 3 seats or more): how many of a table go through; 0: half the seats, rounded up
}

// keys lists a scenario file's keys in the order the docs give them.
var keys = []string{"description", "game", "params", "bots", "games", "seed", "league", "championship", "knockout"}

// knockoutKeys lists the keys of a scenario's knockout object.
var knockoutKeys = []string{"games", "cap", "third_place", "points", "seeding", "advance"}

// leagueKeys lists the keys of a scenario's league object.
var leagueKeys = []string{"opponents", "promote"}

// championshipKeys lists the keys of a scenario's championship object.
var championshipKeys = []string{"days", "points"}

// Names returns the names of the embedded scenarios, sorted.
func Names() []string {
	var names []string
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".json" {
			names = append(names, strings.TrimSuffix(p, ".json"))
		}
		return nil
	})
	slices.Sort(names)
	return names
}

// Embedded reports whether name is an embedded scenario.
func Embedded(name string) bool { return slices.Contains(Names(), name) }

// Load returns the embedded scenario name, e.g. "tron/duel".
func Load(name string) (*Scenario, error) {
	data, err := files.ReadFile(name + ".json")
	if err != nil {
		return nil, fmt.Errorf("unknown scenario %q (see arena list scenarios)", name)
	}
	return Parse(name, data)
}

// LoadFile reads a scenario file of at most sim.MaxScenarioBytes.
func LoadFile(path string) (*Scenario, error) {
	data, err := sim.ReadFile(path, sim.MaxScenarioBytes)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a scenario from JSON, which may start with a UTF-8
// byte-order mark. Unknown keys, keys given twice (at any depth) and values
// of the wrong type are errors that name the source, the key and the value.
func Parse(name string, data []byte) (*Scenario, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	data = sim.TrimBOM(data)
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fail("%s", describeSyntax(data, err))
	}
	if top == nil {
		return nil, fail("want a JSON object, got null")
	}
	// data parsed, so a duplicate key is the only error the check can find.
	var dup *sim.DuplicateKeyError
	if errors.As(sim.CheckDuplicateKeys(data), &dup) {
		line, _ := position(data, dup.Offset)
		return nil, fail("line %d: %v", line, dup)
	}
	if err := checkKeys(top, keys); err != nil {
		return nil, fail("%v", err)
	}
	sc := &Scenario{Name: name, Games: DefaultGames, Params: sim.Params{}}
	field := func(key string, dst any, what string) error {
		raw, ok := top[key]
		if !ok {
			return nil
		}
		if decode(raw, dst) != nil {
			return fail("key %s: %s is not %s", key, raw, what)
		}
		if _, number := dst.(*json.Number); number && bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
			// A json.Number takes a number in quotes too; a scenario's
			// numbers are JSON numbers.
			return fail("key %s: %s is a string, not %s", key, raw, what)
		}
		return nil
	}
	if raw, ok := top["bots"]; ok {
		specs, err := specObjects(raw)
		if err != nil {
			return nil, fail("key bots: %v", err)
		}
		top["bots"] = specs
	}
	var games json.Number
	var seed json.Number
	var league, championship, knockout map[string]json.RawMessage
	for _, err := range []error{
		field("description", &sc.Description, "a string"),
		field("game", &sc.Game, "a string"),
		field("params", &sc.Params, "an object"),
		field("bots", &sc.Bots, "a list of bot specs (strings)"),
		field("games", &games, "a whole number"),
		field("seed", &seed, "a whole number"),
		field("league", &league, "an object"),
		field("championship", &championship, "an object"),
		field("knockout", &knockout, "an object"),
	} {
		if err != nil {
			return nil, err
		}
	}
	if sc.Game == "" {
		return nil, fail("key game: missing (the engine name, e.g. \"tron\")")
	}
	if sc.Params == nil {
		sc.Params = sim.Params{}
	}
	if games != "" {
		n, err := games.Int64()
		if err != nil || n < 1 || n > MaxGames {
			return nil, fail("key games: %s is not a whole number from 1 to %d", games, MaxGames)
		}
		sc.Games = int(n)
	}
	if seed != "" {
		var s uint64
		if err := json.Unmarshal([]byte(seed), &s); err != nil {
			return nil, fail("key seed: %s is not a whole number from 0 to 18446744073709551615", seed)
		}
		sc.Seed = s
	}
	if err := checkSpecs(sc.Bots); err != nil {
		return nil, fail("key bots: %v", err)
	}
	if league != nil {
		l, err := parseLeague(league, sc.Games)
		if err != nil {
			return nil, fail("key league: %v", err)
		}
		if len(sc.Bots) > 1 {
			return nil, fail("key bots: a league tests one bot at a time, got %d", len(sc.Bots))
		}
		sc.League = l
	}
	if championship != nil {
		switch {
		case league != nil:
			return nil, fail("key championship: a scenario is a league or a championship, not both")
		case games != "":
			return nil, fail("key games: a championship plays its days and its finals, not a number of games")
		}
		c, err := parseChampionship(championship)
		if err != nil {
			return nil, fail("key championship: %v", err)
		}
		sc.Championship = c
	}
	if knockout != nil {
		switch {
		case league != nil || championship != nil:
			return nil, fail("key knockout: a scenario is one of a league, a championship or a knockout")
		case games != "":
			return nil, fail("key games: a knockout's ties say their games (knockout.games)")
		}
		k, err := parseKnockout(knockout)
		if err != nil {
			return nil, fail("key knockout: %v", err)
		}
		sc.Knockout = k
	}
	return sc, nil
}

// parseKnockout reads a knockout object.
func parseKnockout(obj map[string]json.RawMessage) (*Knockout, error) {
	if err := checkKeys(obj, knockoutKeys); err != nil {
		return nil, err
	}
	k := &Knockout{}
	for _, f := range []struct {
		key string
		dst *int
	}{{"games", &k.Games}, {"cap", &k.Cap}} {
		if raw, ok := obj[f.key]; ok {
			if err := decode(raw, f.dst); err != nil || *f.dst < 2 || *f.dst%2 != 0 {
				return nil, fmt.Errorf("%s: %s is not an even whole number from 2 (whole legs: one seed, seats swapped)", f.key, raw)
			}
		}
	}
	if raw, ok := obj["advance"]; ok {
		if err := decode(raw, &k.Advance); err != nil || k.Advance < 1 {
			return nil, fmt.Errorf("advance: %s is not a whole number from 1 (how many of a table go through, fewer than its seats)", raw)
		}
	}
	if raw, ok := obj["third_place"]; ok {
		if err := decode(raw, &k.ThirdPlace); err != nil {
			return nil, fmt.Errorf("third_place: %s is not true or false", raw)
		}
	}
	if raw, ok := obj["points"]; ok {
		if decode(raw, &k.Points) != nil || len(k.Points) == 0 {
			return nil, fmt.Errorf("points: %s is not a non-empty list of numbers, one per place", raw)
		}
	}
	if raw, ok := obj["seeding"]; ok {
		if err := decode(raw, &k.Seeding); err != nil || (k.Seeding != "order" && k.Seeding != "draw") {
			return nil, fmt.Errorf(`seeding: %s is not "order" (the bots' order ranks the seeds) or "draw"`, raw)
		}
		if k.Seeding == "draw" {
			k.Seeding = ""
		}
	}
	return k, nil
}

// parseChampionship reads a championship object.
func parseChampionship(obj map[string]json.RawMessage) (*Championship, error) {
	if err := checkKeys(obj, championshipKeys); err != nil {
		return nil, err
	}
	c := &Championship{Days: DefaultDays}
	if raw, ok := obj["days"]; ok {
		if err := decode(raw, &c.Days); err != nil || c.Days < 1 {
			return nil, fmt.Errorf("days: %s is not a positive whole number", raw)
		}
	}
	if raw, ok := obj["points"]; ok {
		if decode(raw, &c.Points) != nil || len(c.Points) == 0 {
			return nil, fmt.Errorf("points: %s is not a non-empty list of numbers, one per place", raw)
		}
	}
	return c, nil
}

// decode reads raw into dst, numbers as json.Number where dst wants one. A
// null is refused, and so is a null in a list: Go's decoder would leave
// dst, or the entry, as it was (a key's default, a bot spec "", a place
// worth 0 points), as if the key or the entry were absent.
func decode(raw json.RawMessage, dst any) error {
	if isNull(raw) {
		return errNull
	}
	switch dst.(type) {
	case *[]string, *[]float64:
		var entries []json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			return err
		}
		if slices.ContainsFunc(entries, isNull) {
			return errNull
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(dst)
}

// errNull is decode's error for a null.
var errNull = errors.New("null")

// isNull reports whether raw is JSON's null.
func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// checkKeys refuses a key of obj that is not among known.
func checkKeys(obj map[string]json.RawMessage, known []string) error {
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if !slices.Contains(known, k) {
			return fmt.Errorf("unknown key %s (known: %s)", sim.Quote(k), strings.Join(known, ", "))
		}
	}
	return nil
}

// parseLeague reads a league object; games is the scenario's game count.
func parseLeague(obj map[string]json.RawMessage, games int) (*League, error) {
	if err := checkKeys(obj, leagueKeys); err != nil {
		return nil, err
	}
	l := &League{Promote: games}
	raw, ok := obj["opponents"]
	if !ok {
		return nil, fmt.Errorf("opponents: missing (the list of opponents' bot specs)")
	}
	if decode(raw, &l.Opponents) != nil || len(l.Opponents) == 0 {
		return nil, fmt.Errorf("opponents: %s is not a non-empty list of bot specs", raw)
	}
	if err := checkSpecs(l.Opponents); err != nil {
		return nil, fmt.Errorf("opponents: %v", err)
	}
	if raw, ok := obj["promote"]; ok {
		if err := decode(raw, &l.Promote); err != nil || l.Promote < 1 || l.Promote > games {
			return nil, fmt.Errorf("promote: %s is not a whole number from 1 to the %d games", raw, games)
		}
	}
	return l, nil
}

// checkSpecs checks that every entry is a bot spec.
func checkSpecs(specs []string) error {
	for i, b := range specs {
		if _, err := sim.ParseBotSpec(b); err != nil {
			return fmt.Errorf("entry %d: %v", i, err)
		}
	}
	return nil
}

// describeSyntax turns a JSON syntax error into "line L, column C: …".
func describeSyntax(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := position(data, max(se.Offset-1, 0)) // Offset is just past the bad byte
		return fmt.Sprintf("line %d, column %d: %s", line, col, strings.TrimPrefix(se.Error(), "json: "))
	case errors.As(err, &te):
		return fmt.Sprintf("want a JSON object, got a JSON %s", te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// position returns the 1-based line and column of the byte at offset.
func position(data []byte, offset int64) (line, col int) {
	offset = min(offset, int64(len(data)))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte("\n"))
	col = int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// specObjects returns a list of bots with each entry that is an object —
// {"bot": "exec", "cmd": "python3", "param.room": "1.0 in -4..4", …}, the
// form of a spec with many arguments — written as its one-line spec, its
// keys in their order: exec:cmd=python3,param.room=1.0 in -4..4. Any other
// entry, and anything but a list, is left as it is.
func specObjects(raw json.RawMessage) (json.RawMessage, error) {
	var entries []json.RawMessage
	if json.Unmarshal(raw, &entries) != nil {
		return raw, nil
	}
	for i, e := range entries {
		if !bytes.HasPrefix(bytes.TrimSpace(e), []byte("{")) {
			continue
		}
		spec, err := specOf(e)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %v", i, err)
		}
		entries[i], _ = json.Marshal(spec)
	}
	return json.Marshal(entries)
}

// specOf writes a bot object as its one-line spec.
func specOf(obj json.RawMessage) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.UseNumber()
	_, _ = dec.Token() // {
	var name string
	var args []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", err
		}
		key := t.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return "", err
		}
		var text string
		switch v := v.(type) {
		case string:
			text = v
		case json.Number, bool:
			text = fmt.Sprint(v)
		default:
			return "", fmt.Errorf("key %s: %v is not a string, a number or true/false", key, v)
		}
		if key == "bot" {
			name = text
			continue
		}
		if strings.Contains(text, ",") {
			return "", fmt.Errorf("key %s: %q holds a comma, which would end the argument (write a wrapper script)", key, text)
		}
		args = append(args, key+"="+text)
	}
	if name == "" {
		return "", errors.New(`no "bot": the bot's name, e.g. "exec"`)
	}
	if len(args) == 0 {
		return name, nil
	}
	return name + ":" + strings.Join(args, ","), nil
}
