// Package vampires implements Vampires vs Werewolves, as fixed by the
// project's rule sheet (rules/vampires.md): two species take turns on a
// grid of cells that hold humans, vampires or werewolves. A ply moves groups
// to neighbouring cells (MOV) or, in the classic rules, makes every group
// next to a cell attack it (ATK). Attackers convert humans they at least
// equal, kill enemies they outnumber 1.5 to 1, and otherwise fight a random
// battle. The game ends when a species dies out or at daybreak, the larger
// species winning.
//
// Both rule sets in use are implemented: classic (the seed's) and v10 (the
// later course rules, with probabilistic battles). Maps come from the
// original XML format (see LoadMap); the engine ships its own. The action
// is a [Ply], written "MOV x,y,n,x2,y2;…" or "ATK x,y". Bots see a [View],
// check plies with a [Checker] (the checks of Step) and decide thresholds
// with the configured [Ratio], as the engine does.
// The original protocol's frames are encoded and decoded by the Append*
// functions and DecodeFrame.
package vampires
