package minibus

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/arenasim/arena/sim"
)

// Step plays one turn (rule sheet, "Turn order"). The players have seen
// the turn's new station and passengers (steps 1 and 2, played at the end
// of the previous Step or by Init) and answered (steps 3 and 4); Step runs
// steps 5 to 10, then steps 1 and 2 of the next turn. None of the phases
// allocates.
func (r *Rules) Step(s *State, acts []Action, rng *rand.Rand, faults *sim.FaultLog) {
	s.turn++
	s.boarded, s.dropped = s.boarded[:0], s.dropped[:0]
	r.runCommands(s, acts, faults)
	r.assignWork(s)
	r.load(s, rng)
	r.unload(s)
	r.move(s)
	r.checkWins(s)
	r.checkEnd(s)
	if !s.over {
		r.beginTurn(s, rng)
	}
}

// beginTurn is steps 1 and 2 of the next turn: maybe a new station, then
// the passengers.
func (r *Rules) beginTurn(s *State, rng *rand.Rand) {
	r.maybeAddStation(s, rng)
	r.spawn(s, rng)
}

// maybeAddStation is step 1: a new station at turns 1, 1+station_every,
// 1+2·station_every… until max_stations exist (rule sheet, "Stations").
func (r *Rules) maybeAddStation(s *State, rng *rand.Rand) {
	s.newStation = -1
	next := s.turn + 1
	if len(s.stations) < r.MaxStations && (next-1)%r.StationEvery == 0 {
		s.newStation = len(s.stations)
		r.addStation(s, rng)
	}
}

// addStation adds the next station: the pinned one, or a uniformly random
// free point (one draw among the free points) and a capacity uniform in
// 5..10, drawn in that order.
func (r *Rules) addStation(s *State, rng *rand.Rand) {
	id := len(s.stations)
	var spec StationSpec
	if id < len(r.Stations) {
		spec = r.Stations[id]
	} else {
		spec.X, spec.Y = r.freePoint(s, rng)
		spec.Capacity = 5 + rng.IntN(6)
	}
	if id < cap(s.stations) {
		s.stations = s.stations[:id+1]
	} else {
		s.stations = append(s.stations, station{})
	}
	st := &s.stations[id]
	st.x, st.y, st.capacity, st.queue = spec.X, spec.Y, spec.Capacity, st.queue[:0]
}

// freePoint draws a grid point no station uses, each equally likely: point
// k is (k mod grid_size, k div grid_size); the draw counts only free
// points, then steps over the used ones below it in increasing order.
func (r *Rules) freePoint(s *State, rng *rand.Rand) (x, y int) {
	var used [MaxStations]int
	n := len(s.stations)
	for i, st := range s.stations {
		k := st.y*r.GridSize + st.x
		j := i
		for ; j > 0 && used[j-1] > k; j-- { // insertion sort
			used[j] = used[j-1]
		}
		used[j] = k
	}
	k := rng.IntN(r.GridSize*r.GridSize - n)
	for _, u := range used[:n] {
		if u <= k {
			k++
		}
	}
	return k % r.GridSize, k / r.GridSize
}

// spawn is step 2: at each station in id order, unless fewer than 2
// stations exist or the station is full, a passenger appears when a roll
// r in 0..99 has r ≤ 40 + 2(c − w); its destination is drawn from the
// origin's row of the matrix, and no passenger appears when that station
// does not exist yet (rule sheet, "Passengers").
func (r *Rules) spawn(s *State, rng *rand.Rand) {
	s.spawned = s.spawned[:0]
	if len(s.stations) < 2 {
		return
	}
	for i := range s.stations {
		st := &s.stations[i]
		w := len(st.queue)
		if w >= st.capacity || rng.IntN(100) > 40+2*(st.capacity-w) {
			continue
		}
		roll, dest := rng.IntN(100), 0
		for sum := int(s.od[i][0]); roll >= sum; sum += int(s.od[i][dest]) {
			dest++
		}
		if dest >= len(s.stations) {
			continue
		}
		id := int32(len(s.pass))
		s.pass = append(s.pass, passenger{origin: int8(i), dest: int8(dest)})
		st.queue = append(st.queue, id)
		s.spawned = append(s.spawned, id)
	}
}

