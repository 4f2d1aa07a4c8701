package aquariom

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// State is an Aquar.iom match in progress. Its zero value is ready for
// Init, which reuses its buffers from match to match.
type State struct {
	turn   int // turns played with actions: 0 after Init (which plays step 0), NbTurns at the end
	nextID int // the id the next new cell takes
	cells  []cell
	free   []int32 // slots free for reuse, never those of initial neutrals
	nInit  int     // initial neutrals: slots and ids 0..nInit−1

	players  []int32   // slots of the player cells, ascending id
	owned    [][]int32 // per seat, the slots of its cells, ascending id
	viruses  []int32   // ascending id
	neutrals []int32   // non-initial neutrals, ascending id
	scores   []float64 // per seat

	pgrid, ngrid, vgrid grid // player cells; neutrals of both kinds; viruses

	// respawn is a ring of buckets by turn: respawn[t % len] heads a list
	// (through cell.next) of the initial neutrals that reappear in turn t.
	respawn []int32

	// Scratch space of Step, kept to avoid allocating.
	claims [][MaxCommands]int32 // per seat and command: the slot of the cell it commands, or −1
	order  []int32              // the player cells of a collision pass
	found  []int32              // the targets of a collision sweep
}

// noSlot marks the end of a respawn list and an ignored command.
const noSlot = -1

// Init starts a match (rule sheet, "Cells", "Steps and turns"): the
// starting position; the score's first term; and step 0, which takes no
// actions. Init draws nothing from rng.
func (r *Rules) Init(s *State, _ *rand.Rand) {
	r.place(s)
	s.addScores()
	r.update(s)
}

// place sets out the starting position: the initial neutrals row-major,
// then the starting viruses, then each seat's starting cells, ids in that
// order.
func (r *Rules) place(s *State) {
	c := &r.cfg
	r.placeNeutrals(s)
	for _, p := range c.VirusesStartingPositions {
		s.newCell(KindVirus, -1, p.X, p.Y, c.VirusMass)
	}
	n := c.NbStartingCellsPerPlayer
	for seat := range c.Players {
		for _, p := range c.PlayersStartingPositions[seat*n : seat*n+n] {
			s.newCell(KindPlayer, seat, p.X, p.Y, r.clampMass(c.PlayerCellsStartingMass))
		}
	}
}

// placeNeutrals empties s and sets out the initial neutrals, row-major,
// ids and slots 0, 1, …
func (r *Rules) placeNeutrals(s *State) {
	c := &r.cfg
	s.turn, s.nextID = 0, 0
	s.cells, s.free = s.cells[:0], s.free[:0]
	s.players, s.viruses, s.neutrals = s.players[:0], s.viruses[:0], s.neutrals[:0]
	s.owned = resize(s.owned, c.Players)
	for seat := range s.owned {
		s.owned[seat] = s.owned[seat][:0]
	}
	s.scores = resize(s.scores, c.Players)
	clear(s.scores)
	s.claims = resize(s.claims, c.Players)
	for _, g := range []*grid{&s.pgrid, &s.ngrid, &s.vgrid} {
		g.reset(c.MapWidth, c.MapHeight, r.bucketSide)
	}
	s.respawn = resize(s.respawn, min(c.InitialNeutralCellsRepopTime, c.NbTurns+1))
	for i := range s.respawn {
		s.respawn[i] = noSlot
	}

	mw, mh := c.InitialNeutralCellsMatrixWidth, c.InitialNeutralCellsMatrixHeight
	for j := range mh {
		y := (float64(j) + 0.5) * c.MapHeight / float64(mh)
		for i := range mw {
			x := (float64(i) + 0.5) * c.MapWidth / float64(mw)
			s.newCell(KindInitialNeutral, -1, x, y, c.InitialNeutralCellsMass)
		}
	}
	s.nInit = mw * mh
}

