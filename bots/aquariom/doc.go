// Package aquariom holds bots for Aquar.iom, the agar.io-like engine:
// idle (does nothing), nearest (each cell flees the bigger opponent cells
// about to reach it, else moves onto the nearest cell it can eat),
// splitter (nearest, dividing towards prey a half-mass child can reach) and
// strong (farms with up to max_cells_per_player cells, each picking its
// move by food, prey and risk; divides to catch prey, creates viruses
// against bigger chasers, regroups when threatened).
//
// The engine draws random numbers only for surrenders and the maps have
// fixed starting positions, so two deterministic bots would play the same
// match whatever the seed: the bots break ties (and draw wander points)
// from their seat's stream, so that a seed gives one match, and seeds give
// different matches. They use nothing else: no time, no map iteration, no
// goroutines, and a turn allocates nothing once their buffers are sized.
package aquariom
