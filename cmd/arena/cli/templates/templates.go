// Package templates holds the bots that arena init writes: for each game
// and language, a small bot of arena's generic protocol, JSON lines
// (docs/bots.md), kept as embedded files, and the README.md of the bot's
// folder. A language says which files it writes, how its bot is built and
// the exec spec that runs it.
package templates

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

// files are the templates: python/GAME.py; c/GAME.c and the JSON reader
// c/json.h that every C bot includes; go/GAME.go.txt and go/go.mod.txt
// (".txt": they are not a package of arena's module, which would build
// them); and README.md.tmpl.
//
//go:embed python c go README.md.tmpl
var files embed.FS

// A Language is a language of the templates.
type Language struct {
	Name string // as --lang names it
	Tool string // the program that builds or runs its bots
	// sources are the files of a bot's folder: the folder's name for
	// each, and the template it comes from, where %s stands for the game.
	sources []source
	build   func(dir string) []string // the command that builds the bot in dir
	spec    func(dir string) string   // the exec spec that runs it
}

type source struct{ name, from string }

// Languages are the languages of the templates, the default first.
var Languages = []*Language{
	{
		Name:    "python",
		Tool:    "python3",
		sources: []source{{"bot.py", "python/%s.py"}},
		// Nothing to build: compiling the script checks its syntax.
		build: func(dir string) []string {
			return []string{"python3", "-m", "py_compile", filepath.Join(dir, "bot.py")}
		},
		spec: func(dir string) string { return "exec:cmd=python3,args=" + filepath.Join(dir, "bot.py") },
	},
	{
		Name:    "c",
		Tool:    "cc",
		sources: []source{{"bot.c", "c/%s.c"}, {"json.h", "c/json.h"}},
		build: func(dir string) []string {
			return []string{"cc", "-std=c99", "-O2", "-o", program(dir), filepath.Join(dir, "bot.c")}
		},
		spec: func(dir string) string { return "exec:cmd=" + program(dir) },
	},
	{
		Name:    "go",
		Tool:    "go",
		sources: []source{{"main.go", "go/%s.go.txt"}, {"go.mod", "go/go.mod.txt"}},
		build:   func(dir string) []string { return []string{"go", "build", "-C", dir, "-o", "bot", "."} },
		spec:    func(dir string) string { return "exec:cmd=" + program(dir) },
	},
}

// program is the path of the bot's program in dir, with a folder in it
// even when dir is ".": a bare name would be looked up on the PATH.
func program(dir string) string {
	p := filepath.Join(dir, "bot")
	if !strings.ContainsRune(p, filepath.Separator) {
		p = "." + string(filepath.Separator) + p
	}
	return p
}

// LanguageNames returns the names of the languages, the default first.
func LanguageNames() []string {
	var names []string
	for _, l := range Languages {
		names = append(names, l.Name)
	}
	return names
}

// LookupLanguage returns the language called name.
func LookupLanguage(name string) (*Language, error) {
	for _, l := range Languages {
		if l.Name == name {
			return l, nil
		}
	}
	return nil, fmt.Errorf("unknown language %q (languages: %s)", name, strings.Join(LanguageNames(), ", "))
}

// Build returns the command, as its arguments, that builds the bot of
// folder dir.
func (l *Language) Build(dir string) []string { return l.build(dir) }

// Spec returns the exec bot spec that runs the bot of folder dir.
func (l *Language) Spec(dir string) string { return l.spec(dir) }

// A File is a file of a bot's folder.
type File struct {
	Name string // its name in the folder
	Data []byte
	Mode os.FileMode
}

// Has says whether the language has a template for game.
func (l *Language) Has(game string) bool {
	_, err := fs.Stat(files, fmt.Sprintf(l.sources[0].from, game))
	return err == nil
}

// Files returns the files of game's bot in language l, its main source
// first, and the folder's README.md last, made of readme.
func (l *Language) Files(game string, readme Readme) ([]File, error) {
	if !l.Has(game) {
		return nil, fmt.Errorf("no %s template for game %q", l.Name, game)
	}
	var out []File
	for _, s := range l.sources {
		from := s.from
		if strings.Contains(from, "%s") {
			from = fmt.Sprintf(from, game)
		}
		data, err := files.ReadFile(from)
		if err != nil {
			return nil, err
		}
		mode := os.FileMode(0o644)
		if bytes.HasPrefix(data, []byte("#!")) {
			mode = 0o755
		}
		out = append(out, File{Name: s.name, Data: data, Mode: mode})
	}
	var b bytes.Buffer
	readme.Language = l.Name
	readme.Main = out[0].Name
	if err := readmeTemplate.Execute(&b, readme); err != nil {
		return nil, err
	}
	return append(out, File{Name: "README.md", Data: b.Bytes(), Mode: 0o644}), nil
}

// Readme is what the README.md of a bot's folder says: the game and the
// commands that build, debug and play the bot, as they are printed.
type Readme struct {
	Game               string
	Build, Debug, Play string
	Language, Main     string // filled by Files
}

var readmeTemplate = template.Must(template.ParseFS(files, "README.md.tmpl"))
