/* bot.c: a Minibus bot for arena, written by arena init (C99, standard
   library only; json.h is its JSON reader).

   It speaks arena's generic protocol, JSON lines (docs/bots.md in arena's
   repository): arena writes one JSON object a line: "start" when a match
   starts, "turn" when the bot is to move, "end" when a match is over and
   another follows on the same process (exec:...,chain=true); the bot answers
   each turn with one line of the referee's commands separated by ';' (BUS S,
   DESTINATION B S, UPGRADE B, UPDATESB, UPDATESP, UPDATECT, PASS). An invalid
   command loses the game at once.

   Its policy: buy buses (up to BUSES) at the station with the longest queue,
   and send each bus to its first rider's destination, or to the station with
   the longest queue when it is empty. Standard output carries the answers
   only; write anything else to standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

#define BUSES 3 /* the most buses the bot buys */

/* The match: what the bot knows of the match it plays. */
static int seat, bus_price, buses;

static void start(const json *msg) {
    const json *params = json_get(msg, "params");
    seat = json_int(json_get(msg, "seat"));
    bus_price = json_int(json_get(params, "bus_price"));
    buses = json_int(json_get(params, "max_buses"));
    if (buses > BUSES) buses = BUSES;
    fprintf(stderr, "match starts: seat %d of %d, goal %d\n", seat, json_int(json_get(msg, "seats")),
            json_int(json_get(params, "goal_money")));
}

/* turn writes this turn's command line into out, of size n. */
static void turn(const json *view, char *out, size_t n) {
    const json *stations = json_get(view, "stations"), *all = json_get(view, "buses");
    int busiest = 0, mine = 0, money, b, s;
    size_t used = 0;
    for (s = 1; s < json_len(stations); s++)
        if (json_len(json_get(json_at(stations, s), "queue")) > json_len(json_get(json_at(stations, busiest), "queue")))
            busiest = s;
    for (b = 0; b < json_len(all); b++) mine += json_int(json_get(json_at(all, b), "owner")) == seat;
    out[0] = '\0';
    money = json_int(json_get(json_at(json_get(view, "players"), seat), "money"));
    if (money >= bus_price && mine < buses) used += (size_t)snprintf(out + used, n - used, "BUS %d;", busiest);
    for (b = 0; b < json_len(all) && used < n; b++) {
        const json *bus = json_at(all, b);
        const json *riders = json_get(bus, "riders"); /* [passenger, destination] pairs */
        int dest = json_len(riders) > 0 ? json_int(json_at(json_at(riders, 0), 1)) : busiest;
        if (json_int(json_get(bus, "owner")) != seat || json_bool(json_get(bus, "destroyed"))) continue;
        used += (size_t)snprintf(out + used, n - used, "DESTINATION %d %d;", b, dest);
    }
    if (used == 0) snprintf(out, n, "PASS");
    else if (used < n) out[used - 1] = '\0'; /* the last ';' */
}

int main(void) {
    char *line, answer[4096];
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
