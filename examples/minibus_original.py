#!/usr/bin/env python3
"""A Minibus bot written for the original ENSIIE referee, as arena enters
it unchanged with proto=original (docs/bots.md): it reads the referee's
text on stdin and writes one line of commands per turn.

At the start: `NJ J` (players, own number), then `ID X Y K` for each
initial station. Every turn: NJ lines `J M USB USP UCT STATUS`; `NS` and
the new stations `ID X Y K`; `NBUS` and the buses `ID J X Y A S`;
`NT BT DT`, then NT lines `IDT IDS1 IDS2`, BT lines `IDT IDB`, DT lines
`IDT`. This one buys a bus at station 0 and drives it round the stations,
moving on once it has waited 3 turns at one, like the referee's iaRATP.

    arena run minibus/ffa4 --bot exec:cmd=python3,args=examples/minibus_original.py,proto=original --bots iaTICE,iaKeolis,iaTransdev
"""
import sys


def ints(line):
    return [int(f) for f in line.split()]


def main():
    lines = iter(sys.stdin.readline, "")
    players, me = ints(next(lines))
    stations = {}
    line = next(lines)
    while len(line.split()) == 4:  # the initial stations, until the first turn
        sid, x, y, _ = ints(line)
        stations[sid] = (x, y)
        line = next(lines)
    bought, waited = False, 0
    while True:
        # `line` is the first player line of a turn.
        for _ in range(players - 1):
            next(lines)
        for _ in range(ints(next(lines))[0]):
            sid, x, y, _ = ints(next(lines))
            stations[sid] = (x, y)
        buses = [ints(next(lines)) for _ in range(ints(next(lines))[0])]
        nt, bt, dt = ints(next(lines))
        for _ in range(nt + bt + dt):
            next(lines)
        commands = []
        mine = [b for b in buses if b[1] == me]
        if not bought:
            commands.append("BUS 0")
            bought = True
        for bus_id, _, x, y, dest, _ in mine:
            if stations.get(dest) == (x, y):
                waited += 1
                if waited >= 3:
                    waited = 0
                    commands.append("DESTINATION %d %d" % (bus_id, (dest + 1) % len(stations)))
        print(";".join(commands) or "PASS", flush=True)
        line = next(lines, None)
        if line is None:
            return


main()
