package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"time"
)

// ErrInterrupted is the error of a match abandoned because its context was
// cancelled.
var ErrInterrupted = errors.New("match interrupted")

// EngineError is a panic raised by the rules themselves. It fails only the
// match it happened in; the seed lets `arena play` reproduce it.
type EngineError struct {
	Seed  uint64
	Turn  int
	Value any
	Stack string
}

func (e *EngineError) Error() string {
	return fmt.Sprintf("engine panic in turn %d of the match with seed %d: %v", e.Turn, e.Seed, e.Value)
}

// AbandonedError is a match given up by the move watchdog: an in-process
// bot thought longer than the move timeout (an infinite loop, say). Its
// goroutine cannot be stopped: it is left running, and its player is
// never used again. Whether it happens depends on the machine.
type AbandonedError struct {
	Seat, Turn int
	Timeout    time.Duration
}

func (e *AbandonedError) Error() string {
	return fmt.Sprintf("the bot in seat %d thought longer than the move timeout (%v) in turn %d: the match is abandoned", e.Seat, e.Timeout, e.Turn)
}

// Result is what one match leaves behind.
type Result struct {
	Seed      uint64
	Turns     int
	Scores    []float64
	Places    []int
	Faults    []Fault
	Penalties []Penalty // the moves the game's rules punished, apart from the faults
	StateHash uint64
	Err       error // an *EngineError, an *AbandonedError or ErrInterrupted; nil for a finished match
	// Timed is set when a player answered under a wall-clock deadline (an
	// external program): the seed alone may not reproduce the match.
	Timed bool
	// Actions, for a timed match only, holds every turn's action text per
	// seat (nil for a seat that did not act): what a replay plays back.
	Actions [][]*string
}

// TraceFunc is called with the state after Init (turn 0, no actions) and
// after every turn, with the seats that acted and the actions played.
type TraceFunc[S, A any] func(turn int, toAct []int, acts []A, s *S)

// Match plays matches of one engine, reusing its buffers from match to
// match. It is not safe for concurrent use: a runner keeps one per worker.
type Match[S, O, A any] struct {
	engine  Engine[S, O, A]
	state   *S
	views   []O
	acts    []A
	toAct   []int
	streams *Streams
	faults  FaultLog
	outcome Outcome
	info    MatchInfo

	// Trace, when not nil, sees every state of the match.
	Trace TraceFunc[S, A]
	// MoveTimeout, when positive, is how long the players asked in two
	// steps (Asker: external programs) have to answer, from the moment a
	// turn's observations are sent: a later answer is a timeout fault. It
	// is also the watchdog of the other players (in-process bots): one
	// that thinks longer is abandoned, and the match with it
	// (*AbandonedError).
	MoveTimeout time.Duration
	// Stops, when not nil, is the clock of arena's own stops, which the
	// watchdog does not count as a bot's thinking; nil is sim.Stops.
	Stops Stopwatch

	askers   []Asker[O, A] // per seat of this match: nil unless asked in two steps
	finish   []Finisher[O] // per seat of this match: nil unless shown the final state
	asked    []bool        // per seat: asked in two steps this turn
	deadline time.Time     // of this turn's answers; zero for none
	gaveUp   int           // the seat the watchdog gave up on this match, or −1
	said     []said        // per seat, of a timed match: how its answer of this turn failed
}

// said is how a seat's answer failed in a turn, for the record of a timed
// match, which a replay plays back: no answer (recorded as null), or text
// that is no action (recorded as it came, to be judged again).
type said struct {
	none, invalid bool
	text          string
}

// NewMatch returns a match player for engine e; params are the effective
// parameters the players are told.
func NewMatch[S, O, A any](e Engine[S, O, A], params Params) *Match[S, O, A] {
	n := e.Seats()
	return &Match[S, O, A]{
		engine:  e,
		state:   new(S),
		views:   make([]O, n),
		acts:    make([]A, n),
		toAct:   make([]int, 0, n),
		streams: NewStreams(n),
		info:    MatchInfo{Seats: n, Params: params},
	}
}

// State returns the state of the last match played, for tests and traces.
func (m *Match[S, O, A]) State() *S { return m.state }

// Play plays one match with the given seed; players[k] sits in seat k. A
// bot's panic or error is recorded as a fault and its turn gets the zero
// action; a panic of the engine ends the match with an *EngineError.
func (m *Match[S, O, A]) Play(ctx context.Context, seed uint64, players []Player[O, A]) Result {
	return m.play(ctx, seed, players, false)
}

