// Package minibus holds bots for the Minibus engine: the five AIs of the
// original game's wood leagues (iaSNCF, iaRATP, iaTICE, iaKeolis,
// iaTransdev), which draw their random choices from the seat's stream
// where the referee's used a process id, and a strong bot that beats them.
package minibus
