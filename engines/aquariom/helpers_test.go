package aquariom

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// eps is how close the scripted cases pin positions and masses.
const eps = 1e-9

// tinyConfig returns testdata/tiny.json, a 1000×1000 map with one initial
// neutral in its centre (500, 500), no mass loss, repop time 3, and
// two players starting at (100, 100) and (900, 900), changed by overrides:
// a JSON object of map keys, plus "players" and "satellite_mass".
func tinyConfig(t testing.TB, overrides string) Config {
	t.Helper()
	data, err := os.ReadFile("testdata/tiny.json")
	require.NoError(t, err)
	c, err := ParseMap(data, "tiny.json")
	require.NoError(t, err)
	c.Players = 2
	var obj map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(overrides), &obj))
	for key, value := range obj {
		switch key {
		case "players":
			require.NoError(t, json.Unmarshal(value, &c.Players))
		case "satellite_mass":
			var name string
			require.NoError(t, json.Unmarshal(value, &name))
			c.SatelliteMass, err = ParseSatelliteMass(name)
			require.NoError(t, err)
		default:
			require.NoError(t, c.SetKey(key, value))
		}
	}
	return c
}

// game is a match under test, with helpers to pin cells and play turns.
type game struct {
	t   testing.TB
	r   *Rules
	s   *State
	rng *rand.Rand
}

// newGame starts a match of c (Init plays step 0).
func newGame(t testing.TB, c Config) *game {
	t.Helper()
	r, err := New(c)
	require.NoError(t, err)
	g := &game{t: t, r: r, s: &State{}, rng: sim.NewRand(1, sim.EngineStream)}
	r.Init(g.s, g.rng)
	checkInvariants(t, r, g.s)
	return g
}

// tiny starts a match on the tiny map changed by overrides, and removes the
// starting player cells, so that the case pins every player cell itself.
func tiny(t testing.TB, overrides string) *game {
	t.Helper()
	g := newGame(t, tinyConfig(t, overrides))
	for len(g.s.players) > 0 {
		g.r.kill(g.s, g.s.players[0])
	}
	return g
}

// put adds a player cell of seat and returns its id.
func (g *game) put(seat int, x, y, mass float64) int {
	return g.s.cells[g.s.newCell(KindPlayer, seat, x, y, mass)].id
}

// isolate sets the isolation of player cell id.
func (g *game) isolate(id, turns int) { g.s.cells[g.slot(id)].isolation = int32(turns) }

// virus adds a virus and returns its id.
func (g *game) virus(x, y float64) int {
	return g.s.cells[g.s.newCell(KindVirus, -1, x, y, g.r.cfg.VirusMass)].id
}

// neutral adds a non-initial neutral and returns its id.
func (g *game) neutral(x, y, mass float64) int {
	s := g.s
	slot := s.newCell(KindInitialNeutral, -1, x, y, mass) // in the neutrals' grid
	s.cells[slot].kind = KindNeutral
	s.neutrals = append(s.neutrals, slot)
	return s.cells[slot].id
}

// slot returns the slot of the living cell id, failing the test if there
// is none.
func (g *game) slot(id int) int32 {
	g.t.Helper()
	for i := range g.s.cells {
		if c := &g.s.cells[i]; c.alive && c.id == id {
			return int32(i)
		}
	}
	g.t.Fatalf("no living cell %d", id)
	return 0
}

// has reports whether cell id is alive.
func (g *game) has(id int) bool {
	for i := range g.s.cells {
		if c := &g.s.cells[i]; c.alive && c.id == id {
			return true
		}
	}
	return false
}

// cell returns what a bot sees of cell id.
func (g *game) cell(id int) Cell {
	g.t.Helper()
	return g.s.cells[g.slot(id)].view()
}

// requireCell checks a cell's position and mass to eps.
func (g *game) requireCell(id int, x, y, mass float64) {
	g.t.Helper()
	c := g.cell(id)
	require.InDelta(g.t, x, c.X, eps, "x of cell %d", id)
	require.InDelta(g.t, y, c.Y, eps, "y of cell %d", id)
	require.InDelta(g.t, mass, c.Mass, eps, "mass of cell %d", id)
}

