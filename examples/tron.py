#!/usr/bin/env python3
"""A Tron bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per turn; the bot
answers each turn with one line: its direction (x+, x-, y+ or y-).
This one moves to the free neighbouring cell with the most free
neighbours, ties in a fixed order.

    arena run --bot exec:cmd=python3,args=examples/tron.py --bots stupid,straight
"""
import json
import sys

MOVES = {"x+": (1, 0), "x-": (-1, 0), "y+": (0, 1), "y-": (0, -1)}


def main():
    width = height = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":  # a match starts: its board's size
            width, height = msg["params"]["width"], msg["params"]["height"]
            continue
        if msg["type"] != "turn":  # "end": with chain=true, another match follows
            continue
        view = msg["observation"]
        taken = {tuple(c) for trail in view["board"] for c in trail}
        trail = view["board"][view["player-index"]]
        x, y = trail[0]  # the head comes first

        def free(cx, cy):
            return 0 <= cx < width and 0 <= cy < height and (cx, cy) not in taken

        best, best_room = "x+", -1
        for name, (dx, dy) in MOVES.items():
            nx, ny = x + dx, y + dy
            if not free(nx, ny):
                continue
            room = sum(free(nx + ex, ny + ey) for ex, ey in MOVES.values())
            if room > best_room:
                best, best_room = name, room
        print(best, flush=True)


main()
