#!/usr/bin/env python3
"""An Aquar.iom bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per turn; the bot
answers each turn with one line of commands separated by ';': move ID X Y,
divide ID X Y MASS, virus ID X Y, or surrender (an empty line does
nothing). This one moves each of its cells towards the nearest neutral
cell, or towards the centre of the map when there is none.

    arena run aquariom/duel --bot exec:cmd=python3,args=examples/aquariom.py --bots nearest
"""
import json
import sys


def main():
    start = json.loads(sys.stdin.readline())
    width, height = start["params"]["map_width"], start["params"]["map_height"]
    for line in sys.stdin:
        view = json.loads(line)["observation"]
        state = view["state"]
        neutrals = state["neutrals"]
        commands = []
        for cell in state["players"][view["seat"]]:
            cid, x, y = cell[0], cell[1], cell[2]
            tx, ty = width / 2, height / 2
            if neutrals:
                n = min(neutrals, key=lambda c: (c[1] - x) ** 2 + (c[2] - y) ** 2)
                tx, ty = n[1], n[2]
            commands.append("move %d %s %s" % (cid, repr(float(tx)), repr(float(ty))))
        print(";".join(commands), flush=True)


main()
