/* json.h: a small JSON reader for arena's bots (C99, standard library only),
   written by arena init.

   json_read_line reads a line of standard input, json_parse makes a tree of
   it, and json_get, json_at, json_len, json_num, json_int, json_str and
   json_bool read the tree; json_free frees it. A reader of a missing value
   (NULL, or a value of another type) returns 0, "" or NULL, so a chain of
   reads never crashes:

       json *msg = json_parse(line);
       int width = json_int(json_get(json_get(msg, "params"), "width"));
       json_free(msg);
*/
#ifndef ARENA_JSON_H
#define ARENA_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

/* A json is a value: a number, a string (text, decoded), or an array or
   an object of len items (an object's items have a key). */
typedef struct json {
    enum json_type type;
    double number; /* a number; a bool: 1 or 0 */
    char *text;    /* a string */
    char *key;     /* an item of an object: its key */
    struct json *items;
    int len;
} json;

/* json_read_line returns the next line of in, without its end of line, to
   be freed; NULL at the end of the input. */
static inline char *json_read_line(FILE *in) {
    size_t cap = 4096, n = 0;
    char *line = malloc(cap);
    int c;
    if (line == NULL) return NULL;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n + 1 == cap) {
            char *grown = realloc(line, cap *= 2);
            if (grown == NULL) { free(line); return NULL; }
            line = grown;
        }
        line[n++] = (char)c;
    }
    if (c == EOF && n == 0) { free(line); return NULL; }
    if (n > 0 && line[n - 1] == '\r') n--;
    line[n] = '\0';
    return line;
}

/* The parser: p points into the text; each function reads one value and
   returns 0 when the text is no JSON. */

static inline void json_skip_space(const char **p) {
    while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r') (*p)++;
}

static inline int json_parse_value(const char **p, json *v, int depth);

