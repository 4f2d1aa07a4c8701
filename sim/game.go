package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Game is a game as its package defines it: rules, parameters and bots.
type Game[S, O, A any] struct {
	Name    string      // the engine name used in scenarios, e.g. "tron"
	Summary string      // one line for `arena list games`
	Version string      // the rules version; part of the rules hash
	Params  []ParamSpec // every parameter, with its default; must include "players"
	// New configures the rules for seats players from an effective
	// parameter set (every parameter present; "players" is seats, the
	// user-facing name of the same number). Its errors are *ParamError.
	New  func(seats int, p Params) (Engine[S, O, A], error)
	Bots []Bot[O, A]
	// Codec is the game's wire forms, on which the bots defined once for
	// every game (WireBot) play it.
	Codec Codec[O, A]
	// Map, when set, lets a file give a group of parameters at once (see
	// MapLayer).
	Map *MapLayer
	// TurnWords is what the game calls one of its turns and many, where
	// it is not "turn" and "turns" (Vampires counts plies).
	TurnWords [2]string
}

// MapLayer is a game's map files: a file that gives every parameter of a
// group at once (Aquar.iom's original JSON maps). Parameter values come in
// layers — defaults < the scenario's map file < the scenario's keys < a map
// file given on the command line (which replaces every key of the group the
// scenario gave) < single --param keys — and each keeps its origin for
// error messages.
type MapLayer struct {
	Param string   // the pseudo-parameter that names the file, e.g. "map"
	Keys  []string // the parameters a map file gives, every one of them
	// Load reads a map file into values for Keys; its errors name the file
	// and the key.
	Load func(path string) (Params, error)
}

// Configure adapts the constructor of a game's concrete rules to Game.New,
// e.g. `New: sim.Configure[State, View, Dir](New)`: a nil *Rules must not
// become a non-nil Engine.
func Configure[S, O, A any, E Engine[S, O, A]](newRules func(int, Params) (E, error)) func(int, Params) (Engine[S, O, A], error) {
	return func(seats int, p Params) (Engine[S, O, A], error) {
		e, err := newRules(seats, p)
		if err != nil {
			return nil, err
		}
		return e, nil
	}
}

// Bot is a bot as its package defines it.
type Bot[O, A any] struct {
	Name    string
	Summary string
	Params  []ParamSpec // the arguments of its spec
	// Prepare checks the arguments (every parameter present, defaults filled
	// in) and returns a constructor of fresh players.
	Prepare func(args Params) (func() Player[O, A], error)
}

// GameInfo describes a game for listings.
type GameInfo struct {
	Name    string
	Summary string
	Params  []ParamSpec
	Bots    []BotInfo
	Map     *MapLayer // nil when the game has no map files
	// TurnWords is what the game calls a turn and turns; see TurnWord.
	TurnWords [2]string
}

// TurnWord returns the word for n of the game's turns: "turn" or "turns",
// or the game's own word (Vampires: "ply", "plies").
func (i GameInfo) TurnWord(n int) string {
	w := i.TurnWords
	if w[0] == "" {
		w = [2]string{"turn", "turns"}
	}
	if n == 1 {
		return w[0]
	}
	return w[1]
}

// BotInfo describes a bot for listings.
type BotInfo struct {
	Name    string
	Summary string
	Params  []ParamSpec
	// Declared is the wire bot's Declared: the arguments a spec declares
	// besides Params (nil: none).
	Declared func(args Params) ([]ParamSpec, error)
}

// ParamsOf returns the arguments the bot takes with the spec's arguments
// args: its own, and those the spec declares (an external program's
// parameters).
func (b BotInfo) ParamsOf(args Params) ([]ParamSpec, error) {
	if b.Declared == nil {
		return b.Params, nil
	}
	extra, err := b.Declared(args)
	if err != nil {
		return nil, err
	}
	return append(slices.Clone(b.Params), extra...), nil
}

// AnyGame is a game with its types erased: what the runner and the CLI use.
type AnyGame interface {
	Info() GameInfo
	// Setup configures the rules with params and the entrants with their
	// specs; it reports bad input as errors that name the value at fault.
	// The seats are the "players" parameter (its default when absent).
	Setup(params Params, bots []BotSpec) (Setup, error)
	// SetupSeats is Setup for an explicit number of seats: "players" is
	// set to it, and a different "players" in params is an error.
	SetupSeats(seats int, params Params, bots []BotSpec) (Setup, error)
}

