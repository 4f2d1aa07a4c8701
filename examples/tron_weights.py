#!/usr/bin/env python3
"""A Tron bot with two tunable weights, for arena's generic protocol (docs/bots.md).

Each free neighbouring cell is scored

    room * (its free neighbours) + reach * 4 * (the share of the board's
    cells reachable from it)

and the bot moves to the best, ties in a fixed order. The weights come in
the start line's "bot_params" (docs/bots.md, Parameters), declared in the
bot's spec, so that arena tune can move them (docs/tuning.md):

    arena tune tron/small --opponents straight,stupid --tune room,reach \\
        --bot 'exec:cmd=python3,args=examples/tron_weights.py,chain=true,param.room=1.0 in -4..4,param.reach=0.0 in -4..4' \\
        --iterations 200 --out weights.jsonl
"""
import json
import sys

MOVES = {"x+": (1, 0), "x-": (-1, 0), "y+": (0, 1), "y-": (0, -1)}


def main():
    width = height = 0
    room_w, reach_w = 1.0, 0.0  # without bot_params: the plain greedy bot
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            width, height = msg["params"]["width"], msg["params"]["height"]
            weights = msg.get("bot_params", {})
            room_w = float(weights.get("room", room_w))
            reach_w = float(weights.get("reach", reach_w))
            continue
        if msg["type"] != "turn":
            continue
        view = msg["observation"]
        taken = {tuple(c) for trail in view["board"] for c in trail}
        x, y = view["board"][view["player-index"]][0]  # the head comes first

        def free(cx, cy):
            return 0 <= cx < width and 0 <= cy < height and (cx, cy) not in taken

        def reachable(cx, cy):  # the free cells a flood from (cx, cy) fills
            seen, todo = {(cx, cy)}, [(cx, cy)]
            while todo:
                px, py = todo.pop()
                for dx, dy in MOVES.values():
                    q = (px + dx, py + dy)
                    if q not in seen and free(*q):
                        seen.add(q)
                        todo.append(q)
            return len(seen)

        best, best_score = "x+", None
        for name, (dx, dy) in MOVES.items():
            nx, ny = x + dx, y + dy
            if not free(nx, ny):
                continue
            room = sum(free(nx + ex, ny + ey) for ex, ey in MOVES.values())
            score = room_w * room + reach_w * 4 * reachable(nx, ny) / (width * height)
            if best_score is None or score > best_score:
                best, best_score = name, score
        print(best, flush=True)


main()
