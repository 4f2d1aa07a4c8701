#!/usr/bin/env python3
"""A Tron bot for arena, written by arena init (Python 3, standard library only).

It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
repository): arena writes one JSON object a line — "start" when a match
starts, "turn" when the bot is to move, "end" when a match is over and
another follows on the same process (exec:…,chain=true) — and the bot
answers each turn with one line, its direction: x+, x-, y+ or y-.

Its policy: move to the free neighbouring cell that has the most free
neighbours itself, ties in the order of MOVES. Standard output carries the
answers only; write anything else to standard error (log below).
"""
import json
import sys

MOVES = [("x+", 1, 0), ("x-", -1, 0), ("y+", 0, 1), ("y-", 0, -1)]


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


class Match:
    """What the bot knows of the match it plays."""

    def __init__(self, start):
        params = start["params"]
        self.width, self.height = params["width"], params["height"]
        log("match starts: seat %d of %d, board %dx%d" % (start["seat"], start["seats"], self.width, self.height))

    def turn(self, view):
        """Returns this turn's direction."""
        taken = {tuple(cell) for trail in view["board"] for cell in trail}
        x, y = view["board"][view["player-index"]][0]  # a trail starts with its head

        def free(cx, cy):
            return 0 <= cx < self.width and 0 <= cy < self.height and (cx, cy) not in taken

        best, best_room = "x+", -1  # boxed in: every direction loses
        for name, dx, dy in MOVES:
            nx, ny = x + dx, y + dy
            if free(nx, ny):
                room = sum(free(nx + ex, ny + ey) for _, ex, ey in MOVES)
                if room > best_room:
                    best, best_room = name, room
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
