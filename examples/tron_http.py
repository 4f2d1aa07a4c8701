#!/usr/bin/env python3
"""A Tron bot for botsArena's HTTP protocol, as arena enters it with
http:url=... (docs/bots.md): the bot is a web server; arena POSTs
{"action":"init",...} when a match starts, then {"action":"play-turn",
"board":[[[x,y],...head first...],...],"player-index":i,...} every turn,
and the bot answers {"play":"x+"} (x+, x-, y+ or y-).

It serves on 127.0.0.1 at the port given (0: any free port) and prints the
port it listens on. The board size is not in botsArena's messages: give it
as the second and third arguments (100 100 by default).

    python3 examples/tron_http.py 8080 &
    arena run tron/duel --bot http:url=http://127.0.0.1:8080/ --bots stupid,straight
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

MOVES = {"x+": (1, 0), "x-": (-1, 0), "y+": (0, 1), "y-": (0, -1)}
WIDTH, HEIGHT = 100, 100


def choose(message):
    """The free neighbour of the head with the most free neighbours."""
    taken = {tuple(c) for trail in message["board"] for c in trail}
    x, y = message["board"][message["player-index"]][0]

    def free(cx, cy):
        return 0 <= cx < WIDTH and 0 <= cy < HEIGHT and (cx, cy) not in taken

    best, best_room = "x+", -1
    for name, (dx, dy) in MOVES.items():
        nx, ny = x + dx, y + dy
        if free(nx, ny):
            room = sum(free(nx + ex, ny + ey) for ex, ey in MOVES.values())
            if room > best_room:
                best, best_room = name, room
    return best


class Bot(BaseHTTPRequestHandler):
    def do_POST(self):
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if message["action"] == "init":
            answer = {"name": "examples/tron_http.py"}
        else:
            answer = {"play": choose(message)}
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    global WIDTH, HEIGHT
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    if len(sys.argv) > 3:
        WIDTH, HEIGHT = int(sys.argv[2]), int(sys.argv[3])
    server = HTTPServer(("127.0.0.1", port), Bot)
    print(server.server_address[1], flush=True)
    server.serve_forever()


main()
