// Package sopra implements the Sopra Steria "Coding Game" of logos and
// caddies, as fixed by the project's rule sheet (rules/sopra.md): 2 to 6
// players on a 16×13 board fetch the logos lying in its right half and
// bring them back to their own caddie, slapping every player they arrive
// next to. A match lasts 50 rounds; every player may jump 3 times.
//
// A round collects every move, then resolves the players one at a time, in
// seat order rotated each round (order=rotate) or always from seat 0
// (order=fixed). Each player's resolution runs the sheet's steps in order,
// one function each: checkMove, move, pickUp, deliver, slap; a forbidden
// action is penalise instead, and a player that loses its logo drops it
// (dropLogo). The rule variants are named steps chosen once, when the rules
// are configured: the resolution order (rotateOrder, fixedOrder), the
// neighbourhood of a slap (the 4 or 8 adjacent cells) and the distance of a
// drop (manhattan, chebyshev).
//
// The action is an [Action], written as the original protocol writes it:
// N, S, E, O (W is accepted for O) or a jump JN, JS, JE, JO. Bots see a
// [View] of the whole state, read in place; [View.AppendWorldState] renders
// the original protocol's worldstate line and [ParseActionLine] reads the
// line a player sends back.
//
// A match record's scores are the game points; [EventPoints] turns its
// places into the event's 8, 5, 3, 2, 1, 0 points.
package sopra
