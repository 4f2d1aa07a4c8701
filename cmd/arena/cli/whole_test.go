package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWriteWholeKeepsTheOldFile: an output written whole (report -o,
// play --html and --out, sprt --junit, merge --out) over an existing file
// with --force replaces it only once the new one is whole: a write that
// fails half-way (a full disk, injected here) leaves the old file with its
// bytes and no file beside it; one that succeeds replaces it, keeping its
// mode, and a symbolic link keeps pointing at it. report --force on a full
// disk lost the old page.
func TestWriteWholeKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	require.NoError(t, os.WriteFile(page, []byte("the old page"), 0o600))
	full := errors.New("no space left on device")
	err := writeWhole("--out", page, true, func(w io.Writer) error {
		_, _ = w.Write([]byte("the new pa"))
		return full
	})
	require.ErrorIs(t, err, full)
	require.EqualError(t, err, "--out "+page+": no space left on device")
	var exit *exitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, ExitInternal, exit.code)
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	require.Equal(t, "the old page", string(data), "the old page keeps its bytes")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing is left beside it: %v", entries)

	link := filepath.Join(dir, "link.html")
	require.NoError(t, os.Symlink(page, link))
	require.NoError(t, writeWhole("--out", link, true, func(w io.Writer) error {
		_, err := w.Write([]byte("the new page"))
		return err
	}))
	data, err = os.ReadFile(page)
	require.NoError(t, err)
	require.Equal(t, "the new page", string(data))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is kept")
	fi, err = os.Stat(page)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its mode")

	// Without --force, or a file another arena is writing: refused, kept.
	err = writeWhole("--out", page, false, func(io.Writer) error { return nil })
	require.ErrorContains(t, err, "the file exists; pass --force")
	held, err := os.OpenFile(page, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer held.Close()
	require.NoError(t, lockFile(held))
	err = writeWhole("--out", page, true, func(io.Writer) error { return nil })
	require.ErrorContains(t, err, "another arena is writing this file")
	data, err = os.ReadFile(page)
	require.NoError(t, err)
	require.Equal(t, "the new page", string(data))
}
