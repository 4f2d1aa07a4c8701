package cli

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

var versionCommand = &command{
	name:  "version",
	usage: "version",
	short: "print arena's version, revision and Go version",
	long: `Version prints the module version arena was built from (devel for a
build of a working copy), the VCS revision (+dirty when the working copy
had changes), the Go version and the platform, from the binary's build
information. The records and pages arena writes carry the same version and
revision. arena --version prints the same.`,
	options: func() options { return noOptions{} },
	run: func(_ context.Context, env *env, _ options, args []string) error {
		if len(args) > 0 {
			return badInput("version: takes no argument, got %q", args)
		}
		return printVersion(env)
	},
}

// printVersion writes the version lines on stdout.
func printVersion(env *env) error {
	v, rev := provenance()
	goVersion := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok && info.GoVersion != "" {
		goVersion = info.GoVersion
	}
	if rev == "devel" {
		rev = "unknown (built without version control information)"
	}
	_, err := fmt.Fprintf(env.stdout, "arena %s\nrevision %s\n%s %s/%s\n", v, rev, goVersion, runtime.GOOS, runtime.GOARCH)
	return err
}
