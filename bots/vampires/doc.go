// Package vampires holds bots for the Vampires vs Werewolves engine: random
// (a uniformly random valid ply), greedy (the rule sheet's: the best human group it can
// convert, away from groups it cannot beat) and strong (alpha-beta over
// plies with splits, battles by their expected outcome, iterative
// deepening under a budget of nodes).
package vampires
