// Package simtest holds what tests share: Race, a toy game for testing the
// parts of arena that know no particular game (sim, runner, results, cli)
// without importing a real engine, and helpers for the strength tests of
// bots (Duels, Score and its Wilson bound).
package simtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/arenasim/arena/sim"
)

// Race is a toy game: each turn every seat adds its action, a number, to its
// total; the match lasts a fixed number of turns; a higher total places
// better. Init gives each seat a random head start from the engine's
// stream, so the seed matters. A zero action is no answer, a negative one
// is invalid (both recorded as faults and worth nothing), and 13 makes the
// engine panic.
type Race struct {
	Players, Turns int
	Divisor        int // scores are the totals divided by it: fractions that sum differently in another order
}

// RaceState is the state of a Race.
type RaceState struct {
	Turn   int
	Totals []int
	Draws  []uint64 // the engine's random draws, one at Init and one per turn
}

// Seats returns the number of players.
func (r Race) Seats() int { return r.Players }

// Init gives each seat a head start of 0 to 2.
func (r Race) Init(s *RaceState, rng *rand.Rand) {
	s.Turn = 0
	s.Totals = make([]int, r.Players)
	for k := range s.Totals {
		s.Totals[k] = rng.IntN(3)
	}
	s.Draws = []uint64{rng.Uint64()}
}

// ToAct returns every seat.
func (r Race) ToAct(s *RaceState, dst []int) []int {
	for k := range r.Players {
		dst = append(dst, k)
	}
	return dst
}

// Observe shows a seat its own total.
func (r Race) Observe(s *RaceState, seat int, o *int) { *o = s.Totals[seat] }

// Step adds every action.
func (r Race) Step(s *RaceState, acts []int, rng *rand.Rand, faults *sim.FaultLog) {
	s.Turn++
	for k, a := range acts {
		switch {
		case a == 13:
			panic("unlucky number")
		case a < 0:
			faults.Add(k, sim.FaultInvalid, "negative")
		case a == 0:
			faults.Add(k, sim.FaultNoAnswer, "zero")
		default:
			s.Totals[k] += a
		}
	}
	s.Draws = append(s.Draws, rng.Uint64())
}

// Done reports whether every turn was played.
func (r Race) Done(s *RaceState) bool { return s.Turn >= r.Turns }

// Turn returns the turns played.
func (r Race) Turn(s *RaceState) int { return s.Turn }

// Outcome scores the totals.
func (r Race) Outcome(s *RaceState, out *sim.Outcome) {
	out.Reset(r.Players)
	for k, t := range s.Totals {
		out.Scores[k] = float64(t) / float64(max(r.Divisor, 1))
	}
	sim.RankPlaces(s.Totals, out.Places)
}

// ParseAction reads a number.
func (r Race) ParseAction(text string) (int, error) { return strconv.Atoi(text) }

// AppendAction writes a number.
func (r Race) AppendAction(dst []byte, a int) []byte { return strconv.AppendInt(dst, int64(a), 10) }

// AppendState writes the totals as a JSON list.
func (r Race) AppendState(dst []byte, s *RaceState) []byte {
	b, _ := json.Marshal(s.Totals)
	return append(dst, b...)
}

// Hash hashes the turn and the totals.
func (r Race) Hash(s *RaceState) uint64 {
	h := sim.NewHasher()
	h.Int(s.Turn)
	for _, t := range s.Totals {
		h.Int(t)
	}
	return h.Sum()
}

// Bot is a Race player whose action is a function of the turn and its
// random stream.
type Bot struct {
	Play func(turn int, rng *rand.Rand) (int, error)
	turn int
	rng  *rand.Rand
}

// Reset starts counting turns again.
func (b *Bot) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.turn, b.rng = 0, rng }

// Act plays.
func (b *Bot) Act(*int) (int, error) {
	b.turn++
	return b.Play(b.turn, b.rng)
}

