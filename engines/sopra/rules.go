package sopra

import (
	"github.com/arenasim/arena/sim"
	"time"
)

// Version is the version of these rules; it is part of every rules hash, so
// bump it whenever a change of the rules can change a match.
const Version = "1"

// Limits of the parameters.
const (
	MinPlayers = 2
	MaxPlayers = 6
	MaxSide    = 128
	MaxRounds  = 1 << 20
	MaxLogos   = 1 << 12
	MaxJumps   = 1 << 20
	MaxPoints  = 1 << 20
)

// The choices of the rule variants.
const (
	OrderRotate = "rotate" // round r starts with seat (r−1) mod N
	OrderFixed  = "fixed"  // every round starts with seat 0

	Adjacent4 = "4" // a slap reaches the 4 cells that share a side
	Adjacent8 = "8" // … and the 4 diagonal cells too

	MetricManhattan = "manhattan" // |dx| + |dy|
	MetricChebyshev = "chebyshev" // max(|dx|, |dy|)
)

// Params documents the parameters of the game (rule sheet, "Parameters").
var Params = []sim.ParamSpec{
	sim.IntParam("width", 16, 3, MaxSide, "board width in cells"),
	sim.IntParam("height", 13, 3, MaxSide, "board height in cells"),
	sim.IntParam("players", MaxPlayers, MinPlayers, MaxPlayers, "number of players"),
	sim.IntParam("rounds", 50, 1, MaxRounds, "rounds in a match"),
	sim.IntParam("logo_count", 10, 0, MaxLogos, "logos in play at the start"),
	sim.IntParam("jumps", 3, 0, MaxJumps, "jumps of every player per match"),
	sim.IntParam("points_slap", 2, -MaxPoints, MaxPoints, "points per slap given"),
	sim.IntParam("points_pickup", 1, -MaxPoints, MaxPoints, "points per logo picked up"),
	sim.IntParam("points_delivery", 30, -MaxPoints, MaxPoints, "points per logo delivered to one's caddie"),
	sim.IntParam("points_penalty", -5, -MaxPoints, MaxPoints, "points per forbidden action (added: negative is a loss)"),
	sim.ChoiceParam("order", OrderRotate, []string{OrderRotate, OrderFixed}, "resolution order of a round: rotate = round r starts with seat (r−1) mod N, fixed = always from seat 0"),
	sim.ChoiceParam("slap_adjacency", Adjacent4, []string{Adjacent4, Adjacent8}, "cells around the arrival cell that a slap reaches: 4 = sharing a side, 8 = diagonals too"),
	sim.ChoiceParam("drop_metric", MetricManhattan, []string{MetricManhattan, MetricChebyshev}, "distance within which a dropped logo lands"),
	sim.IntParam("drop_radius", 2, 1, MaxSide, "a dropped logo lands at distance 1..drop_radius of its carrier when it can"),
	{Name: "caddies", Kind: sim.KindPoints, Nullable: true, Default: "null", Doc: "caddie cells, one per seat, on the board and distinct; null = column 2, rows 2, 4, …, 12"},
	{Name: "starts", Kind: sim.KindPoints, Nullable: true, Default: "null", Doc: "start cells, one per seat, on the board and distinct; null = each player on its caddie"},
	{Name: "logos", Kind: sim.KindPoints, Nullable: true, Default: "null", Doc: "pinned logo cells, at most logo_count, distinct and on no start or caddie; the rest are drawn at random in the right half; null = all random"},
}

// Cell is a board cell: x is the column, y the row, (0, 0) the top left.
type Cell struct{ X, Y int }

// Points are what each event of a match scores (rule sheet, "Score and
// outcome").
type Points struct {
	Slap, Pickup, Delivery, Penalty int
}

// Rules is the game configured with one parameter set; it implements
// sim.Engine[State, View, Action].
type Rules struct {
	Width, Height int
	Players       int
	Rounds        int
	LogoCount     int
	Jumps         int
	Points        Points
	Order         string
	SlapAdjacency string
	DropMetric    string
	DropRadius    int
	Caddies       []Cell // one per seat
	Starts        []Cell // one per seat
	Logos         []Cell // the pinned logos; the other LogoCount−len(Logos) are random

	// The variants' named steps, chosen by New.
	order      func(s *State, round int) // fills s.order: rotateOrder or fixedOrder
	neighbours []Cell                    // the offsets a slap reaches: adjacent4 or adjacent8
	distance   func(dx, dy int) int      // of a drop: manhattan or chebyshev
	rightHalf  int                       // the first column of the right half
}