// runCommands is step 5: each player's line, in seat order, command by
// command. No answer, or an invalid command, makes the player lose at once;
// the commands before the invalid one keep their effect (rule sheet,
// "Commands").
func (r *Rules) runCommands(s *State, acts []Action, faults *sim.FaultLog) {
	for seat := range s.players {
		if s.players[seat].status != Playing {
			continue
		}
		line := acts[seat].Line
		if line == nil {
			faults.Add(seat, sim.FaultNoAnswer, "no command line")
			r.leave(s, seat, Lost, 0)
			continue
		}
		if string(line) == "PASS" {
			continue // the most common line, read at once
		}
		if err := splitLine(line, func(c Command) error { return r.execute(s, seat, c) }); err != nil {
			faults.Add(seat, sim.FaultInvalid, err.Error())
			r.leave(s, seat, Lost, 0)
		}
	}
}

// execute runs one command of seat, or says why it is invalid (rule sheet,
// the commands' table).
func (r *Rules) execute(s *State, seat int, c Command) error {
	p := &s.players[seat]
	switch c.Op {
	case OpPass:
		return nil
	case OpBus:
		if err := r.checkStation(s, c.Station); err != nil {
			return err
		}
		if p.buses >= r.MaxBuses {
			return fmt.Errorf("already %d buses, the most allowed", p.buses)
		}
		if err := pay(p, r.BusPrice); err != nil {
			return err
		}
		p.buses++
		s.addBus(seat, c.Station)
	case OpDestination:
		b, err := r.ownBus(s, seat, c.Bus)
		if err != nil {
			return err
		}
		if err := r.checkStation(s, c.Station); err != nil {
			return err
		}
		// A new destination makes the bus leave at its turn to move, which
		// interrupts any loading or unloading; the same one changes nothing.
		b.dest = c.Station
	case OpUpgrade:
		return r.upgradeBus(s, seat, c.Bus)
	case OpUpdateSB:
		return upgrade(p, &p.sb, r.SBMax, r.SBPrice)
	case OpUpdateSP:
		return upgrade(p, &p.sp, r.SPMax, r.SPPrice)
	case OpUpdateCT:
		return upgrade(p, &p.ct, r.CTMax, r.CTPrice)
	default:
		return errors.New("unknown command")
	}
	return nil
}

// checkStation reports a station id that does not exist yet.
func (r *Rules) checkStation(s *State, id int) error {
	if id >= len(s.stations) {
		return fmt.Errorf("no station %d (stations 0..%d exist)", id, len(s.stations)-1)
	}
	return nil
}

// upgradeBus is UPGRADE B: one more car for seat's bus B, not bought this
// turn, within 1 + SB cars. The referee takes the price as soon as the bus
// is found to be the player's, before its other checks: an UPGRADE that
// fails on the car limit or on a bus bought this turn is still paid for
// (failed_upgrade=paid, the default); with failed_upgrade=free it is not.
func (r *Rules) upgradeBus(s *State, seat, id int) error {
	p := &s.players[seat]
	b, err := r.busOf(s, seat, id)
	if err != nil {
		return err
	}
	if r.FailedUpgrade == PaidUpgrade {
		if err := pay(p, r.UpgradePrice); err != nil {
			return err
		}
	}
	if err := boughtNow(s, b, id); err != nil {
		return err
	}
	if b.cars >= 1+p.sb {
		return fmt.Errorf("bus %d has %d cars, the most with %d UPDATESB", id, b.cars, p.sb)
	}
	if r.FailedUpgrade == FreeUpgrade {
		if err := pay(p, r.UpgradePrice); err != nil {
			return err
		}
	}
	b.cars++
	return nil
}

// ownBus returns seat's bus id, or why seat may not command it: no such
// bus, another player's, or bought this very turn.
func (r *Rules) ownBus(s *State, seat, id int) (*bus, error) {
	b, err := r.busOf(s, seat, id)
	if err != nil {
		return nil, err
	}
	return b, boughtNow(s, b, id)
}

// busOf returns seat's bus id, or why it is not: no such bus, or another
// player's.
func (r *Rules) busOf(s *State, seat, id int) (*bus, error) {
	if id >= len(s.buses) {
		return nil, fmt.Errorf("no bus %d", id)
	}
	b := &s.buses[id]
	if b.owner != seat {
		return nil, fmt.Errorf("bus %d belongs to player %d", id, b.owner)
	}
	return b, nil
}

// boughtNow says that bus id was bought this very turn: it takes no command.
func boughtNow(s *State, b *bus, id int) error {
	if b.bought == s.turn {
		return fmt.Errorf("bus %d was bought this turn", id)
	}
	return nil
}

