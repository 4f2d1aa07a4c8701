// Package tron implements the rules of botsArena's Tron, as fixed by the
// project's rule sheet (rules/tron.md): 2 to 12 light cycles on a grid move
// simultaneously, each leaving a trail; a cycle that moves off the board,
// into a trail or into the cell another cycle enters is eliminated, and its
// trail is erased at the end of the turn. The last cycle standing wins.
//
// The action is a [Dir], written x+, x-, y+ or y- as in the original
// protocol. Bots see a [View]: the board and every trail, read-only.
package tron
