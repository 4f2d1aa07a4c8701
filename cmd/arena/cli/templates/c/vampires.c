/* bot.c: a Vampires vs Werewolves bot for arena, written by arena init (C99,
   standard library only; json.h is its JSON reader).

   It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
   repository): arena writes one JSON object a line: "start" when a match
   starts, "turn" when the bot is to play a ply, "end" when a match is over
   and another follows on the same process (exec:...,chain=true); the bot
   answers each turn with one line: MOV x,y,n,x2,y2 (moves separated by ';')
   or ATK x,y. An invalid ply forfeits the game.

   Its policy: move its largest group one cell towards the nearest village of
   humans it outnumbers, else towards the centre of the map. Standard output
   carries the answers only; write anything else to standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

static void start(const json *msg) {
    fprintf(stderr, "match starts: seat %d of %d\n", json_int(json_get(msg, "seat")),
            json_int(json_get(msg, "seats")));
}

/* step returns a moved one unit towards b. */
static int step(int a, int b) { return a + (b > a) - (b < a); }

static int distance(int x, int y, int x2, int y2) {
    int dx = abs(x2 - x), dy = abs(y2 - y);
    return dx > dy ? dx : dy;
}

/* turn writes this ply into out, of size n. */
static void turn(const json *view, char *out, size_t n) {
    const json *cells = json_get(view, "cells"); /* [x, y, humans, vampires, werewolves] */
    int me = strcmp(json_str(json_get(view, "species")), "vampires") == 0 ? 3 : 4;
    int x = 0, y = 0, count = 0, tx, ty, best = -1, nx, ny, i;
    for (i = 0; i < json_len(cells); i++) {
        const json *c = json_at(cells, i);
        if (json_int(json_at(c, me)) > count) {
            x = json_int(json_at(c, 0));
            y = json_int(json_at(c, 1));
            count = json_int(json_at(c, me));
        }
    }
    if (count == 0) { /* no group left: the game is lost anyway */
        snprintf(out, n, "MOV 0,0,1,1,1");
        return;
    }
    tx = json_int(json_get(view, "columns")) / 2;
    ty = json_int(json_get(view, "rows")) / 2;
    for (i = 0; i < json_len(cells); i++) {
        const json *c = json_at(cells, i);
        int humans = json_int(json_at(c, 2)), cx = json_int(json_at(c, 0)), cy = json_int(json_at(c, 1));
        if (humans > 0 && humans <= count && (best < 0 || distance(x, y, cx, cy) < best)) {
            tx = cx;
            ty = cy;
            best = distance(x, y, cx, cy);
        }
    }
    nx = step(x, tx);
    ny = step(y, ty);
    if (nx == x && ny == y) nx = x + 1 < json_int(json_get(view, "columns")) ? x + 1 : x - 1; /* a neighbour */
    snprintf(out, n, "MOV %d,%d,%d,%d,%d", x, y, count, nx, ny);
}

int main(void) {
    char *line, answer[256];
    while ((line = json_read_line(stdin)) != NULL) {
        json *msg = json_parse(line);
        const char *type = json_str(json_get(msg, "type"));
        if (msg == NULL) {
            fprintf(stderr, "a line that is no JSON: %.80s\n", line);
        } else if (strcmp(type, "start") == 0) {
            start(msg);
        } else if (strcmp(type, "turn") == 0) {
            turn(json_get(msg, "observation"), answer, sizeof answer);
            printf("%s\n", answer);
            fflush(stdout);
        } /* "end": with chain=true, the next match's start line follows */
        json_free(msg);
        free(line);
    }
    return 0;
}
