#!/usr/bin/env python3
"""A Vampires vs Werewolves client written for the course's server, as
arena enters it unchanged with proto=original (docs/bots.md): arena serves
the binary protocol on a loopback port and starts the program with the
host and the port as its last two arguments.

Every frame is a 3-byte ASCII command and unsigned bytes. The client sends
NME (its name); the server sends SET (rows, columns), HUM (the houses),
HME (its start cell) and MAP (every group: x, y, humans, vampires,
werewolves); then an UPD (the cells that changed) each time it is to play,
answered with MOV (moves of x, y, count, x2, y2) or ATK (x, y); END and BYE
when the game is over. This one moves its largest group one cell towards
the nearest group of humans it outnumbers, else towards the centre.

    arena run vampires/duel --bot exec:cmd=python3,args=examples/vampires_original.py,proto=original --bot greedy
"""
import socket
import sys


def read_exact(conn, n):
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def step(a, b):
    return a + (b > a) - (b < a)


def main():
    host, port = sys.argv[-2:]
    conn = socket.create_connection((host, int(port)))
    name = b"example"
    conn.sendall(b"NME" + bytes([len(name)]) + name)
    rows = columns = 0
    home = None
    me = None  # the species' column in a cell: 1 vampires, 2 werewolves
    grid = {}  # (x, y) -> [humans, vampires, werewolves]
    while True:
        command = read_exact(conn, 3)
        if command == b"SET":
            rows, columns = read_exact(conn, 2)
        elif command == b"HUM":
            read_exact(conn, 2 * read_exact(conn, 1)[0])
        elif command == b"HME":
            home = tuple(read_exact(conn, 2))
        elif command in (b"MAP", b"UPD"):
            n = read_exact(conn, 1)[0]
            data = read_exact(conn, 5 * n)
            for i in range(n):
                x, y, h, v, w = data[5 * i:5 * i + 5]
                grid[(x, y)] = [h, v, w]
            if command == b"MAP" and me is None:
                me = 1 if grid[home][1] > 0 else 2
            if command == b"UPD":
                conn.sendall(play(grid, me, rows, columns))
        elif command in (b"END", b"BYE"):
            return
        else:
            raise ValueError("unknown command %r" % command)


def play(grid, me, rows, columns):
    """Returns the MOV frame of this ply."""
    mine = max((c for c in grid.items() if c[1][me] > 0), key=lambda c: c[1][me])
    (x, y), counts = mine
    n = counts[me]
    prey = [cell for cell, c in grid.items() if 0 < c[0] <= n]
    if prey:
        tx, ty = min(prey, key=lambda p: max(abs(p[0] - x), abs(p[1] - y)))
    else:
        tx, ty = columns // 2, rows // 2
    nx, ny = step(x, tx), step(y, ty)
    if (nx, ny) == (x, y):  # already there: any neighbour on the board
        nx = x + 1 if x + 1 < columns else x - 1
    return b"MOV" + bytes([1, x, y, n, nx, ny])


main()