// newCell creates a cell with the next id and returns its slot.
func (s *State) newCell(kind Kind, owner int, x, y, mass float64) int32 {
	var slot int32
	if n := len(s.free); n > 0 {
		slot, s.free = s.free[n-1], s.free[:n-1]
	} else {
		slot = int32(len(s.cells))
		s.cells = append(s.cells, cell{})
	}
	s.cells[slot] = cell{x: x, y: y, mass: mass, id: s.nextID, kind: kind, alive: true,
		owner: int8(owner), acted: -1, next: noSlot}
	s.nextID++
	switch kind {
	case KindPlayer:
		s.players = append(s.players, slot)
		s.owned[owner] = append(s.owned[owner], slot)
		s.insert(&s.pgrid, slot)
	case KindVirus:
		s.viruses = append(s.viruses, slot)
		s.insert(&s.vgrid, slot)
	default: // initial neutrals, only in Init: slot = id
		s.insert(&s.ngrid, slot)
	}
	return slot
}

// kill removes the cell in slot, eaten or evicted. An initial neutral keeps
// its slot and, if it is due within the match, joins the respawn bucket of
// the turn it reappears in (rule sheet, "Collisions").
func (r *Rules) kill(s *State, slot int32) {
	c := &s.cells[slot]
	switch c.kind {
	case KindPlayer:
		s.remove(&s.pgrid, slot)
		s.players = s.dropID(s.players, c.id)
		s.owned[c.owner] = s.dropID(s.owned[c.owner], c.id)
	case KindVirus:
		s.remove(&s.vgrid, slot)
		s.viruses = s.dropID(s.viruses, c.id)
	case KindNeutral:
		s.remove(&s.ngrid, slot)
		s.neutrals = s.dropID(s.neutrals, c.id)
	case KindInitialNeutral:
		s.remove(&s.ngrid, slot)
		c.alive = false
		c.due = int32(s.turn + r.cfg.InitialNeutralCellsRepopTime)
		if int(c.due) <= r.cfg.NbTurns {
			b := int(c.due) % len(s.respawn)
			c.next, s.respawn[b] = s.respawn[b], slot
		}
		return
	}
	c.alive = false
	s.free = append(s.free, slot)
}

// dropID removes the slot of the cell with the given id from list, which is
// sorted by id.
func (s *State) dropID(list []int32, id int) []int32 {
	if i, ok := s.searchID(list, id); ok {
		return slices.Delete(list, i, i+1)
	}
	return list
}

// searchID returns where the cell with the given id is, or would be, in
// list, which is sorted by id.
func (s *State) searchID(list []int32, id int) (int, bool) {
	lo, hi := 0, len(list)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.cells[list[m]].id < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(list) && s.cells[list[lo]].id == id
}

// addScores adds each seat's total mass to its score (rule sheet, "Score
// and outcome"), its cells summed in ascending id.
func (s *State) addScores() {
	for seat, cells := range s.owned {
		total := 0.0
		for _, slot := range cells {
			total += s.cells[slot].mass
		}
		s.scores[seat] += total
	}
}

// Turn returns the number of turns played with actions.
func (r *Rules) Turn(s *State) int { return s.turn }

// Done reports whether every step is played: nb_turns turns after step 0.
func (r *Rules) Done(s *State) bool { return s.turn >= r.cfg.NbTurns }

// ToAct appends every seat: all players answer every turn, even with no
// cells left (surrender brings them back).
func (r *Rules) ToAct(s *State, dst []int) []int {
	for seat := range r.cfg.Players {
		dst = append(dst, seat)
	}
	return dst
}

// Outcome scores each seat by its summed mass and ranks by score, exactly
// equal scores tying (rule sheet, "Score and outcome").
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	out.Reset(len(s.scores))
	copy(out.Scores, s.scores)
	sim.RankPlaces(out.Scores, out.Places)
}

// Hash hashes everything the rules depend on: the turn, the next id, every
// eaten initial neutral's respawn turn, every other cell (id, position and
// mass by their bits, owner and isolation for player cells) and the scores.
// The initial neutrals' positions and masses come from the configuration.
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.turn)
	h.Int(s.nextID)
	for i := range s.nInit {
		if c := &s.cells[i]; !c.alive {
			h.Int(i)
			h.Int(int(c.due))
		}
	}
	for _, list := range [][]int32{s.neutrals, s.viruses, s.players} {
		h.Int(len(list))
		for _, slot := range list {
			c := &s.cells[slot]
			h.Int(c.id)
			h.Byte(byte(c.kind))
			h.Uint64(math.Float64bits(c.x))
			h.Uint64(math.Float64bits(c.y))
			h.Uint64(math.Float64bits(c.mass))
			h.Int(int(c.owner))
			h.Int(int(c.isolation))
		}
	}
	for _, v := range s.scores {
		h.Uint64(math.Float64bits(v))
	}
	return h.Sum()
}

