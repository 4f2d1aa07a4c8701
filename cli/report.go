package cli

import (
	"bufio"
	"fmt"

	"github.com/arenasim/arena/report"
	"github.com/arenasim/arena/sim"
)

// lookupAnyGame finds a game by name, as golden and report look games up.
func lookupAnyGame(game string) (sim.AnyGame, error) {
	e, err := lookupGame(game)
	return e.Game, err
}

// version says which arena wrote a page: its module version and revision.
func version() string {
	v, r := provenance()
	if r == "devel" {
		return v
	}
	return v + " " + r
}

// writePage writes an HTML page to the file of an output flag.
func writePage(flag, path string, force bool, p *report.Page) error {
	f, err := createFile(flag, path, force)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	err = report.Write(w, p)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &exitError{ExitInternal, fmt.Errorf("%s %s: %w", flag, path, err)}
	}
	return nil
}
