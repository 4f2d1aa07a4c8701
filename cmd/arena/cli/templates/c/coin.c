/* bot.c: a coin bot for arena, written by arena init (C99, standard library
   only; json.h is its JSON reader).

   coin is arena's synthetic game: each bot declares its true Elo, and the
   engine draws the results from those. The bot speaks arena's generic
   protocol, JSON lines (docs/bots.md in arena's repository): arena writes
   one JSON object a line: "start" when a match starts, "turn" when the bot
   is to answer, "end" when a match is over and another follows on the same
   process (exec:...,chain=true); the bot answers each turn with one line,
   its Elo (a number from -2000 to 2000).

   Its policy: declare ELO every match. Standard output carries the answers
   only; write anything else to standard error.

   Build: cc -std=c99 -O2 -o bot bot.c */
#include "json.h"

#define ELO 100

int main(void) {
    char *line;
    while ((line = json_read_line(stdin)) != NULL) {
        json *msg = json_parse(line);
        const char *type = json_str(json_get(msg, "type"));
        if (msg == NULL) {
            fprintf(stderr, "a line that is no JSON: %.80s\n", line);
        } else if (strcmp(type, "start") == 0) {
            fprintf(stderr, "match starts: seat %d of %d\n", json_int(json_get(msg, "seat")),
                    json_int(json_get(msg, "seats")));
        } else if (strcmp(type, "turn") == 0) {
            printf("%d\n", ELO);
            fflush(stdout);
        } /* "end": with chain=true, the next match's start line follows */
        json_free(msg);
        free(line);
    }
    return 0;
}