// Setup is a configured game with its entrants, ready to play many matches.
type Setup interface {
	Game() string
	Seats() int
	Params() Params     // the effective parameters
	RulesHash() string  // see RulesHash
	Entrants() []string // display names, see EntrantNames
	// NewTable returns a table to play matches on; one per goroutine.
	NewTable() Table
	// Replay plays a match again from the action texts of its turns, as a
	// trace or a timed record keeps them (one row a turn, a text or nil
	// per seat), with no player: the seats the engine says are to act play
	// their recorded text — nil is no answer, text that is no action an
	// invalid answer — and the others must have nil. visit sees the state
	// after Init (turn 0) and after each turn, and stops the replay by
	// returning false. A *ReplayError says the record does not fit the
	// engine (an action of a seat not to act; turns after the end).
	Replay(seed uint64, turns [][]*string, visit func(Replayed) bool) error
}

// Table plays matches of a Setup. Each entrant has one player per table,
// reset at the start of every match.
type Table interface {
	// Play plays one match; seating[k] is the entrant in seat k.
	Play(ctx context.Context, seed uint64, seating []int) Result
	// PlayShared plays one match like Play, but the Result's Scores,
	// Places, Faults and Penalties are the table's own buffers, valid until its next
	// match: for a caller that copies them at once, and allocates nothing.
	PlayShared(ctx context.Context, seed uint64, seating []int) Result
	// Trace plays one match like Play and writes every state to w as JSON
	// lines: {"turn":…,"actions":[…],"state":…,"hash":"…"}.
	Trace(ctx context.Context, seed uint64, seating []int, w io.Writer) (Result, error)
	// Close releases what the table's players hold (processes,
	// connections); call it when the table is done, also on interruption.
	Close() error
	// SetMoveTimeout sets the wall-clock deadline of each answer of the
	// players that think outside the match (external programs): a later
	// answer is a timeout fault, played as no answer. 0, the default, is
	// no deadline.
	SetMoveTimeout(d time.Duration)
	// SetLog says where the players of the next matches may keep logs
	// (MatchInfo.LogDir; none when dir is empty) and the index of the next
	// match, which names them.
	SetLog(dir string, match int)
}

// Erase returns g with its types hidden; the wire bots, defined once for
// every game, play it through its Codec after its own bots.
func Erase[S, O, A any](g *Game[S, O, A], wire ...WireBot) AnyGame {
	return erased[S, O, A]{g, wire}
}

type erased[S, O, A any] struct {
	g    *Game[S, O, A]
	wire []WireBot
}

func (e erased[S, O, A]) Info() GameInfo {
	info := GameInfo{Name: e.g.Name, Summary: e.g.Summary, Params: e.g.Params, Map: e.g.Map, TurnWords: e.g.TurnWords}
	for _, b := range e.g.Bots {
		info.Bots = append(info.Bots, BotInfo{Name: b.Name, Summary: b.Summary, Params: b.Params})
	}
	for _, b := range e.wire {
		info.Bots = append(info.Bots, BotInfo{Name: b.Name, Summary: b.Summary, Params: b.Params, Declared: b.Declared})
	}
	return info
}

func (e erased[S, O, A]) Setup(params Params, specs []BotSpec) (Setup, error) {
	eff, err := Effective(params, e.g.Params)
	if err != nil {
		return nil, err
	}
	return e.setup(Seats(eff), eff, specs)
}

func (e erased[S, O, A]) SetupSeats(seats int, params Params, specs []BotSpec) (Setup, error) {
	if raw, ok := params["players"]; ok && string(raw) != fmt.Sprint(seats) {
		return nil, &ParamError{Name: "players", Err: fmt.Errorf("%s, but %d seats", raw, seats)}
	}
	p := params.Clone()
	p.Set("players", seats)
	eff, err := Effective(p, e.g.Params)
	if err != nil {
		return nil, err
	}
	return e.setup(seats, eff, specs)
}

// Seats returns the "players" parameter of an effective parameter set: the
// number of seats (0 when it has none).
func Seats(eff Params) int {
	var n int
	_ = json.Unmarshal(eff["players"], &n)
	return n
}

// CheckSeats checks a number of seats against the "players" spec of a
// game's parameters, for an engine's constructor called directly.
func CheckSeats(seats int, specs []ParamSpec) error {
	for _, s := range specs {
		if s.Name == "players" {
			if err := s.Check(json.RawMessage(fmt.Sprint(seats))); err != nil {
				return &ParamError{Name: "players", Err: err}
			}
		}
	}
	return nil
}

// setup configures the engine and the entrants.
func (e erased[S, O, A]) setup(seats int, eff Params, specs []BotSpec) (Setup, error) {
	engine, err := e.g.New(seats, eff)
	if err != nil {
		return nil, err
	}
	fingerprint := ""
	if f, ok := engine.(Fingerprinter); ok {
		fingerprint = f.Fingerprint()
	}
	st := &setup[S, O, A]{
		game:     e.g,
		engine:   engine,
		params:   eff,
		hash:     RulesHash(e.g.Name, e.g.Version, eff, fingerprint),
		entrants: entrantNames(specs, e.label),
	}
	for _, spec := range specs {
		newPlayer, err := e.prepare(spec, seats, eff)
		if err != nil {
			return nil, err
		}
		st.players = append(st.players, newPlayer)
	}
	return st, nil
}

