package results

import (
	"errors"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSeparatedFitsEndAndHoldTheEstimate: the head-to-head intervals of a small run whose
// results are separated (a championship of eight 6-player Tron matches, in
// testdata) used to take every profile fit to its 500-step guard, Newton's
// steps still moving θ by more than the tolerance far out on the ridge
// while the log-likelihood no longer changed in float64: seconds for eight
// matches. A fit now ends once its log-likelihood stops rising. And with so
// few games the prior of one draw a pair pulls some estimates out of the
// likelihood's interval ("stupid − random: +278 in [+472, ∞)"): every
// interval is widened to hold its estimate.
func TestSeparatedFitsEndAndHoldTheEstimate(t *testing.T) {
	f, err := os.Open("testdata/separated-championship.jsonl")
	require.NoError(t, err)
	defer f.Close()
	rd, err := NewReader(f, "separated-championship.jsonl")
	require.NoError(t, err)
	h := rd.Header()
	tally := NewTally(h.Bots, Options{Seed: h.Seed})
	for {
		var r Record
		if err := rd.Read(&r); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		require.NoError(t, tally.Add(&r))
	}
	st, err := tally.Standings()
	require.NoError(t, err)
	for i, a := range h.Bots {
		for _, b := range h.Bots[i+1:] {
			d, err := st.Diff(a, b)
			require.NoError(t, err)
			require.True(t, d.Lo <= d.Elo && d.Elo <= d.Hi, "%s − %s: %v", a, b, d)
		}
	}
	for _, r := range st.Ratings {
		require.True(t, r.EloLo <= r.Elo && r.Elo <= r.EloHi, "%s: %v [%v, %v]: the interval holds the estimate", r.Bot, r.Elo, r.EloLo, r.EloHi)
	}
	fits, steps := 0, 0
	for _, an := range st.groups {
		fits += an.p.fits
		steps += an.p.steps
	}
	require.Greater(t, fits, 500)
	t.Logf("%d fits, %d Newton steps", fits, steps)
	require.Less(t, steps, 40*fits, "a fit takes about 30 steps at most")
}
