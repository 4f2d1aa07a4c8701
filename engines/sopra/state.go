package sopra

import (
	"math/rand/v2"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// noOne marks no player: no carrier, no protected player.
const noOne = -1

// State is a match in progress. Its zero value is ready for Init.
//
// The board is kept twice: per player and per logo (positions), and per
// cell (who stands there, whose caddie it is, which free logo lies there),
// so that the rules look a cell up without a search. Cell (x, y) is index
// y*width + x.
type State struct {
	width, height int
	round         int // rounds played
	rounds        int
	rotate        bool   // the order rotates: round r starts with seat (r−1) mod N
	reach         []Cell // the offsets a slap reaches
	players       []Player
	logos         []Logo
	occupant      []int8  // per cell: 1 + the seat standing there, 0 for none
	caddie        []int8  // per cell: 1 + the seat whose caddie it is, 0 for none
	logoAt        []int16 // per cell: 1 + the free logo lying there, 0 for none

	// Scratch space of Step and Init, kept to avoid allocating.
	order   []int  // the resolution order of the round
	idle    []bool // per seat: stunned in the round being played
	victims []int  // the players one move slaps
	cands   []int  // candidate cells of a drop or a random logo
}

// Player is one player's part of the state.
type Player struct {
	Pos       Cell
	Caddie    Cell
	Score     int
	Jumps     int  // jumps left
	Carrying  int  // the logo carried, noOne for none
	Stunned   bool // stunned in the round about to be played: it is not asked
	Protected int  // the last player it slapped alone, whom it cannot slap; noOne for none

	// What it did, for reports and viewers; the score is what counts.
	Slaps, Pickups, Deliveries, Penalties, NoAnswers int
}

// Logo is one logo: free on the board, carried, or delivered.
type Logo struct {
	Pos       Cell // where it lies, or its carrier's cell while carried
	Carrier   int  // the seat carrying it, noOne when free or delivered
	Delivered bool // it has left the game
}

// Player returns seat's part of the state, a copy.
func (s *State) Player(seat int) Player { return s.players[seat] }

// Logos returns the logos, a copy, in the order they were placed.
func (s *State) Logos() []Logo { return append([]Logo(nil), s.logos...) }

// Round returns the rounds played.
func (s *State) Round() int { return s.round }

// Init starts a match (rule sheet, "Board and setup"): every player on its
// start with all its jumps, the pinned logos, then the random ones drawn
// one after another among the free cells of the right half.
func (r *Rules) Init(s *State, rng *rand.Rand) {
	s.width, s.height, s.round, s.rounds = r.Width, r.Height, 0, r.Rounds
	s.rotate, s.reach = r.Order == OrderRotate, r.neighbours
	n := r.Width * r.Height
	s.occupant = grow(s.occupant, n)
	s.caddie = grow(s.caddie, n)
	s.logoAt = grow(s.logoAt, n)
	clear(s.occupant)
	clear(s.caddie)
	clear(s.logoAt)
	s.players = grow(s.players, r.Players)
	s.order = grow(s.order, r.Players)
	s.idle = grow(s.idle, r.Players)
	for seat := range s.players {
		s.players[seat] = Player{Pos: r.Starts[seat], Caddie: r.Caddies[seat], Jumps: r.Jumps, Carrying: noOne, Protected: noOne}
		s.occupant[s.index(r.Starts[seat])] = int8(seat + 1)
		s.caddie[s.index(r.Caddies[seat])] = int8(seat + 1)
	}
	s.logos = s.logos[:0]
	for _, c := range r.Logos {
		s.placeLogo(c)
	}
	for range r.LogoCount - len(r.Logos) {
		s.cands = s.cands[:0]
		for y := range r.Height {
			for x := r.rightHalf; x < r.Width; x++ {
				if i := y*r.Width + x; s.free(i) {
					s.cands = append(s.cands, i)
				}
			}
		}
		s.placeLogo(s.cell(s.cands[rng.IntN(len(s.cands))]))
	}
}

// placeLogo adds a free logo at c.
func (s *State) placeLogo(c Cell) {
	s.logos = append(s.logos, Logo{Pos: c, Carrier: noOne})
	s.logoAt[s.index(c)] = int16(len(s.logos))
}

// free reports whether cell i holds no player, no free logo and no caddie:
// where a logo may be drawn or dropped.
func (s *State) free(i int) bool { return s.occupant[i] == 0 && s.logoAt[i] == 0 && s.caddie[i] == 0 }

func (s *State) index(c Cell) int { return c.Y*s.width + c.X }

func (s *State) cell(i int) Cell { return Cell{i % s.width, i / s.width} }

func (s *State) onBoard(c Cell) bool { return uint(c.X) < uint(s.width) && uint(c.Y) < uint(s.height) }

// Turn returns the number of rounds played.
func (r *Rules) Turn(s *State) int { return s.round }

// Done reports whether the last round has been played.
func (r *Rules) Done(s *State) bool { return s.round >= s.rounds }

// ToAct appends every player that is not stunned: stunned players are not
// asked (rule sheet, "A round").
func (r *Rules) ToAct(s *State, dst []int) []int {
	for seat := range s.players {
		if !s.players[seat].Stunned {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Outcome scores each seat by its game points and places the seats by
// score, ties sharing the best place (rule sheet, "Score and outcome").
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	out.Reset(len(s.players))
	var merit [MaxPlayers]int
	for seat := range s.players {
		merit[seat] = s.players[seat].Score
		out.Scores[seat] = float64(merit[seat])
	}
	sim.RankPlaces(merit[:len(s.players)], out.Places)
}

// Hash hashes the round, the board size, every player and every logo: all
// that the rest of the match depends on. The players' counts of what they
// did are only reports, and the per-cell tables follow from the rest.
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.round)
	h.Int(s.rounds)
	h.Int(s.width)
	h.Int(s.height)
	for _, p := range s.players {
		h.Int(p.Pos.X)
		h.Int(p.Pos.Y)
		h.Int(p.Caddie.X)
		h.Int(p.Caddie.Y)
		h.Int(p.Score)
		h.Int(p.Jumps)
		h.Int(p.Carrying)
		h.Bool(p.Stunned)
		h.Int(p.Protected)
	}
	for _, l := range s.logos {
		h.Int(l.Pos.X)
		h.Int(l.Pos.Y)
		h.Int(l.Carrier)
		h.Bool(l.Delivered)
	}
	return h.Sum()
}

// AppendState appends s as JSON:
// {"round":…,"rounds":…,"width":…,"height":…,"players":[…],"logos":[…]},
// each player {"x","y","caddie":[x,y],"score","jumps","carrying","stunned",
// "protected","slaps","pickups","deliveries","penalties","no_answers"}
// (carrying: the logo's index or -1; stunned: in the next round;
// protected: a seat or -1), each logo {"x","y","carrier","delivered"}.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = append(dst, `{"round":`...)
	dst = strconv.AppendInt(dst, int64(s.round), 10)
	dst = appendField(dst, "rounds", s.rounds)
	dst = appendField(dst, "width", s.width)
	dst = appendField(dst, "height", s.height)
	dst = append(dst, `,"players":[`...)
	for seat, p := range s.players {
		if seat > 0 {
			dst = append(dst, ',')
		}
		dst = p.appendPublic(dst)
		dst = appendField(dst, "carrying", p.Carrying)
		dst = append(dst, `,"stunned":`...)
		dst = strconv.AppendBool(dst, p.Stunned)
		dst = appendField(dst, "protected", p.Protected)
		dst = appendField(dst, "slaps", p.Slaps)
		dst = appendField(dst, "pickups", p.Pickups)
		dst = appendField(dst, "deliveries", p.Deliveries)
		dst = appendField(dst, "penalties", p.Penalties)
		dst = appendField(dst, "no_answers", p.NoAnswers)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"logos":[`...)
	for i, l := range s.logos {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"x":`...)
		dst = strconv.AppendInt(dst, int64(l.Pos.X), 10)
		dst = appendField(dst, "y", l.Pos.Y)
		dst = appendField(dst, "carrier", l.Carrier)
		dst = append(dst, `,"delivered":`...)
		dst = strconv.AppendBool(dst, l.Delivered)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// appendPublic opens the player's JSON object with what every player
// shows: {"x":…,"y":…,"caddie":[x,y],"score":…,"jumps":… (no closing brace).
func (p *Player) appendPublic(dst []byte) []byte {
	dst = append(dst, `{"x":`...)
	dst = strconv.AppendInt(dst, int64(p.Pos.X), 10)
	dst = appendField(dst, "y", p.Pos.Y)
	dst = append(dst, `,"caddie":[`...)
	dst = strconv.AppendInt(dst, int64(p.Caddie.X), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(p.Caddie.Y), 10)
	dst = append(dst, ']')
	dst = appendField(dst, "score", p.Score)
	return appendField(dst, "jumps", p.Jumps)
}

// appendField appends ,"name":v.
func appendField(dst []byte, name string, v int) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':')
	return strconv.AppendInt(dst, int64(v), 10)
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
