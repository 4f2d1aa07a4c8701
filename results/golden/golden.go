// Package golden keeps golden traces: matches recorded turn by turn —
// every turn's actions, state and state hash — and checked again on
// today's engine by replaying the recorded actions, with no bot, so that a
// rule change shows where it changes play: the first turn whose state
// differs, and how, field by field.
//
// A golden folder holds one file per match, match-N.jsonl or
// match-N.jsonl.gz: a header line (the game, the scenario, the match's
// index and seed, the effective parameters, the rules hash, the bots in
// their seats), then the match's trace, one line per state as
// arena play --trace writes it:
//
//	{"turn":1,"actions":["x+",null],"state":{…},"hash":"9f…"}
package golden

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/arenasim/arena/sim"
)

// Format is the version of the golden files written.
const Format = 1

// Header is the first line of a golden file.
type Header struct {
	Type      string     `json:"type"` // "golden"
	Format    int        `json:"format"`
	Game      string     `json:"game"`
	Scenario  string     `json:"scenario"`
	Match     int        `json:"match"`
	Seed      uint64     `json:"seed"`
	Seats     int        `json:"seats"`
	Params    sim.Params `json:"params"`
	RulesHash string     `json:"rules_hash"`
	Bots      []string   `json:"bots"` // the entrant in each seat
}

// Line is one state of a golden file's trace.
type Line struct {
	Turn    int             `json:"turn"`
	Actions []*string       `json:"actions"` // null at turn 0
	State   json.RawMessage `json:"state"`
	Hash    string          `json:"hash"`
}

// Match is a golden file read: its header and its trace.
type Match struct {
	Path   string
	Header Header
	Lines  []Line
}

// Turns returns the action texts of the recorded turns, for sim.Replay.
func (m *Match) Turns() [][]*string {
	turns := make([][]*string, 0, len(m.Lines))
	for _, l := range m.Lines[1:] {
		turns = append(turns, l.Actions)
	}
	return turns
}

// FileName returns the name of a match's golden file.
func FileName(match int, gz bool) string {
	name := "match-" + strconv.Itoa(match) + ".jsonl"
	if gz {
		name += ".gz"
	}
	return name
}

// fileName matches the golden files of a folder.
var fileName = regexp.MustCompile(`^match-([0-9]+)\.jsonl(\.gz)?$`)

// Pairing is a match to record: its index, seed and seating.
type Pairing struct {
	Index   int
	Seed    uint64
	Seating []int
}

// Record plays each match with setup's bots, tracing it, and writes its
// golden file into dir (created if need be), gzipped when gz is set, in
// place of the match's file of either kind.
func Record(ctx context.Context, setup sim.Setup, scenario string, matches []Pairing, dir string, gz bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	table := setup.NewTable()
	defer table.Close()
	entrants := setup.Entrants()
	for _, p := range matches {
		var trace bytes.Buffer
		res, err := table.Trace(ctx, p.Seed, p.Seating, &trace)
		if err != nil {
			return err
		}
		if res.Err != nil {
			return fmt.Errorf("match %d (seed %d): %w", p.Index, p.Seed, res.Err)
		}
		h := Header{Type: "golden", Format: Format, Game: setup.Game(), Scenario: scenario, Match: p.Index, Seed: p.Seed,
			Seats: setup.Seats(), Params: setup.Params(), RulesHash: setup.RulesHash(), Bots: make([]string, len(p.Seating))}
		for k, e := range p.Seating {
			h.Bots[k] = entrants[e]
		}
		if err := write(filepath.Join(dir, FileName(p.Index, gz)), h, trace.Bytes()); err != nil {
			return err
		}
		// The match's file of the other kind (gzipped or not) is the one
		// written over: a folder holds each match once.
		if err := os.Remove(filepath.Join(dir, FileName(p.Index, !gz))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// write writes a golden file: the header line, then the trace's lines.
func write(path string, h Header, trace []byte) error {
	head, err := json.Marshal(h)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	var w io.Writer = &buf
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(&buf)
		w = zw
	}
	_, _ = w.Write(append(head, '\n'))
	_, _ = w.Write(trace)
	if zw != nil {
		if err := zw.Close(); err != nil {
			return err
		}
	}
	return sim.WriteFile(path, buf.Bytes(), 0o644)
}

// Holds returns the name of a golden file in dir, if there is one: a
// folder a recording writes over only when told to (--force), whatever
// its files hold.
func Holds(dir string) (string, bool) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if fileName.MatchString(e.Name()) && !e.IsDir() {
			return e.Name(), true
		}
	}
	return "", false
}

// Files returns the golden files of dir, by match index; a match there
// twice (gzipped and not) is refused, since either might be the one meant.
func Files(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type file struct {
		match int
		name  string
	}
	var files []file
	for _, e := range entries {
		if m := fileName.FindStringSubmatch(e.Name()); m != nil && !e.IsDir() {
			n, _ := strconv.Atoi(m[1])
			files = append(files, file{n, e.Name()})
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no golden file (match-N.jsonl or match-N.jsonl.gz)", dir)
	}
	slices.SortFunc(files, func(a, b file) int { return a.match - b.match })
	for i := 1; i < len(files); i++ {
		if a, b := files[i-1], files[i]; a.match == b.match {
			return nil, fmt.Errorf("%s: match %d twice, %s and %s: keep one", dir, a.match, min(a.name, b.name), max(a.name, b.name))
		}
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = filepath.Join(dir, f.name)
	}
	return paths, nil
}

// Read reads a golden file.
func Read(path string) (*Match, error) {
	f, err := sim.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		r = zr
	}
	return Parse(r, path)
}

