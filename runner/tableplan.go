package runner

import (
	"fmt"
	"sync"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// tableJudge is the judge of a format of tables planned stage by stage
// from the records before (results.Swiss, results.Heats).
type tableJudge interface {
	Games() []results.TableGame
	NextStage() (int, bool)
	Add(r *results.Record) error
	Stages() (count, start int)
}

// TablePlan is the plan of a Swiss or of heats: the games its judge
// planned, in order, stage after stage. A game of deal d is played on the
// seed Derive(master, d): a deal is one rotation of a table's seats (of
// every table of the stage), its games seating the table's bots rotated
// by one seat each. Len is the games of every round of a Swiss, the most
// games heats could play (every table to its cap).
type TablePlan struct {
	mu     sync.Mutex // Ready grows the games while workers read them
	judge  tableJudge
	master uint64
	seats  int
	len    int
}

// newTablePlan returns the plan of judge's games, at most length, at
// tables of seats, on seeds derived from master.
func newTablePlan(judge tableJudge, length int, master uint64, seats int) *TablePlan {
	return &TablePlan{judge: judge, master: master, seats: seats, len: length}
}

// Seats returns the seats of a table.
func (p *TablePlan) Seats() int { return p.seats }

// Len returns the games of the plan, or the most it can hold.
func (p *TablePlan) Len() int { return p.len }

// Match returns match i, once Ready has planned it.
func (p *TablePlan) Match(i int, seating []int) Pairing {
	p.mu.Lock()
	games := p.judge.Games()
	if i >= len(games) {
		p.mu.Unlock()
		panic(fmt.Sprintf("runner: match %d of tables is not planned yet", i))
	}
	g := games[i]
	p.mu.Unlock()
	s := grow(seating, p.seats)
	copy(s, g.Seating)
	return Pairing{Index: i, Deal: g.Deal, Seed: sim.Derive(p.master, uint64(g.Deal)), Seating: s}
}

// Ready plans the next stage once every game before next is judged, and
// returns the games planned.
func (p *TablePlan) Ready(next int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n, _ := p.judge.NextStage()
	return n
}

// Stages returns the stages planned so far and the first match of the
// last: its stages shard (StageSharded).
func (p *TablePlan) Stages() (count, start int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.judge.Stages()
}

// StageUnit returns the seats: a shard of a stage plays whole rotations of
// a table's seats.
func (p *TablePlan) StageUnit() int { return p.seats }

// add gives a record to the judge; a file read back plans its next stage
// as the run did.
func (p *TablePlan) add(r *results.Record) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.judge.Add(r)
}
