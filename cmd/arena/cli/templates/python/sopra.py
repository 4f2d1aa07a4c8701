#!/usr/bin/env python3
"""A Sopra Steria logo game bot for arena, written by arena init (Python 3,
standard library only).

It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
repository): arena writes one JSON object a line — "start" when a match
starts, "turn" when the bot is to move (not when it is stunned), "end" when
a match is over and another follows on the same process
(exec:…,chain=true) — and the bot answers each turn with one line: N, S, E
or O (or a jump of two cells, JN, JS, JE, JO). A move off the board or onto
a player is a penalty.

Its policy: step towards the nearest free logo, or to its caddie when it
carries one, never onto a player, and away from the cells the players
resolved before it this round could step onto. Standard output carries the
answers only; write anything else to standard error (log below).
"""
import json
import sys

STEPS = [("N", 0, -1), ("S", 0, 1), ("E", 1, 0), ("O", -1, 0)]


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


class Match:
    """What the bot knows of the match it plays."""

    def __init__(self, start):
        self.seat = start["seat"]
        log("match starts: seat %d of %d" % (self.seat, start["seats"]))

    def turn(self, view):
        """Returns this round's move."""
        players = view["players"]
        me = players[self.seat]
        taken = {(p["x"], p["y"]) for p in players}
        # The players resolved before this one move first: a cell they can
        # reach this round may hold one of them when this move is played.
        risky = set()
        k = view["first"]
        while k != self.seat:
            p = players[k]
            if not p["stunned"]:
                for _, dx, dy in STEPS:
                    risky.add((p["x"] + dx, p["y"] + dy))
                    if p["jumps"] > 0:
                        risky.add((p["x"] + 2 * dx, p["y"] + 2 * dy))
            k = (k + 1) % len(players)
        goals = [tuple(me["caddie"])] if me["carrying"] or not view["logos"] else [tuple(g) for g in view["logos"]]
        best, best_key = "N", None  # boxed in: a penalty whatever the move
        for name, dx, dy in STEPS:
            nx, ny = me["x"] + dx, me["y"] + dy
            if not (0 <= nx < view["width"] and 0 <= ny < view["height"]) or (nx, ny) in taken:
                continue
            key = ((nx, ny) in risky, min(abs(nx - gx) + abs(ny - gy) for gx, gy in goals))
            if best_key is None or key < best_key:
                best, best_key = name, key
        return best


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
