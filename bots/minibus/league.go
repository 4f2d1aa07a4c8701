package minibus

import (
	"math/rand/v2"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// dwell is how many turns the league AIs leave a bus at its destination,
// counted when they read their input, before sending it on (rule sheet,
// "Built-in AIs").
const dwell = 5

// SNCF is iaSNCF, the AI of the Wood 3 league: it always answers PASS.
type SNCF struct{ line minibus.Line }

// Reset does nothing: SNCF has no memory.
func (p *SNCF) Reset(sim.MatchInfo, *rand.Rand) {}

// Act answers PASS.
func (p *SNCF) Act(*minibus.View) (minibus.Action, error) {
	p.line.Reset()
	return p.line.Action(), nil
}

// RATP is iaRATP, the AI of the Wood 2 league: on its first turn it buys
// one bus at station 0, the first initial station; then it counts the
// turns its bus stands at its destination and at 5 sends it to the next
// station by id, around all the stations there are.
type RATP struct {
	line    minibus.Line
	started bool
	waited  int
}

// Reset forgets the last match.
func (p *RATP) Reset(sim.MatchInfo, *rand.Rand) { p.started, p.waited = false, 0 }

// Act buys the bus, then moves it along every 5 turns at a station.
func (p *RATP) Act(v *minibus.View) (minibus.Action, error) {
	p.line.Reset()
	if !p.started {
		p.started = true
		p.line.Bus(0)
		return p.line.Action(), nil
	}
	for id := range v.Buses() {
		b := v.Bus(id)
		if b.Owner != v.Seat || b.Destroyed {
			continue
		}
		if v.AtDestination(id) {
			if p.waited++; p.waited == dwell {
				p.waited = 0
				p.line.Destination(id, (b.Dest+1)%v.Stations())
			}
		}
		break
	}
	return p.line.Action(), nil
}

// Focus is the one upgrade a Wood 1 AI spends on once it owns its buses.
type Focus uint8

// The Wood 1 AIs' focuses.
const (
	FocusFare     Focus = iota // iaTICE: two UPDATECT
	FocusSpeed                 // iaKeolis: one UPDATESP
	FocusCapacity              // iaTransdev: one UPDATESB, then a second car for each bus
)

var focusNames = [...]string{"fare", "speed", "capacity"}

// String names the upgrade.
func (f Focus) String() string { return focusNames[f] }

// Cycler is the AI of the Wood 1 league, iaTICE, iaKeolis or iaTransdev by
// its focus. It buys a bus at a random station whenever it can, up to the
// limit; each bus draws once whether it goes round the stations up or down
// the ids, and stays 5 turns at each. Once it owns all its buses it buys
// its focus's upgrades as soon as it can afford them. Each turn, in order:
// the upgrades, the purchases (counting its money down as it spends, so it
// may buy several buses in a turn), the destinations.
type Cycler struct {
	focus  Focus
	seat   int
	rng    *rand.Rand
	cfg    minibus.Config // read from the first view of the match
	fresh  bool           // no view seen yet in this match
	bought int
	seen   int     // buses of every player looked at so far: ids below are known
	own    []cycle // its buses, in id order
	line   minibus.Line
}

// cycle is one bus of a Cycler.
type cycle struct {
	id     int
	dir    int // +1 or -1 around the station ids
	waited int // turns seen at its destination since it came
}

// NewCycler returns a Wood 1 AI with the given focus.
func NewCycler(f Focus) *Cycler { return &Cycler{focus: f} }

// Reset forgets the last match; the bot's choices come from rng.
func (p *Cycler) Reset(m sim.MatchInfo, rng *rand.Rand) {
	p.seat, p.rng, p.fresh, p.bought, p.seen, p.own = m.Seat, rng, true, 0, 0, p.own[:0]
}

// Act plays one turn as the type comment says.
func (p *Cycler) Act(v *minibus.View) (minibus.Action, error) {
	p.line.Reset()
	if p.fresh {
		p.cfg, p.fresh = v.Config(), false
	}
	for ; p.seen < v.Buses(); p.seen++ {
		if v.Bus(p.seen).Owner == p.seat {
			p.own = append(p.own, cycle{id: p.seen, dir: 1 - 2*p.rng.IntN(2)})
		}
	}
	for i := range p.own {
		if v.AtDestination(p.own[i].id) {
			p.own[i].waited++
		}
	}
	money := v.Player(p.seat).Money
	if len(p.own) >= p.cfg.MaxBuses {
		money = p.upgrade(v, money)
	}
	for money >= p.cfg.BusPrice && p.bought < p.cfg.MaxBuses {
		p.line.Bus(p.rng.IntN(v.Stations()))
		money -= p.cfg.BusPrice
		p.bought++
	}
	for i := range p.own {
		if c := &p.own[i]; c.waited >= dwell {
			c.waited = 0
			n := v.Stations()
			p.line.Destination(c.id, (v.Bus(c.id).Dest+c.dir+n)%n)
		}
	}
	return p.line.Action(), nil
}

// upgrade buys the focus's upgrades it can afford and returns the money
// left. The referee's AIs stop at 2 UPDATECT, 1 UPDATESP or 1 UPDATESB;
// these also stop at the rules' limits, which only matters when a
// parameter lowers them.
func (p *Cycler) upgrade(v *minibus.View, money int) int {
	cfg, me := &p.cfg, v.Player(p.seat)
	switch p.focus {
	case FocusFare:
		for ct := me.CT; money >= cfg.CTPrice && ct < min(2, cfg.CTMax); ct++ {
			p.line.Op(minibus.OpUpdateCT)
			money -= cfg.CTPrice
		}
	case FocusSpeed:
		for sp := me.SP; money >= cfg.SPPrice && sp < min(1, cfg.SPMax); sp++ {
			p.line.Op(minibus.OpUpdateSP)
			money -= cfg.SPPrice
		}
	case FocusCapacity:
		for _, c := range p.own {
			for cars := v.Bus(c.id).Cars; money >= cfg.UpgradePrice && cars < me.MaxCars(); cars++ {
				p.line.Upgrade(c.id)
				money -= cfg.UpgradePrice
			}
		}
		for sb := me.SB; money >= cfg.SBPrice && sb < min(1, cfg.SBMax); sb++ {
			p.line.Op(minibus.OpUpdateSB)
			money -= cfg.SBPrice
		}
	}
	return money
}
