// Command arena plays bot-programming games headless and deterministic, and
// rates the bots. See `arena help` and the docs/ folder.
package main

import (
	"os"

	"github.com/arenasim/arena/cmd/arena/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr)) }