// adjacent4 and adjacent8 are the offsets of the cells a slap reaches, in
// the order the victims are listed (which does not matter: victims are
// slapped in seat order).
var (
	adjacent4 = []Cell{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	adjacent8 = []Cell{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
)

// New configures the rules for seats players from an effective parameter
// set.
func New(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	r := sim.NewParamReader(p, Params)
	rules := &Rules{
		Width:     r.Int("width"),
		Height:    r.Int("height"),
		Players:   seats,
		Rounds:    r.Int("rounds"),
		LogoCount: r.Int("logo_count"),
		Jumps:     r.Int("jumps"),
		Points: Points{
			Slap:     r.Int("points_slap"),
			Pickup:   r.Int("points_pickup"),
			Delivery: r.Int("points_delivery"),
			Penalty:  r.Int("points_penalty"),
		},
		Order:         r.String("order"),
		SlapAdjacency: r.String("slap_adjacency"),
		DropMetric:    r.String("drop_metric"),
		DropRadius:    r.Int("drop_radius"),
	}
	caddies, starts, logos := r.Points("caddies"), r.Points("starts"), r.Points("logos")
	if err := r.Err(); err != nil {
		return nil, err
	}
	rules.chooseVariants()
	if caddies == nil {
		caddies = defaultCaddies(seats)
	}
	rules.Caddies = rules.cells(r, "caddies", caddies, nil)
	rules.Starts = rules.cells(r, "starts", starts, caddies) // each player on its caddie
	rules.Logos = rules.cells(r, "logos", logos, nil)
	if r.Err() != nil {
		return nil, r.Err()
	}
	rules.checkLogos(r)
	return rules, r.Err()
}

// chooseVariants sets the named steps of the rule variants.
func (r *Rules) chooseVariants() {
	r.order = rotateOrder
	if r.Order == OrderFixed {
		r.order = fixedOrder
	}
	r.neighbours = adjacent4
	if r.SlapAdjacency == Adjacent8 {
		r.neighbours = adjacent8
	}
	r.distance = manhattan
	if r.DropMetric == MetricChebyshev {
		r.distance = chebyshev
	}
	r.rightHalf = r.Width / 2
}

// defaultCaddies returns the event's caddies: column 2, rows 2, 4, … (rule
// sheet, "Board and setup").
func defaultCaddies(seats int) [][2]int {
	c := make([][2]int, seats)
	for i := range c {
		c[i] = [2]int{2, 2 + 2*i}
	}
	return c
}

// cells checks a list of pinned cells: one per seat (unless name is logos),
// on the board and distinct. A nil list takes def; the defaults are checked
// like pinned cells, so that a small board that cannot hold them says so.
func (r *Rules) cells(pr *sim.ParamReader, name string, given, def [][2]int) []Cell {
	if given == nil {
		given = def
		if def == nil {
			return nil
		}
	}
	if name != "logos" && len(given) != r.Players {
		pr.Fail(name, "%d cells for %d players", len(given), r.Players)
		return nil
	}
	out := make([]Cell, 0, len(given))
	for i, g := range given {
		c := Cell{g[0], g[1]}
		if !r.onBoard(c) {
			pr.Fail(name, "cell %d [%d,%d] is off the %d×%d board", i, c.X, c.Y, r.Width, r.Height)
		}
		for j, prev := range out {
			if prev == c {
				pr.Fail(name, "cells %d and %d are both [%d,%d]", j, i, c.X, c.Y)
			}
		}
		out = append(out, c)
	}
	return out
}

// checkLogos checks that the pinned logos lie on no start and no caddie and
// that the board holds the random ones, with room to spare for every drop.
func (r *Rules) checkLogos(pr *sim.ParamReader) {
	if len(r.Logos) > r.LogoCount {
		pr.Fail("logos", "%d pinned logos, more than logo_count %d", len(r.Logos), r.LogoCount)
		return
	}
	for i, l := range r.Logos {
		if j := indexOf(r.Starts, l); j >= 0 {
			pr.Fail("logos", "logo %d [%d,%d] is on the start of seat %d", i, l.X, l.Y, j)
		}
		if j := indexOf(r.Caddies, l); j >= 0 {
			pr.Fail("logos", "logo %d [%d,%d] is on the caddie of seat %d", i, l.X, l.Y, j)
		}
	}
	if n, free := r.LogoCount-len(r.Logos), r.randomLogoCells(); n > free {
		pr.FailTogether([]string{"logo_count", "width", "logos"},
			"%d random logos, but the right half of the %d×%d board (x ≥ %d) has %d cells free of starts, caddies and pinned logos",
			n, r.Width, r.Height, r.rightHalf, free)
	}
	// A dropped logo always finds a cell free of players, logos and caddies.
	if need := r.Players + len(r.Caddies) + r.LogoCount; need > r.Width*r.Height {
		pr.FailTogether([]string{"logo_count", "width", "height"},
			"%d players, %d caddies and %d logos need %d cells, more than the %d×%d board has",
			r.Players, len(r.Caddies), r.LogoCount, need, r.Width, r.Height)
	}
}

// randomLogoCells counts the cells random logos are drawn from.
func (r *Rules) randomLogoCells() int {
	n := 0
	for y := range r.Height {
		for x := r.rightHalf; x < r.Width; x++ {
			c := Cell{x, y}
			if indexOf(r.Starts, c) < 0 && indexOf(r.Caddies, c) < 0 && indexOf(r.Logos, c) < 0 {
				n++
			}
		}
	}
	return n
}

func indexOf(cells []Cell, c Cell) int {
	for i, d := range cells {
		if d == c {
			return i
		}
	}
	return -1
}

// Game is the game with no bots; the registry adds them.
func Game() sim.Game[State, View, Action] {
	return sim.Game[State, View, Action]{
		Name:    "sopra",
		Summary: "Sopra Steria coding game: 2–6 players fetch logos to their caddies, slap, jump and get stunned",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Action](New),
		Codec: sim.Codec[View, Action]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParseAction,
			Print: func(dst []byte, a Action) []byte { return append(dst, a.String()...) },
			// The event's TCP line protocol: 1 s a round, as the event.
			Original: &sim.Original[View]{
				Transport:    sim.TCP,
				Start:        func(dst []byte, _ *View) []byte { return dst },
				Turn:         func(dst []byte, v *View) []byte { return v.AppendWorldStateLine(dst) },
				FirstTimeout: 10 * time.Second,
				Timeout:      time.Second,
				Protocol:     Protocol,
			},
		},
	}
}

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.Players }

func (r *Rules) onBoard(c Cell) bool { return c.X >= 0 && c.X < r.Width && c.Y >= 0 && c.Y < r.Height }

// ParseAction reads an action; see ParseAction.
func (r *Rules) ParseAction(text string) (Action, error) { return ParseAction(text) }

// AppendAction appends the protocol spelling of a.
func (r *Rules) AppendAction(dst []byte, a Action) []byte { return append(dst, a.String()...) }
