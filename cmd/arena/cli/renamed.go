package cli

import (
	"errors"

	"github.com/spf13/pflag"
)

// renamed registers an old spelling of a flag that now has another name
// (or another command's meaning): hidden from the help, it refuses itself
// with one line that names the flag to use instead.
func renamed(fs *pflag.FlagSet, old, message string) {
	f := fs.VarPF(renamedValue{message}, old, "", "")
	f.Hidden = true
	f.NoOptDefVal = " " // refused with or without a value
}

// renamedValue is the value of a renamed flag: setting it fails.
type renamedValue struct{ message string }

func (v renamedValue) String() string   { return "" }
func (v renamedValue) Type() string     { return "renamed" }
func (v renamedValue) Set(string) error { return &renamedError{v.message} }

// renamedError is the refusal of a renamed flag, said as it is.
type renamedError struct{ message string }

func (e *renamedError) Error() string { return e.message }

// renamedMessage returns the message of a renamed flag's refusal in err.
func renamedMessage(err error) (string, bool) {
	var r *renamedError
	if errors.As(err, &r) {
		return r.message, true
	}
	return "", false
}