// MaxLineBytes bounds a line of a golden file or a trace: a turn's state
// and actions. The largest state of a shipped game (an eight-player
// Aquar.iom map in its last turns) is well under a megabyte; a longer line
// is no trace, and reading stops there rather than at the end of a file
// that may not end.
const MaxLineBytes = 16 << 20

// scanError says a line too long in the user's words.
func scanError(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("a line longer than %d bytes: not a trace", MaxLineBytes)
	}
	return err
}

// Parse reads a golden file's lines from r; name names r in errors.
func Parse(r io.Reader, name string) (*Match, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLineBytes)
	m := &Match{Path: name}
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s:1: %v", name, scanError(err))
		}
		return nil, fmt.Errorf("%s: empty", name)
	}
	if err := json.Unmarshal(sim.TrimBOM(sc.Bytes()), &m.Header); err != nil || m.Header.Type != "golden" { // an editor's byte-order mark, read past
		return nil, fmt.Errorf("%s:1: not a golden header", name)
	}
	if m.Header.Format != Format {
		return nil, fmt.Errorf("%s:1: golden format %d, want %d", name, m.Header.Format, Format)
	}
	if err := m.Header.check(); err != nil {
		return nil, fmt.Errorf("%s:1: %v", name, err)
	}
	return m, m.readLines(sc, 2)
}

// maxSeats bounds a header's seats: no game seats more.
const maxSeats = 1 << 10

// check checks a golden header's fields on their own, as Record writes
// them: a game, the seats and a bot in each, the parameters.
func (h *Header) check() error {
	switch {
	case strings.TrimSpace(h.Game) == "":
		return errors.New(`field "game": empty`)
	case h.Seats < 1 || h.Seats > maxSeats:
		return fmt.Errorf(`field "seats": %d is not a number of seats (1 to %d)`, h.Seats, maxSeats)
	case len(h.Bots) != h.Seats:
		return fmt.Errorf(`field "bots": %d bots for %d seats`, len(h.Bots), h.Seats)
	case h.Params == nil:
		return errors.New(`field "params": null or missing, where a golden file holds the match's parameters`)
	}
	return nil
}

// ParseTrace reads a trace as arena play --trace writes it (no header)
// from r, as the match that h describes; name names r in errors.
func ParseTrace(h Header, r io.Reader, name string) (*Match, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLineBytes)
	m := &Match{Path: name, Header: h}
	return m, m.readLines(sc, 1)
}

// readLines reads the trace lines of m, the first being line first of
// the file and turn 0.
func (m *Match) readLines(sc *bufio.Scanner, first int) error {
	for n := first; sc.Scan(); n++ {
		var l Line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%s:%d: %v", m.Path, n, err)
		}
		if l.Turn != n-first {
			return fmt.Errorf("%s:%d: turn %d, want %d", m.Path, n, l.Turn, n-first)
		}
		// A turn's actions are one per seat (null for a seat that did not
		// act): a row of another length is no record of this match,
		// whatever the rules.
		switch {
		case l.Turn == 0 && l.Actions != nil:
			return fmt.Errorf("%s:%d: field \"actions\" at turn 0, before anyone acts", m.Path, n)
		case l.Turn > 0 && len(l.Actions) != m.Header.Seats:
			return fmt.Errorf("%s:%d: field \"actions\" holds %d actions for %d seats", m.Path, n, len(l.Actions), m.Header.Seats)
		}
		m.Lines = append(m.Lines, l)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %v", m.Path, first+len(m.Lines), scanError(err))
	}
	if len(m.Lines) == 0 && first > 1 {
		return fmt.Errorf("%s: no state after the header", m.Path)
	}
	if len(m.Lines) == 0 {
		return fmt.Errorf("%s: no state in the trace", m.Path)
	}
	return nil
}

// Result is what checking one golden file found.
type Result struct {
	Match *Match
	// Rules is "old → new" when the rules hash changed, empty otherwise.
	Rules string
	// Turn is the first turn whose state differs, −1 when none does.
	Turn int
	// Diff lists the fields that differ there (see Diff).
	Diff []string
	// Misfit says why the record could not be replayed to its end (today's
	// match ends sooner, a seat acts that did not), empty otherwise.
	Misfit string
}

// maxDiffLines bounds the fields Describe lists.
const maxDiffLines = 12

