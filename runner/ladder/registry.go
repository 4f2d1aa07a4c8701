package ladder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arenasim/arena/sim"
)

// RegistryFile is the name of the registry in a ladder's folder.
const RegistryFile = "ladder.json"

// RegistryFormat is the version of the registry's format.
const RegistryFormat = 1

// Registry is a ladder's list of bots and its settings: everything that
// is not in the ledger's records. It is small and rewritten whole (to a
// new file, then renamed over the old), so that a crash leaves either
// the old registry or the new one.
type Registry struct {
	Format   int    `json:"format"`
	Game     string `json:"game"`
	Scenario string `json:"scenario"`
	Seed     uint64 `json:"seed"`
	// Tables is the number of tables (pairs, in a duel) of each batch.
	Tables int   `json:"tables"`
	Bots   []Bot `json:"bots"`
}

// Bot is one bot of a ladder: a version, by the name the user gave it.
type Bot struct {
	Name   string `json:"name"`
	Spec   string `json:"spec"`
	Parent string `json:"parent,omitempty"`
	// Added is the first batch the bot plays in; Retired, when set, the
	// first one it no longer plays in. Its records stay in the ledger and
	// in the ratings either way.
	Added   int  `json:"added"`
	Retired *int `json:"retired,omitempty"`
}

// Active reports whether the bot plays in batch b.
func (b *Bot) Active(batch int) bool {
	return b.Added <= batch && (b.Retired == nil || batch < *b.Retired)
}

// MaxBots bounds a ladder's bots, retired ones included.
const MaxBots = 4096

// DefaultTables is the tables of a batch unless init says otherwise: 16
// pairs of a duel are 32 games, small enough that the next batch soon
// follows what this one taught.
const DefaultTables = 16

// Index returns the position of the named bot, or −1.
func (r *Registry) Index(name string) int {
	for i := range r.Bots {
		if r.Bots[i].Name == name {
			return i
		}
	}
	return -1
}

// Names returns every bot's name, in the order they were added.
func (r *Registry) Names() []string {
	names := make([]string, len(r.Bots))
	for i, b := range r.Bots {
		names[i] = b.Name
	}
	return names
}

// Active returns the positions of the bots that play in the batch.
func (r *Registry) Active(batch int) []int {
	var out []int
	for i := range r.Bots {
		if r.Bots[i].Active(batch) {
			out = append(out, i)
		}
	}
	return out
}

// CheckName refuses a name that could not stand in a table, a list of
// names or a file name: it must be letters, digits and . _ - + only.
func CheckName(name string) error {
	if name == "" {
		return errors.New("empty name")
	}
	if len(name) > 64 {
		return fmt.Errorf("name %q is longer than 64 characters", name)
	}
	for _, c := range name {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._-+", c)
		if !ok {
			return fmt.Errorf("name %q: %q is not a letter, a digit or one of . _ - +", name, c)
		}
	}
	return nil
}

// Add enters a bot that plays from the batch given on. The spec is
// checked by the caller, who knows the game.
func (r *Registry) Add(name, spec, parent string, batch int) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if r.Index(name) >= 0 {
		return fmt.Errorf("%q is a bot of the ladder already (names are for good: give the new version a new name)", name)
	}
	if parent != "" && r.Index(parent) < 0 {
		return fmt.Errorf("--parent: %q is not a bot of the ladder (%s)", parent, strings.Join(r.Names(), ", "))
	}
	if len(r.Bots) >= MaxBots {
		return fmt.Errorf("the ladder has %d bots, at most %d", len(r.Bots), MaxBots)
	}
	r.Bots = append(r.Bots, Bot{Name: name, Spec: spec, Parent: parent, Added: batch})
	return nil
}

// Retire stops a bot from playing from the batch given on.
func (r *Registry) Retire(name string, batch int) error {
	i := r.Index(name)
	if i < 0 {
		return fmt.Errorf("%q is not a bot of the ladder (%s)", name, strings.Join(r.Names(), ", "))
	}
	if r.Bots[i].Retired != nil {
		return fmt.Errorf("%q is retired already", name)
	}
	b := batch
	r.Bots[i].Retired = &b
	return nil
}

// readFile reads the file at path whole, opened with sim.Open: a named
// pipe planted in a ladder's folder is refused, not waited for.
func readFile(path string) ([]byte, error) {
	f, err := sim.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// LoadRegistry reads the registry of the ladder in dir.
func LoadRegistry(dir string) (*Registry, error) {
	path := filepath.Join(dir, RegistryFile)
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: not a ladder (no %s; arena ladder init makes one)", dir, RegistryFile)
	}
	if err != nil {
		return nil, err
	}
	var r Registry
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// check refuses a registry that arena could not have written.
func (r *Registry) check() error {
	switch {
	case r.Format != RegistryFormat:
		return fmt.Errorf("field \"format\" is %d, this arena reads %d", r.Format, RegistryFormat)
	case r.Game == "":
		return errors.New("field \"game\" is empty")
	case r.Tables < 1 || r.Tables > MaxTables:
		return fmt.Errorf("field \"tables\" is %d, not from 1 to %d", r.Tables, MaxTables)
	case len(r.Bots) > MaxBots:
		return fmt.Errorf("%d bots, at most %d", len(r.Bots), MaxBots)
	}
	seen := map[string]bool{}
	for i, b := range r.Bots {
		if err := CheckName(b.Name); err != nil {
			return fmt.Errorf("bot %d: %v", i+1, err)
		}
		if seen[b.Name] {
			return fmt.Errorf("bot %q is there twice", b.Name)
		}
		if b.Parent != "" && !seen[b.Parent] {
			return fmt.Errorf("bot %q: parent %q is not a bot added before it", b.Name, b.Parent)
		}
		if b.Added < 0 || b.Retired != nil && *b.Retired < b.Added {
			return fmt.Errorf("bot %q: field \"added\" or \"retired\" is not a batch from 0 up, retired after added", b.Name)
		}
		seen[b.Name] = true
	}
	return nil
}

// Save writes the registry into dir: to a new file first, renamed over the
// old one once it is whole.
func (r *Registry) Save(dir string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	path := filepath.Join(dir, RegistryFile)
	tmp := path + ".new"
	f, err := sim.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
