package vampires

// Cell names a cell of the grid: X is the column, Y the row, (0,0) the top
// left corner (rule sheet, "Board").
type Cell struct{ X, Y int }

// OnGrid reports whether c is a cell of a grid of the given rows and
// columns.
func OnGrid(c Cell, rows, columns int) bool {
	return c.X >= 0 && c.X < columns && c.Y >= 0 && c.Y < rows
}

// Abs returns the absolute value of x: the length of a step along one axis
// of the grid.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