// pay takes price from p's money, or says it lacks it.
func pay(p *player, price int) error {
	if p.money < price {
		return fmt.Errorf("%d money, the price is %d", p.money, price)
	}
	p.money -= price
	return nil
}

// upgrade buys one more of an upgrade counted in *n, at most limit.
func upgrade(p *player, n *int, limit, price int) error {
	if *n >= limit {
		return fmt.Errorf("already bought %d times, the most allowed", *n)
	}
	if err := pay(p, price); err != nil {
		return err
	}
	*n++
	return nil
}

// addBus adds a new bus of seat at a station, one car, headed there.
func (s *State) addBus(seat, at int) {
	id := len(s.buses)
	if id < cap(s.buses) {
		s.buses = s.buses[:id+1]
	} else {
		s.buses = append(s.buses, bus{})
	}
	b := &s.buses[id]
	st := &s.stations[at]
	*b = bus{owner: seat, x: st.x, y: st.y, dest: at, cars: 1, bought: s.turn, riders: b.riders[:0]}
}

// leave removes seat from the game with a status and a score; its buses
// are destroyed with their passengers.
func (r *Rules) leave(s *State, seat int, st Status, score int) {
	p := &s.players[seat]
	p.status, p.score, p.endTurn = st, score, s.turn
	for i := range s.buses {
		b := &s.buses[i]
		if b.owner == seat && !b.destroyed {
			b.destroyed = true
			s.lost += len(b.riders)
			b.riders, b.bound = b.riders[:0], [MaxStations]uint16{}
		}
	}
}

// atDestination reports whether bus b stands at its destination.
func (s *State) atDestination(b *bus) bool {
	st := &s.stations[b.dest]
	return !b.destroyed && b.x == st.x && b.y == st.y
}

// assignWork decides, once the commands have run, what each bus does this
// turn: at its destination it loads (step 6) when none of its passengers
// is bound there and unloads (step 7) otherwise; any other bus moves
// (step 8). A bus that unloads is not loading, and loading never adds a
// passenger bound for the station, so the parts do not change during the
// steps.
func (r *Rules) assignWork(s *State) {
	s.loaders, s.loadingAt = s.loaders[:0], 0
	for id := range s.buses {
		b := &s.buses[id]
		switch {
		case b.destroyed:
			b.work = idle
		case !s.atDestination(b):
			b.work = moves
		case b.bound[b.dest] > 0:
			b.work = drops
		default:
			b.work = loads
			b.loadedNow = 0
			s.loaders = append(s.loaders, int32(id))
			s.loadingAt |= 1 << b.dest
		}
	}
}

// load is step 6: at each station in id order, the buses loading there
// take the waiting passengers in queue order, at most 5 each (rule sheet,
// "Buses").
func (r *Rules) load(s *State, rng *rand.Rand) {
	for at := s.loadingAt; at != 0; at &= at - 1 {
		i := bits.TrailingZeros32(at)
		st := &s.stations[i]
		if len(st.queue) == 0 {
			continue
		}
		s.here = s.here[:0]
		for _, id := range s.loaders {
			if s.buses[id].dest == i {
				s.here = append(s.here, id)
			}
		}
		taken := 0
		if len(s.here) == 1 { // one bus: no choice to make
			id := s.here[0]
			b := &s.buses[id]
			for n := min(len(st.queue), b.cars*CarCapacity-len(b.riders), Transfers); taken < n; taken++ {
				s.board(id, st.queue[taken])
			}
		}
		for taken < len(st.queue) && len(s.here) > 1 {
			id := r.pickBus(s, rng)
			if id < 0 {
				break
			}
			s.board(id, st.queue[taken])
			taken++
		}
		st.queue = st.queue[:copy(st.queue, st.queue[taken:])]
	}
}

// board puts a passenger on a bus.
func (s *State) board(id, passenger int32) {
	b := &s.buses[id]
	b.riders = insertSorted(b.riders, passenger)
	b.bound[s.pass[passenger].dest]++
	b.loadedNow++
	s.boarded = append(s.boarded, boarding{passenger: passenger, bus: id})
}

