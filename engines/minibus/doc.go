// Package minibus implements the rules of the ENSIIE "minibus" game, as
// fixed by the project's rule sheet (rules/minibus.md): one to four bus
// companies share a small grid where stations appear over time and
// passengers wait in queues; each company buys buses, sends them from
// station to station and earns the fare of every passenger it drops at
// their destination. The first to reach the goal money wins; a player who
// sends an invalid command loses at once.
//
// The action is an [Action]: one output line of the original game, such as
// `BUS 3;DESTINATION 0 2`, kept as text and run command by command when the
// turn is played, so that the commands before an invalid one still apply.
// Bots build lines without allocating with a [Line]. Bots see a [View]: the
// whole game, read-only, with the changes of the turn; [View.AppendStart]
// and [View.AppendTurn] render it as the original referee's standard input.
package minibus
