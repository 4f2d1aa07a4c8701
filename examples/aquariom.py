#!/usr/bin/env python3
"""An Aquar.iom bot for arena's generic protocol (docs/bots.md).

arena sends one JSON line to start the match, then one per turn; the bot
answers each turn with one line of commands separated by ';': move ID X Y,
divide ID X Y MASS, virus ID X Y, or surrender (an empty line does
nothing). This one moves each of its cells towards the nearest neutral
cell that no other of its cells is after.

The state lists only the neutrals that are not on the map's grid
(surrendered cells): the grid's initial neutrals sit where the parameters
say (rule sheet: neutral (i, j) at ((i + 0.5)·W/mw, (j + 0.5)·H/mh), ids
row-major from 0), and the state's "eaten" lists the ones eaten in the last
step, which come back initial_neutral_cells_repop_time turns later. So the
bot keeps, for each grid neutral, the turn it is back.

    arena run aquariom/duel --bot exec:cmd=python3,args=examples/aquariom.py --bots nearest
"""
import json
import sys


def main():
    match = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":  # a match starts (chain=true plays several)
            match = Match(msg["params"])
        elif msg["type"] == "turn":
            print(match.play(msg["observation"]), flush=True)


class Match:
    """What the bot keeps during one match."""

    def __init__(self, p):
        self.width, self.height = p["map_width"], p["map_height"]
        self.mw = p["initial_neutral_cells_matrix_width"]
        self.mh = p["initial_neutral_cells_matrix_height"]
        self.repop = p["initial_neutral_cells_repop_time"]
        self.dx, self.dy = self.width / self.mw, self.height / self.mh
        self.back = [0] * (self.mw * self.mh)  # the turn each grid neutral is on the map again

    def grid_target(self, x, y, turn, taken):
        """The nearest grid neutral on the map and not taken, or None."""
        mw, mh, dx, dy = self.mw, self.mh, self.dx, self.dy
        ci = min(max(int(x / dx), 0), mw - 1)
        cj = min(max(int(y / dy), 0), mh - 1)
        best, best_d = None, None
        for r in range(max(mw, mh)):
            if best is not None and best_d < ((r - 1) * min(dx, dy)) ** 2:
                break  # every neutral further out is further away
            for j in range(cj - r, cj + r + 1):
                if not 0 <= j < mh:
                    continue
                step = 1 if abs(j - cj) == r else 2 * r  # the ring only
                for i in range(ci - r, ci + r + 1, max(step, 1)):
                    if not 0 <= i < mw:
                        continue
                    nid = j * mw + i
                    if self.back[nid] > turn or nid in taken:
                        continue
                    nx, ny = (i + 0.5) * dx, (j + 0.5) * dy
                    d = (nx - x) ** 2 + (ny - y) ** 2
                    if best_d is None or d < best_d:
                        best, best_d = (nid, nx, ny), d
        return best, best_d

    def play(self, view):
        """The turn's commands."""
        turn, state = view["turn"], view["state"]
        for nid in state.get("eaten", []):
            if nid < len(self.back):
                self.back[nid] = turn + self.repop
        taken = set()
        commands = []
        for cell in state["players"][view["seat"]]:
            cid, x, y = cell[0], cell[1], cell[2]
            target, d = self.grid_target(x, y, turn, taken)
            for n in state["neutrals"]:  # surrendered cells: few
                nd = (n[1] - x) ** 2 + (n[2] - y) ** 2
                if n[0] not in taken and (d is None or nd < d):
                    target, d = (n[0], n[1], n[2]), nd
            if target is None:
                tx, ty = self.width / 2, self.height / 2
            else:
                taken.add(target[0])
                tx, ty = target[1], target[2]
            commands.append("move %d %s %s" % (cid, repr(float(tx)), repr(float(ty))))
        return ";".join(commands)


main()
