#!/usr/bin/env python3
"""A Minibus bot for arena, written by arena init (Python 3, standard library only).

It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
repository): arena writes one JSON object a line — "start" when a match
starts, "turn" when the bot is to move, "end" when a match is over and
another follows on the same process (exec:…,chain=true) — and the bot
answers each turn with one line of the referee's commands separated by ';'
(BUS S, DESTINATION B S, UPGRADE B, UPDATESB, UPDATESP, UPDATECT, PASS).
An invalid command loses the game at once.

Its policy: buy buses (up to BUSES) at the station with the longest queue,
and send each bus to its first rider's destination, or to the station with
the longest queue when it is empty. Standard output carries the answers
only; write anything else to standard error (log below).
"""
import json
import sys

BUSES = 3  # the most buses the bot buys


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


class Match:
    """What the bot knows of the match it plays."""

    def __init__(self, start):
        params = start["params"]
        self.seat = start["seat"]
        self.bus_price = params["bus_price"]
        self.buses = min(BUSES, params["max_buses"])
        log("match starts: seat %d of %d, goal %d" % (self.seat, start["seats"], params["goal_money"]))

    def turn(self, view):
        """Returns this turn's command line."""
        stations = view["stations"]
        busiest = max(range(len(stations)), key=lambda s: (len(stations[s]["queue"]), -s))
        mine = [b for b, bus in enumerate(view["buses"]) if bus["owner"] == self.seat]
        commands = []
        if view["players"][self.seat]["money"] >= self.bus_price and len(mine) < self.buses:
            commands.append("BUS %d" % busiest)
        for b in mine:
            bus = view["buses"][b]
            if bus["destroyed"]:
                continue
            riders = bus["riders"]  # [passenger, destination] pairs
            commands.append("DESTINATION %d %d" % (b, riders[0][1] if riders else busiest))
        return ";".join(commands) or "PASS"


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
