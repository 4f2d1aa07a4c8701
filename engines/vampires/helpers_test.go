package vampires

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newRules configures the game from a JSON object of parameter overrides.
func newRules(t testing.TB, overrides string) *Rules {
	t.Helper()
	r, _ := simtest.Rules(t, Params, New, simtest.ParamsJSON(t, overrides))
	return r
}

// sketch starts a match of r on the position drawn by rows: one string per
// row, one space-separated token per cell: "." for an empty cell, or a
// letter and a count: H humans, V vampires, W werewolves ("H4", "V10").
// Unlike a map file, a sketch may hold any number of groups of each kind.
func sketch(t testing.TB, r *Rules, rows ...string) *State {
	t.Helper()
	s := &State{}
	r.Init(s, nil)
	s.rows, s.columns = len(rows), len(strings.Fields(rows[0]))
	n := s.rows * s.columns
	s.cells, s.departing, s.arriving, s.role = resize(s.cells, n), resize(s.departing, n), resize(s.arriving, n), resize(s.role, n)
	s.pop = [4]int{}
	for y, row := range rows {
		tokens := strings.Fields(row)
		require.Len(t, tokens, s.columns, "row %d", y)
		for x, tok := range tokens {
			if tok == "." {
				continue
			}
			kind := map[byte]Kind{'H': Humans, 'V': Vampires, 'W': Werewolves}[tok[0]]
			require.NotZero(t, kind, "token %q", tok)
			count, err := strconv.Atoi(tok[1:])
			require.NoError(t, err, "token %q", tok)
			s.put(s.index(Cell{x, y}), Group{kind, count})
		}
	}
	checkInvariants(t, s)
	return s
}

// draw returns the position as rows of tokens, in sketch's notation.
func draw(s *State) []string {
	rows := make([]string, s.rows)
	letters := map[Kind]string{Humans: "H", Vampires: "V", Werewolves: "W"}
	for y := range s.rows {
		tokens := make([]string, s.columns)
		for x := range s.columns {
			g := s.cells[s.index(Cell{x, y})]
			tokens[x] = "."
			if g.Kind != Empty {
				tokens[x] = letters[g.Kind] + strconv.Itoa(g.Count)
			}
		}
		rows[y] = strings.Join(tokens, " ")
	}
	return rows
}

// play plays one ply, given as action text ("-" for no answer), for the
// seat whose turn it is, with the given random stream (nil when the ply
// needs none), and returns the faults it caused.
func play(t testing.TB, r *Rules, s *State, text string, rng *rand.Rand) []sim.Fault {
	t.Helper()
	var p Ply
	if text != "-" {
		var err error
		p, err = ParsePly(text)
		require.NoError(t, err)
	}
	acts := make([]Ply, 2)
	acts[s.toAct()] = p
	var log sim.FaultLog
	log.Begin(s.ply + 1)
	r.Step(s, acts, rng, &log)
	checkInvariants(t, s)
	return log.Faults()
}

// checkInvariants verifies that the populations are the sums of the grid,
// that no count is negative or zero on a non-empty cell, and that the
// scratch space is clean between plies.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	var pop [4]int
	for i, g := range s.cells {
		// Plain comparisons first: this runs after every ply of the fuzz
		// test, on grids of hundreds of cells.
		if (g.Kind == Empty) != (g.Count == 0) || g.Count < 0 || g.Kind > Werewolves {
			require.Failf(t, "bad cell", "cell %v holds %d %s", s.cell(i), g.Count, g.Kind)
		}
		if s.departing[i] != 0 || s.arriving[i] != 0 || s.role[i] != 0 {
			require.Failf(t, "dirty scratch", "cell %v", s.cell(i))
		}
		pop[g.Kind] += g.Count
	}
	require.Equal(t, pop[Humans:], s.pop[Humans:], "populations")
	require.Empty(t, s.touched)
	require.Empty(t, s.targets)
}

// fixedRand returns a random stream whose every Float64 is the same: 0 with
// low, just under 1 otherwise. Every draw "below p" then succeeds (low) or
// fails (high) for 0 < p < 1.
func fixedRand(low bool) *rand.Rand {
	if low {
		return rand.New(constSource(0))
	}
	return rand.New(constSource(^uint64(0)))
}

type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }

func outcome(r *Rules, s *State) sim.Outcome {
	var out sim.Outcome
	r.Outcome(s, &out)
	return out
}
