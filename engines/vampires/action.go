package vampires

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Move sends Count individuals from the cell From to the neighbouring cell
// To (rule sheet, "A ply").
type Move struct {
	From  Cell
	Count int
	To    Cell
}

// PlyKind says which of the two kinds of ply a Ply is.
type PlyKind uint8

// The kinds of ply. The zero kind is no answer.
const (
	NoPly     PlyKind = iota // no answer: the ply is void
	MovePly                  // MOV: one or more moves
	AttackPly                // ATK: every adjacent own group attacks Target (classic only)
)

// Ply is a player's action: one ply of the game. Its zero value is no
// answer, which makes the ply void.
//
// The engine reads Moves during Step only and keeps no reference to it, so
// a bot may reuse one buffer for every ply it plays.
type Ply struct {
	Kind   PlyKind
	Moves  []Move // MovePly only
	Target Cell   // AttackPly only
}

// Mov returns a MOV ply of the given moves.
func Mov(moves ...Move) Ply { return Ply{Kind: MovePly, Moves: moves} }

// Atk returns an ATK ply on target.
func Atk(target Cell) Ply { return Ply{Kind: AttackPly, Target: target} }

// maxNumber bounds every number of the action text, so that sums of counts
// never overflow; no grid or population comes near it.
const maxNumber = 1_000_000_000

// ParsePly reads the text form of a ply (docs/games/vampires.md, "Action
// text"):
//
//	MOV x,y,n,x2,y2;x,y,n,x2,y2…   one or more moves: n individuals from (x,y) to (x2,y2)
//	ATK x,y                         attack the cell (x,y)
//
// The keyword is upper case and followed by white space; white space is
// allowed around every number, comma and semicolon, and around the whole
// text. Numbers are unsigned decimals. Anything else is refused.
func ParsePly(text string) (Ply, error) {
	t := strings.TrimSpace(text)
	keyword, rest := t, ""
	if i := strings.IndexAny(t, " \t\r\n"); i >= 0 {
		keyword, rest = t[:i], t[i:]
	}
	var (
		p   Ply
		err error
	)
	switch keyword {
	case "MOV":
		p, err = parseMoves(rest)
	case "ATK":
		var n [2]int
		if strings.TrimSpace(rest) == "" {
			err = errors.New("ATK needs a target x,y")
		} else if err = parseNumbers(rest, n[:]); err == nil {
			p = Atk(Cell{n[0], n[1]})
		}
	case "":
		err = errors.New("empty ply")
	default:
		err = fmt.Errorf("unknown keyword %q (want MOV or ATK)", keyword)
	}
	if err != nil {
		return Ply{}, fmt.Errorf("vampires: ply %q: %w", text, err)
	}
	return p, nil
}

// parseMoves reads the moves of a MOV ply, separated by semicolons.
func parseMoves(text string) (Ply, error) {
	if strings.TrimSpace(text) == "" {
		return Ply{}, errors.New("MOV needs at least one move x,y,n,x2,y2")
	}
	parts := strings.Split(text, ";")
	moves := make([]Move, len(parts))
	for i, part := range parts {
		var n [5]int
		if err := parseNumbers(part, n[:]); err != nil {
			return Ply{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		moves[i] = Move{From: Cell{n[0], n[1]}, Count: n[2], To: Cell{n[3], n[4]}}
	}
	return Mov(moves...), nil
}

// parseNumbers reads exactly len(dst) unsigned decimals separated by commas.
func parseNumbers(text string, dst []int) error {
	fields := strings.Split(text, ",")
	if len(fields) != len(dst) {
		return fmt.Errorf("%q has %d numbers, want %d separated by commas", strings.TrimSpace(text), len(fields), len(dst))
	}
	for i, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" || strings.Trim(f, "0123456789") != "" {
			return fmt.Errorf("%q is not an unsigned whole number", f)
		}
		n, err := strconv.Atoi(f)
		if err != nil || n > maxNumber {
			return fmt.Errorf("%s is too large (at most %d)", f, maxNumber)
		}
		dst[i] = n
	}
	return nil
}

// AppendPly appends the text form of p: "MOV x,y,n,x2,y2;…", "ATK x,y", or
// nothing for no answer.
func AppendPly(dst []byte, p Ply) []byte {
	switch p.Kind {
	case MovePly:
		dst = append(dst, "MOV "...)
		for i, m := range p.Moves {
			if i > 0 {
				dst = append(dst, ';')
			}
			dst = appendInts(dst, m.From.X, m.From.Y, m.Count, m.To.X, m.To.Y)
		}
	case AttackPly:
		dst = append(dst, "ATK "...)
		dst = appendInts(dst, p.Target.X, p.Target.Y)
	}
	return dst
}

// String returns the text form of p.
func (p Ply) String() string { return string(AppendPly(nil, p)) }

func appendInts(dst []byte, n ...int) []byte {
	for i, v := range n {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(v), 10)
	}
	return dst
}
