#!/usr/bin/env python3
"""An Aquar.iom client written for the original kit's server, as arena
enters it unchanged with proto=original (docs/bots.md): arena serves the
kit's binary protocol on a loopback port and starts the program with the
host and the port as its last two arguments.

Every message is a type byte and its content, numbers little-endian (u32,
u64, float32; a string is a u32 length and its bytes). The client logs in
with LOGIN_PLAYER (0, its name) and is answered LOGIN_ACK (2); then come
WELCOME (5: the parameters, the initial neutral cells' positions),
GAME_STARTS (6: its player id and the starting position), a TURN (8) per
turn, each answered with a TURN_ACK (9: moves, divisions, virus creations,
a surrender byte), and at the end GAME_ENDS (7) and LOGOUT (3). This one
moves each of its cells towards the nearest neutral cell, or towards the
centre of the map when there is none.

    arena run aquariom/duel --bot exec:cmd=python3,args=examples/aquariom_original.py,proto=original --bot nearest
"""
import socket
import struct
import sys


class Reader:
    """Reads the server's messages off the connection."""

    def __init__(self, conn):
        self.conn = conn
        self.data = b""
        self.at = 0

    def need(self, n):
        while len(self.data) - self.at < n:
            chunk = self.conn.recv(1 << 16)
            if not chunk:
                raise EOFError
            self.data = self.data[self.at:] + chunk
            self.at = 0

    def take(self, fmt):
        size = struct.calcsize(fmt)
        self.need(size)
        values = struct.unpack_from(fmt, self.data, self.at)
        self.at += size
        return values

    def string(self):
        (n,) = self.take("<I")
        return self.take("<%ds" % n)[0].decode("latin-1")


def read_state(r):
    """Reads the state of GAME_STARTS and TURN."""
    (n,) = r.take("<I")
    respawn = r.take("<%dI" % n)
    (n,) = r.take("<I")
    neutrals = [r.take("<Ifff") for _ in range(n)]  # id, mass, x, y
    (n,) = r.take("<I")
    viruses = [r.take("<Iff") for _ in range(n)]  # id, x, y
    (n,) = r.take("<I")
    cells = [r.take("<IffIfI") for _ in range(n)]  # id, x, y, owner, mass, isolation
    (n,) = r.take("<I")
    players = []
    for _ in range(n):
        (pid,) = r.take("<I")
        name = r.string()
        players.append((pid, name) + r.take("<IfQ"))  # cells, mass, score
    return respawn, neutrals, viruses, cells, players


def main():
    host, port = sys.argv[-2:]
    conn = socket.create_connection((host, int(port)))
    name = b"example"
    conn.sendall(struct.pack("<BI", 0, len(name)) + name)
    r = Reader(conn)
    if r.take("<B")[0] != 2:
        return
    me, width, height, positions = None, 0.0, 0.0, []
    while True:
        (kind,) = r.take("<B")
        if kind == 3:  # LOGOUT
            return
        (size,) = r.take("<I")
        if kind == 5:  # WELCOME
            width, height = r.take("<ff")
            r.take("<2I5fI5f2I2f2I")  # the other parameters
            (n,) = r.take("<I")
            flat = r.take("<%df" % (2 * n))
            positions = list(zip(flat[0::2], flat[1::2]))
        elif kind == 6:  # GAME_STARTS
            (me,) = r.take("<I")
            read_state(r)
        elif kind == 8:  # TURN
            (turn,) = r.take("<I")
            respawn, neutrals, _, cells, _ = read_state(r)
            food = [positions[i] for i, due in enumerate(respawn) if due == 0]
            food += [(x, y) for _, _, x, y in neutrals]
            moves = b""
            count = 0
            for cid, x, y, owner, _, _ in cells:
                if owner != me:
                    continue
                tx, ty = width / 2, height / 2
                if food:
                    tx, ty = min(food, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
                moves += struct.pack("<Iff", cid, tx, ty)
                count += 1
            content = struct.pack("<I", count) + moves + struct.pack("<IIB", 0, 0, 0)
            conn.sendall(struct.pack("<BII", 9, len(content), turn) + content)
        elif kind == 7:  # GAME_ENDS
            r.take("<%ds" % size)
        else:
            raise ValueError("unknown message type %d" % kind)


main()
