// Package runner turns a configured game into a tournament: a [Schedule]
// that says who plays whom on which seed, and [Run], a worker pool that plays
// the schedule and hands back one record per match, strictly in match order,
// as the matches complete. It knows no particular game.
package runner