// pickBus returns the loading bus the next passenger boards, or -1 when
// none can take one: among the buses with a free seat and fewer than 5
// boarders this turn, the one with the fewest passengers on board (or the
// most free seats, by the boarding parameter); ties are drawn uniformly.
func (r *Rules) pickBus(s *State, rng *rand.Rand) int32 {
	best, bestKey, ties := int32(-1), 0, 0
	for _, id := range s.here {
		key, ok := r.boardingKey(&s.buses[id])
		switch {
		case !ok:
		case best < 0 || key < bestKey:
			best, bestKey, ties = id, key, 1
		case key == bestKey:
			ties++
		}
	}
	if ties < 2 {
		return best
	}
	k := rng.IntN(ties)
	for _, id := range s.here {
		if key, ok := r.boardingKey(&s.buses[id]); ok && key == bestKey {
			if k == 0 {
				return id
			}
			k--
		}
	}
	panic("minibus: a tied bus went missing")
}

// boardingKey ranks a loading bus for the next boarder, lower first: its
// passengers on board, or minus its free seats by the boarding parameter.
// ok is false when the bus is full or has taken 5 boarders this turn.
func (r *Rules) boardingKey(b *bus) (key int, ok bool) {
	free := b.cars*CarCapacity - len(b.riders)
	if free <= 0 || b.loadedNow >= Transfers {
		return 0, false
	}
	return boardingRanks[r.Boarding](b, free), true
}

// boardingRanks are the boarding rules (the boarding parameter, named in
// boardingNames): the rank each gives a loading bus with free seats for
// the next boarder, lower first.
var boardingRanks = [...]func(b *bus, free int) int{
	FewestRiders:  func(b *bus, _ int) int { return len(b.riders) }, // the referee's
	MostFreeSeats: func(_ *bus, free int) int { return -free },      // the subject text's
}

// insertSorted inserts id into ids, kept in increasing order.
func insertSorted(ids []int32, id int32) []int32 {
	ids = append(ids, id)
	i := len(ids) - 1
	for ; i > 0 && ids[i-1] > id; i-- {
		ids[i] = ids[i-1]
	}
	ids[i] = id
	return ids
}

// unload is step 7: each bus at its destination with passengers bound
// there drops up to 5 of them, lowest id first; each pays the owner's
// current fare (rule sheet, "Buses").
func (r *Rules) unload(s *State) {
	for id := range s.buses {
		b := &s.buses[id]
		if b.work != drops {
			continue
		}
		p := &s.players[b.owner]
		kept, dropped := 0, 0
		b.bound[b.dest] -= uint16(min(Transfers, int(b.bound[b.dest])))
		for _, rider := range b.riders {
			if dropped < Transfers && int(s.pass[rider].dest) == b.dest {
				dropped++
				p.money += StartFare + FareStep*p.ct
				s.dropped = append(s.dropped, rider)
				continue
			}
			b.riders[kept] = rider
			kept++
		}
		b.riders = b.riders[:kept]
		s.delivered += dropped
	}
}

// move is step 8: every other bus takes up to SP steps towards its
// destination, each step changing x and y by one towards it (diagonal
// first), and stops there. After k steps a coordinate has moved by its
// distance or by k, whichever is less.
func (r *Rules) move(s *State) {
	for id := range s.buses {
		b := &s.buses[id]
		if b.work != moves {
			continue
		}
		st := &s.stations[b.dest]
		k := 1 + s.players[b.owner].sp
		b.x += min(k, max(-k, st.x-b.x))
		b.y += min(k, max(-k, st.y-b.y))
	}
}

// checkWins is step 9: in seat order, a player with the goal money wins,
// scores goal_money + max_turns − turn (2000 − turn with the defaults) and
// leaves with its buses.
func (r *Rules) checkWins(s *State) {
	for seat, p := range s.players {
		if p.status == Playing && p.money >= r.GoalMoney {
			r.leave(s, seat, Won, r.GoalMoney+r.MaxTurns-s.turn)
		}
	}
}

// checkEnd is step 10: the game ends when nobody is left, when one player
// is left of a game that started with two or more, or at max_turns; each
// player left scores money + max_turns − turn.
func (r *Rules) checkEnd(s *State) {
	left := 0
	for _, p := range s.players {
		if p.status == Playing {
			left++
		}
	}
	if left > 0 && (s.started < 2 || left > 1) && s.turn < r.MaxTurns {
		return
	}
	s.over = true
	for seat := range s.players {
		if p := &s.players[seat]; p.status == Playing {
			p.status, p.score, p.endTurn = Finished, r.survivorScore(s, seat), s.turn
		}
	}
}
