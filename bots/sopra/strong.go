package sopra

import (
	"math"
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
)

// StrongParams are the strong bot's arguments: the weights of its
// evaluation.
var StrongParams = []sim.ParamSpec{
	sim.FloatParam("patience", "0.85", 0.5, 1, "discount per round of a logo's future delivery: near 1 values far logos almost as much as near ones"),
	sim.FloatParam("risk", "0.2", 0, 4, "the chance an opponent takes a move that slaps it, per move of that opponent that would (0 ignores threats)"),
	sim.FloatParam("contest", "0.55", 0, 1, "what a free logo that an opponent reaches first is worth, as a share of its value"),
	sim.FloatParam("hunt", "0.4", 0, 4, "what making a carrier drop its logo is worth, as a share of the logo's value to the carrier"),
	sim.FloatParam("jump_cost", "3", 0, 30, "points a jump must gain to be spent"),
	sim.FloatParam("stun_cost", "0", 0, 30, "points a round stunned costs"),
}

func strongBot() sim.Bot[engine.View, engine.Action] {
	return sim.Bot[engine.View, engine.Action]{
		Name:    "strong",
		Summary: "scores each step and jump by the logos it brings nearer (discounted, less those an opponent reaches first), the deliveries and slaps it makes, and the slaps and collisions it risks before it moves again",
		Params:  StrongParams,
		Prepare: func(args sim.Params) (func() player, error) {
			r := sim.NewParamReader(args, StrongParams)
			cfg := StrongConfig{
				Patience: r.Float("patience"),
				Risk:     r.Float("risk"),
				Contest:  r.Float("contest"),
				Hunt:     r.Float("hunt"),
				JumpCost: r.Float("jump_cost"),
				StunCost: r.Float("stun_cost"),
			}
			if err := r.Err(); err != nil {
				return nil, err
			}
			return func() player { return &Strong{cfg: cfg} }, nil
		},
	}
}

// StrongConfig holds the strong bot's weights (see StrongParams).
type StrongConfig struct {
	Patience, Risk, Contest, Hunt, JumpCost, StunCost float64
}

// delivery is what a delivered logo scores, as the rule sheet's default;
// the bot plans with it.
const delivery = 30

// Strong looks one move ahead: for each allowed step or jump it adds the
// points the move scores at once (pick-up, delivery, sure slaps), the value
// of where it stands after the move (the carried logo's delivery, or the
// best free logo's, discounted by the rounds they take and shared when an
// opponent is nearer), and takes off what it risks: being slapped by a
// player that moves after it (its logo then drops), and walking into a
// player that moves before it.
type Strong struct {
	cfg    StrongConfig
	rng    *rand.Rand
	home   distances // to the own caddie
	from   distances // from a candidate cell
	logos  []engine.Cell
	near   []int // per free logo, the fewest steps an opponent needs to reach it
	opp    distances
	powers []float64 // patience^d by d
}

