// Package tron holds bots for the Tron engine: the reference arena's own
// bots (random, stupid, straight) and a strong one.
package tron
