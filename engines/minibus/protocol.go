package minibus

import "strconv"

// AppendStart appends the lines the original referee sends a player before
// the first turn (rule sheet, "What a bot sees"): `NJ J` (players, own
// number), then `ID X Y K` for each initial station.
func (v *View) AppendStart(dst []byte) []byte {
	dst = appendInts(dst, v.Players, v.Seat)
	for id := range min(v.r.InitialStations, len(v.s.stations)) {
		dst = v.appendStation(dst, id)
	}
	return dst
}

// AppendTurn appends the lines the original referee sends a player at the
// start of this turn: one line `J M USB USP UCT STATUS` per player; `NS`
// and the new stations `ID X Y K`; `NBUS` and every bus `ID J X Y A S`,
// destroyed ones included; `NT BT DT`, then the passengers that appeared
// this turn `IDT IDS1 IDS2`, those that boarded in the last turn `IDT IDB`
// and those dropped in the last turn `IDT`.
func (v *View) AppendTurn(dst []byte) []byte {
	s := v.s
	for k, p := range s.players {
		dst = appendInts(dst, k, p.money, p.sb, p.sp, p.ct, p.status.Code())
	}
	if s.newStation < 0 {
		dst = appendInts(dst, 0)
	} else {
		dst = appendInts(dst, 1)
		dst = v.appendStation(dst, s.newStation)
	}
	dst = appendInts(dst, len(s.buses))
	for id, b := range s.buses {
		dst = appendInts(dst, id, b.owner, b.x, b.y, b.dest, b.cars)
	}
	dst = appendInts(dst, len(s.spawned), len(s.boarded), len(s.dropped))
	for _, id := range s.spawned {
		dst = appendInts(dst, int(id), int(s.pass[id].origin), int(s.pass[id].dest))
	}
	for _, b := range s.boarded {
		dst = appendInts(dst, int(b.passenger), int(b.bus))
	}
	for _, id := range s.dropped {
		dst = appendInts(dst, int(id))
	}
	return dst
}

// appendStation appends the line `ID X Y K` of a station.
func (v *View) appendStation(dst []byte, id int) []byte {
	st := &v.s.stations[id]
	return appendInts(dst, id, st.x, st.y, st.capacity)
}

// appendInts appends one line of integers separated by single spaces.
func appendInts(dst []byte, values ...int) []byte {
	for i, n := range values {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(n), 10)
	}
	return append(dst, '\n')
}
