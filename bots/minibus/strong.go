package minibus

import (
	"math"
	"math/rand/v2"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// StrongParams are the strong bot's tunable arguments.
var StrongParams = []sim.ParamSpec{
	sim.IntParam("memory", 57, 1, 500, "turns its running averages (income, time spent moving, full departures) weigh").Log(),
	sim.FloatParam("residual", "0.55", 0, 1, "what a passenger still on board at the end of a two-stop plan is worth, in fares"),
	sim.FloatParam("wait", "1.05", 0, 4, "an empty bus stays at its station while the best plan earns less than this share of what the passengers expected to appear there in a turn are worth to it (residual fares each, shared with the other empty buses there)"),
	sim.FloatParam("bus_yield", "0.96", 0, 4, "what one more bus is expected to deliver, as a share of what each bus delivers now"),
	sim.FloatParam("car_yield", "0.35", 0, 4, "share of the passengers left behind by full departures that one more car, or UPDATESB, is expected to carry"),
}

// StrongConfig holds the strong bot's arguments.
type StrongConfig struct {
	Memory   int     // turns the running averages weigh
	Residual float64 // worth of a passenger left on board at a plan's end, in fares
	Wait     float64 // share of what a turn's passengers at its station are worth below which an empty bus waits there
	BusYield float64 // what a new bus delivers, as a share of an average bus
	CarYield float64 // share of the passengers full departures leave that a car carries
}

func strongBot() sim.Bot[minibus.View, minibus.Action] {
	return sim.Bot[minibus.View, minibus.Action]{
		Name:    "strong",
		Summary: "learns where passengers go from what it sees, routes each bus by the fares of its next two stops, racing the other buses to the queues, buys upgrades that bring the goal nearer; never sends an invalid command",
		Params:  StrongParams,
		Prepare: func(args sim.Params) (func() player, error) {
			r := sim.NewParamReader(args, StrongParams)
			cfg := StrongConfig{Memory: r.Int("memory"), Residual: r.Float("residual"),
				Wait: r.Float("wait"), BusYield: r.Float("bus_yield"), CarYield: r.Float("car_yield")}
			if err := r.Err(); err != nil {
				return nil, err
			}
			return func() player { return NewStrong(cfg) }, nil
		},
	}
}

// DefaultStrongConfig returns the arguments the strong bot uses when none
// are given.
func DefaultStrongConfig() StrongConfig {
	return StrongConfig{Memory: 57, Residual: 0.55, Wait: 1.05, BusYield: 0.96, CarYield: 0.35}
}

// NewStrong returns a strong player with the given arguments.
func NewStrong(cfg StrongConfig) *Strong { return &Strong{args: cfg} }

// Strong is the strong bot. It keeps three things from turn to turn:
//
//   - a demand model: how often passengers appear at each station and where
//     they go, counted from the passengers it sees appear (an estimate of
//     the hidden origin–destination matrix);
//   - its income: the fares it earned, smoothed, and how its buses spend
//     their time (moving or working, leaving full or not);
//   - its buses.
//
// Each turn it sends every bus that has nothing left to do at its station,
// and every bus on its way, on the best plan of two stops, where a queue
// is worth what the buses that get there first leave of it (see route);
// then it spends its money on the purchase that brings the goal nearest
// (see invest). It checks every
// command against the rules and its own money first, so it never loses by
// an invalid one.
type Strong struct {
	args  StrongConfig
	seat  int
	cfg   minibus.Config
	fresh bool // no view seen yet in this match
	line  minibus.Line

	// The demand model.
	age      [minibus.MaxStations]int // turns each station has been seen
	appeared [minibus.MaxStations]int // passengers seen appearing there
	bound    [minibus.MaxStations][minibus.MaxStations]int

	// The income and the buses' time.
	lastMoney int                          // money seen last turn
	spent     int                          // money spent by last turn's commands
	income    ema                          // money earned per turn
	moving    ema                          // share of the buses' turns spent moving
	full      ema                          // share of departures with every seat taken
	own       []int                        // its buses' ids
	seen      int                          // bus ids below this are known
	heads     []heading                    // every bus's, ours as routed this turn
	plan      [minibus.MaxStations]float64 // scratch: riders bound for each station
}

// ema is an exponential moving average, corrected for its start at zero.
type ema struct{ sum, weight float64 }

// add adds a sample; rate is the weight of the newest one, 1/memory.
func (e *ema) add(x, rate float64) {
	e.sum = float64(e.sum*(1-rate)) + float64(x*rate)
	e.weight = float64(e.weight*(1-rate)) + rate
}

// value returns the average, or def before any sample.
func (e *ema) value(def float64) float64 {
	if e.weight < 0.05 {
		return def
	}
	return e.sum / e.weight
}

// Reset forgets the last match.
func (p *Strong) Reset(m sim.MatchInfo, _ *rand.Rand) {
	*p = Strong{args: p.args, seat: m.Seat, fresh: true, line: p.line, own: p.own[:0], heads: p.heads[:0]}
}

// Act plays one turn.
func (p *Strong) Act(v *minibus.View) (minibus.Action, error) {
	p.line.Reset()
	me := v.Player(p.seat)
	if p.fresh {
		p.cfg, p.fresh, p.lastMoney = v.Config(), false, me.Money
	}
	p.observe(v, me)
	money := me.Money
	p.headings(v)
	for _, id := range p.own {
		p.route(v, me, id)
	}
	money = p.invest(v, me, money)
	p.spent = me.Money - money
	return p.line.Action(), nil
}

// observe updates the demand model, the income and the list of its buses.
func (p *Strong) observe(v *minibus.View, me minibus.PlayerInfo) {
	for i := range v.Stations() {
		p.age[i]++
	}
	for k := range v.Spawned() {
		o, d := v.Trip(v.SpawnedAt(k))
		p.appeared[o]++
		p.bound[o][d]++
	}
	p.income.add(float64(me.Money-p.lastMoney+p.spent), p.sampleWeight())
	p.lastMoney = me.Money
	for ; p.seen < v.Buses(); p.seen++ {
		if v.Bus(p.seen).Owner == p.seat {
			p.own = append(p.own, p.seen)
		}
	}
	if len(p.own) > 0 {
		moving := 0
		for _, id := range p.own {
			if !v.AtDestination(id) {
				moving++
			}
		}
		p.moving.add(float64(moving)/float64(len(p.own)), p.sampleWeight())
	}
}

// rate returns the estimated passengers a turn appearing at station i,
// with a prior of 0.3 worth 5 turns.
func (p *Strong) rate(i int) float64 {
	return (float64(p.appeared[i]) + 1.5) / (float64(p.age[i]) + 5)
}

// share returns the estimated share of station i's passengers bound for
// j, among the n stations that exist: the counts seen, with a prior
// spreading one passenger evenly.
func (p *Strong) share(i, j, n int) float64 {
	if i == j {
		return 0
	}
	return (float64(p.bound[i][j]) + 1/float64(n-1)) / (float64(p.appeared[i]) + 1)
}

// heading is where a bus is headed and how it will load there.
type heading struct {
	dest   int     // the station it heads to; -1 for a destroyed bus
	eta    float64 // turns until it loads there: driving, then dropping riders bound there
	free   float64 // its free seats
	empty  bool    // nobody on board
	loader bool    // standing at its destination, loading or unloading
}

// headings notes, for every bus, where it heads and when it loads there:
// its destination, or for ours the one route chose this turn (see head).
func (p *Strong) headings(v *minibus.View) {
	p.heads = p.heads[:0]
	for id := range v.Buses() {
		p.heads = append(p.heads, heading{dest: -1})
		if b := v.Bus(id); !b.Destroyed {
			p.head(v, id, b.Dest)
			p.heads[id].loader = v.AtDestination(id)
		}
	}
}

// head notes that bus id heads to station d.
func (p *Strong) head(v *minibus.View, id, d int) {
	b, st := v.Bus(id), v.Station(d)
	drops := 0
	for k := range b.Riders {
		if _, to := v.Trip(v.RiderAt(id, k)); to == d {
			drops++
		}
	}
	p.heads[id] = heading{dest: d, free: float64(b.Seats() - b.Riders), empty: b.Riders == 0,
		eta: float64(p.travel(v.Player(b.Owner), b.X, b.Y, st.X, st.Y)) + turnsFor(float64(drops))}
}

// taken returns how many of station d's passengers the other buses will
// take before a bus arriving in t turns can: those that get there first,
// each with its free seats, and half of those that get there in the same
// turn (they board together). A bus that arrives later takes nothing from
// it: counting it too makes every queue look taken in a crowded game.
func (p *Strong) taken(d, self int, t float64) float64 {
	sum := 0.0
	for id, h := range p.heads {
		switch {
		case h.dest != d || id == self:
		case h.eta < t:
			sum += h.free
		case h.eta == t:
			sum += float64(h.free / 2)
		}
	}
	return sum
}

// travel returns the turns a bus of the player takes from one point to
// another.
func (p *Strong) travel(me minibus.PlayerInfo, x1, y1, x2, y2 int) int {
	s := me.Speed()
	return (minibus.Distance(x1, y1, x2, y2) + s - 1) / s
}

// route decides what bus id does this turn. At its destination it unloads
// while it has passengers for the station and loads while some wait there
// and it has a free seat, whatever other buses head there: both are sure
// fares, and a bus standing at a station loads before any bus still on its
// way. Otherwise it heads for the first stop of the best plan, unless
// waiting for passengers to appear where it stands is worth more. A bus on
// its way is routed again every turn: the queue it heads for may have been
// taken, or a nearer one may have formed.
//
// Only an empty bus waits: the fares of a bus's riders are due, and a
// queue that may form is no reason to hold them (with a patience of a few
// turns for them instead, the play was the same).
func (p *Strong) route(v *minibus.View, me minibus.PlayerInfo, id int) {
	b := v.Bus(id)
	for i := range p.plan {
		p.plan[i] = 0
	}
	for k := range b.Riders {
		_, d := v.Trip(v.RiderAt(id, k))
		p.plan[d]++
	}
	free := b.Seats() - b.Riders
	from := -1 // the station it stands at
	if v.AtDestination(id) {
		from = b.Dest
		if p.plan[from] > 0 || (free > 0 && v.Station(from).Waiting > 0) {
			return
		}
	}
	best, score := p.bestStop(v, me, b, id, from)
	fare := float64(me.Fare())
	if from >= 0 && b.Riders == 0 && score < p.waitValue(from, fare) {
		return // better to wait for passengers here
	}
	if best < 0 || best == b.Dest {
		return
	}
	if from >= 0 {
		if free == 0 {
			p.full.add(1, p.sampleWeight())
		} else {
			p.full.add(0, p.sampleWeight())
		}
	}
	p.line.Destination(id, best)
	p.head(v, id, best)
}

// waitValue returns what a turn of an empty bus waiting at station from
// is worth, in the plans' terms: the passengers expected to appear there
// in a turn, each worth Residual fares as a passenger picked up is, shared
// with the other empty buses standing there (the emptiest bus boards
// first, ties drawn at random), times Wait.
func (p *Strong) waitValue(from int, fare float64) float64 {
	rivals := 0
	for _, h := range p.heads {
		if h.dest == from && h.loader && h.empty {
			rivals++ // the waiting bus itself included
		}
	}
	return float64(p.args.Wait*p.args.Residual) * float64(fare*p.rate(from)) / float64(max(rivals, 1))
}

// sampleWeight is the weight of the newest sample in the running averages.
func (p *Strong) sampleWeight() float64 { return 1 / float64(p.args.Memory) }

// bestStop returns the station bus id, standing at station from (-1 on its
// way), should head to and the value a turn of the best plan through it: a
// plan is one or two stops, d then e. At each stop the bus drops its
// passengers bound there, a fare each, then takes whoever waits, up to its
// free seats: the passengers waiting or expected to appear by then, less
// those the buses that get there first take; their destinations follow the
// demand model. Those taken at d and not dropped at e are worth a part of a
// fare. A plan's value is over the turns it takes: driving, unloading,
// loading.
func (p *Strong) bestStop(v *minibus.View, me minibus.PlayerInfo, b minibus.BusInfo, id, from int) (best int, score float64) {
	n := v.Stations()
	fare := float64(me.Fare())
	free := float64(b.Seats() - b.Riders)
	best, score = -1, -1.0
	for d := range n {
		if d == from {
			continue
		}
		sd := v.Station(d)
		drop1 := p.plan[d]
		time1 := float64(p.travel(me, b.X, b.Y, sd.X, sd.Y)) + turnsFor(drop1)
		pick1 := p.available(v, d, id, time1, free+drop1)
		time1 += turnsFor(pick1)
		// A passenger still on board at the plan's end is worth Residual
		// fares: it will pay later, for more driving.
		residual := p.args.Residual
		s := fare * (drop1 + float64(residual*pick1)) / max(time1, 1)
		for e := range n {
			if e == d {
				continue
			}
			se := v.Station(e)
			drop2 := p.plan[e]
			if e == from {
				drop2 = 0 // nobody on board is bound for the station it leaves
			}
			later := float64(pick1 * p.share(d, e, n))
			t2 := float64(p.travel(me, sd.X, sd.Y, se.X, se.Y)) + turnsFor(drop2+later)
			value := fare * (drop1 + drop2 + later + float64(residual*(pick1-later)))
			s = max(s, value/(time1+t2))
		}
		if s > score {
			best, score = d, s
		}
	}
	return best, score
}

// available returns how many passengers bus id arriving at station d in t
// turns can expect to take, at most free: those waiting and those to
// appear by then, up to the station's capacity, less those the other
// buses take first.
func (p *Strong) available(v *minibus.View, d, id int, t, free float64) float64 {
	st := v.Station(d)
	expect := min(float64(st.Capacity), float64(st.Waiting)+float64(p.rate(d)*t)) - p.taken(d, id, t)
	return max(0, min(free, expect))
}

// turnsFor returns the turns needed to move k passengers in or out, 5 a
// turn.
func turnsFor(k float64) float64 { return math.Ceil(k / minibus.Transfers) }

// invest spends money on what brings the goal nearest and returns the
// money left. The options are one more bus, a car for a bus that may take
// one, UPDATESB, UPDATESP and UPDATECT; each changes the income a turn by
// an estimate. With the goal in reach before the game ends, an option is
// worth it if the goal comes sooner after paying it; otherwise, if the
// money at the end is higher. One purchase a turn, the best.
func (p *Strong) invest(v *minibus.View, me minibus.PlayerInfo, money int) int {
	cfg := &p.cfg
	left := float64(cfg.MaxTurns - v.Turn + 1)
	fare := float64(me.Fare())
	nb := float64(len(p.own))
	// Passengers delivered a turn, measured, or a guess at the start.
	delivered := max(p.income.value(0)/fare, 0.15*nb)
	income := float64(delivered * fare)

	var opts [5]option
	k := 0
	if len(p.own) < cfg.MaxBuses {
		perBus := 0.3
		if nb > 0 {
			perBus = p.args.BusYield * delivered / nb
		}
		if st := p.busStation(v); st >= 0 {
			opts[k] = option{minibus.OpBus, 0, st, cfg.BusPrice, (delivered + perBus) * fare}
			k++
		}
	}
	if me.CT < cfg.CTMax {
		opts[k] = option{minibus.OpUpdateCT, 0, 0, cfg.CTPrice, delivered * (fare + minibus.FareStep)}
		k++
	}
	if me.SP < cfg.SPMax && nb > 0 {
		s := float64(me.Speed())
		m := p.moving.value(0.5)
		opts[k] = option{minibus.OpUpdateSP, 0, 0, cfg.SPPrice, income / (1 - m + m*s/(s+1))}
		k++
	}
	if nb > 0 {
		for _, id := range p.own {
			if b := v.Bus(id); b.Cars < me.MaxCars() {
				gain := p.args.CarYield * p.full.value(0.3) * delivered / nb / float64(b.Cars)
				opts[k] = option{minibus.OpUpgrade, id, 0, cfg.UpgradePrice, income + float64(gain*fare)}
				k++
				break
			}
		}
		if me.SB < cfg.SBMax {
			gain := p.args.CarYield * p.full.value(0.3) * delivered / float64(me.MaxCars())
			opts[k] = option{minibus.OpUpdateSB, 0, 0, cfg.SBPrice + cfg.UpgradePrice*len(p.own), income + float64(gain*fare)}
			k++
		}
	}
	goal := float64(cfg.GoalMoney)
	reach := income > 0 && (goal-float64(money))/income < left
	// worth returns how good having money m and income i is: the goal's
	// nearness when it is in reach, else the money at the end.
	worth := func(m, i float64) float64 {
		if reach {
			if i <= 0 {
				return -1e18
			}
			return -(goal - m) / i
		}
		return m + float64(i*left)
	}
	bestWorth, choice := worth(float64(money), income)+1, -1
	for i, o := range opts[:k] {
		if o.price > money {
			continue
		}
		if w := worth(float64(money-o.price), o.income); w > bestWorth {
			bestWorth, choice = w, i
		}
	}
	if choice < 0 {
		return money
	}
	o := opts[choice]
	switch o.op {
	case minibus.OpBus:
		p.line.Bus(o.station)
	case minibus.OpUpgrade:
		p.line.Upgrade(o.bus)
	default:
		p.line.Op(o.op)
	}
	return money - o.price
}

// option is a purchase invest considers: its command, its price and the
// income a turn expected after it.
type option struct {
	op      minibus.Op
	bus     int // UPGRADE's
	station int // BUS's
	price   int
	income  float64
}

// busStation returns where a new bus should start: the station with the
// most passengers waiting beyond what other buses will take, -1 if there
// is no station.
func (p *Strong) busStation(v *minibus.View) int {
	best, most := -1, -1e18
	for i := range v.Stations() {
		st := v.Station(i)
		if w := float64(st.Waiting) - p.taken(i, -1, 0) + p.rate(i); w > most {
			best, most = i, w
		}
	}
	return best
}
