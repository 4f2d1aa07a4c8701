// Package coin implements a synthetic game whose outcomes come from known
// strengths, to calibrate the rating statistics of arena (the rule sheet is
// docs/games/coin.md).
//
// A match is one turn: every seat declares its bot's true Elo (an [Action],
// written as a number) and the engine draws the places from those Elos. Two
// seats play a duel scored by the Elo formula, with an optional share of
// draws; more seats are placed by the Plackett–Luce model with strengths
// 10^(Elo/400). The luck of a match is the engine's random stream mixed with
// each seat's declared Elo, so the two seat orders of one seed are
// independent games.
//
// Bots see a [View]: their seat and the number of seats, nothing else.
package coin
