#!/usr/bin/env python3
"""An Aquar.iom bot for arena, written by arena init (Python 3, standard library only).

It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
repository): arena writes one JSON object a line — "start" when a match
starts, "turn" when the bot is to move, "end" when a match is over and
another follows on the same process (exec:…,chain=true) — and the bot
answers each turn with one line of commands separated by ';': move ID X Y,
divide ID X Y MASS, virus ID X Y, surrender (an empty line does nothing).

The state lists only the neutral cells off the map's grid (surrendered
cells). The grid's neutral (i, j) sits at ((i + 0.5)·W/mw, (j + 0.5)·H/mh),
its id j·mw + i; the state's "eaten" lists those eaten in the last turn,
which are back initial_neutral_cells_repop_time turns later. So the bot
keeps the turn each grid neutral is back.

Its policy: move each of its cells towards the nearest neutral within
REACH grid steps that is there now (or back the soonest), one cell a
neutral. Standard output carries the answers only; write anything else to
standard error (log below).
"""
import json
import sys

REACH = 3  # grid steps around a cell where it looks for neutrals


def log(*args):
    """Writes a line to standard error: arena play --out keeps it."""
    print(*args, file=sys.stderr, flush=True)


class Match:
    """What the bot knows of the match it plays."""

    def __init__(self, start):
        params = start["params"]
        self.seat = start["seat"]
        self.mw = params["initial_neutral_cells_matrix_width"]
        self.mh = params["initial_neutral_cells_matrix_height"]
        self.dx = params["map_width"] / self.mw
        self.dy = params["map_height"] / self.mh
        self.repop = params["initial_neutral_cells_repop_time"]
        self.back = [0] * (self.mw * self.mh)  # the turn each grid neutral is back
        log("match starts: seat %d of %d, %d turns" % (self.seat, start["seats"], params["nb_turns"]))

    def turn(self, view):
        """Returns this turn's commands."""
        turn, state = view["turn"], view["state"]
        for nid in state["eaten"]:
            if nid < len(self.back):
                self.back[nid] = turn + self.repop
        chosen = set()
        commands = []
        for cell in state["players"][self.seat]:  # [id, x, y, mass, …]
            cid, x, y = cell[0], cell[1], cell[2]
            best, best_key = None, None
            for nid, nx, ny in self.neutrals_near(x, y, state["neutrals"]):
                if nid in chosen:
                    continue
                wait = self.back[nid] - turn if nid < len(self.back) else 0
                key = (max(wait, 0), (nx - x) ** 2 + (ny - y) ** 2)
                if best_key is None or key < best_key:
                    best, best_key = (nid, nx, ny), key
            if best is None:
                continue  # nothing near: the cell stays where it is going
            chosen.add(best[0])
            commands.append("move %d %r %r" % (cid, float(best[1]), float(best[2])))
        return ";".join(commands)

    def neutrals_near(self, x, y, others):
        """Yields (id, x, y) of the grid neutrals within REACH of (x, y), then the others."""
        ci, cj = int(x / self.dx), int(y / self.dy)
        for j in range(max(cj - REACH, 0), min(cj + REACH + 1, self.mh)):
            for i in range(max(ci - REACH, 0), min(ci + REACH + 1, self.mw)):
                yield j * self.mw + i, (i + 0.5) * self.dx, (j + 0.5) * self.dy
        for n in others:  # [id, x, y, …]
            yield n[0], n[1], n[2]


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