// label names an entrant by its wire bot's Label, if the spec names a wire
// bot that has one and not a bot of the game's own.
func (e erased[S, O, A]) label(spec BotSpec) string {
	if slices.ContainsFunc(e.g.Bots, func(b Bot[O, A]) bool { return b.Name == spec.Name }) {
		return ""
	}
	for _, w := range e.wire {
		if w.Name == spec.Name && w.Label != nil {
			return w.Label(spec.Args)
		}
	}
	return ""
}

// prepare finds the bot a spec names, among the game's bots then the wire
// bots, and checks its arguments.
func (e erased[S, O, A]) prepare(spec BotSpec, seats int, eff Params) (func() Player[O, A], error) {
	fail := func(err error) error { return &BotError{spec.String(), fmt.Errorf("bot %s: %w", spec, err)} }
	if i := slices.IndexFunc(e.g.Bots, func(b Bot[O, A]) bool { return b.Name == spec.Name }); i >= 0 {
		bot := e.g.Bots[i]
		args, err := Effective(spec.Args, bot.Params)
		if err != nil {
			return nil, fail(err)
		}
		newPlayer, err := bot.Prepare(args)
		if err != nil {
			return nil, fail(err)
		}
		return newPlayer, nil
	}
	i := slices.IndexFunc(e.wire, func(b WireBot) bool { return b.Name == spec.Name })
	if i < 0 {
		var names []string
		for _, b := range e.Info().Bots {
			names = append(names, b.Name)
		}
		return nil, &BotError{spec.String(), fmt.Errorf("unknown bot %q for game %s (known: %s)", spec.Name, e.g.Name, strings.Join(names, ", "))}
	}
	bot := e.wire[i]
	specs, err := BotInfo{Params: bot.Params, Declared: bot.Declared}.ParamsOf(spec.Args)
	if err != nil {
		return nil, fail(err)
	}
	args, err := Effective(spec.Args, specs)
	if err != nil {
		return nil, fail(err)
	}
	codec := &e.g.Codec
	if codec.Parse == nil {
		return nil, fail(fmt.Errorf("game %s has no wire forms", e.g.Name))
	}
	wg := WireGame{Name: e.g.Name, Seats: seats, Params: eff, CheckAction: func(text string) error {
		_, err := codec.Parse(text)
		return err
	}, BlankIsIdle: codec.BlankIsIdle}
	if o := codec.Original; o != nil {
		wg.Original = &OriginalInfo{Transport: o.Transport, First: o.FirstTimeout, Turn: o.Timeout, Protocol: o.Protocol}
	}
	newWire, err := bot.Prepare(args, wg)
	if err != nil {
		return nil, fail(err)
	}
	return func() Player[O, A] { return newWired(codec, newWire()) }, nil
}

// BotError is a bot spec that names no bot of the game or that the bot
// refuses.
type BotError struct {
	Spec string
	Err  error
}

func (e *BotError) Error() string { return e.Err.Error() }
func (e *BotError) Unwrap() error { return e.Err }

type setup[S, O, A any] struct {
	game     *Game[S, O, A]
	engine   Engine[S, O, A]
	params   Params
	hash     string
	entrants []string
	players  []func() Player[O, A]
}

func (st *setup[S, O, A]) Game() string       { return st.game.Name }
func (st *setup[S, O, A]) Seats() int         { return st.engine.Seats() }
func (st *setup[S, O, A]) Params() Params     { return st.params }
func (st *setup[S, O, A]) RulesHash() string  { return st.hash }
func (st *setup[S, O, A]) Entrants() []string { return st.entrants }

func (st *setup[S, O, A]) NewTable() Table {
	return &table[S, O, A]{
		setup:   st,
		match:   NewMatch(st.engine, st.params),
		players: make([]Player[O, A], len(st.players)),
		seated:  make([]Player[O, A], st.engine.Seats()),
	}
}

type table[S, O, A any] struct {
	setup   *setup[S, O, A]
	match   *Match[S, O, A]
	players []Player[O, A] // per entrant, made on first use
	seated  []Player[O, A] // per seat, for the match being played
}

// Close closes every player of the table that holds resources (an
// io.Closer), and returns the first error. The table may not be used after.
func (t *table[S, O, A]) Close() error {
	var first error
	for i, p := range t.players {
		if c, ok := p.(io.Closer); ok {
			if err := c.Close(); err != nil && first == nil {
				first = fmt.Errorf("bot %s: %w", t.setup.entrants[i], err)
			}
		}
		t.players[i] = nil
	}
	return first
}

