/* bot.c: a Sopra Steria logo game bot for arena, written by arena init (C99,
   standard library only; json.h is its JSON reader).

   It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
   repository): arena writes one JSON object a line: "start" when a match
   starts, "turn" when the bot is to move (not when it is stunned), "end" when
   a match is over and another follows on the same process
   (exec:...,chain=true); the bot answers each turn with one line: N, S, E or
   O (or a jump of two cells, JN, JS, JE, JO). A move off the board or onto a
   player is a penalty.

   Its policy: step towards the nearest free logo, or to its caddie when it
   carries one, never onto a player, and away from the cells the players
   resolved before it this round could step onto. Standard output carries the
   answers only; write anything else to standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

static const struct { const char *name; int dx, dy; } steps[] = {
    {"N", 0, -1}, {"S", 0, 1}, {"E", 1, 0}, {"O", -1, 0},
};

/* The match: what the bot knows of the match it plays. */
static int seat;

static void start(const json *msg) {
    seat = json_int(json_get(msg, "seat"));
    fprintf(stderr, "match starts: seat %d of %d\n", seat, json_int(json_get(msg, "seats")));
}

/* holds_player says whether a player stands on (x, y). */
static int holds_player(const json *players, int x, int y) {
    int k;
    for (k = 0; k < json_len(players); k++) {
        const json *p = json_at(players, k);
        if (json_int(json_get(p, "x")) == x && json_int(json_get(p, "y")) == y) return 1;
    }
    return 0;
}

/* risky says whether a player resolved before this one this round, from
   seat first on, can move onto (x, y): it may stand there when this move is
   played. */
static int risky(const json *players, int first, int x, int y) {
    int k, s;
    for (k = first; k != seat; k = (k + 1) % json_len(players)) {
        const json *p = json_at(players, k);
        int px = json_int(json_get(p, "x")), py = json_int(json_get(p, "y"));
        if (json_bool(json_get(p, "stunned"))) continue;
        for (s = 0; s < 4; s++) {
            if (px + steps[s].dx == x && py + steps[s].dy == y) return 1;
            if (json_int(json_get(p, "jumps")) > 0 && px + 2 * steps[s].dx == x && py + 2 * steps[s].dy == y) return 1;
        }
    }
    return 0;
}

/* turn returns this round's move. */
static const char *turn(const json *view) {
    const json *players = json_get(view, "players"), *me = json_at(players, seat);
    const json *logos = json_get(view, "logos"), *caddie = json_get(me, "caddie");
    int home = json_bool(json_get(me, "carrying")) || json_len(logos) == 0;
    int x = json_int(json_get(me, "x")), y = json_int(json_get(me, "y"));
    int width = json_int(json_get(view, "width")), height = json_int(json_get(view, "height"));
    int first = json_int(json_get(view, "first")), best_key = -1, s, g;
    const char *best = "N"; /* boxed in: a penalty whatever the move */
    for (s = 0; s < 4; s++) {
        int nx = x + steps[s].dx, ny = y + steps[s].dy, dist = -1, key;
        if (nx < 0 || nx >= width || ny < 0 || ny >= height || holds_player(players, nx, ny)) continue;
        for (g = 0; g < (home ? 1 : json_len(logos)); g++) {
            const json *goal = home ? caddie : json_at(logos, g);
            int d = abs(nx - json_int(json_at(goal, 0))) + abs(ny - json_int(json_at(goal, 1)));
            if (dist < 0 || d < dist) dist = d;
        }
        key = risky(players, first, nx, ny) * 100000 + dist; /* a safe cell first, then the nearest */
        if (best_key < 0 || key < best_key) {
            best = steps[s].name;
            best_key = key;
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
