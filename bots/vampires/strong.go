package vampires

import (
	"math"
	"math/rand/v2"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// Limits and defaults of the strong bot's arguments.
const (
	maxBudget     = 100_000_000
	maxDepth      = 32
	maxWidth      = 64
	defaultBudget = 3000
	defaultDepth  = 8
	defaultWidth  = 10
)

// StrongParams are the arguments of the strong bot: the search's budget
// and shape, and the weights of its evaluation.
var StrongParams = []sim.ParamSpec{
	sim.IntParam("budget", defaultBudget, 1, maxBudget, "positions the search may visit per ply: the search deepens until it runs out (never a clock)").Log(),
	sim.IntParam("depth", defaultDepth, 1, maxDepth, "deepest search, in plies (both players')"),
	sim.IntParam("width", defaultWidth, 1, maxWidth, "plies searched per position, best first by the move generator's estimate"),
	sim.IntParam("groups", 3, 1, 255, "the search splits a group only while its side has fewer groups than this"),
	sim.FloatParam("pop", "8.73", 0, 100, "evaluation: weight of the population difference"),
	sim.FloatParam("humans", "6.15", 0, 100, "evaluation: weight of the human groups a side can take first"),
	sim.FloatParam("threat", "2.26", 0, 100, "evaluation: weight of the enemy groups that can kill own groups outright or be killed by them, nearer ones weighing more"),
	sim.FloatParam("decay", "0.78", 0, 1, "evaluation: how much a prize or threat one move farther counts"),
	sim.FloatParam("cohesion", "4.8", 0, 100, "evaluation: weight of the largest group (the one that takes the big prizes and hunts)"),
}

// StrongConfig holds the strong bot's arguments.
type StrongConfig struct {
	Budget   int     // positions visited per ply
	Depth    int     // deepest search, in plies
	Width    int     // plies searched per position
	Groups   int     // no splits once a side has this many groups
	Pop      float64 // evaluation weights, see searcher.eval
	Humans   float64
	Threat   float64
	Decay    float64
	Cohesion float64
}

// DefaultStrongConfig returns the arguments the strong bot uses when none
// are given.
func DefaultStrongConfig() StrongConfig {
	return StrongConfig{Budget: defaultBudget, Depth: defaultDepth, Width: defaultWidth, Groups: 3, Pop: 8.73, Humans: 6.15, Threat: 2.26, Decay: 0.78, Cohesion: 4.8}
}

// strongBot describes the strong bot for the registry.
func strongBot() sim.Bot[vampires.View, vampires.Ply] {
	return sim.Bot[vampires.View, vampires.Ply]{
		Name:    "strong",
		Summary: "alpha-beta over plies with splits, battles by their expected outcome, deepened under a budget of positions (never a clock)",
		Params:  StrongParams,
		Prepare: func(args sim.Params) (func() player, error) {
			cfg, err := readStrongConfig(args)
			if err != nil {
				return nil, err
			}
			return func() player { return NewStrong(cfg) }, nil
		},
	}
}

// readStrongConfig reads and checks the strong bot's arguments.
func readStrongConfig(args sim.Params) (StrongConfig, error) {
	r := sim.NewParamReader(args, StrongParams)
	cfg := StrongConfig{
		Budget:   r.Int("budget"),
		Depth:    r.Int("depth"),
		Width:    r.Int("width"),
		Groups:   r.Int("groups"),
		Pop:      r.Float("pop"),
		Humans:   r.Float("humans"),
		Threat:   r.Float("threat"),
		Decay:    r.Float("decay"),
		Cohesion: r.Float("cohesion"),
	}
	return cfg, r.Err()
}

// Strong is the strong player: each ply it loads the position into its
// search board and runs an alpha-beta search over the plies its move
// generator proposes (see searcher and movegen). It is deterministic: it
// draws no random numbers and its budget counts positions, never time.
// Its buffers are kept from ply to ply and match to match.
type Strong struct {
	cfg    StrongConfig
	s      *searcher
	groups []vampires.Located
	moves  []vampires.Move

	// Nodes counts the positions searched since the player was made, for
	// benchmarks and tuning.
	Nodes int
}

// NewStrong returns a strong player with the given arguments.
func NewStrong(cfg StrongConfig) *Strong { return &Strong{cfg: cfg, s: newSearcher(cfg)} }

// Reset prepares for a match. The player draws no random numbers.
func (p *Strong) Reset(sim.MatchInfo, *rand.Rand) {}

// Act searches the position and plays the best ply found.
func (p *Strong) Act(v *vampires.View) (vampires.Ply, error) {
	p.s.setRules(newModel(v.Config), v.Rows, v.Columns)
	p.groups = v.AppendGroups(p.groups[:0])
	root := &p.s.boards[0]
	root.load(v, p.groups)
	best := p.s.best()
	p.Nodes += p.s.nodes
	p.moves = p.moves[:0]
	for _, m := range best.moves[:best.k] {
		p.moves = append(p.moves, vampires.Move{From: root.side[0][m.from].c, Count: int(math.Round(m.n)), To: m.to})
	}
	return vampires.Mov(p.moves...), nil
}
