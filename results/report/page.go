// Package report writes arena's HTML pages: a run's standings and charts,
// a sequential test's or a tuning run's course, and replay viewers that
// draw recorded matches turn by turn. A page is one self-contained file:
// its styles, scripts and data are inside it, and it loads nothing from
// the network. The data is made of aggregates (a run's page does not grow
// with its number of matches) and of the replays asked for.
package report

import (
	"bufio"
	"embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"slices"
)

//go:embed assets
var assets embed.FS

// Page is the data of one page; the page's script draws it.
type Page struct {
	Title   string    `json:"title"`
	Version string    `json:"version"` // the arena that wrote the page
	Run     *Run      `json:"run,omitempty"`
	SPRT    *SPRT     `json:"sprt,omitempty"`
	Tune    *Tune     `json:"tune,omitempty"`
	Replays []*Replay `json:"replays,omitempty"`
}

// Write writes the page as one HTML file.
func Write(w io.Writer, p *Page) error {
	data, err := json.Marshal(p) // escapes <, > and &, so no "</script>" can end the block early
	if err != nil {
		return err
	}
	css, err := assets.ReadFile("assets/report.css")
	if err != nil {
		return err
	}
	scripts, err := scriptsOf()
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(b, "<title>%s</title>\n<style>\n%s</style>\n</head>\n", html.EscapeString(p.Title), css)
	b.WriteString("<body>\n<div id=\"errors\" hidden></div>\n<main id=\"page\"></main>\n")
	b.WriteString("<script type=\"application/json\" id=\"arena-data\">")
	b.Write(data)
	b.WriteString("</script>\n")
	for _, s := range scripts {
		b.WriteString("<script>\n")
		b.Write(s)
		b.WriteString("</script>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.Flush() // a bufio.Writer keeps its first error and returns it here
}

// scriptsOf returns the page's scripts in the order they run: the common
// ones, each game's viewer, then the page's own, which draws the data.
func scriptsOf() ([][]byte, error) {
	names := []string{"assets/common.js", "assets/viewer.js"}
	games, err := fs.Glob(assets, "assets/games/*.js")
	if err != nil {
		return nil, err
	}
	slices.Sort(games)
	names = append(names, games...)
	names = append(names, "assets/knockout.js", "assets/report.js", "assets/main.js")
	var out [][]byte
	for _, n := range names {
		s, err := assets.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
