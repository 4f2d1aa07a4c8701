#!/usr/bin/env python3
"""A Minibus bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per turn; the bot
answers each turn with one line of commands separated by ';', in the
original referee's language (BUS S, DESTINATION B S, UPGRADE B, UPDATESB,
UPDATESP, UPDATECT, PASS). This one buys up to three buses, each at the
station with the longest queue, and sends each bus to its first rider's
destination, or to the station with the longest queue when it is empty.

    arena run minibus/ffa4 --bot exec:cmd=python3,args=examples/minibus.py --bots iaTICE,iaKeolis,iaTransdev
"""
import json
import sys

BUS_PRICE = 100


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] != "turn":  # a match's start or end (chain=true plays several)
            continue
        view = msg["observation"]
        seat = view["seat"]
        stations = view["stations"]
        busiest = max(range(len(stations)), key=lambda s: (len(stations[s]["queue"]), -s))
        commands = []
        buses = view["buses"]
        mine = [b for b, bus in enumerate(buses) if bus["owner"] == seat and not bus["destroyed"]]
        if view["players"][seat]["money"] >= BUS_PRICE and len(mine) < 3:
            commands.append("BUS %d" % busiest)
        for b in mine:
            riders = buses[b]["riders"]
            commands.append("DESTINATION %d %d" % (b, riders[0][1] if riders else busiest))
        print(";".join(commands) or "PASS", flush=True)


main()