// play is Play; shared leaves the finished match's Scores, Places, Faults
// and Penalties in the Match's own buffers (valid until the next match) rather
// than copies.
func (m *Match[S, O, A]) play(ctx context.Context, seed uint64, players []Player[O, A], shared bool) (res Result) {
	e, s := m.engine, m.state
	res.Seed = seed
	turn := 0
	defer func() {
		if r := recover(); r != nil {
			res.Err = &EngineError{Seed: seed, Turn: turn, Value: r, Stack: string(debug.Stack())}
			res.Turns = max(turn-1, 0)
			res.Faults = slices.Clone(m.faults.Faults())
			res.Penalties = slices.Clone(m.faults.Penalties())
		}
	}()
	// A look at the Done channel every turn, not ctx.Err(): it takes no
	// lock, and a turn of a fast game costs less than a lock.
	done := ctx.Done()
	m.gaveUp = -1
	defer m.endAll(players)
	res.Timed = m.findAskers(players)
	m.streams.Seed(seed)
	m.faults.Reset()
	e.Init(s, m.streams.Engine())
	for k, p := range players {
		m.info.Seat = k
		m.reset(k, p)
	}
	if m.Trace != nil {
		m.Trace(0, nil, nil, s)
	}
	for !e.Done(s) {
		turn = e.Turn(s) + 1
		select {
		case <-done:
			res.Err = ErrInterrupted
		default:
		}
		if res.Err != nil {
			break
		}
		m.faults.Begin(turn)
		m.toAct = e.ToAct(s, m.toAct[:0])
		clear(m.acts)
		for _, k := range m.toAct {
			e.Observe(s, k, &m.views[k])
		}
		if res.Timed || m.Trace != nil {
			clear(m.said) // for the record's or the trace's actions
		}
		if res.Timed {
			m.askAll()
		}
		for _, k := range m.toAct {
			if m.asked[k] {
				m.acts[k] = m.answer(k)
			} else {
				m.acts[k] = m.act(k, players[k], &m.views[k])
			}
			if m.gaveUp >= 0 {
				break
			}
		}
		if m.gaveUp >= 0 {
			res.Err = &AbandonedError{Seat: m.gaveUp, Turn: turn, Timeout: m.MoveTimeout}
			res.Turns = turn - 1
			res.Faults = slices.Clone(m.faults.Faults())
			res.Penalties = slices.Clone(m.faults.Penalties())
			m.forsake()
			return res
		}
		if res.Timed {
			res.Actions = append(res.Actions, m.actionTexts())
		}
		e.Step(s, m.acts, m.streams.Engine(), &m.faults)
		if m.Trace != nil {
			m.Trace(turn, m.toAct, m.acts, s)
		}
	}
	if res.Err == nil {
		m.finishAll()
	}
	e.Outcome(s, &m.outcome)
	res.Turns = e.Turn(s)
	res.Scores, res.Places, res.Faults = m.outcome.Scores, m.outcome.Places, m.faults.Faults()
	res.Penalties = m.faults.Penalties()
	if !shared {
		res.Scores = slices.Clone(res.Scores)
		res.Places = slices.Clone(res.Places)
		res.Faults = slices.Clone(res.Faults)
		res.Penalties = slices.Clone(res.Penalties)
	}
	res.StateHash = e.Hash(s)
	return res
}

// actionTexts returns the text of each seat's action of a turn, nil for the
// seats that did not act or gave no answer; the text itself for an answer
// that was no action.
func (m *Match[S, O, A]) actionTexts() []*string {
	row := make([]*string, len(m.acts))
	for _, k := range m.toAct {
		var text string
		switch said := m.said[k]; {
		case said.none:
			continue
		case said.invalid:
			text = said.text
		default:
			text = string(m.engine.AppendAction(nil, m.acts[k]))
		}
		row[k] = &text
	}
	return row
}

// fail records the fault of a seat whose answer failed with err, and how,
// for the record of a timed match.
func (m *Match[S, O, A]) fail(seat int, err error) {
	m.faults.Add(seat, faultOf(err), err.Error())
	if seat < len(m.said) {
		var invalid *InvalidAnswer
		if errors.As(err, &invalid) {
			m.said[seat] = said{invalid: true, text: Bounded(invalid.Text, MaxAnswerText)}
		} else {
			m.said[seat] = said{none: true}
		}
	}
}

// panicked records the fault of a seat whose player panicked: no answer.
func (m *Match[S, O, A]) panicked(seat int, value any) {
	m.faults.Add(seat, FaultPanic, fmt.Sprint(value))
	if seat < len(m.said) {
		m.said[seat] = said{none: true}
	}
}

// endAll tells the players that hold something for a match that it is
// over; a panic there is the player's, not the match's. A player the
// watchdog gave up on is still thinking: it is told nothing.
func (m *Match[S, O, A]) endAll(players []Player[O, A]) {
	for k, p := range players {
		if k == m.gaveUp {
			continue
		}
		if e, ok := p.(Ender); ok {
			func() {
				defer func() { _ = recover() }()
				e.End()
			}()
		}
	}
}

// reset tells player p that a match starts, recording a panic as a fault.
func (m *Match[S, O, A]) reset(seat int, p Player[O, A]) {
	defer func() {
		if r := recover(); r != nil {
			m.faults.Add(seat, FaultPanic, fmt.Sprint(r))
		}
	}()
	p.Reset(m.info, m.streams.Seat(seat))
}

