// Package aquariom implements the rules core of Aquar.iom, an agar.io-like
// game, as fixed by the project's rule sheet (rules/aquariom.md): circular
// cells with continuous positions and masses on a rectangular map; player
// cells move, divide, create viruses and eat smaller cells; initial neutral
// cells reappear a while after being eaten; a virus makes the cell that
// eats it explode into satellites. A player's score is its total mass summed
// over the initial state and every step.
//
// A Config holds every key of the original JSON map format (ParseMap,
// LoadMap; the engine ships its own maps), the satellite_mass choice and the
// number of seats; New builds the Rules, a sim.Engine[State, View, Action].
// A turn runs the sheet's eight phases in order, one function each:
// divisions, virusCreations, moves, surrenders, massLoss, isolation,
// respawn, collisions.
//
// Floats are float64 with every product rounded on its own (no fused
// multiply-add: see geom.go), so a seed gives the same match on every
// machine. Cells are found through uniform grids, so a turn costs what the
// cells near the player cells cost, and allocates nothing once warm.
//
// The action is an [Action], written as one line of ';'-separated commands:
// "move ID X Y", "divide ID X Y MASS", "virus ID X Y", "surrender". Bots see a
// [View] of the whole state, read in place.
package aquariom
