package cli

import (
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/require"
)

// TestBootstrapDefaultDependsOnTheField: --bootstrap left out lets results
// choose for the number of bots (fewer past LargeField), a given number is
// kept, 0 means none.
func TestBootstrapDefaultDependsOnTheField(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 0}, {[]string{"--bootstrap", "1000"}, 1000}, {[]string{"--bootstrap", "300"}, 300}, {[]string{"--bootstrap", "0"}, -1}} {
		o := &runOptions{}
		fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
		o.registerRating(fs)
		require.NoError(t, fs.Parse(c.args))
		opt, err := o.ratingOptions([]string{"a", "b"}, 2, 1)
		require.NoError(t, err)
		require.Equal(t, c.want, opt.Bootstrap, "%v", c.args)
	}
}
