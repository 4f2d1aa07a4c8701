// Package scenarios holds named setups of arena — a game, its parameters,
// the bots, the number of games and the master seed — as JSON files embedded
// in the binary, and the strict loader that reads them and user files alike.
package scenarios

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/arenasim/arena/sim"
)

//go:embed */*.json
var files embed.FS

// DefaultGames is the number of games of a scenario that does not say.
const DefaultGames = 100

// Scenario is a named setup.
type Scenario struct {
	Name        string     // "tron/duel" for an embedded one, the path for a file
	Description string     // optional
	Game        string     // required: the engine name
	Params      sim.Params // overrides of the game's defaults
	Bots        []string   // bot specs; empty means every bot of the game that needs no argument
	Games       int        // matches per pairing (2 seats) or in total (more seats); see the runner
	Seed        uint64     // the master seed
}

// keys lists a scenario file's keys in the order the docs give them.
var keys = []string{"description", "game", "params", "bots", "games", "seed"}

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

// LoadFile reads a scenario file.
func LoadFile(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", path, pe.Err)
		}
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a scenario from JSON. Unknown keys and values of the wrong
// type are errors that name the source, the key and the value.
func Parse(name string, data []byte) (*Scenario, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fail("%s", describeSyntax(data, err))
	}
	if top == nil {
		return nil, fail("want a JSON object, got null")
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		if !slices.Contains(keys, k) {
			return nil, fail("unknown key %q (known: %s)", k, strings.Join(keys, ", "))
		}
	}
	sc := &Scenario{Name: name, Games: DefaultGames, Params: sim.Params{}}
	field := func(key string, dst any, what string) error {
		raw, ok := top[key]
		if !ok {
			return nil
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(dst); err != nil {
			return fail("key %s: %s is not %s", key, raw, what)
		}
		return nil
	}
	var games json.Number
	var seed json.Number
	for _, err := range []error{
		field("description", &sc.Description, "a string"),
		field("game", &sc.Game, "a string"),
		field("params", &sc.Params, "an object"),
		field("bots", &sc.Bots, "a list of bot specs (strings)"),
		field("games", &games, "a whole number"),
		field("seed", &seed, "a whole number"),
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
		if err != nil || n < 1 || n > 1<<31 {
			return nil, fail("key games: %s is not a whole number from 1 to 2147483648", games)
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
	for i, b := range sc.Bots {
		if _, err := sim.ParseBotSpec(b); err != nil {
			return nil, fail("key bots: entry %d: %v", i, err)
		}
	}
	return sc, nil
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
