package docs

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The rules of architecture.md, "Packages": the module's top level is the
// design card's parts, and imports flow one way between them. A part may
// use the parts listed here, directly or through other packages, and
// itself (its sub-packages count as the part), except that engines and bots
// are one per game: engines/<game> uses no other engine, bots/<game> only
// its own engine, and the wire bots (bots/script, bots/external) no engine.
var mayUse = map[string][]string{
	"sim":       nil,
	"engines":   {"sim"},
	"bots":      {"sim", "engines"},
	"results":   {"sim"},
	"runner":    {"sim", "results"},
	"scenarios": {"sim", "engines", "bots", "results", "runner"},
	"cmd":       {"sim", "engines", "bots", "results", "runner", "scenarios"},
	// Folders of tests and documents: they hold no code a package may import.
	"docs":     {"sim", "engines", "bots", "results", "runner", "scenarios", "cmd"},
	"examples": {"sim", "engines", "bots", "results", "runner", "scenarios", "cmd"},
}

// TestImportsFlowOneWay: every package of the module sits in a part of the
// design card, and no package depends, directly or through others, on a
// part its own may not use (tests aside: an external test may play through
// the registry).
func TestImportsFlowOneWay(t *testing.T) {
	graph, _, err := moduleGraph("..")
	require.NoError(t, err)
	require.Contains(t, graph, "sim", "the module's packages were not found")
	require.Contains(t, graph, "engines/tron", "the module's packages were not found")
	for _, v := range layerViolations(graph) {
		t.Error(v)
	}
}

// TestLayerRulesCatchABackArrow: the rules above find each kind of back
// arrow in a small graph, including one that goes through another package.
func TestLayerRulesCatchABackArrow(t *testing.T) {
	ok := map[string][]string{
		"sim":               nil,
		"sim/simtest":       {"sim"},
		"engines/tron":      {"sim"},
		"bots/tron":         {"sim", "engines/tron"},
		"bots/script":       {"sim"},
		"results":           {"sim"},
		"results/golden":    {"sim"},
		"results/report":    {"results", "results/golden"},
		"runner":            {"results", "sim"},
		"scenarios":         {"bots/tron", "engines/tron", "runner"},
		"cmd/arena/cli":     {"scenarios", "results/report"},
		"cmd/arena":         {"cmd/arena/cli"},
		"engines/minibus":   {"sim"},
		"bots/minibus":      {"engines/minibus"},
		"results/tune":      {"sim"},
		"cmd/calibrate":     {"scenarios"},
		"scenarios/helpers": {"scenarios"},
	}
	require.Empty(t, layerViolations(ok))
	for _, tc := range []struct {
		name     string
		from, to string
		want     string
	}{
		{"sim imports an engine", "sim", "engines/tron", "sim imports engines/tron"},
		{"a sub-package of sim imports the runner", "sim/simtest", "runner", "sim/simtest imports runner"},
		{"results imports an engine", "results", "engines/tron", "results imports engines/tron"},
		{"a sub-package of results imports the registry", "results/golden", "scenarios", "results/golden imports scenarios"},
		{"results imports a bot through the registry", "results/report", "scenarios", "results/report imports scenarios"},
		{"the runner imports a bot", "runner", "bots/tron", "runner imports bots/tron"},
		{"an engine imports another", "engines/tron", "engines/minibus", "engines/tron imports engines/minibus"},
		{"a bot imports another game's engine", "bots/tron", "engines/minibus", "bots/tron imports engines/minibus"},
		{"a wire bot imports an engine", "bots/script", "engines/tron", "bots/script imports engines/tron"},
		{"a bot imports the runner", "bots/tron", "runner", "bots/tron imports runner"},
		{"the registry imports a command", "scenarios", "cmd/arena/cli", "scenarios imports cmd/arena/cli"},
		{"a package outside the card", "results", "tune", "tune is outside the design card's parts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := map[string][]string{}
			for k, v := range ok {
				g[k] = slices.Clone(v)
			}
			g[tc.from] = append(g[tc.from], tc.to)
			if _, known := g[tc.to]; !known {
				g[tc.to] = nil
			}
			v := layerViolations(g)
			require.NotEmpty(t, v, "no violation found")
			require.Contains(t, strings.Join(v, "\n"), tc.want)
		})
	}
}

