package tron

import (
	"math/rand/v2"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
)

// Limits and defaults of the strong bot's arguments. The default work
// costs a few milliseconds a search move on 40×40 (docs/bots.md has the
// figures and their command), less on smaller boards and later in a game
// (see budgetCells), and a search stops once its move is settled (see
// duel.settled): the default is for everyday tournaments. benchmarkWork is
// the setting for a bot that is to be measured at its strongest, at about
// the 100 ms a move that strong public Tron AIs were given.
const (
	maxDepth     = 32
	maxWork      = 1_000_000
	defaultDepth = maxDepth
	defaultWork  = 500
	// benchmarkWork is docs/bots.md's benchmark setting, strong:work=12000.
	benchmarkWork = 12000
)

// StrongParams are the arguments of the strong bot.
var StrongParams = []sim.ParamSpec{
	sim.IntParam("depth", defaultDepth, 1, maxDepth, "deepest duel search, in turns (my move and the opponent's reply)"),
	sim.IntParam("work", defaultWork, 1, maxWork, "thousands of cells a search may visit a move, its cost: all of them in a region of 40×40 cells or more, a share in a smaller one (12000 is the benchmark setting)").Log(),
	sim.IntParam("reach", defaultReach, 1, 200, "searches only when the two territories meet within this many cells of the heads (from the first move on boards up to 40×40); farther apart, one evaluation of each move"),
	sim.IntParam("room", 1, 0, 8, "what each free neighbour of a cell adds to its worth in a territory (the cell itself is worth 1): room to move in over cells strung along a wall"),
	sim.IntParam("sealed", 4, 1, 64, "weight of the fill difference once the players can no longer meet, against a territory difference in open play"),
	sim.IntParam("chambers", defaultChambers, 1, 10_000, "largest region, in free cells, whose territories count through their chamber trees in open play (see chambers); a larger one counts every cell, as spare=8 does, and searches deeper for the time saved").Log(),
	sim.IntParam("swindle", 0, 0, 10_000, "how far behind a duel search's value must be (territory units, an open cell 5) to answer the opponent's predicted move rather than fear every one; once behind, a quarter of the budget goes to the prediction; 0 never does"),
	sim.IntParam("reduce", 0, 0, maxDepth, "from this depth on, in turns (2 at least), a position's moves after the first are searched a turn shallower first, and in full only when that shows them better (late move reductions); 0 never does"),
	sim.IntParam("spare", 0, 0, 8, "eighths of its worth that a cell of a territory keeps when no one path can use it (see chambers): in open play the chambers still change shape"),
}

// StrongConfig holds the strong bot's arguments.
type StrongConfig struct {
	Depth int // deepest duel search, in turns
	Work  int // cells the duel search may visit per move, in thousands
	// The evaluation's weights: the reach of a deep search, the worth of a
	// free neighbour and of a sealed fill difference (see StrongParams).
	Reach, Room, Sealed int
	Spare               int
	Chambers            int // largest region counted through its chamber tree
	Swindle             int // how far behind to answer a predicted move (0: never)
	Reduce              int // depth from which late moves are searched shallower first (0: never)
}

// DefaultStrongConfig returns the arguments the strong bot uses when none
// are given.
func DefaultStrongConfig() StrongConfig {
	return StrongConfig{Depth: defaultDepth, Work: defaultWork, Reach: defaultReach, Room: 1, Sealed: 4, Chambers: defaultChambers}
}

// strongBot describes the strong bot for the registry.
func strongBot() sim.Bot[tron.View, tron.Dir] {
	return sim.Bot[tron.View, tron.Dir]{
		Name:    "strong",
		Summary: "alpha-beta search (iterative deepening, transposition table, killers) over a Voronoi territory counted through its chamber tree; the nearest rival searched among many; fills its region once walled off",
		Params:  StrongParams,
		Prepare: func(args sim.Params) (func() sim.Player[tron.View, tron.Dir], error) {
			cfg, err := readStrongConfig(args)
			if err != nil {
				return nil, err
			}
			return func() sim.Player[tron.View, tron.Dir] { return NewStrong(cfg) }, nil
		},
	}
}

// readStrongConfig reads and checks the strong bot's arguments.
func readStrongConfig(args sim.Params) (StrongConfig, error) {
	r := sim.NewParamReader(args, StrongParams)
	cfg := DefaultStrongConfig()
	cfg.Depth = r.Int("depth")
	cfg.Work = r.Int("work")
	cfg.Reach, cfg.Room = r.Int("reach"), r.Int("room")
	cfg.Sealed = r.Int("sealed")
	cfg.Spare = r.Int("spare")
	cfg.Chambers = r.Int("chambers")
	cfg.Swindle = r.Int("swindle")
	cfg.Reduce = r.Int("reduce")
	return cfg, r.Err()
}

