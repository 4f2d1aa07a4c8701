#!/usr/bin/env python3
"""A Sopra Steria logo game bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per round it is
asked (not when stunned); the bot answers each with one line: N, S, E or O
(or a jump, JN, JS, JE, JO). This one steps towards the nearest free logo,
or home when it carries one, never onto a player or off the board.

    arena run sopra/match --bot exec:cmd=python3,args=examples/sopra.py --bots collector,brawler
"""
import json
import sys

STEPS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "O": (-1, 0)}


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] != "turn":  # a match's start or end (chain=true plays several)
            continue
        view = msg["observation"]
        me = view["players"][view["seat"]]
        taken = {(p["x"], p["y"]) for p in view["players"]}
        goals = [tuple(me["caddie"])] if me["carrying"] else [tuple(l) for l in view["logos"]]
        if not goals:
            goals = [tuple(me["caddie"])]
        best, best_dist = None, None
        for name, (dx, dy) in STEPS.items():
            nx, ny = me["x"] + dx, me["y"] + dy
            if not (0 <= nx < view["width"] and 0 <= ny < view["height"]) or (nx, ny) in taken:
                continue
            dist = min(abs(nx - gx) + abs(ny - gy) for gx, gy in goals)
            if best is None or dist < best_dist:
                best, best_dist = name, dist
        print(best or "N", flush=True)


main()
