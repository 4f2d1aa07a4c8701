package minibus

import (
	"math/rand/v2"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// Status is where a player stands.
type Status uint8

// The statuses of a player.
const (
	Playing  Status = iota // still in the game
	Lost                   // removed after an invalid command or no answer: score 0
	Won                    // removed on reaching the goal money
	Finished               // still playing when the game ended
)

var statusNames = [...]string{"playing", "lost", "won", "finished"}

// String returns the status as the JSON state spells it.
func (st Status) String() string { return statusNames[st] }

// Code returns the status as the original protocol writes it: 0 playing,
// -1 lost, 1 finished (won or still there at the end).
func (st Status) Code() int {
	switch st {
	case Playing:
		return 0
	case Lost:
		return -1
	}
	return 1
}

// State is a Minibus match in progress. Its zero value is ready for Init.
type State struct {
	turn    int  // turns played
	started int  // players at the start
	over    bool // the game has ended
	grid    int

	players  []player
	stations []station
	od       [MaxStations][MaxStations]uint8 // od[i][j]: percent of origin i's passengers bound for j
	buses    []bus
	pass     []passenger // every passenger that appeared, by id

	delivered, lost int // passengers dropped at their destination, and lost with a bus

	// The changes a player is told of (rule sheet, "What a bot sees").
	newStation int        // the station that appeared this turn, -1 when none
	spawned    []int32    // passengers that appeared this turn
	boarded    []boarding // passengers that boarded in the last turn played
	dropped    []int32    // passengers dropped in the last turn played

	// Scratch space of Step, kept to avoid allocating.
	loaders   []int32 // the buses that load this turn, in id order
	loadingAt uint32  // a bit per station where some bus loads this turn
	here      []int32 // the loaders at one station
}

// player is one company.
type player struct {
	money      int
	sb, sp, ct int // upgrades bought: more cars allowed, more steps, higher fare
	buses      int // buses bought
	status     Status
	score      int // set when the player leaves the game
	endTurn    int // the turn it left the game in, 0 while playing
}

// station is a bus station and its queue.
type station struct {
	x, y     int
	capacity int
	queue    []int32 // waiting passengers, first in line first
}

// bus is a bus; it stays in the list once destroyed, so that ids remain
// indices.
type bus struct {
	owner     int
	x, y      int
	dest      int // the station it heads to or works at
	cars      int
	bought    int                 // the turn it was bought in
	destroyed bool                // its owner left the game
	riders    []int32             // passengers on board, lowest id first
	bound     [MaxStations]uint16 // riders bound for each station
	work      work                // what it does this turn, decided after the commands
	loadedNow int                 // passengers that boarded it this turn
}

// work is what a bus does in a turn: steps 6, 7 and 8 of the rule sheet's
// "Turn order" each take a part of the buses, decided once after the
// commands.
type work uint8

const (
	idle  work = iota // destroyed
	loads             // at its destination, nobody to drop there
	drops             // at its destination, someone to drop there
	moves             // anywhere else
)

// passenger is a passenger's trip.
type passenger struct{ origin, dest int8 }

// boarding is a passenger boarding a bus.
type boarding struct{ passenger, bus int32 }

// Init starts a match: every player with the start money, the initial
// stations, the origin–destination matrix, then the station and the
// passengers of turn 1 (rule sheet, "Stations", "Origin–destination
// matrix", "Turn order").
func (r *Rules) Init(s *State, rng *rand.Rand) {
	s.turn, s.started, s.over, s.grid = 0, r.Players, false, r.GridSize
	s.players = grow(s.players, r.Players)
	for k := range s.players {
		s.players[k] = player{money: r.StartMoney}
	}
	s.stations = s.stations[:0]
	for range r.InitialStations {
		r.addStation(s, rng)
	}
	r.drawMatrix(s, rng)
	s.buses = s.buses[:0] // addBus reuses the riders' buffers
	s.pass = s.pass[:0]
	s.delivered, s.lost = 0, 0
	s.boarded, s.dropped = s.boarded[:0], s.dropped[:0]
	r.beginTurn(s, rng)
}

// drawMatrix draws the origin–destination matrix: for each origin, the
// shuffled weights go to the other stations in increasing id. Every row is
// drawn, whatever max_stations, so the draws do not depend on it.
func (r *Rules) drawMatrix(s *State, rng *rand.Rand) {
	for i := range MaxStations {
		w := odWeights
		for a := len(w) - 1; a > 0; a-- { // Fisher–Yates, from the last weight down
			b := rng.IntN(a + 1)
			w[a], w[b] = w[b], w[a]
		}
		k := 0
		for j := range MaxStations {
			if j == i {
				s.od[i][j] = 0
				continue
			}
			s.od[i][j] = uint8(w[k])
			k++
		}
	}
}

// Turn returns the number of turns played.
func (r *Rules) Turn(s *State) int { return s.turn }

// Done reports whether the match is over.
func (r *Rules) Done(s *State) bool { return s.over }

// ToAct appends every seat still playing: they all answer at once.
func (r *Rules) ToAct(s *State, dst []int) []int {
	for k, p := range s.players {
		if p.status == Playing {
			dst = append(dst, k)
		}
	}
	return dst
}

// Outcome scores each seat as the rule sheet's "Turn order" steps 9 and 10
// do: goal_money + max_turns − turn for a win (2000 − turn with the
// defaults), 0 for a loss, money + max_turns − turn for a player still
// there at the end (a player still playing in a match not over yet gets
// that too). Higher scores take better places; equal scores tie.
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	out.Reset(len(s.players))
	var merit [MaxPlayers]int
	for k, p := range s.players {
		score := p.score
		if p.status == Playing {
			score = r.survivorScore(s, k)
		}
		merit[k] = score
		out.Scores[k] = float64(score)
	}
	sim.RankPlaces(merit[:len(s.players)], out.Places)
}

