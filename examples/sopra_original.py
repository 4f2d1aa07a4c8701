#!/usr/bin/env python3
"""A Sopra Steria logo game client written for the event's server, as
arena enters it unchanged with proto=original (docs/bots.md): arena serves
the event's line protocol on a loopback port and starts the program with
the host, the port, the game id and the team id as its last arguments.

The client registers with `secret%%inscription::GAME;TEAM`, then, for each
round it plays, reads `worldstate::ROUND;PLAYERS;LOGOS;CADDIES;` and
answers `secret%%action::TEAM;GAME;ROUND;DIRECTION`, until `game over`.
The worldstate does not say who carries a logo: a carried logo is listed
at its carrier's cell. This one steps towards the nearest logo, or home
when a logo lies on its own cell, never onto a player or off the board.

    arena run sopra/match --bot exec:cmd=python3,args=examples/sopra_original.py,proto=original --bots collector,brawler
"""
import socket
import sys

WIDTH, HEIGHT = 16, 13
STEPS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "O": (-1, 0)}
SECRET = "s3cr3t"


def parse(line):
    """Reads a worldstate line into the round, the players, the logos and the caddies."""
    body = line[len("worldstate::"):]
    rnd, players, logos, caddies = body.split(";")[:4]
    who = {}
    for p in filter(None, players.split(":")):
        pid, x, y, score, state = p.split(",")
        who[pid] = (int(x), int(y), state)
    logo_cells = [tuple(map(int, l.split(","))) for l in filter(None, logos.split(":"))]
    homes = {}
    for c in filter(None, caddies.split(":")):
        pid, x, y = c.split(",")
        homes[pid] = (int(x), int(y))
    return rnd, who, logo_cells, homes


def main():
    host, port, game, team = sys.argv[-4:]
    conn = socket.create_connection((host, int(port)))
    stream = conn.makefile("rw", newline="\n")
    stream.write("%s%%%%inscription::%s;%s\n" % (SECRET, game, team))
    stream.flush()
    if not stream.readline().startswith("Inscription OK"):
        return
    for line in stream:
        line = line.strip()
        if line == "game over" or not line.startswith("worldstate::"):
            return
        rnd, who, logos, homes = parse(line)
        x, y, _ = who[team]
        taken = {(px, py) for px, py, _ in who.values()}
        goals = [homes[team]] if (x, y) in logos else [l for l in logos if l not in taken] or [homes[team]]
        best, best_dist = "N", None
        for name, (dx, dy) in STEPS.items():
            nx, ny = x + dx, y + dy
            if not (0 <= nx < WIDTH and 0 <= ny < HEIGHT) or (nx, ny) in taken:
                continue
            dist = min(abs(nx - gx) + abs(ny - gy) for gx, gy in goals)
            if best_dist is None or dist < best_dist:
                best, best_dist = name, dist
        stream.write("%s%%%%action::%s;%s;%s;%s\n" % (SECRET, team, game, rnd, best))
        stream.flush()


main()
