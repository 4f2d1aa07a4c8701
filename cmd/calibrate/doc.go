// Command calibrate measures arena's statistics on the synthetic coin game,
// whose outcomes come from known strengths: how often the 95 % rating
// intervals hold the true ratings, how often the sequential test accepts H1
// at a true difference of 0 and of elo1, and how many games pairing saves on
// a real game. `make calibrate` prints the full table (minutes); the tests
// run a reduced version with fixed seeds whose assertions fail on a broken
// method.
package main
