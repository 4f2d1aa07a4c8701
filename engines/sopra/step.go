package sopra

import (
	"math/rand/v2"

	"github.com/arenasim/arena/sim"
)

// Step plays one round (rule sheet, "A round"): the moves were collected
// together; they are resolved one player at a time in the round's order.
// None of the steps allocates.
func (r *Rules) Step(s *State, acts []Action, rng *rand.Rand, faults *sim.FaultLog) {
	s.round++
	r.startRound(s)
	r.order(s, s.round)
	for _, seat := range s.order {
		r.resolve(s, seat, acts[seat], rng, faults)
	}
}

// startRound notes who is stunned in this round and clears the stuns: a
// stun lasts one round, and what happens in this round stuns for the next.
func (r *Rules) startRound(s *State) {
	for seat := range s.players {
		p := &s.players[seat]
		s.idle[seat], p.Stunned = p.Stunned, false
	}
}

// rotateOrder resolves round r from seat (r−1) mod N on, in seat order
// (order=rotate).
func rotateOrder(s *State, round int) {
	n := len(s.players)
	for k := range s.order {
		s.order[k] = (round - 1 + k) % n
	}
}

// fixedOrder resolves every round from seat 0 on (order=fixed).
func fixedOrder(s *State, _ int) {
	for k := range s.order {
		s.order[k] = k
	}
}

// resolve plays one player's answer (rule sheet, "For each player in that
// order"): nothing for a stunned player; a stun for no answer; a penalty for
// a forbidden action; else the move, then pick-up, delivery and slaps.
func (r *Rules) resolve(s *State, seat int, a Action, rng *rand.Rand, faults *sim.FaultLog) {
	if s.idle[seat] {
		return // stunned this round: not asked, does nothing
	}
	if !a.Valid() {
		r.noAnswer(s, seat, faults)
		return
	}
	target, f := r.checkMove(s, seat, a)
	if f != noFlaw {
		r.penalise(s, seat, rng)
		// The rules punish the move (rule sheet, "Invalid"): a penalty of
		// the game, not a fault of the bot, which answered a move.
		faults.Penalise(seat, flawMessages[a][f])
		return
	}
	r.move(s, seat, target)
	r.pickUp(s, seat)
	r.deliver(s, seat)
	r.slap(s, seat, rng)
}

// noAnswer stuns a player that gave no valid answer for the next round,
// with no penalty; it keeps its logo (rule sheet, "A round").
func (r *Rules) noAnswer(s *State, seat int, faults *sim.FaultLog) {
	p := &s.players[seat]
	p.Stunned = true
	p.NoAnswers++
	faults.Add(seat, sim.FaultNoAnswer, "no answer: stunned next round")
}

// flaw is why an action is forbidden.
type flaw uint8

const (
	noFlaw     flaw = iota
	offBoard        // the target is off the board
	onAPlayer       // the target holds a player
	noJumpLeft      // a jump with none left
)

var flawText = [...]string{"", "target off the board", "target holds a player", "no jump left"}

// flawMessages holds the penalty message of every action and flaw, made once
// so that a forbidden action costs no allocation.
var flawMessages = func() (m [JumpWest + 1][len(flawText)]string) {
	for _, a := range Actions {
		for f := offBoard; int(f) < len(flawText); f++ {
			m[a][f] = a.String() + ": " + flawText[f] + "; penalty, stunned next round"
		}
	}
	return m
}()

// checkMove returns the target of a player's action, or why the action is
// forbidden: a target off the board or on a player (as positions stand so
// far this round), or a jump with none left. A jump is spent even when it
// then fails.
func (r *Rules) checkMove(s *State, seat int, a Action) (target Cell, f flaw) {
	p := &s.players[seat]
	if a.Jump() {
		if p.Jumps == 0 {
			return Cell{}, noJumpLeft
		}
		p.Jumps--
	}
	dx, dy := a.Delta()
	target = Cell{p.Pos.X + dx, p.Pos.Y + dy}
	switch {
	case !s.onBoard(target):
		return target, offBoard
	case s.occupant[s.index(target)] != 0:
		return target, onAPlayer
	}
	return target, noFlaw
}

// penalise applies a forbidden action: the penalty's points, a stun for the
// next round, and the logo dropped; the player does not move.
func (r *Rules) penalise(s *State, seat int, rng *rand.Rand) {
	p := &s.players[seat]
	p.Score += r.Points.Penalty
	p.Penalties++
	p.Stunned = true
	r.dropLogo(s, seat, rng)
}

// move puts the player on its target, passing over anything on the way.
func (r *Rules) move(s *State, seat int, target Cell) {
	p := &s.players[seat]
	s.occupant[s.index(p.Pos)] = 0
	p.Pos = target
	s.occupant[s.index(target)] = int8(seat + 1)
	if p.Carrying != noOne {
		s.logos[p.Carrying].Pos = target
	}
}

// pickUp picks up the free logo lying on the arrival cell, if the player
// carries none (rule sheet, "Pick-up").
func (r *Rules) pickUp(s *State, seat int) {
	p := &s.players[seat]
	i := s.index(p.Pos)
	k := int(s.logoAt[i]) - 1
	if k < 0 || p.Carrying != noOne {
		return
	}
	s.logoAt[i] = 0
	s.logos[k].Carrier = seat
	p.Carrying = k
	p.Score += r.Points.Pickup
	p.Pickups++
}

// deliver delivers the logo carried when the player arrives on its own
// caddie; the logo leaves the game (rule sheet, "Delivery"). Other players'
// caddies are ordinary cells.
func (r *Rules) deliver(s *State, seat int) {
	p := &s.players[seat]
	if p.Carrying == noOne || p.Pos != p.Caddie {
		return
	}
	l := &s.logos[p.Carrying]
	l.Carrier, l.Delivered = noOne, true
	p.Carrying = noOne
	p.Score += r.Points.Delivery
	p.Deliveries++
}

// slap slaps every player next to the arrival cell (rule sheet, "Slaps"),
// except one safe at home on its own caddie and the mover's protected
// player. Each slap scores; each victim is stunned next round and drops its
// logo, in seat order. A lone victim becomes the mover's protected player;
// after a combo the mover has none.
func (r *Rules) slap(s *State, seat int, rng *rand.Rand) {
	p := &s.players[seat]
	s.victims = s.victims[:0]
	for v := range s.players {
		if v != seat && r.slappable(s, p, v) {
			s.victims = append(s.victims, v)
		}
	}
	for _, v := range s.victims {
		q := &s.players[v]
		q.Stunned = true
		p.Score += r.Points.Slap
		p.Slaps++
		r.dropLogo(s, v, rng)
	}
	switch len(s.victims) {
	case 0:
	case 1:
		p.Protected = s.victims[0]
	default:
		p.Protected = noOne
	}
}

// slappable reports whether mover p's slap reaches player v: next to p by
// the slap's adjacency, not at home, not p's protected player.
func (r *Rules) slappable(s *State, p *Player, v int) bool {
	q := &s.players[v]
	if q.Pos == q.Caddie || v == p.Protected {
		return false
	}
	dx, dy := q.Pos.X-p.Pos.X, q.Pos.Y-p.Pos.Y
	for _, n := range r.neighbours {
		if n.X == dx && n.Y == dy {
			return true
		}
	}
	return false
}
