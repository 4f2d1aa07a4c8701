package report

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/sim"
)

// Replay is what the page's viewer draws one match from: each turn's
// state as a patch of the turn before (see Diff), the actions played and
// every seat's score and place as the engine counts them after the turn.
type Replay struct {
	Name     string     `json:"name"` // what the page calls the match
	Game     string     `json:"game"`
	Scenario string     `json:"scenario,omitempty"`
	Match    int        `json:"match"`
	Seed     string     `json:"seed"`   // as text: a uint64 does not fit a JS number
	Bots     []string   `json:"bots"`   // the bot in each seat
	Params   sim.Params `json:"params"` // the effective rule parameters (a map's size, its neutral cells…)
	Frames   []Frame    `json:"frames"`
}

// Frame is one state of a replay.
type Frame struct {
	Turn    int       `json:"t"`
	Actions []*string `json:"a"`           // null at turn 0; null for a seat with no answer or not to act
	Idle    []int     `json:"i,omitempty"` // the seats that were not to act this turn
	Scores  []float64 `json:"s"`
	Places  []int     `json:"p"`
	State   any       `json:"d"` // turn 0: the state; then the patch from the turn before (null: unchanged)
}

// NewReplay replays a recorded match (a golden file, or a trace with its
// header) on today's engine, configured as the header says, and returns
// what the viewer needs. The states replayed must hash as recorded: a
// trace of other rules, or a damaged one, is refused with the turn.
func NewReplay(name string, m *golden.Match, lookup golden.Lookup) (*Replay, error) {
	h := &m.Header
	g, err := lookup(h.Game)
	if err != nil {
		return nil, err
	}
	st, err := g.SetupSeats(h.Seats, h.Params, nil)
	if err != nil {
		return nil, err
	}
	r := &Replay{Name: name, Game: h.Game, Scenario: h.Scenario, Match: h.Match, Seed: strconv.FormatUint(h.Seed, 10), Bots: h.Bots,
		Params: st.Params()}
	var prev any
	var out sim.Outcome
	var ferr error
	err = st.Replay(h.Seed, m.Turns(), func(rp sim.Replayed) bool {
		l := &m.Lines[rp.Turn]
		if got := sim.FormatHash(rp.Hash); got != l.Hash {
			ferr = fmt.Errorf("turn %d: the state replays to hash %s, the trace has %s (a trace of other rules?)", rp.Turn, got, l.Hash)
			return false
		}
		state, err := decodeJSON(rp.State())
		if err != nil {
			ferr = fmt.Errorf("turn %d: %v", rp.Turn, err)
			return false
		}
		rp.Outcome(&out)
		f := Frame{Turn: rp.Turn, Actions: l.Actions, Scores: clean(out.Scores), Places: append([]int(nil), out.Places...), State: state}
		if rp.Turn > 0 {
			f.State = Diff(prev, state)
			for k := range h.Seats {
				if !slices.Contains(rp.ToAct, k) {
					f.Idle = append(f.Idle, k)
				}
			}
		}
		r.Frames = append(r.Frames, f)
		prev = state
		return true
	})
	if err == nil {
		err = ferr
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return r, nil
}

// clean copies scores, a score that is no number becoming 0 (JSON has no
// NaN).
func clean(scores []float64) []float64 {
	c := make([]float64, len(scores))
	for i, s := range scores {
		if s == s && s-s == 0 {
			c[i] = s
		}
	}
	return c
}
