/* bot.c: a Tron bot for arena, written by arena init (C99, standard library
   only; json.h is its JSON reader).

   It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
   repository): arena writes one JSON object a line: "start" when a match
   starts, "turn" when the bot is to move, "end" when a match is over and
   another follows on the same process (exec:...,chain=true); the bot answers
   each turn with one line, its direction: x+, x-, y+ or y-.

   Its policy: move to the free neighbouring cell that has the most free
   neighbours itself, ties in the order of moves[]. Standard output carries
   the answers only; write anything else to standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

static const struct { const char *name; int dx, dy; } moves[] = {
    {"x+", 1, 0}, {"x-", -1, 0}, {"y+", 0, 1}, {"y-", 0, -1},
};

/* The match: what the bot knows of the match it plays. */
static int width, height;
static unsigned char *grid; /* width × height cells, 1 where a trail is */

static void start(const json *msg) {
    const json *params = json_get(msg, "params");
    width = json_int(json_get(params, "width"));
    height = json_int(json_get(params, "height"));
    free(grid);
    grid = calloc((size_t)width * (size_t)height, 1);
    fprintf(stderr, "match starts: seat %d of %d, board %dx%d\n", json_int(json_get(msg, "seat")),
            json_int(json_get(msg, "seats")), width, height);
}

static int is_free(int x, int y) {
    return x >= 0 && x < width && y >= 0 && y < height && !grid[y * width + x];
}

/* turn returns this turn's direction. */
static const char *turn(const json *view) {
    const json *board = json_get(view, "board"); /* every trail, its head first */
    const json *head = json_at(json_at(board, json_int(json_get(view, "player-index"))), 0);
    const char *best = "x+"; /* boxed in: every direction loses */
    int best_room = -1, x, y, i, j, k;
    if (grid == NULL || head == NULL) return best;
    memset(grid, 0, (size_t)width * (size_t)height);
    for (i = 0; i < json_len(board); i++) {
        const json *trail = json_at(board, i);
        for (j = 0; j < json_len(trail); j++) {
            int cx = json_int(json_at(json_at(trail, j), 0)), cy = json_int(json_at(json_at(trail, j), 1));
            if (cx >= 0 && cx < width && cy >= 0 && cy < height) grid[cy * width + cx] = 1;
        }
    }
    x = json_int(json_at(head, 0));
    y = json_int(json_at(head, 1));
    for (k = 0; k < 4; k++) {
        int nx = x + moves[k].dx, ny = y + moves[k].dy, room = 0;
        if (!is_free(nx, ny)) continue;
        for (j = 0; j < 4; j++) room += is_free(nx + moves[j].dx, ny + moves[j].dy);
        if (room > best_room) {
            best = moves[k].name;
            best_room = room;
        }
    }
    return best;
}

int main(void) {
    char *line;
    while ((line = json_read_line(stdin)) != NULL) {
        json *msg = json_parse(line);
        const char *type = json_str(json_get(msg, "type"));
        if (msg == NULL) {
            fprintf(stderr, "a line that is no JSON: %.80s\n", line);
        } else if (strcmp(type, "start") == 0) {
            start(msg);
        } else if (strcmp(type, "turn") == 0) {
            printf("%s\n", turn(json_get(msg, "observation")));
            fflush(stdout);
        } /* "end": with chain=true, the next match's start line follows */
        json_free(msg);
        free(line);
    }
    return 0;
}
