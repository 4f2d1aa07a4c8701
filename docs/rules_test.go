// Package docs holds the documentation; its test checks that the tables
// from rule to code of docs/games name functions that exist.
package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// codeRef is a backquoted reference in a table's code column: a file and
// function (engines/tron/step.go:Rules.Step), or a function of the file
// named last (Rules.checkEnd, ParseDir).
var (
	fileRef = regexp.MustCompile("^(engines/[a-z]+/[a-z_]+\\.go):([A-Za-z_][A-Za-z0-9_.]*)$")
	funcRef = regexp.MustCompile("^([A-Z][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*$")
	quoted  = regexp.MustCompile("`([^`]+)`")
)

// TestRuleTables: every game's page has a table from the rule sheet to the
// code, and every function it names exists in the file it names.
func TestRuleTables(t *testing.T) {
	pages, err := filepath.Glob("games/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	funcs := map[string]map[string]bool{} // file → its functions, as Name and Recv.Name
	for _, page := range pages {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		_, table, found := strings.Cut(string(data), "\n## Where each rule is\n")
		require.True(t, found, "%s: no section \"Where each rule is\"", page)
		if end := strings.Index(table, "\n## "); end >= 0 {
			table = table[:end]
		}
		refs := 0
		for _, line := range strings.Split(table, "\n") {
			cells := strings.Split(line, "|")
			if len(cells) < 4 || strings.HasPrefix(strings.TrimSpace(cells[2]), "---") || strings.TrimSpace(cells[2]) == "code" {
				continue
			}
			file := ""
			for _, m := range quoted.FindAllStringSubmatch(cells[2], -1) {
				name := m[1]
				if f := fileRef.FindStringSubmatch(name); f != nil {
					file, name = f[1], f[2]
				} else if !funcRef.MatchString(name) || file == "" {
					continue // another package's (sim.RankPlaces), or not a name
				}
				if funcs[file] == nil {
					funcs[file] = declared(t, filepath.Join("..", file))
				}
				require.True(t, funcs[file][name], "%s: %s names %s, which %s does not declare", page, strings.TrimSpace(cells[1]), name, file)
				refs++
			}
		}
		require.Greater(t, refs, 5, "%s: a table with few functions", page)
	}
}

// declared returns the functions and methods a Go file declares: Name for
// each, and Recv.Name for methods.
func declared(t *testing.T, path string) map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		names[fd.Name.Name] = true
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if idx, ok := typ.(*ast.IndexExpr); ok {
				typ = idx.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				names[id.Name+"."+fd.Name.Name] = true
			}
		}
	}
	return names
}
