#!/usr/bin/env python3
"""A coin bot for arena, written by arena init (Python 3, standard library only).

coin is arena's synthetic game: each bot declares its true Elo, and the
engine draws the results from those. It speaks arena's generic protocol,
JSON lines (docs/bots.md in arena's repository): arena writes one JSON
object a line — "start" when a match starts, "turn" when the bot is to
answer, "end" when a match is over and another follows on the same process
(exec:…,chain=true) — and the bot answers each turn with one line, its Elo
(a number from -2000 to 2000).

Its policy: declare ELO every match. Standard output carries the answers
only; write anything else to standard error (log below).
"""
import json
import sys

ELO = 100


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            log("match starts: seat %d of %d" % (msg["seat"], msg["seats"]))
        elif msg["type"] == "turn":
            print(ELO, flush=True)
        # "end": with chain=true, the next match's start line follows


if __name__ == "__main__":
    main()
