package vampires

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// stateJSON is the JSON form of a state (see AppendState).
type stateJSON struct {
	Ply        int       `json:"ply"`
	Rows       int       `json:"rows"`
	Columns    int       `json:"columns"`
	ToAct      int       `json:"to_act"`
	Over       bool      `json:"over"`
	Forfeit    *int      `json:"forfeit"`
	Species    [2]string `json:"species"`
	Population [3]int    `json:"population"`
	Cells      [][5]int  `json:"cells"`
}

// ParseState reads the JSON form of a state (AppendState) into s. The grid
// may be of any size up to MaxSide, as a test position; the species must
// be the rules' (seat0_species), the seat to act the ply's, each listed
// cell on the grid, listed once, with one kind of individuals, and the
// populations their sums.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v stateJSON
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("vampires: state: %v", err)
	}
	species := [2]Kind{r.Seat0, r.Seat0.Enemy()}
	switch {
	case v.Rows < 1 || v.Rows > MaxSide || v.Columns < 1 || v.Columns > MaxSide:
		return fmt.Errorf("vampires: state: a grid of %d rows and %d columns, not within 1..%d", v.Rows, v.Columns, MaxSide)
	case v.Ply < 0:
		return fmt.Errorf("vampires: state: ply %d", v.Ply)
	case v.ToAct != v.Ply%2:
		return fmt.Errorf("vampires: state: to_act %d after %d plies, want %d", v.ToAct, v.Ply, v.Ply%2)
	case v.Species != [2]string{species[0].String(), species[1].String()}:
		return fmt.Errorf("vampires: state: species %v, and the rules' are [%s %s]", v.Species, species[0], species[1])
	case v.Forfeit != nil && (*v.Forfeit < 0 || *v.Forfeit > 1):
		return fmt.Errorf("vampires: state: forfeit %d, want 0, 1 or null", *v.Forfeit)
	}
	s.rows, s.columns = v.Rows, v.Columns
	n := v.Rows * v.Columns
	s.cells = resize(s.cells, n)
	clear(s.cells)
	s.plan.reset(n)
	s.pop = [4]int{}
	s.species, s.ply, s.over, s.forfeit = species, v.Ply, v.Over, noForfeit
	if v.Forfeit != nil {
		s.forfeit = *v.Forfeit
	}
	for i, c := range v.Cells {
		cell := Cell{c[0], c[1]}
		var g Group
		for k, count := range c[2:] {
			switch {
			case count < 0:
				return fmt.Errorf("vampires: state: cells[%d]: a count of %d", i, count)
			case count > 0 && g.Kind != Empty:
				return fmt.Errorf("vampires: state: cells[%d]: two kinds on one cell", i)
			case count > 0:
				g = Group{Humans + Kind(k), count}
			}
		}
		switch {
		case !s.onGrid(cell):
			return fmt.Errorf("vampires: state: cells[%d]: (%d,%d) is off the grid", i, cell.X, cell.Y)
		case g.Kind == Empty:
			return fmt.Errorf("vampires: state: cells[%d]: (%d,%d) listed empty", i, cell.X, cell.Y)
		case s.cells[s.index(cell)].Kind != Empty:
			return fmt.Errorf("vampires: state: cells[%d]: (%d,%d) listed twice", i, cell.X, cell.Y)
		}
		s.put(s.index(cell), g)
	}
	if got := [3]int{s.pop[Humans], s.pop[Vampires], s.pop[Werewolves]}; got != v.Population {
		return fmt.Errorf("vampires: state: population %v, and the cells hold %v", v.Population, got)
	}
	return nil
}
