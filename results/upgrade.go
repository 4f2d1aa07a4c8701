package results

import (
	"slices"
	"strings"

	"github.com/arenasim/arena/sim"
)

// Sopra's forbidden actions (rule sheet, "Invalid": a target off the board
// or on a player, a jump with none left) were recorded as faults of kind
// "invalid" before penalties had a field of their own, with these words:
// "JE: target holds a player; penalty, stunned next round".
var (
	sopraActions    = []string{"N", "S", "E", "O", "JN", "JS", "JE", "JO"}
	sopraFlaws      = []string{"target off the board", "target holds a player", "no jump left"}
	sopraPenaltyEnd = "; penalty, stunned next round"
)

// upgradePenalties reads the record of a file written before penalties
// were counted apart from faults: a Sopra fault of kind "invalid" in the
// exact words of a forbidden action becomes the penalty it was, with the
// same seat, turn and message. The record then is the one today's arena
// writes for the match (the match itself, its scores and state hash, never
// changed), so old and new files rate alike and a run resumed across the
// change counts its matches one way. Every other record is left as it is.
func upgradePenalties(r *Record) {
	if r.Game != "sopra" || !slices.ContainsFunc(r.Faults, isSopraPenalty) {
		return
	}
	faults := r.Faults[:0]
	for _, f := range r.Faults {
		if isSopraPenalty(f) {
			r.Penalties = append(r.Penalties, sim.Penalty{Seat: f.Seat, Turn: f.Turn, Msg: f.Msg})
		} else {
			faults = append(faults, f)
		}
	}
	r.Faults = faults
}

// isSopraPenalty reports whether f is a forbidden action of Sopra recorded
// as a fault.
func isSopraPenalty(f sim.Fault) bool {
	if f.Kind != sim.FaultInvalid {
		return false
	}
	rest, ok := strings.CutSuffix(f.Msg, sopraPenaltyEnd)
	action, flaw, found := strings.Cut(rest, ": ")
	return ok && found && slices.Contains(sopraActions, action) && slices.Contains(sopraFlaws, flaw)
}
