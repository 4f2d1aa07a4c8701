package sim

import (
	"fmt"
	"slices"
)

// Replayed is one state of a replay, as its visitor sees it.
type Replayed struct {
	Turn int    // 0 after Init, then the turns played
	Hash uint64 // the state's hash
	Done bool   // the match is over
	// State returns the state's JSON form (Engine.AppendState), built on
	// demand: most visits need the hash only.
	State func() []byte
	// Outcome fills out with the scores and places of the state as it
	// stands (Engine.Outcome): the final ones once the match is over.
	Outcome func(out *Outcome)
	// ToAct holds the seats that were to act in the turn just played (none
	// at turn 0); valid during the visit only.
	ToAct []int
}

// ReplayError is a record that does not fit the engine it is replayed on.
type ReplayError struct {
	Turn int
	Msg  string
}

func (e *ReplayError) Error() string { return fmt.Sprintf("turn %d: %s", e.Turn, e.Msg) }

// replay plays a match again from its turns' action texts with no player
// (see Setup.Replay).
func (st *setup[S, O, A]) Replay(seed uint64, turns [][]*string, visit func(Replayed) bool) error {
	e := st.engine
	n := e.Seats()
	s := new(S)
	streams := NewStreams(n)
	streams.Seed(seed)
	var faults FaultLog
	e.Init(s, streams.Engine())
	var buf []byte
	state := func() []byte {
		buf = e.AppendState(buf[:0], s)
		return buf
	}
	outcome := func(out *Outcome) { e.Outcome(s, out) }
	if !visit(Replayed{Turn: 0, Hash: e.Hash(s), Done: e.Done(s), State: state, Outcome: outcome}) {
		return nil
	}
	acts := make([]A, n)
	var toAct []int
	for i, row := range turns {
		turn := i + 1
		if e.Done(s) {
			return &ReplayError{turn, fmt.Sprintf("the match is over after turn %d, and the record goes on for %d more", i, len(turns)-i)}
		}
		if len(row) != n {
			return &ReplayError{turn, fmt.Sprintf("%d actions for %d seats", len(row), n)}
		}
		faults.Begin(turn)
		toAct = e.ToAct(s, toAct[:0])
		clear(acts)
		for k, text := range row {
			if text != nil && !slices.Contains(toAct, k) {
				return &ReplayError{turn, fmt.Sprintf("seat %d is not to act, and the record has its action %q", k, *text)}
			}
		}
		for _, k := range toAct {
			switch text := row[k]; {
			case text == nil:
				faults.Add(k, FaultNoAnswer, "no answer, as recorded")
			default:
				a, err := e.ParseAction(*text)
				if err != nil {
					faults.Add(k, FaultInvalid, err.Error())
				} else {
					acts[k] = a
				}
			}
		}
		e.Step(s, acts, streams.Engine(), &faults)
		if !visit(Replayed{Turn: turn, Hash: e.Hash(s), Done: e.Done(s), State: state, Outcome: outcome, ToAct: toAct}) {
			return nil
		}
	}
	return nil
}