// survivorScore is the score of a player still there when the game ends.
func (r *Rules) survivorScore(s *State, seat int) int {
	return s.players[seat].money + r.MaxTurns - s.turn
}

// Hash hashes everything the rest of the match depends on: the turn, the
// players, the stations and their queues, the matrix, the buses and their
// riders, and the trip of every passenger still waiting or riding.
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.turn)
	h.Bool(s.over)
	for _, p := range s.players {
		for _, v := range [...]int{p.money, p.sb, p.sp, p.ct, p.buses, int(p.status), p.score, p.endTurn} {
			h.Int(v)
		}
	}
	for i := range s.od {
		for _, w := range s.od[i] {
			h.Byte(w)
		}
	}
	h.Int(len(s.stations))
	for _, st := range s.stations {
		h.Int(st.x)
		h.Int(st.y)
		h.Int(st.capacity)
		s.hashPassengers(&h, st.queue)
	}
	h.Int(len(s.buses))
	for _, b := range s.buses {
		for _, v := range [...]int{b.owner, b.x, b.y, b.dest, b.cars, b.bought} {
			h.Int(v)
		}
		h.Bool(b.destroyed)
		s.hashPassengers(&h, b.riders)
	}
	h.Int(len(s.pass))
	h.Int(s.delivered)
	h.Int(s.lost)
	return h.Sum()
}

// hashPassengers hashes a list of passengers with their destinations.
func (s *State) hashPassengers(h *sim.Hasher, ids []int32) {
	h.Int(len(ids))
	for _, id := range ids {
		h.Int(int(id))
		h.Int(int(s.pass[id].dest))
	}
}

// AppendState appends s as JSON:
//
//	{"turn":…,"over":…,"grid_size":…,
//	 "players":[{"money":…,"sb":…,"sp":…,"ct":…,"status":"playing","score":…,"end_turn":…},…],
//	 "stations":[{"x":…,"y":…,"capacity":…,"queue":[[id,dest],…]},…],
//	 "buses":[{"owner":…,"x":…,"y":…,"dest":…,"cars":…,"bought":…,"destroyed":…,"riders":[[id,dest],…]},…],
//	 "passengers":…,"delivered":…,"lost":…,"od":[[…],…]}
//
// A passenger is [id, destination]; score is set once the player has left
// the game; od is the origin–destination matrix in percent.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = s.appendPublic(dst)
	dst = append(dst, `,"od":[`...)
	for i := range s.od {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for j, w := range s.od[i] {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(w), 10)
		}
		dst = append(dst, ']')
	}
	return append(dst, "]}"...)
}

// appendPublic appends the fields of the state's JSON that every player
// sees (all but the origin–destination matrix), from the opening brace on,
// leaving the object open.
func (s *State) appendPublic(dst []byte) []byte {
	dst = appendField(dst, `{"turn":`, s.turn)
	dst = strconv.AppendBool(append(dst, `,"over":`...), s.over)
	dst = appendField(dst, `,"grid_size":`, s.grid)
	dst = append(dst, `,"players":[`...)
	for k, p := range s.players {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendField(dst, `{"money":`, p.money)
		dst = appendField(dst, `,"sb":`, p.sb)
		dst = appendField(dst, `,"sp":`, p.sp)
		dst = appendField(dst, `,"ct":`, p.ct)
		dst = append(append(append(dst, `,"status":"`...), p.status.String()...), '"')
		dst = appendField(dst, `,"score":`, p.score)
		dst = appendField(dst, `,"end_turn":`, p.endTurn)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"stations":[`...)
	for i, st := range s.stations {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendField(dst, `{"x":`, st.x)
		dst = appendField(dst, `,"y":`, st.y)
		dst = appendField(dst, `,"capacity":`, st.capacity)
		dst = s.appendPassengers(append(dst, `,"queue":`...), st.queue)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"buses":[`...)
	for i, b := range s.buses {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendField(dst, `{"owner":`, b.owner)
		dst = appendField(dst, `,"x":`, b.x)
		dst = appendField(dst, `,"y":`, b.y)
		dst = appendField(dst, `,"dest":`, b.dest)
		dst = appendField(dst, `,"cars":`, b.cars)
		dst = appendField(dst, `,"bought":`, b.bought)
		dst = strconv.AppendBool(append(dst, `,"destroyed":`...), b.destroyed)
		dst = s.appendPassengers(append(dst, `,"riders":`...), b.riders)
		dst = append(dst, '}')
	}
	dst = appendField(dst, `],"passengers":`, len(s.pass))
	dst = appendField(dst, `,"delivered":`, s.delivered)
	return appendField(dst, `,"lost":`, s.lost)
}

// appendPassengers appends a list of passengers as [[id,dest],…].
func (s *State) appendPassengers(dst []byte, ids []int32) []byte {
	dst = append(dst, '[')
	for i, id := range ids {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(append(dst, '['), int64(id), 10)
		dst = strconv.AppendInt(append(dst, ','), int64(s.pass[id].dest), 10)
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

func appendField(dst []byte, key string, v int) []byte {
	return strconv.AppendInt(append(dst, key...), int64(v), 10)
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
