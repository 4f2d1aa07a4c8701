#!/usr/bin/env python3
"""A Vampires vs Werewolves bot for arena, written by arena init (Python 3,
standard library only).

It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
repository): arena writes one JSON object a line — "start" when a match
starts, "turn" when the bot is to play a ply, "end" when a match is over
and another follows on the same process (exec:…,chain=true) — and the bot
answers each turn with one line: MOV x,y,n,x2,y2 (moves separated by ';')
or ATK x,y. An invalid ply forfeits the game.

Its policy: move its largest group one cell towards the nearest village of
humans it outnumbers, else towards the centre of the map. Standard output
carries the answers only; write anything else to standard error (log below).
"""
import json
import sys


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


def step(a, b):
    """Returns a moved one unit towards b."""
    return a + (b > a) - (b < a)


class Match:
    """What the bot knows of the match it plays."""

    def __init__(self, start):
        log("match starts: seat %d of %d" % (start["seat"], start["seats"]))

    def turn(self, view):
        """Returns this ply."""
        cells = view["cells"]  # [x, y, humans, vampires, werewolves]
        me = 3 if view["species"] == "vampires" else 4
        mine = [c for c in cells if c[me] > 0]
        if not mine:
            return "MOV 0,0,1,1,1"  # no group left: the game is lost anyway
        group = max(mine, key=lambda c: c[me])
        x, y, n = group[0], group[1], group[me]
        prey = [(c[0], c[1]) for c in cells if 0 < c[2] <= n]
        if prey:
            tx, ty = min(prey, key=lambda p: max(abs(p[0] - x), abs(p[1] - y)))
        else:
            tx, ty = view["columns"] // 2, view["rows"] // 2
        nx, ny = step(x, tx), step(y, ty)
        if (nx, ny) == (x, y):  # already there: a neighbour on the map
            nx = x + 1 if x + 1 < view["columns"] else x - 1
        return "MOV %d,%d,%d,%d,%d" % (x, y, n, nx, ny)


def main():
    match = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            match = Match(msg)
        elif msg["type"] == "turn":
            print(match.turn(msg["observation"]), flush=True)
        elif msg["type"] == "end":
            match = None  # with chain=true, the next match's start line follows


if __name__ == "__main__":
    main()