// Strong is a strong Tron player. Each turn it works out which opponents
// can reach its region of free cells, then plays one of three ways:
//   - alone, it fills its region: a small one by searching for its longest
//     path, a large one by the move whose chamber tree leaves the most
//     moves, hugging walls among equals;
//   - against one opponent, it searches both players' moves (alpha-beta,
//     the opponent answering my move, iterative deepening under a budget of
//     work), scoring positions by Voronoi territory counted through its
//     chamber tree (see chambers); while the heads are far apart it
//     evaluates each of its moves once instead;
//   - against several, it searches against the nearest, the others
//     standing still and taking their share of the territory, wary of
//     cells any of them may also enter.
//
// It is deterministic: its budgets count work, never time, and it draws no
// random numbers. Its buffers are kept from turn to turn and match to
// match, so that a turn allocates nothing.
type Strong struct {
	cfg   StrongConfig
	seat  int
	board board
	terr  territory
	eval  evaluator
	fill  filler
	duel  duel

	rivals [tron.MaxPlayers]int   // seats sharing my region this turn
	others [tron.MaxPlayers]int32 // heads of the rivals a crowd search stands still
	srcs   [tron.MaxPlayers + 1]source

	// alone remembers that no opponent could reach my region at turn. It
	// stays true as long as nobody is eliminated: only an eliminated
	// player's erased trail can open a way between regions.
	alone     bool
	turn      int
	aliveSeen int
	region    int // the free cells of my region this turn, when I am not alone

	modes [modeCount]int // moves played in each mode, for tests and tuning
}

// mode is a way of choosing a move.
type mode int

const (
	modeFill mode = iota
	modeApart
	modeSearch
	modeCrowd
	modeCount
)

// NewStrong returns a strong player with the given arguments.
func NewStrong(cfg StrongConfig) *Strong {
	p := &Strong{cfg: cfg}
	p.eval.terr = &p.terr
	p.fill.terr, p.fill.ch = &p.terr, &p.eval.ch
	p.fill.budget = fillShare * 1000 * cfg.Work
	p.duel.b, p.duel.eval = &p.board, &p.eval
	p.terr.room = int32(cfg.Room)
	p.eval.sealed = cfg.Sealed
	p.eval.spare = cfg.Spare
	p.eval.chambers = cfg.Chambers
	p.duel.swindle = cfg.Swindle
	p.duel.reduce = cfg.Reduce
	return p
}

// Reset prepares for a match in seat m.Seat. The player draws no random
// numbers.
func (p *Strong) Reset(m sim.MatchInfo, _ *rand.Rand) {
	p.seat = m.Seat
	p.alone, p.turn, p.aliveSeen = false, 0, 0
	p.duel.reset()
}

// Act picks a move.
func (p *Strong) Act(v *tron.View) (tron.Dir, error) {
	b := &p.board
	b.sync(v)
	p.fill.resize(b)
	p.eval.ch.resize(len(b.cells))
	head := b.heads[p.seat]
	if head < 0 {
		return tron.XPlus, nil // not in play: any answer will do
	}
	var k uint8
	switch rivals := p.findRivals(v); len(rivals) {
	case 0:
		p.modes[modeFill]++
		k = p.fill.move(b, head)
	case 1:
		k = p.duelMove(rivals[0])
	default:
		p.modes[modeCrowd]++
		k = p.crowdMove(rivals)
	}
	return tron.Dirs[k], nil
}

// findRivals returns the alive opponents that can step into my region. A
// flood of the region settles it, unless I was already alone last turn and
// nobody has been eliminated since.
func (p *Strong) findRivals(v *tron.View) []int {
	alive := 0
	for seat := range v.Players {
		if v.Alive(seat) {
			alive++
		}
	}
	// Asked again in the same turn, or in the next one, with nobody gone.
	stillAlone := p.alone && (v.Turn == p.turn || v.Turn == p.turn+1) && alive == p.aliveSeen
	p.turn, p.aliveSeen = v.Turn, alive
	if stillAlone {
		return nil
	}
	b := &p.board
	p.region = p.fill.region(b, b.heads[p.seat])
	rivals := p.rivals[:0]
	for seat, h := range b.heads {
		if seat != p.seat && h >= 0 && p.fill.reaches(b, h) {
			rivals = append(rivals, seat)
		}
	}
	p.alone = len(rivals) == 0
	return rivals
}

