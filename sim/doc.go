// Package sim holds the contracts every game and bot of arena is written
// against, and nothing that knows a particular game.
//
// A game is an [Engine]: pure rules that advance a state S in place, show each
// seat an observation O and take actions A. A bot is a [Player]: it sees only
// its observation and answers an action. [Match] is the typed loop that plays
// one match between them, recording bot faults instead of crashing; [Game]
// bundles an engine with its parameters and bots, and [Erase] turns it into an
// [AnyGame] that the runner and the CLI use without knowing S, O or A.
//
// Determinism: a match is a pure function of its seed. The engine draws from
// its own random stream and every seat's bot from another ([Streams]), so a
// change of bot never changes the map or the dice the others play with.
// Match seeds come from a run's master seed by [Derive].
package sim
