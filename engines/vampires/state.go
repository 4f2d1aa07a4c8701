package vampires

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// Kind is what a cell holds: nobody, humans, vampires or werewolves (rule
// sheet, "Board": at most one kind per cell).
type Kind uint8

// The kinds, in the order of the original protocol's cell quintuplets
// (humans, vampires, werewolves).
const (
	Empty Kind = iota
	Humans
	Vampires
	Werewolves
)

var kindNames = [...]string{"empty", "humans", "vampires", "werewolves"}

// String returns the kind's name: "empty", "humans", "vampires" or
// "werewolves".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Species reports whether k is one of the two players' species.
func (k Kind) Species() bool { return k == Vampires || k == Werewolves }

// Enemy returns the other species of a species.
func (k Kind) Enemy() Kind { return Vampires + Werewolves - k }

// Group is the contents of a cell: Count individuals of one Kind. The empty
// cell is the zero Group.
type Group struct {
	Kind  Kind
	Count int
}

// noForfeit marks a match nobody has forfeited.
const noForfeit = -1

// State is a match in progress. Its zero value is ready for Init.
//
// Cell (x, y) is at index y*columns + x: row-major, the order in which the
// targets of a ply are resolved.
type State struct {
	rows, columns int
	cells         []Group
	species       [2]Kind // per seat
	pop           [4]int  // individuals of each Kind on the grid
	ply           int     // plies played, void ones included
	over          bool
	forfeit       int // the seat that forfeited, or noForfeit

	plan // the scratch space of Step, kept to avoid allocating
}

// Init starts a match on the configured map (rule sheet, "Board"): its
// humans and the two start groups. The rules draw no random numbers here.
func (r *Rules) Init(s *State, _ *rand.Rand) {
	m := r.Map
	s.rows, s.columns = m.Rows, m.Columns
	n := m.Rows * m.Columns
	s.cells = resize(s.cells, n)
	s.plan.reset(n)
	s.pop = [4]int{}
	for _, h := range m.Humans {
		s.put(s.index(h.Cell), Group{Humans, h.Count})
	}
	s.put(s.index(m.Vampires.Cell), Group{Vampires, m.Vampires.Count})
	s.put(s.index(m.Werewolves.Cell), Group{Werewolves, m.Werewolves.Count})
	s.species = [2]Kind{r.Seat0, r.Seat0.Enemy()}
	s.ply, s.over, s.forfeit = 0, false, noForfeit
}

// index returns the index of a cell of the grid.
func (s *State) index(c Cell) int { return c.Y*s.columns + c.X }

// cell returns the coordinates of index i.
func (s *State) cell(i int) Cell { return Cell{i % s.columns, i / s.columns} }

// onGrid reports whether c is a cell of the grid.
func (s *State) onGrid(c Cell) bool { return OnGrid(c, s.rows, s.columns) }

// put sets the contents of cell i, keeping the populations up to date. A
// group of no individuals leaves the cell empty.
func (s *State) put(i int, g Group) {
	old := s.cells[i]
	s.pop[old.Kind] -= old.Count
	if g.Count <= 0 {
		g = Group{}
	}
	s.cells[i] = g
	s.pop[g.Kind] += g.Count
}

// toAct returns the seat whose ply it is: seat 0 plays the odd plies
// (rule sheet, "Players and turns").
func (s *State) toAct() int { return s.ply % 2 }

// ToAct appends the one seat whose ply it is.
func (r *Rules) ToAct(s *State, dst []int) []int { return append(dst, s.toAct()) }

// Turn returns the number of plies played, void ones included.
func (r *Rules) Turn(s *State) int { return s.ply }

// Done reports whether the match is over.
func (r *Rules) Done(s *State) bool { return s.over }

// Population returns the number of individuals of kind k on the grid.
func (s *State) Population(k Kind) int { return s.pop[k] }

// winner returns the seat that won, or -1 for a draw (rule sheet, "End and
// outcome"): the other seat after a forfeit, else the species with more
// individuals.
func (s *State) winner() int {
	if s.forfeit != noForfeit {
		return 1 - s.forfeit
	}
	switch a, b := s.pop[s.species[0]], s.pop[s.species[1]]; {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}

// Outcome scores each seat by its species' population at the end and
// places the winner first; a draw shares first place (rule sheet, "End and
// outcome").
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	out.Reset(2)
	for seat, k := range s.species {
		out.Scores[seat] = float64(s.pop[k])
		out.Places[seat] = 1
	}
	if w := s.winner(); w >= 0 {
		out.Places[1-w] = 2
	}
}

// Hash hashes everything the rules depend on: the ply, the end, the
// forfeit, the grid's size, the seats' species and every non-empty cell.
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.ply)
	h.Bool(s.over)
	h.Int(s.forfeit)
	h.Int(s.rows)
	h.Int(s.columns)
	h.Byte(byte(s.species[0]))
	for i, g := range s.cells {
		if g.Kind != Empty {
			h.Int(i)
			h.Byte(byte(g.Kind))
			h.Int(g.Count)
		}
	}
	return h.Sum()
}

// AppendState appends s as JSON:
//
//	{"ply":3,"rows":5,"columns":10,"to_act":1,"over":false,"forfeit":null,
//	 "species":["vampires","werewolves"],"population":[9,4,6],
//	 "cells":[[x,y,humans,vampires,werewolves],…]}
//
// population counts humans, vampires and werewolves; cells lists the
// non-empty cells in row-major order, as the original protocol's MAP
// quintuplets.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = append(dst, `{"ply":`...)
	dst = strconv.AppendInt(dst, int64(s.ply), 10)
	dst = append(dst, `,"rows":`...)
	dst = strconv.AppendInt(dst, int64(s.rows), 10)
	dst = append(dst, `,"columns":`...)
	dst = strconv.AppendInt(dst, int64(s.columns), 10)
	dst = append(dst, `,"to_act":`...)
	dst = strconv.AppendInt(dst, int64(s.toAct()), 10)
	dst = append(dst, `,"over":`...)
	dst = strconv.AppendBool(dst, s.over)
	dst = append(dst, `,"forfeit":`...)
	if s.forfeit == noForfeit {
		dst = append(dst, "null"...)
	} else {
		dst = strconv.AppendInt(dst, int64(s.forfeit), 10)
	}
	dst = append(dst, `,"species":["`...)
	dst = append(dst, s.species[0].String()...)
	dst = append(dst, `","`...)
	dst = append(dst, s.species[1].String()...)
	dst = append(dst, `"],"population":[`...)
	dst = appendInts(dst, s.pop[Humans], s.pop[Vampires], s.pop[Werewolves])
	dst = append(dst, `],"cells":`...)
	dst = s.appendCells(dst)
	return append(dst, '}')
}

// appendCells appends the non-empty cells as [[x,y,humans,vampires,werewolves],…].
func (s *State) appendCells(dst []byte) []byte {
	dst = append(dst, '[')
	first := true
	for i, g := range s.cells {
		if g.Kind == Empty {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		c := s.cell(i)
		var n [4]int
		n[g.Kind] = g.Count
		dst = append(dst, '[')
		dst = appendInts(dst, c.X, c.Y, n[Humans], n[Vampires], n[Werewolves])
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

// resize returns s with length n and every entry zero, reusing its array
// when it is large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
