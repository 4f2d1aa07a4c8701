#!/usr/bin/env python3
"""A coin bot for arena's generic protocol (docs/bots.md): coin is the
synthetic game whose bots declare their true Elo, from which the engine
draws the results. This one answers 100 every match.

    arena run coin/duel --bot exec:cmd=python3,args=examples/coin.py --bots coin
"""
import json
import sys

# One line per message: a match's start, each turn, its end (with
# exec:…,chain=true the next match's start follows on the same process).
for line in sys.stdin:
    if json.loads(line)["type"] == "turn":
        print("100", flush=True)