// step plays one turn, each seat's action given as text ("" for none), and
// checks the invariants.
func (g *game) step(lines ...string) {
	g.t.Helper()
	acts := make([]Action, g.r.Seats())
	for seat, line := range lines {
		a, err := ParseAction(line)
		require.NoError(g.t, err)
		acts[seat] = a
	}
	var log sim.FaultLog
	g.r.Step(g.s, acts, g.rng, &log)
	require.Empty(g.t, log.Faults())
	checkInvariants(g.t, g.r, g.s)
}

// ids returns the ids of seat's cells, ascending.
func (g *game) ids(seat int) []int {
	var ids []int
	for _, slot := range g.s.owned[seat] {
		ids = append(ids, g.s.cells[slot].id)
	}
	return ids
}

// checkInvariants verifies what every state must satisfy: every list
// sorted by id and matching the cells' kinds and owners; every living cell
// in its kind's grid, in the bucket of its position; positions on the map;
// player masses finite and within [min, max]; at most max_cells_per_player
// cells per seat and max_viruses viruses; finite scores; ids below nextID;
// eaten initial neutrals due later, in the respawn bucket of their turn if
// within the match.
func checkInvariants(t testing.TB, r *Rules, s *State) {
	t.Helper()
	c := &r.cfg
	sorted := func(name string, list []int32, kind Kind) {
		for i, slot := range list {
			cl := &s.cells[slot]
			require.True(t, cl.alive, "%s: slot %d is dead", name, slot)
			require.Equal(t, kind, cl.kind, "%s: cell %d", name, cl.id)
			require.Less(t, cl.id, s.nextID)
			if i > 0 {
				require.Less(t, s.cells[list[i-1]].id, cl.id, "%s is not sorted by id", name)
			}
		}
	}
	sorted("players", s.players, KindPlayer)
	sorted("viruses", s.viruses, KindVirus)
	sorted("neutrals", s.neutrals, KindNeutral)
	require.LessOrEqual(t, len(s.viruses), c.MaxViruses)
	owned := 0
	for seat, list := range s.owned {
		sorted("owned", list, KindPlayer)
		require.LessOrEqual(t, len(list), c.MaxCellsPerPlayer, "seat %d", seat)
		for _, slot := range list {
			require.Equal(t, seat, int(s.cells[slot].owner))
		}
		owned += len(list)
	}
	require.Equal(t, len(s.players), owned)
	inGrid := 0
	for _, g := range []*grid{&s.pgrid, &s.ngrid, &s.vgrid} {
		for b, bucket := range g.buckets {
			for p, slot := range bucket {
				cl := &s.cells[slot]
				require.True(t, cl.alive, "a dead cell %d in a grid", cl.id)
				require.Equal(t, int32(b), cl.bucket)
				require.Equal(t, int32(p), cl.bpos)
				require.Equal(t, int32(b), g.bucket(cl.x, cl.y), "cell %d is in the wrong bucket", cl.id)
				inGrid++
			}
		}
	}
	alive := 0
	for i := range s.cells {
		cl := &s.cells[i]
		if !cl.alive {
			if i < s.nInit {
				require.Greater(t, int(cl.due), s.turn, "initial neutral %d is overdue", i)
			}
			continue
		}
		alive++
		require.True(t, cl.x >= 0 && cl.x <= c.MapWidth && cl.y >= 0 && cl.y <= c.MapHeight, "cell %d at (%v, %v) is off the map", cl.id, cl.x, cl.y)
		if cl.kind == KindPlayer {
			require.False(t, math.IsNaN(cl.mass))
			require.True(t, cl.mass >= c.MinimumPlayerCellMass && cl.mass <= c.MaximumPlayerCellMass, "cell %d has mass %v", cl.id, cl.mass)
			require.GreaterOrEqual(t, cl.isolation, int32(0))
		}
	}
	require.Equal(t, alive, inGrid, "living cells vs cells in the grids")
	require.Equal(t, alive, s.nInit-eatenCount(s)+len(s.neutrals)+len(s.viruses)+len(s.players))
	for b, head := range s.respawn {
		for slot := head; slot != noSlot; slot = s.cells[slot].next {
			require.False(t, s.cells[slot].alive)
			require.Equal(t, b, int(s.cells[slot].due)%len(s.respawn))
		}
	}
	for _, v := range s.scores {
		require.False(t, math.IsNaN(v) || math.IsInf(v, 0))
	}
}

func eatenCount(s *State) int {
	n := 0
	for i := range s.nInit {
		if !s.cells[i].alive {
			n++
		}
	}
	return n
}
