package main
import ("context";"os";"testing")
func TestZZRows(t *testing.T){ if err := bracketRows(context.Background(), os.Stdout, 40); err != nil { t.Fatal(err) } }