// defaultReach is the distance from the heads, in cells, within which
// their territories must meet for a search (the reach argument). The first moves on an open board decide most games, so
// the search goes deep from the first move on boards up to 40×40 (whose
// open territories meet within 40 cells): on 40×40 reach 40 beat reach 20 by
// +124 [+42, +216] to +88 [+16, +164] over the previous strong (60 games
// each, work=8000; reach 200 gave the same 40 wins, 1 draw, 19 losses),
// and reach 200 beat reach 6 by +104 [+32, +188] at
// work=1000. Beyond, which only the 100×100 board's openings reach, one
// evaluation of each move (duel.apart) keeps those long openings cheap.
const defaultReach = 40

// defaultChambers is the chambers argument: every region of a board of up
// to 100×100 counts through its chamber trees. A smaller value trades them
// for a deeper search in large regions: they cost twice the territory
// search itself. On 40×40 that looked better (chambers=500 at work=8000:
// +112 [+38, +194] over the previous strong, 60 games, against +64 [−6,
// +136] with the trees), but on the 100×100 board it was level with the
// previous strong (10 wins, 10 losses) where the trees won 13 to 6: both
// differences are within the noise of these runs, and the standard board
// decides.
const defaultChambers = 10_000

// duelMove picks a move against the one opponent sharing my region: by a
// search when our territories meet within reach, else by one evaluation
// of each of my moves (see duel.apart).
func (p *Strong) duelMove(opp int) uint8 {
	p.terr.load(&p.board)
	if !p.duel.near(p.seat, opp, p.cfg.Reach) {
		p.modes[modeApart]++
		return p.duel.apart(p.seat, opp, nil)
	}
	p.modes[modeSearch]++
	return p.duel.best(p.seat, opp, nil, p.cfg.Depth, p.budget())
}

// fillShare is how many times a search move's budget the endgame fill's
// longest path may take: few moves search for it, at the end of a game,
// and one cell more or less there decides a close game.
const fillShare = 4

// budgetCells is the region, in free cells, in which a move may do its
// whole work (the work argument): the cells of a 40×40 board. In a smaller
// region a move does the region's share of it. An evaluation visits the
// region, so a move searches about as many positions in a small region as
// in a large one, in a fraction of the time: small boards, and the later
// moves of a game, cost what they need.
const budgetCells = 40 * 40

// contactCells is how near the heads, in cells, the territories must meet
// for a search on a board larger than 40×40 to take its whole budget.
// There an evaluation visits more cells than the budget of a 40×40 board
// allows many of, and the search reaches two or three turns: while the
// territories meet farther away than that, no move of the search's reach
// can touch the other player's, and a search of the whole budget would
// only refine the same estimate. Such a search takes contactCells over the
// distance they meet at of its budget, on a region of twice budgetCells
// or more, and proportionally less of that cut in between.
const contactCells = 5

// budget returns the work this turn's search may do, in cells visited,
// once near reported how far from the heads the territories meet.
func (p *Strong) budget() int {
	b := 1000 * p.cfg.Work * min(p.region, budgetCells) / budgetCells
	if m := int(p.terr.meet); p.region > budgetCells && m > contactCells {
		large := min(p.region-budgetCells, budgetCells) // from 0 on a 40×40 region to budgetCells
		cut := b - b*contactCells/m
		b -= cut * large / budgetCells
	}
	return b
}

// crowdMove picks a move when several opponents share my region. A search
// of every player's moves is out of reach, so it searches mine against the
// nearest opponent's, the others standing still (see duel.best).
func (p *Strong) crowdMove(rivals []int) uint8 {
	b := &p.board
	p.terr.load(b)
	head := b.heads[p.seat]
	nearest := rivals[0]
	for _, seat := range rivals[1:] {
		if b.distance(head, b.heads[seat]) < b.distance(head, b.heads[nearest]) {
			nearest = seat
		}
	}
	others := p.others[:0]
	for _, seat := range rivals {
		if seat != nearest {
			others = append(others, b.heads[seat])
		}
	}
	if !p.duel.near(p.seat, nearest, p.cfg.Reach) {
		return p.duel.apart(p.seat, nearest, others)
	}
	return p.duel.best(p.seat, nearest, others, p.cfg.Depth, p.budget())
}