// Rng returns the bot's random stream of the current match.
func (b *Bot) Rng() *rand.Rand { return b.rng }

// Constant returns a bot that always plays v.
func Constant(v int) *Bot {
	return &Bot{Play: func(int, *rand.Rand) (int, error) { return v, nil }}
}

// raceParams and stepParams are the race's parameters and the step bot's.
var (
	raceParams = []sim.ParamSpec{sim.IntParam("players", 2, 1, 8, "number of players"), sim.IntParam("turns", 3, 1, 1000000, "turns"),
		sim.IntParam("divisor", 1, 1, 1000, "the scores are the totals divided by it")}
	stepParams = []sim.ParamSpec{sim.IntParam("by", 1, 1, 9, "the number it plays")}
)

// Game returns Race with its parameters (players, turns) and bots:
// step:by=N plays N every turn, dice plays 1 to 6 at random, panic panics,
// mute answers nothing, and unlucky plays 13 in turn 2, crashing the engine;
// then the wire bots given, which see {"total":N} and answer a number (or,
// in the original protocol, RACE at the start, then TOTAL N every turn).
func Game(wire ...sim.WireBot) sim.AnyGame {
	g := &sim.Game[RaceState, int, int]{
		Name:    "race",
		Summary: "a toy game for tests",
		Version: "1",
		Params:  raceParams,
		New: func(seats int, p sim.Params) (sim.Engine[RaceState, int, int], error) {
			r := sim.NewParamReader(p, raceParams)
			if err := sim.CheckSeats(seats, raceParams); err != nil {
				return nil, err
			}
			e := Race{Players: seats, Turns: r.Int("turns"), Divisor: r.Int("divisor")}
			return e, r.Err()
		},
		Bots: []sim.Bot[int, int]{
			{
				Name:   "step",
				Params: stepParams,
				Prepare: func(args sim.Params) (func() sim.Player[int, int], error) {
					r := sim.NewParamReader(args, stepParams)
					by := r.Int("by")
					return func() sim.Player[int, int] { return Constant(by) }, r.Err()
				},
			},
			simple("dice", func(_ int, rng *rand.Rand) (int, error) { return 1 + rng.IntN(6), nil }),
			simple("panic", func(int, *rand.Rand) (int, error) { panic("bot bug") }),
			simple("mute", func(int, *rand.Rand) (int, error) { return 0, errors.New("no idea") }),
			simple("unlucky", func(turn int, _ *rand.Rand) (int, error) { return 1 + 12*(turn/2%2), nil }),
		},
		Codec: sim.Codec[int, int]{
			JSON:  func(dst []byte, total *int) []byte { return fmt.Appendf(dst, `{"total":%d}`, *total) },
			Parse: strconv.Atoi,
			Print: func(dst []byte, a int) []byte { return strconv.AppendInt(dst, int64(a), 10) },
			Original: &sim.Original[int]{
				Start: func(dst []byte, _ *int) []byte { return append(dst, "RACE\n"...) },
				// The referee tells the total and what it gained since the
				// seat last played, from the seat's memory.
				Update: func(dst []byte, total *int, seen *[]byte) []byte {
					last, _ := strconv.Atoi(string(*seen))
					*seen = strconv.AppendInt((*seen)[:0], int64(*total), 10)
					return fmt.Appendf(dst, "TOTAL %d +%d\n", *total, *total-last)
				},
				End:          func(dst []byte, total *int) []byte { return fmt.Appendf(dst, "FINAL %d\n", *total) },
				FirstTimeout: time.Second,
				Timeout:      time.Second,
			},
		},
	}
	return sim.Erase(g, wire...)
}

func simple(name string, play func(int, *rand.Rand) (int, error)) sim.Bot[int, int] {
	return sim.Bot[int, int]{
		Name: name,
		Prepare: func(sim.Params) (func() sim.Player[int, int], error) {
			return func() sim.Player[int, int] { return &Bot{Play: play} }, nil
		},
	}
}