// TestArchitectureTableNamesEveryPackage: the table of architecture.md
// names every package of the module (engines/<game> and bots/<game> stand
// for each game's), and names no package that is gone.
func TestArchitectureTableNamesEveryPackage(t *testing.T) {
	data, err := os.ReadFile("architecture.md")
	require.NoError(t, err)
	var rows []*regexp.Regexp
	var names []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z/<>]+)` \\|").FindAllStringSubmatch(string(data), -1) {
		names = append(names, m[1])
		rows = append(rows, regexp.MustCompile("^"+strings.ReplaceAll(regexp.QuoteMeta(m[1]), "<game>", "[a-z]+")+"$"))
	}
	require.NotEmpty(t, rows, "architecture.md has no table of packages")
	_, code, err := moduleGraph("..")
	require.NoError(t, err)
	used := make([]bool, len(rows))
	for pkg := range code { // folders of tests only (docs, examples) aside
		found := false
		for i, r := range rows {
			if r.MatchString(pkg) {
				found, used[i] = true, true
			}
		}
		require.True(t, found, "architecture.md's table does not name %s", pkg)
	}
	for i, u := range used {
		require.True(t, u, "architecture.md's table names %s, which is no package", names[i])
	}
}

// part returns the top-level part of a package path relative to the module,
// and its game when the part is one package per game (engines, bots).
func part(pkg string) (top, game string) {
	top, rest, _ := strings.Cut(pkg, "/")
	if top == "engines" || top == "bots" {
		game, _, _ = strings.Cut(rest, "/")
	}
	return top, game
}

// layerViolations returns one line per package that depends on a package
// its part may not use, with the chain of imports that leads there.
func layerViolations(graph map[string][]string) []string {
	var out []string
	pkgs := slices.Sorted(func(yield func(string) bool) {
		for k := range graph {
			if !yield(k) {
				return
			}
		}
	})
	for _, pkg := range pkgs {
		top, game := part(pkg)
		allowed, known := mayUse[top]
		if !known {
			out = append(out, fmt.Sprintf("%s is outside the design card's parts (%s)", pkg, strings.Join(slices.Sorted(keys(mayUse)), ", ")))
			continue
		}
		// Breadth first, so that each dependency is reported with its
		// shortest chain.
		via := map[string]string{pkg: ""}
		queue := []string{pkg}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for _, dep := range graph[p] {
				if _, seen := via[dep]; seen {
					continue
				}
				via[dep] = p
				queue = append(queue, dep)
				if !mayDepend(top, game, allowed, dep) {
					chain := []string{dep}
					for q := p; q != ""; q = via[q] {
						chain = append(chain, q)
					}
					slices.Reverse(chain)
					out = append(out, fmt.Sprintf("%s imports %s (%s): %s may use %s", pkg, dep, strings.Join(chain, " → "), top, describe(top, allowed)))
				}
			}
		}
	}
	return out
}

// mayDepend says whether a package of part top (and game) may depend on dep.
func mayDepend(top, game string, allowed []string, dep string) bool {
	dtop, dgame := part(dep)
	switch {
	case top == "engines" && dtop == "engines", top == "bots" && dtop == "bots":
		return dgame == game
	case top == "bots" && dtop == "engines":
		return dgame == game
	case dtop == top:
		return true
	}
	return slices.Contains(allowed, dtop)
}

func describe(top string, allowed []string) string {
	switch top {
	case "sim":
		return "nothing of the project"
	case "engines":
		return "sim and its own game's packages"
	case "bots":
		return "sim, its own engine and its own game's packages"
	}
	return strings.Join(append([]string{top}, allowed...), ", ")
}

func keys(m map[string][]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// moduleGraph returns the module's packages under root, as paths relative
// to the module, each with the module's packages its non-test files import
// on Linux, macOS or Windows; and the set of those that have non-test
// files (the others are folders of tests).
func moduleGraph(root string) (graph map[string][]string, code map[string]bool, err error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, nil, err
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod)
	if m == nil {
		return nil, nil, errors.New("go.mod names no module")
	}
	prefix := string(m[1]) + "/"
	graph, code = map[string][]string{}, map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		var imports []string
		pkg := false
		for _, goos := range []string{"linux", "darwin", "windows"} {
			ctx := build.Default
			ctx.GOOS = goos
			p, err := ctx.ImportDir(path, 0)
			var none *build.NoGoError
			if errors.As(err, &none) {
				continue // no Go file at all, tests included: not a package
			} else if err != nil {
				return fmt.Errorf("%s: %w", rel, err)
			}
			pkg = true
			if len(p.GoFiles)+len(p.CgoFiles) > 0 {
				code[rel] = true
			}
			for _, imp := range p.Imports {
				if dep, ok := strings.CutPrefix(imp, prefix); ok && !slices.Contains(imports, dep) {
					imports = append(imports, dep)
				}
			}
		}
		if pkg {
			slices.Sort(imports)
			graph[rel] = imports
		}
		return nil
	})
	return graph, code, err
}