// Describe says how a golden match differs, on lines that end with a
// newline: the first divergent turn (or that it does not replay, or that
// only the rules hash changed), then the fields that differ there, at most
// maxDiffLines, the replay's misfit and the rules hash, indented.
func (r *Result) Describe() string {
	var b strings.Builder
	switch {
	case r.Turn >= 0:
		fmt.Fprintf(&b, "differs from turn %d\n", r.Turn)
	case r.Misfit != "":
		fmt.Fprintf(&b, "does not replay: %s\n", r.Misfit)
	default:
		b.WriteString("the states are the same, the rules hash is not\n")
	}
	for i, line := range r.Diff {
		if i == maxDiffLines {
			fmt.Fprintf(&b, "  … and %d more fields\n", len(r.Diff)-i)
			break
		}
		fmt.Fprintf(&b, "  %s\n", line)
	}
	if r.Turn >= 0 && r.Misfit != "" {
		fmt.Fprintf(&b, "  and it does not replay: %s\n", r.Misfit)
	}
	if r.Rules != "" {
		fmt.Fprintf(&b, "  rules hash: %s\n", r.Rules)
	}
	return b.String()
}

// Differs reports whether the file does not hold on today's engine.
func (r *Result) Differs() bool { return r.Rules != "" || r.Turn >= 0 || r.Misfit != "" }

// Lookup finds a game by name (scenarios.LookupGame's game).
type Lookup func(game string) (sim.AnyGame, error)

// setupOf configures today's engine as the golden header says, with no
// bot.
func setupOf(h *Header, lookup Lookup) (sim.Setup, error) {
	g, err := lookup(h.Game)
	if err != nil {
		return nil, err
	}
	return g.SetupSeats(h.Seats, h.Params, nil)
}

// Check replays a golden match's recorded actions on today's engine and
// compares every state's hash with the recorded one.
func Check(m *Match, lookup Lookup) (*Result, error) {
	st, err := setupOf(&m.Header, lookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", m.Path, err)
	}
	r := &Result{Match: m, Turn: -1}
	if h := st.RulesHash(); h != m.Header.RulesHash {
		r.Rules = m.Header.RulesHash + " → " + h
	}
	var diffErr error
	err = st.Replay(m.Header.Seed, m.Turns(), func(s sim.Replayed) bool {
		want := m.Lines[s.Turn]
		if sim.FormatHash(s.Hash) == want.Hash {
			return true
		}
		r.Turn = s.Turn
		r.Diff, diffErr = Diff(want.State, s.State())
		return false
	})
	var misfit *sim.ReplayError
	switch {
	case errors.As(err, &misfit):
		r.Misfit = misfit.Error()
	case err != nil:
		return nil, err
	case diffErr != nil:
		return nil, fmt.Errorf("%s: turn %d: %v", m.Path, r.Turn, diffErr)
	}
	return r, nil
}

// Update rewrites a golden file from today's engine: the recorded actions
// replayed, with today's states, hashes and rules hash. Where today's match
// ends sooner the record is cut there; where it goes on past the recorded
// actions the match is played again with its bots (the header's), which
// records what they do now.
func Update(ctx context.Context, m *Match, lookup Lookup) error {
	st, err := setupOf(&m.Header, lookup)
	if err != nil {
		return fmt.Errorf("%s: %v", m.Path, err)
	}
	var trace bytes.Buffer
	turns := m.Turns()
	done := false
	err = st.Replay(m.Header.Seed, turns, func(s sim.Replayed) bool {
		var texts []*string
		if s.Turn > 0 {
			texts = turns[s.Turn-1]
		}
		trace.Write(sim.AppendTraceLine(nil, s.Turn, texts, s.State(), s.Hash))
		done = s.Done
		return !s.Done
	})
	var misfit *sim.ReplayError
	if err != nil && !errors.As(err, &misfit) {
		return err
	}
	h := m.Header
	h.RulesHash, h.Params = st.RulesHash(), st.Params() // today's, a new parameter's default included
	if err == nil && done {
		return write(m.Path, h, trace.Bytes())
	}
	return rerecord(ctx, m, lookup)
}

// rerecord plays a golden match again with the bots of its header.
func rerecord(ctx context.Context, m *Match, lookup Lookup) error {
	g, err := lookup(m.Header.Game)
	if err != nil {
		return err
	}
	specs := make([]sim.BotSpec, len(m.Header.Bots))
	seating := make([]int, len(specs))
	for k, name := range m.Header.Bots {
		if i := strings.LastIndexByte(name, '#'); i > 0 {
			name = name[:i] // the #N of an entrant entered twice
		}
		if specs[k], err = sim.ParseBotSpec(name); err != nil {
			return fmt.Errorf("%s: seat %d: %v", m.Path, k, err)
		}
		seating[k] = k
	}
	st, err := g.SetupSeats(m.Header.Seats, m.Header.Params, specs)
	if err != nil {
		return fmt.Errorf("%s: the match goes on past its recorded actions, and its bots cannot play it again: %v", m.Path, err)
	}
	dir, name := filepath.Split(m.Path)
	tmp, err := os.MkdirTemp(dir, ".golden-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	gz := strings.HasSuffix(name, ".gz")
	if err := Record(ctx, st, m.Header.Scenario, []Pairing{{m.Header.Match, m.Header.Seed, seating}}, tmp, gz); err != nil {
		return err
	}
	return os.Rename(filepath.Join(tmp, FileName(m.Header.Match, gz)), m.Path)
}