// AppendState appends s as JSON:
//
//	{"turn":…,"next_id":…,"scores":[…],
//	 "players":[[[id,x,y,mass,isolation],…],…],   one list per seat, ascending id
//	 "viruses":[[id,x,y],…],"neutrals":[[id,x,y,mass],…],
//	 "eaten":[id,…]}
//
// The initial neutrals are the fixed map: their places and masses come from
// the configuration, and the state gives only what changed — "eaten" lists
// the initial neutrals eaten in the step that led to this state. An initial
// neutral eaten in the step of turn t reappears in turn t + repop_time, so
// the lines from turn 0 on rebuild every state (RebuildEaten), while a
// 1,000-turn trace stays small: under a megabyte for a duel of strong bots
// that eat thousands of neutrals, where listing the eaten ones every turn
// took hundreds.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = append(dst, `{"turn":`...)
	dst = strconv.AppendInt(dst, int64(s.turn), 10)
	dst = append(dst, `,"next_id":`...)
	dst = strconv.AppendInt(dst, int64(s.nextID), 10)
	dst = append(dst, `,"scores":[`...)
	for seat, v := range s.scores {
		dst = appendSep(dst, seat)
		dst = appendFloat(dst, v)
	}
	dst = append(dst, `],"players":[`...)
	for seat, cells := range s.owned {
		dst = appendSep(dst, seat)
		dst = append(dst, '[')
		for i, slot := range cells {
			c := &s.cells[slot]
			dst = appendSep(dst, i)
			dst = append(dst, '[')
			dst = strconv.AppendInt(dst, int64(c.id), 10)
			dst = appendFloats(dst, c.x, c.y, c.mass)
			dst = append(dst, ',')
			dst = strconv.AppendInt(dst, int64(c.isolation), 10)
			dst = append(dst, ']')
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `],"viruses":[`...)
	for i, slot := range s.viruses {
		c := &s.cells[slot]
		dst = appendSep(dst, i)
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(c.id), 10)
		dst = appendFloats(dst, c.x, c.y)
		dst = append(dst, ']')
	}
	dst = append(dst, `],"neutrals":[`...)
	for i, slot := range s.neutrals {
		c := &s.cells[slot]
		dst = appendSep(dst, i)
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(c.id), 10)
		dst = appendFloats(dst, c.x, c.y, c.mass)
		dst = append(dst, ']')
	}
	dst = append(dst, `],"eaten":[`...)
	n := 0
	eatenNow := int32(s.turn + r.cfg.InitialNeutralCellsRepopTime)
	for i := range s.nInit {
		if c := &s.cells[i]; !c.alive && c.due == eatenNow {
			dst = appendSep(dst, n)
			n++
			dst = strconv.AppendInt(dst, int64(i), 10)
		}
	}
	return append(dst, "]}"...)
}

// RebuildEaten returns the initial neutrals eaten and not yet back after
// turn, with the turn each reappears in, from the "eaten" lists of the
// states of turns 0 … turn of a trace (eatenAt[t] is turn t's list).
func RebuildEaten(eatenAt [][]int, turn, repop int) map[int]int {
	due := map[int]int{}
	for t := max(0, turn-repop+1); t <= turn && t < len(eatenAt); t++ {
		for _, id := range eatenAt[t] {
			due[id] = t + repop
		}
	}
	return due
}

func appendSep(dst []byte, i int) []byte {
	if i > 0 {
		dst = append(dst, ',')
	}
	return dst
}

// appendFloat appends v in the shortest form that reads back exactly.
func appendFloat(dst []byte, v float64) []byte { return strconv.AppendFloat(dst, v, 'g', -1, 64) }

// appendFloats appends ",v" for each v.
func appendFloats(dst []byte, vs ...float64) []byte {
	for _, v := range vs {
		dst = append(dst, ',')
		dst = appendFloat(dst, v)
	}
	return dst
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
