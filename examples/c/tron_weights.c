/* A Tron bot with two tunable weights, in C, for arena's generic protocol
 * (docs/bots.md): the same bot as examples/tron_weights.py. Each free neighbouring
 * cell is scored
 *
 *     room * (its free neighbours) + reach * 4 * (the share of the board's
 *                                                 cells reachable from it)
 *
 * and the bot moves to the best, ties in a fixed order. The weights come as
 * arguments (--room R --reach Q), which its spec fills in from the
 * parameters it declares, so that arena tune can move them
 * (docs/tuning.md):
 *
 *     gcc -O2 -o tron_weights examples/c/tron_weights.c
 *     arena tune tron/small --opponents straight,stupid --tune room,reach \
 *         --bot 'exec:cmd=./tron_weights,args=--room {room} --reach {reach},chain=true,param.room=1.0 in -4..4,param.reach=0.0 in -4..4' \
 *         --iterations 200 --out weights.jsonl
 *
 * Its JSON parser is the least it needs: a number after a key, and the
 * board's numbers read in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 256
#define LINE (1 << 20)

static int width, height;
static unsigned char taken[MAXW][MAXW];
static int stack[MAXW * MAXW][2];
static unsigned char seen[MAXW][MAXW];
static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
static const char *names[4] = {"x+", "x-", "y+", "y-"};

/* number returns the number after "key": in line, or def when there is none. */
static long number(const char *line, const char *key, long def) {
	char pattern[64];
	snprintf(pattern, sizeof pattern, "\"%s\":", key);
	const char *p = strstr(line, pattern);
	return p ? strtol(p + strlen(pattern), NULL, 10) : def;
}

static int is_free(int x, int y) {
	return x >= 0 && x < width && y >= 0 && y < height && !taken[x][y];
}

/* reachable counts the free cells a flood from (x, y) fills. */
static int reachable(int x, int y) {
	memset(seen, 0, sizeof seen);
	int n = 0, top = 0;
	seen[x][y] = 1;
	stack[top][0] = x, stack[top][1] = y, top++;
	while (top > 0) {
		top--;
		int px = stack[top][0], py = stack[top][1];
		n++;
		for (int d = 0; d < 4; d++) {
			int qx = px + dx[d], qy = py + dy[d];
			if (is_free(qx, qy) && !seen[qx][qy]) {
				seen[qx][qy] = 1;
				stack[top][0] = qx, stack[top][1] = qy, top++;
			}
		}
	}
	return n;
}

/* read_board marks the cells of every trail of "board":[[[x,y],…],…] and
 * returns the head of trail me, the first cell of each trail. */
static void read_board(const char *line, int me, int *hx, int *hy) {
	memset(taken, 0, sizeof taken);
	const char *p = strstr(line, "\"board\":");
	if (!p) return;
	p += strlen("\"board\":");
	int depth = 0, trail = -1, cell = 0;
	for (; *p; p++) {
		if (*p == '[') {
			depth++;
			if (depth == 2) trail++, cell = 0;
			if (depth == 3) {
				char *end;
				int x = strtol(p + 1, &end, 10);
				int y = strtol(end + 1, &end, 10);
				if (x >= 0 && x < MAXW && y >= 0 && y < MAXW) taken[x][y] = 1;
				if (trail == me && cell == 0) *hx = x, *hy = y;
				cell++;
			}
		} else if (*p == ']') {
			if (--depth == 0) return;
		}
	}
}

int main(int argc, char **argv) {
	double room_w = 1, reach_w = 0; /* without arguments: the plain greedy bot */
	for (int i = 1; i + 1 < argc; i += 2) {
		char *end;
		double v = strtod(argv[i + 1], &end);
		if (*end != '\0') {
			fprintf(stderr, "tron_weights: %s: %s is not a number\n", argv[i], argv[i + 1]);
			return 2;
		}
		if (strcmp(argv[i], "--room") == 0) room_w = v;
		else if (strcmp(argv[i], "--reach") == 0) reach_w = v;
		else {
			fprintf(stderr, "tron_weights: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	static char line[LINE];
	while (fgets(line, sizeof line, stdin)) {
		if (strstr(line, "\"type\":\"start\"")) { /* a match starts: its board's size */
			width = number(line, "width", 0), height = number(line, "height", 0);
			if (width > MAXW || height > MAXW) {
				fprintf(stderr, "tron_weights: a %dx%d board is larger than %d cells a side\n", width, height, MAXW);
				return 1;
			}
			continue;
		}
		if (!strstr(line, "\"type\":\"turn\"")) continue; /* "end": with chain=true, another match follows */
		int x = 0, y = 0;
		read_board(line, (int)number(line, "player-index", 0), &x, &y);
		int best = 0, found = 0;
		double best_score = 0;
		for (int d = 0; d < 4; d++) {
			int nx = x + dx[d], ny = y + dy[d];
			if (!is_free(nx, ny)) continue;
			int room = 0;
			for (int e = 0; e < 4; e++) room += is_free(nx + dx[e], ny + dy[e]);
			double score = room_w * room + reach_w * 4 * reachable(nx, ny) / (width * height);
			if (!found || score > best_score) best = d, best_score = score, found = 1;
		}
		printf("%s\n", names[best]);
		fflush(stdout);
	}
	return 0;
}
