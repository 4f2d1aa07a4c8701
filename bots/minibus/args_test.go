package minibus

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestStrongArguments(t *testing.T) {
	bot := strongBot()
	for _, tc := range []struct {
		args sim.Params
		want string
	}{
		{sim.Params{"memory": []byte("0")}, "param memory: 0 is out of range 1..500"},
		{sim.Params{"residual": []byte("2")}, "param residual: 2 is out of range 0..1"},
		{sim.Params{"depth": []byte("2")}, "param depth: unknown parameter (known: memory, residual)"},
	} {
		eff, err := sim.Effective(tc.args, bot.Params)
		if err == nil {
			_, err = bot.Prepare(eff)
		}
		require.EqualError(t, err, tc.want)
	}
	eff, err := sim.Effective(sim.Params{"memory": []byte("80")}, bot.Params)
	require.NoError(t, err)
	newPlayer, err := bot.Prepare(eff)
	require.NoError(t, err)
	require.Equal(t, 80, newPlayer().(*Strong).args.Memory)
}
