#!/usr/bin/env python3
"""A Vampires vs Werewolves bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per ply of its
own; the bot answers each with one line: MOV x,y,n,x2,y2 (one or more
moves separated by ';') or ATK x,y. This one moves its largest group one
cell towards the nearest group of humans it outnumbers, else stays put by
moving towards the centre.

    arena run vampires/duel --bot exec:cmd=python3,args=examples/vampires.py --bots greedy
"""
import json
import sys


def step(a, b):
    return a + (b > a) - (b < a)


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] != "turn":  # a match's start or end (chain=true plays several)
            continue
        view = msg["observation"]
        me = 3 if view["species"] == "vampires" else 4  # the count's column in a cell
        cells = view["cells"]
        mine = max((c for c in cells if c[me] > 0), key=lambda c: c[me])
        x, y, n = mine[0], mine[1], mine[me]
        prey = [c for c in cells if 0 < c[2] <= n]
        if prey:
            tx, ty = min(((c[0], c[1]) for c in prey), key=lambda p: max(abs(p[0] - x), abs(p[1] - y)))
        else:
            tx, ty = view["columns"] // 2, view["rows"] // 2
        nx, ny = step(x, tx), step(y, ty)
        if (nx, ny) == (x, y):  # already there: any neighbour on the board
            nx = x + 1 if x + 1 < view["columns"] else x - 1
        print("MOV %d,%d,%d,%d,%d" % (x, y, n, nx, ny), flush=True)


main()
