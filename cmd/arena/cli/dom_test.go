package cli

import (
	"bytes"
	"os/exec"
	"testing"
)

// drawn runs a page's scripts in Node on testdata/dom.js's small document
// and returns the HTML they drew in #page; the page must report no error.
// It checks the markup the scripts make, where the browser tests (which
// need Chromium) also check that a browser shows it. Without Node it skips.
func drawn(t *testing.T, page string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node here: the page's markup is checked by the browser tests")
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, "testdata/dom.js", page)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the page's scripts failed (%v): %s", err, stderr.String())
	}
	return stdout.String()
}