/* json_put_utf8 writes code point c at out in UTF-8 and returns its length. */
static inline int json_put_utf8(char *out, unsigned long c) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | c >> 6); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | c >> 12); out[1] = (char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | c >> 18); out[1] = (char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (char)(0x80 | (c >> 6 & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static inline int json_hex4(const char *s, unsigned long *c) {
    int i;
    *c = 0;
    for (i = 0; i < 4; i++) {
        char h = s[i];
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return 0;
        *c = *c << 4 | (unsigned long)d;
    }
    return 1;
}

/* json_parse_string reads a string at *p (its opening quote) into a new
   text: the decoded one is never longer than the quoted one. */
static inline char *json_parse_string(const char **p) {
    const char *s = *p + 1, *end = s;
    char *text, *out;
    while (*end != '"') {
        if (*end == '\0') return NULL;
        if (*end == '\\' && end[1] != '\0') end++;
        end++;
    }
    text = out = malloc((size_t)(end - s) + 1);
    if (text == NULL) return NULL;
    while (s < end) {
        unsigned long c;
        if (*s != '\\') { *out++ = *s++; continue; }
        s++;
        switch (*s++) {
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        case 't': *out++ = '\t'; break;
        case 'u':
            if (end - s < 4 || !json_hex4(s, &c)) { free(text); return NULL; }
            s += 4;
            if (c >= 0xD800 && c < 0xDC00 && end - s >= 6 && s[0] == '\\' && s[1] == 'u') {
                unsigned long low;
                if (json_hex4(s + 2, &low) && low >= 0xDC00 && low < 0xE000) {
                    c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                    s += 6;
                }
            }
            out += json_put_utf8(out, c);
            break;
        default: *out++ = s[-1]; /* \" \\ \/ */
        }
    }
    *out = '\0';
    *p = end + 1;
    return text;
}

/* json_parse_items reads the items of an array or object up to close. */
static inline int json_parse_items(const char **p, json *v, char close, int depth) {
    int cap = 0;
    (*p)++;
    json_skip_space(p);
    if (**p == close) { (*p)++; return 1; }
    for (;;) {
        json *item;
        char *key = NULL;
        if (v->len == cap) {
            json *grown = realloc(v->items, sizeof(json) * (size_t)(cap = cap ? 2 * cap : 8));
            if (grown == NULL) return 0;
            v->items = grown;
        }
        if (close == '}') {
            json_skip_space(p);
            if (**p != '"' || (key = json_parse_string(p)) == NULL) return 0;
            json_skip_space(p);
            if (**p != ':') { free(key); return 0; }
            (*p)++;
        }
        item = &v->items[v->len++];
        memset(item, 0, sizeof *item);
        item->key = key;
        if (!json_parse_value(p, item, depth + 1)) return 0;
        json_skip_space(p);
        if (**p == close) { (*p)++; return 1; }
        if (**p != ',') return 0;
        (*p)++;
    }
}

/* json_literal reads word (true, false, null) at *p. */
static inline int json_literal(const char **p, const char *word) {
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0) return 0;
    *p += n;
    return 1;
}

static inline int json_parse_value(const char **p, json *v, int depth) {
    char *end;
    if (depth > 200) return 0;
    json_skip_space(p);
    switch (**p) {
    case '{': v->type = JSON_OBJECT; return json_parse_items(p, v, '}', depth);
    case '[': v->type = JSON_ARRAY; return json_parse_items(p, v, ']', depth);
    case '"': v->type = JSON_STRING; return (v->text = json_parse_string(p)) != NULL;
    case 't': v->type = JSON_BOOL; v->number = 1; return json_literal(p, "true");
    case 'f': v->type = JSON_BOOL; return json_literal(p, "false");
    case 'n': v->type = JSON_NULL; return json_literal(p, "null");
    }
    v->type = JSON_NUMBER;
    v->number = strtod(*p, &end);
    if (end == *p) return 0;
    *p = end;
    return 1;
}

static inline void json_free_items(json *v) {
    int i;
    for (i = 0; i < v->len; i++) json_free_items(&v->items[i]);
    free(v->items);
    free(v->text);
    free(v->key);
}

/* json_free frees a tree json_parse made. */
static inline void json_free(json *v) {
    if (v == NULL) return;
    json_free_items(v);
    free(v);
}

/* json_parse returns the tree of the JSON text, or NULL when it is no JSON. */
static inline json *json_parse(const char *text) {
    json *v = calloc(1, sizeof *v);
    if (v == NULL) return NULL;
    if (!json_parse_value(&text, v, 0)) { json_free(v); return NULL; }
    json_skip_space(&text);
    if (*text != '\0') { json_free(v); return NULL; }
    return v;
}

/* json_get returns the value of key in object v, or NULL. */
static inline const json *json_get(const json *v, const char *key) {
    int i;
    if (v == NULL || v->type != JSON_OBJECT) return NULL;
    for (i = 0; i < v->len; i++)
        if (strcmp(v->items[i].key, key) == 0) return &v->items[i];
    return NULL;
}

/* json_at returns item i of array v, or NULL. */
static inline const json *json_at(const json *v, int i) {
    if (v == NULL || v->type != JSON_ARRAY || i < 0 || i >= v->len) return NULL;
    return &v->items[i];
}

/* json_len returns the number of items of an array or object, else 0. */
static inline int json_len(const json *v) {
    return v != NULL && (v->type == JSON_ARRAY || v->type == JSON_OBJECT) ? v->len : 0;
}

/* json_num returns number v, or 0. */
static inline double json_num(const json *v) {
    return v != NULL && v->type == JSON_NUMBER ? v->number : 0;
}

/* json_int returns number v as an int, or 0. */
static inline int json_int(const json *v) { return (int)json_num(v); }

/* json_bool returns 1 for true, else 0. */
static inline int json_bool(const json *v) {
    return v != NULL && v->type == JSON_BOOL && v->number != 0;
}

/* json_str returns the text of string v, or "". */
static inline const char *json_str(const json *v) {
    return v != NULL && v->type == JSON_STRING ? v->text : "";
}

#endif
