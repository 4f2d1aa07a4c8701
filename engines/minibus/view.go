package minibus

import "strconv"

// View is what a player sees (rule sheet, "What a bot sees"): the whole
// game — players, stations with their queues, buses with their riders,
// every passenger's trip — and the changes the original protocol reports:
// the station and the passengers that appeared this turn, the passengers
// that boarded and were dropped in the last turn. It reads the match state
// directly, so it costs nothing to fill, and offers no way to change it.
// The origin–destination matrix is not shown.
type View struct {
	Seat    int // the player's own seat, its player number
	Players int // the number of seats
	Turn    int // the turn about to be played, from 1
	s       *State
	r       *Rules
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Players: len(s.players), Turn: s.turn + 1, s: s, r: r}
}

// Config returns the numbers of the rules: grid size, turns, prices and
// limits.
func (v *View) Config() Config { return v.r.Config }

// PlayerInfo is a player's company.
type PlayerInfo struct {
	Money      int
	SB, SP, CT int // upgrades bought: UPDATESB, UPDATESP, UPDATECT
	Buses      int // buses bought
	Status     Status
}

// Fare returns what each passenger the player drops pays.
func (p PlayerInfo) Fare() int { return StartFare + FareStep*p.CT }

// Speed returns the steps the player's buses take per turn.
func (p PlayerInfo) Speed() int { return 1 + p.SP }

// MaxCars returns the most cars a bus of the player may have.
func (p PlayerInfo) MaxCars() int { return 1 + p.SB }

// Player returns seat's company.
func (v *View) Player(seat int) PlayerInfo {
	p := &v.s.players[seat]
	return PlayerInfo{Money: p.money, SB: p.sb, SP: p.sp, CT: p.ct, Buses: p.buses, Status: p.status}
}

// StationInfo is a station.
type StationInfo struct {
	X, Y     int
	Capacity int // the most passengers that wait there
	Waiting  int // passengers waiting now
}

// Stations returns the number of stations; their ids are 0..Stations()-1.
func (v *View) Stations() int { return len(v.s.stations) }

// Station returns station id.
func (v *View) Station(id int) StationInfo {
	st := &v.s.stations[id]
	return StationInfo{X: st.x, Y: st.y, Capacity: st.capacity, Waiting: len(st.queue)}
}

// WaitingAt returns the passenger in position i of station's queue, 0
// being the first to board.
func (v *View) WaitingAt(station, i int) int { return int(v.s.stations[station].queue[i]) }

// BusInfo is a bus.
type BusInfo struct {
	Owner     int
	X, Y      int
	Dest      int // the station it heads to, or works at once there
	Cars      int // seats: Cars × CarCapacity
	Riders    int // passengers on board
	Destroyed bool
}

// Seats returns the bus's number of seats.
func (b BusInfo) Seats() int { return b.Cars * CarCapacity }

// Buses returns the number of buses ever bought; their ids are
// 0..Buses()-1, destroyed ones included.
func (v *View) Buses() int { return len(v.s.buses) }

// Bus returns bus id.
func (v *View) Bus(id int) BusInfo {
	b := &v.s.buses[id]
	return BusInfo{Owner: b.owner, X: b.x, Y: b.y, Dest: b.dest, Cars: b.cars, Riders: len(b.riders), Destroyed: b.destroyed}
}

// RiderAt returns passenger i of bus's riders, in increasing id.
func (v *View) RiderAt(bus, i int) int { return int(v.s.buses[bus].riders[i]) }

// AtDestination reports whether bus stands at its destination, where it
// loads or unloads instead of moving.
func (v *View) AtDestination(bus int) bool { return v.s.atDestination(&v.s.buses[bus]) }

// Passengers returns the number of passengers that ever appeared; their
// ids are 0..Passengers()-1.
func (v *View) Passengers() int { return len(v.s.pass) }

// Trip returns the station a passenger appeared at and the one it goes to.
func (v *View) Trip(passenger int) (origin, dest int) {
	p := v.s.pass[passenger]
	return int(p.origin), int(p.dest)
}

// NewStation returns the station that appeared this turn, or -1.
func (v *View) NewStation() int { return v.s.newStation }

// Spawned returns the number of passengers that appeared this turn.
func (v *View) Spawned() int { return len(v.s.spawned) }

// SpawnedAt returns the i-th passenger that appeared this turn.
func (v *View) SpawnedAt(i int) int { return int(v.s.spawned[i]) }

// Boarded returns the number of passengers that boarded in the last turn.
func (v *View) Boarded() int { return len(v.s.boarded) }

// BoardedAt returns the i-th boarding of the last turn.
func (v *View) BoardedAt(i int) (passenger, bus int) {
	b := v.s.boarded[i]
	return int(b.passenger), int(b.bus)
}

// Dropped returns the number of passengers dropped in the last turn.
func (v *View) Dropped() int { return len(v.s.dropped) }

// DroppedAt returns the i-th passenger dropped in the last turn.
func (v *View) DroppedAt(i int) int { return int(v.s.dropped[i]) }

// AppendJSON appends what the player sees as one JSON object, for external
// bots: the state's JSON without the origin–destination matrix, plus the
// player's seat and the changes of the turn — {…,"seat":…,"new_station":…,
// "spawned":[ids],"boarded":[[passenger,bus],…],"dropped":[ids]}.
func (v *View) AppendJSON(dst []byte) []byte {
	dst = v.s.appendPublic(dst)
	dst = appendField(dst, `,"seat":`, v.Seat)
	dst = appendField(dst, `,"new_station":`, v.s.newStation)
	dst = appendIDs(append(dst, `,"spawned":`...), v.s.spawned)
	dst = append(dst, `,"boarded":[`...)
	for i, b := range v.s.boarded {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(append(dst, '['), int64(b.passenger), 10)
		dst = strconv.AppendInt(append(dst, ','), int64(b.bus), 10)
		dst = append(dst, ']')
	}
	dst = appendIDs(append(dst, `],"dropped":`...), v.s.dropped)
	return append(dst, '}')
}

// appendIDs appends a list of ids as a JSON array.
func appendIDs(dst []byte, ids []int32) []byte {
	dst = append(dst, '[')
	for i, id := range ids {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(id), 10)
	}
	return append(dst, ']')
}

// Distance returns the number of steps between two points: buses move to
// any of the 8 neighbours, so it is the larger of |dx| and |dy|.
func Distance(x1, y1, x2, y2 int) int { return max(abs(x1-x2), abs(y1-y2)) }

func abs(d int) int {
	if d < 0 {
		return -d
	}
	return d
}