// findAskers notes, once a match, which players are asked in two steps
// (external programs), and reports whether any is; and which are shown the
// final state.
func (m *Match[S, O, A]) findAskers(players []Player[O, A]) (found bool) {
	if len(m.askers) < len(players) {
		m.askers = make([]Asker[O, A], len(players))
		m.asked = make([]bool, len(players))
		m.finish = make([]Finisher[O], len(players))
		m.said = make([]said, len(players))
	}
	clear(m.askers)
	clear(m.asked)
	clear(m.finish)
	for k, p := range players {
		if a, ok := asker(p); ok {
			m.askers[k] = a
			found = true
		}
		if f, ok := finisher(p); ok {
			m.finish[k] = f
		}
	}
	return found
}

// finishAll shows the players that want it their view of the final state
// of a match played out; a panic there is the player's, not the match's.
func (m *Match[S, O, A]) finishAll() {
	for k, f := range m.finish {
		if f == nil {
			continue
		}
		m.engine.Observe(m.state, k, &m.views[k])
		func() {
			defer func() { _ = recover() }()
			f.Finish(&m.views[k])
		}()
	}
}

// askAll sends their observation to the players of this turn that are
// asked in two steps, before any player answers, so that they all think
// at once; the deadline of their answers starts now.
func (m *Match[S, O, A]) askAll() {
	clear(m.asked)
	m.deadline = time.Time{}
	for _, k := range m.toAct {
		a := m.askers[k]
		if a == nil {
			continue
		}
		if m.MoveTimeout > 0 && m.deadline.IsZero() {
			m.deadline = time.Now().Add(m.MoveTimeout)
		}
		m.asked[k] = m.ask(k, a, &m.views[k])
	}
}

// ask sends seat's observation, turning a panic or an error into a fault
// (the seat then plays the zero action); it reports whether the seat is
// to answer.
func (m *Match[S, O, A]) ask(seat int, a Asker[O, A], o *O) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			m.panicked(seat, r)
			ok = false
		}
	}()
	if err := a.Ask(o); err != nil {
		m.fail(seat, err)
		return false
	}
	return true
}

// answer collects the answer of a seat asked in two steps.
func (m *Match[S, O, A]) answer(seat int) (act A) {
	defer func() {
		if r := recover(); r != nil {
			m.panicked(seat, r)
			var zero A
			act = zero
		}
	}()
	act, err := m.askers[seat].Answer(m.deadline)
	if err != nil {
		m.fail(seat, err)
		var zero A
		return zero
	}
	return act
}

// act asks player p for its action, turning a panic or an error into a
// fault and the zero action; under a move timeout, the watchdog watches.
func (m *Match[S, O, A]) act(seat int, p Player[O, A], o *O) (a A) {
	if m.MoveTimeout > 0 {
		return m.watch(seat, p, o)
	}
	return m.actNow(seat, p, o)
}

// watch asks player p for its action on a goroutine of its own, and gives
// up on it after the move timeout: a timeout fault, the zero action, and
// m.gaveUp set.
func (m *Match[S, O, A]) watch(seat int, p Player[O, A], o *O) A {
	type reply struct {
		a        A
		err      error
		panicked bool
		value    any
	}
	answered := make(chan reply, 1)
	go func() {
		var r reply
		defer func() {
			if v := recover(); v != nil {
				r.panicked, r.value = true, v
			}
			answered <- r
		}()
		r.a, r.err = p.Act(o)
	}()
	stops := m.Stops
	if stops == nil {
		stops = Stops
	}
	// The time arena itself is stopped (Ctrl-Z) is not the bot's: the
	// deadline moves on by it.
	var zero A
	r, ok := Await(answered, time.Now().Add(m.MoveTimeout), stops, stops.Stopped())
	switch {
	case !ok:
		m.gaveUp = seat
		m.faults.Add(seat, FaultTimeout, fmt.Sprintf("thought longer than the move timeout (%v): the match is abandoned", m.MoveTimeout))
		return zero
	case r.panicked:
		m.panicked(seat, r.value)
		return zero
	case r.err != nil:
		m.fail(seat, r.err)
		return zero
	}
	return r.a
}

// forsake leaves what the player given up on may still be using — the
// state, the views, the random streams — to it, and takes fresh ones.
func (m *Match[S, O, A]) forsake() {
	n := len(m.views)
	m.state, m.views, m.streams = new(S), make([]O, n), NewStreams(n)
}

// actNow asks player p for its action, turning a panic or an error into a
// fault and the zero action.
func (m *Match[S, O, A]) actNow(seat int, p Player[O, A], o *O) (a A) {
	defer func() {
		if r := recover(); r != nil {
			m.panicked(seat, r)
			var zero A
			a = zero
		}
	}()
	a, err := p.Act(o)
	if err != nil {
		m.fail(seat, err)
		var zero A
		return zero
	}
	return a
}
