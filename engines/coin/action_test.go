package coin

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestActionTextRoundTrip(t *testing.T) {
	r := newRules(t, `{}`)
	tenth := 0.1
	sum := tenth + 0.2 // 0.30000000000000004: a variable, so it is not folded as an exact constant
	for _, elo := range []float64{0, math.Copysign(0, -1), 1, -1000, 1000, 123.456, sum, 1e-300, -999.9999999999999, 1.0 / 3} {
		a := Declare(elo)
		text := string(r.AppendAction(nil, a))
		back, err := r.ParseAction(text)
		require.NoError(t, err, text)
		require.Equal(t, math.Float64bits(elo), math.Float64bits(back.Elo), "%s reads back bit for bit", text)
		require.True(t, back.Given)
		require.Equal(t, text, a.String())
	}
	require.Equal(t, "-250", Declare(-250).String())
	require.Equal(t, "0.30000000000000004", Declare(sum).String())
	require.Empty(t, Action{}.String(), "no answer has no text")
	a, err := ParseElo("  42.5\n")
	require.NoError(t, err)
	require.Equal(t, Declare(42.5), a)
}

func TestParseEloRefusesWhatIsNotAnEloInRange(t *testing.T) {
	for _, text := range []string{"", "x+", "12abc", "2000.0001", "-2000.5", "1e4", "NaN", "Inf", "-inf", "1e400", "0x", "1,5"} {
		a, err := ParseElo(text)
		require.Error(t, err, "%q", text)
		require.ErrorContains(t, err, "is not an Elo (want a number in -2000..2000)")
		require.Zero(t, a, "%q gives no answer", text)
	}
}

func TestValid(t *testing.T) {
	require.True(t, Declare(MinElo).Valid())
	require.True(t, Declare(MaxElo).Valid())
	require.False(t, Declare(math.Nextafter(MaxElo, math.Inf(1))).Valid())
	require.False(t, Declare(math.Nextafter(MinElo, math.Inf(-1))).Valid())
	require.False(t, Declare(math.NaN()).Valid())
	require.False(t, Action{Elo: 5}.Valid(), "not given")
}
