/* bot.c: an Aquar.iom bot for arena, written by arena init (C99, standard
   library only; json.h is its JSON reader).

   It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
   repository): arena writes one JSON object a line: "start" when a match
   starts, "turn" when the bot is to move, "end" when a match is over and
   another follows on the same process (exec:...,chain=true); the bot answers
   each turn with one line of commands separated by ';': move ID X Y, divide
   ID X Y MASS, virus ID X Y, surrender (an empty line does nothing).

   The state lists only the neutral cells off the map's grid (surrendered
   cells). The grid's neutral (i, j) sits at ((i + 0.5)W/mw, (j + 0.5)H/mh),
   its id j*mw + i; the state's "eaten" lists those eaten in the last turn,
   which are back initial_neutral_cells_repop_time turns later. So the bot
   keeps the turn each grid neutral is back.

   Its policy: move each of its cells towards the nearest neutral within
   REACH grid steps that is there now (or back the soonest), one cell a
   neutral. Standard output carries the answers only; write anything else to
   standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

#define REACH 3 /* grid steps around a cell where it looks for neutrals */
#define CELLS 64 /* the most cells of the bot's this turn that get a command */

/* The match: what the bot knows of the match it plays. */
static int seat, mw, mh, repop;
static double dx, dy;
static int *back; /* mw × mh: the turn each grid neutral is back */

static void start(const json *msg) {
    const json *params = json_get(msg, "params");
    seat = json_int(json_get(msg, "seat"));
    mw = json_int(json_get(params, "initial_neutral_cells_matrix_width"));
    mh = json_int(json_get(params, "initial_neutral_cells_matrix_height"));
    dx = json_num(json_get(params, "map_width")) / mw;
    dy = json_num(json_get(params, "map_height")) / mh;
    repop = json_int(json_get(params, "initial_neutral_cells_repop_time"));
    free(back);
    back = calloc((size_t)mw * (size_t)mh, sizeof *back);
    fprintf(stderr, "match starts: seat %d of %d, %d turns\n", seat, json_int(json_get(msg, "seats")),
            json_int(json_get(params, "nb_turns")));
}

/* A target is a neutral a cell may go for. */
struct target {
    long id;
    double x, y;
    int wait;     /* turns before it is back */
    double dist2; /* its squared distance */
};

/* better says whether t is a better target than the best so far. */
static int better(const struct target *t, const struct target *best) {
    return best->id < 0 || t->wait < best->wait || (t->wait == best->wait && t->dist2 < best->dist2);
}

static int chosen_already(const long *chosen, int n, long id) {
    int i;
    for (i = 0; i < n; i++)
        if (chosen[i] == id) return 1;
    return 0;
}

/* turn writes this turn's commands into out, of size n. */
static void turn(const json *view, char *out, size_t n) {
    const json *state = json_get(view, "state"), *eaten = json_get(state, "eaten");
    const json *mine = json_at(json_get(state, "players"), seat), *others = json_get(state, "neutrals");
    int now = json_int(json_get(view, "turn")), chosen_n = 0, c, i, j, k;
    long chosen[CELLS];
    size_t used = 0;
    out[0] = '\0';
    if (back == NULL) return;
    for (k = 0; k < json_len(eaten); k++) {
        long id = (long)json_num(json_at(eaten, k));
        if (id >= 0 && id < (long)mw * mh) back[id] = now + repop;
    }
    for (c = 0; c < json_len(mine) && chosen_n < CELLS && used < n; c++) {
        const json *cell = json_at(mine, c); /* [id, x, y, mass, ...] */
        double x = json_num(json_at(cell, 1)), y = json_num(json_at(cell, 2));
        int ci = (int)(x / dx), cj = (int)(y / dy);
        struct target best = {-1, 0, 0, 0, 0}, t;
        for (j = cj - REACH; j <= cj + REACH; j++) {
            for (i = ci - REACH; i <= ci + REACH; i++) {
                if (i < 0 || i >= mw || j < 0 || j >= mh) continue;
                t.id = (long)j * mw + i;
                t.x = (i + 0.5) * dx;
                t.y = (j + 0.5) * dy;
                t.wait = back[t.id] > now ? back[t.id] - now : 0;
                t.dist2 = (t.x - x) * (t.x - x) + (t.y - y) * (t.y - y);
                if (!chosen_already(chosen, chosen_n, t.id) && better(&t, &best)) best = t;
            }
        }
        for (k = 0; k < json_len(others); k++) { /* [id, x, y, ...] */
            const json *o = json_at(others, k);
            t.id = (long)json_num(json_at(o, 0));
            t.x = json_num(json_at(o, 1));
            t.y = json_num(json_at(o, 2));
            t.wait = 0;
            t.dist2 = (t.x - x) * (t.x - x) + (t.y - y) * (t.y - y);
            if (!chosen_already(chosen, chosen_n, t.id) && better(&t, &best)) best = t;
        }
        if (best.id < 0) continue; /* nothing near: the cell goes on where it goes */
        chosen[chosen_n++] = best.id;
        used += (size_t)snprintf(out + used, n - used, "%smove %ld %.3f %.3f", used ? ";" : "",
                                 (long)json_num(json_at(cell, 0)), best.x, best.y);
    }
}

int main(void) {
    char *line, answer[8192];
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