// SetMoveTimeout sets the deadline of every answer (0: none).
func (t *table[S, O, A]) SetMoveTimeout(d time.Duration) { t.match.MoveTimeout = d }

// SetLog sets the logs' folder and the index of the next match.
func (t *table[S, O, A]) SetLog(dir string, match int) {
	t.match.info.LogDir, t.match.info.Match = dir, match
}

func (t *table[S, O, A]) Play(ctx context.Context, seed uint64, seating []int) Result {
	return t.play(ctx, seed, seating, false)
}

func (t *table[S, O, A]) PlayShared(ctx context.Context, seed uint64, seating []int) Result {
	return t.play(ctx, seed, seating, true)
}

func (t *table[S, O, A]) play(ctx context.Context, seed uint64, seating []int, shared bool) Result {
	if len(seating) != len(t.seated) {
		panic(fmt.Sprintf("sim: %d entrants seated at a %d-seat table", len(seating), len(t.seated)))
	}
	for k, entrant := range seating {
		if t.players[entrant] == nil {
			p, err := t.newPlayer(entrant)
			if err != nil {
				return Result{Seed: seed, Err: err}
			}
			t.players[entrant] = p
		}
		t.seated[k] = t.players[entrant]
	}
	res := t.match.play(ctx, seed, t.seated, shared)
	if res.Err != nil {
		t.forsake(res.Err, seating)
	}
	return res
}

// forsake gives the entrant of a player still thinking on a goroutine of
// its own a new player for its next match.
func (t *table[S, O, A]) forsake(err error, seating []int) {
	var gaveUp *AbandonedError
	if errors.As(err, &gaveUp) {
		t.players[seating[gaveUp.Seat]] = nil
	}
}

// newPlayer builds the player of an entrant; a panic of the bot's
// constructor fails the match rather than the run.
func (t *table[S, O, A]) newPlayer(entrant int) (p Player[O, A], err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot %s: building the player panicked: %v", t.setup.entrants[entrant], r)
		}
	}()
	return t.setup.players[entrant](), nil
}

func (t *table[S, O, A]) Trace(ctx context.Context, seed uint64, seating []int, w io.Writer) (Result, error) {
	e := t.setup.engine
	var (
		line, state []byte
		werr        error
	)
	t.match.Trace = func(turn int, toAct []int, acts []A, s *S) {
		var texts []*string
		if turn > 0 {
			texts = t.match.actionTexts()
		}
		state = e.AppendState(state[:0], s)
		line = AppendTraceLine(line[:0], turn, texts, state, e.Hash(s))
		if werr == nil {
			_, werr = w.Write(line)
		}
	}
	defer func() { t.match.Trace = nil }()
	res := t.Play(ctx, seed, seating)
	return res, werr
}

// AppendTraceLine appends one line of a trace, with its newline:
// {"turn":…,"actions":[…],"state":…,"hash":"…"}, actions null at turn 0
// (texts nil); the one writer of trace lines, which golden traces share.
func AppendTraceLine(dst []byte, turn int, texts []*string, state []byte, hash uint64) []byte {
	dst = append(dst, `{"turn":`...)
	dst = strconv.AppendInt(dst, int64(turn), 10)
	dst = append(dst, `,"actions":`...)
	if texts == nil {
		dst = append(dst, "null"...)
	} else {
		dst = appendTexts(dst, texts)
	}
	dst = append(dst, `,"state":`...)
	dst = append(dst, state...)
	dst = append(dst, `,"hash":"`...)
	dst = AppendHash(dst, hash)
	return append(dst, "\"}\n"...)
}

// appendTexts writes the actions of a turn as a JSON array indexed by
// seat: the action's text for the seats that acted (the answer's text when
// it was no action), null for the others and for those that gave no
// answer.
func appendTexts(dst []byte, texts []*string) []byte {
	dst = append(dst, '[')
	for k, text := range texts {
		if k > 0 {
			dst = append(dst, ',')
		}
		if text == nil {
			dst = append(dst, "null"...)
			continue
		}
		// encoding/json rather than strconv.Quote: an action's text may hold
		// any byte, and Go's escapes (\x01) are not JSON's.
		quoted, _ := json.Marshal(*text)
		dst = append(dst, quoted...)
	}
	return append(dst, ']')
}

// AppendHash appends h as 16 hexadecimal digits, the form hashes take in
// records and traces.
func AppendHash(dst []byte, h uint64) []byte {
	const digits = "0123456789abcdef"
	for shift := 60; shift >= 0; shift -= 4 {
		dst = append(dst, digits[h>>uint(shift)&0xf])
	}
	return dst
}

// FormatHash returns h as 16 hexadecimal digits.
func FormatHash(h uint64) string { return string(AppendHash(nil, h)) }