// Reset keeps the seat's stream.
func (b *Strong) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act returns the move of best value, ties broken at random.
func (b *Strong) Act(v *engine.View) (engine.Action, error) {
	me := v.Seat
	b.home.search(v, me, []engine.Cell{v.Caddie(me)})
	b.logos = v.FreeLogos(b.logos[:0])
	b.contested(v)
	best, bestValue, ties := engine.NoAction, math.Inf(-1), 0
	for _, a := range engine.Actions {
		t, ok := target(v, me, a)
		if !ok {
			continue
		}
		value := b.value(v, a, t)
		switch {
		case value > bestValue+1e-9:
			best, bestValue, ties = a, value, 1
		case value > bestValue-1e-9:
			ties++
			if b.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	if best == engine.NoAction {
		return anyAllowed(v, me, b.rng), nil
	}
	return best, nil
}

// contested fills b.near: for each free logo, the fewest steps an opponent
// that carries nothing needs to reach it.
func (b *Strong) contested(v *engine.View) {
	b.near = b.near[:0]
	for range b.logos {
		b.near = append(b.near, unreached)
	}
	for o := range v.Players {
		if o == v.Seat || v.Carrying(o) {
			continue
		}
		b.opp.search(v, o, []engine.Cell{v.Pos(o)})
		for k, l := range b.logos {
			d := b.opp.at(l)
			if v.Stunned(o) {
				d++
			}
			b.near[k] = min(b.near[k], d)
		}
	}
}

// value is the worth of action a, which takes the bot to t.
func (b *Strong) value(v *engine.View, a engine.Action, t engine.Cell) float64 {
	me := v.Seat
	left := v.Rounds - v.Round // rounds after this one
	carrying := v.Carrying(me)
	points := 0.0
	if !carrying && v.LogoAt(t) {
		carrying = true
		points++
	}
	if carrying && t == v.Caddie(me) {
		carrying = false
		points += delivery
	}
	points += b.slaps(v, t)
	if a.Jump() {
		points -= b.cfg.JumpCost
	}
	var stand float64
	if carrying {
		stand = b.carried(b.home.at(t), left)
	} else {
		stand = b.bestLogo(v, t, left)
	}
	risk := b.threat(v, t)
	// Slapped, the bot loses a round (the value of what it heads for, one
	// round later) and the points it gives; carrying, it loses most of the
	// logo too.
	// (Every product is rounded on its own, float64(…): no fused
	// multiply-add, so that every machine makes the same choice.)
	loss := b.cfg.StunCost + float64(stand*(1-b.cfg.Patience))
	if carrying {
		loss += float64(0.8 * stand)
	}
	return points + stand - float64(risk*loss) - float64(b.collision(v, t)*(5+loss))
}

// carried is the worth of carrying a logo d steps from home with left
// rounds to go.
func (b *Strong) carried(d, left int) float64 {
	if d > left {
		return 0
	}
	return delivery * b.discount(d)
}

// discount returns patience^d, for 0 ≤ d < unreached, from a table of
// products (math.Pow may round differently on machines that fuse
// multiply-adds; a product of products is the same everywhere).
func (b *Strong) discount(d int) float64 {
	for len(b.powers) <= d {
		if len(b.powers) == 0 {
			b.powers = append(b.powers, 1)
			continue
		}
		b.powers = append(b.powers, b.powers[len(b.powers)-1]*b.cfg.Patience)
	}
	return b.powers[d]
}

// bestLogo is the worth of standing on t without a logo: the best free
// logo's pick-up and delivery, discounted by the steps there and home,
// shared when an opponent gets there first.
func (b *Strong) bestLogo(v *engine.View, t engine.Cell, left int) float64 {
	if len(b.logos) == 0 {
		return 0
	}
	b.from.search(v, v.Seat, []engine.Cell{t})
	best := 0.0
	for k, l := range b.logos {
		d := b.from.at(l)
		if d >= unreached || d > left {
			continue
		}
		w := (1 + b.carried(b.home.at(l), left-d)) * b.discount(d)
		switch {
		case b.near[k] < d:
			w *= b.cfg.Contest
		case b.near[k] == d:
			w *= (1 + b.cfg.Contest) / 2
		}
		best = max(best, w)
	}
	return best
}

// slaps is what arriving on t scores at once: for every player it surely
// slaps there (one that is stunned, or moves after it this round, next to
// t, not at home, not protected), the slap's points and a share of the
// logo it makes drop.
func (b *Strong) slaps(v *engine.View, t engine.Cell) float64 {
	me := v.Seat
	points := 0.0
	for o := range v.Players {
		if o == me || o == v.Protected() || v.AtHome(o) || !v.Reaches(t, v.Pos(o)) {
			continue
		}
		sure := v.Stunned(o) || v.Before(me, o)
		if !sure {
			continue
		}
		points += 2
		if v.Carrying(o) {
			points += float64(b.cfg.Hunt * b.carried(manhattan(v.Pos(o), v.Caddie(o)), v.Rounds-v.Round))
		}
	}
	return points
}

// threat is the chance of being slapped on t before the bot moves again,
// by each player not stunned now, through the moves it has (from where it
// stands) that end next to t. At home nothing reaches the bot.
func (b *Strong) threat(v *engine.View, t engine.Cell) float64 {
	me := v.Seat
	if t == v.Caddie(me) || b.cfg.Risk == 0 {
		return 0
	}
	safe := 1.0
	for o := range v.Players {
		if o == me || v.Stunned(o) {
			continue
		}
		hits, moves := 0, 0
		p := v.Pos(o)
		for _, a := range engine.Actions {
			if a.Jump() && v.Jumps(o) == 0 {
				continue
			}
			dx, dy := a.Delta()
			c := engine.Cell{X: p.X + dx, Y: p.Y + dy}
			if !v.OnBoard(c) || c == t {
				continue
			}
			moves++
			if v.Reaches(c, t) {
				hits++
			}
		}
		if moves > 0 {
			safe *= 1 - min(1, b.cfg.Risk*float64(hits)/float64(moves))
		}
	}
	return 1 - safe
}

// collision is the chance that a player moving before the bot this round
// takes t first, making the bot's move forbidden.
func (b *Strong) collision(v *engine.View, t engine.Cell) float64 {
	me := v.Seat
	free := 1.0
	for o := range v.Players {
		if o == me || v.Stunned(o) || !v.Before(o, me) {
			continue
		}
		if d := manhattan(v.Pos(o), t); d == 1 {
			free *= 0.75
		} else if d == 2 && v.Jumps(o) > 0 && (v.Pos(o).X == t.X || v.Pos(o).Y == t.Y) {
			free *= 0.95
		}
	}
	return 1 - free
}
