/* gbr duplicates: groups the PGN games whose start positions are the same
 * (optionally up to board symmetry), and those that share a study code, oldest
 * first. Memory: one fixed-size record a game in a first pass; the tags of the
 * games it lists are read in a second pass over the inputs. The command line
 * (src/cli/cmd_duplicates.c) opens the inputs and calls this file. */
#define _POSIX_C_SOURCE 200809L /* fstat, lseek, read; sigset_t in output_file.h */

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "directory_entries.h"
#include "game_tags.h"
#include "duplicates.h"
#include "exit_status.h"
#include "grow.h"
#include "output.h"
#include "pgn_input.h"
#include "output_file.h"
#include "reached.h"
#include "sort_spill.h"

typedef struct dup_record {
    uint8_t position[DUP_POSITION_KEY_SIZE]; /* canonical under the symmetry */
    uint8_t raw[DUP_POSITION_KEY_SIZE];      /* as it is */
    uint8_t study[DUP_STUDY_KEY_SIZE];       /* canonical */
    /* (at most 144 bytes a record on LP64: the bound --help states) */
    uint8_t classified, castling;
    uint32_t date;         /* YYYYMMDD, 99 for an unknown month or day; UINT32_MAX unknown */
    uint32_t file;
    uint32_t texts;        /* index into the second pass's texts, UINT32_MAX none */
    unsigned long game, line, column;
    uint64_t order;
    const char *problem;   /* static text, for an unclassified game */
} dup_record;

/* A game's start position reached in another game's solution. */
typedef struct dup_reach {
    size_t start, game;   /* the records: the game starting there, the one reaching it */
    const char *relation; /* static */
    reached_place at;     /* where in the game reaching it */
} dup_reach;

/* A text in the second pass's text store. */
typedef struct dup_text {
    size_t at, len;
} dup_text;

/* The second pass's texts, NUL-terminated one after another. */
typedef struct dup_text_store {
    char *text;
    size_t text_used, text_cap;
} dup_text_store;

static const char *dup_str(const dup_text_store *d, dup_text t) { return d->text + t.at; }

typedef struct dup_texts {
    dup_text composer, source, reference, date, position, study;
    dup_text unknown; /* "?" */
    unsigned char from[GAME_TAG_FIELDS]; /* game_tags' */
} dup_texts;

struct duplicates {
    const gbr_codec *codec;
    duplicates_symmetry symmetry;
    duplicates_format format;
    game_tag_choice tags;
    text_encoding encoding;
    unsigned long long converted; /* values converted to UTF-8 */
    char *utf8;                   /* a value converted */
    size_t utf8_cap;
    const composer_names *names;
    const char *const *files;
    int files_n;
    int *fds;            /* each input's, kept for the second pass; -1 when it is not read again */
    off_t *starts;       /* the offset each was first read from (standard input may start past 0) */
    int status;
    dup_record *records;
    size_t n, cap;
    const char *source;
    uint32_t file;
    int failed, bad_input;
    /* Second pass */
    int second;
    dup_record **wanted; /* the listed records, in input order */
    size_t wanted_n, next_wanted;
    dup_texts *texts;
    dup_text_store text;
    /* --reached */
    int reached;
    uint8_t (*start_keys)[REACHED_KEY_SIZE]; /* a record's start, as positions reached are compared */
    size_t start_keys_cap;
    size_t *by_start, by_start_n; /* the classified records by start key */
    size_t reach_next;            /* the games met in the replay's pass */
    unsigned long seq;
    dup_reach *pending, *reaches; /* the game being replayed's; all found */
    size_t pending_n, pending_cap, reaches_n, reaches_cap;
};

uint32_t duplicates_date_key(const pgn_tag *date)
{
    if (!game_year_len(date))
        return UINT32_MAX;
    uint32_t key = 0;
    for (int i = 0; i < 4; i++)
        key = key * 10 + (uint32_t)(date->value[i] - '0');
    for (size_t at = 5; at <= 8; at += 3) { /* month, day: "YYYY.MM.DD" */
        unsigned part = 99;
        if (date->value_len >= at + 2 && date->value[at - 1] == '.' && date->value[at] >= '0' &&
            date->value[at] <= '9' && date->value[at + 1] >= '0' && date->value[at + 1] <= '9')
            part = (unsigned)(date->value[at] - '0') * 10 + (unsigned)(date->value[at + 1] - '0');
        key = key * 100 + part;
    }
    return key;
}

/* The game's position; 0, or the error's class with its column in *column. */
static int read_position(const duplicates *st, const pgn_game *g, gbr_position *p, int *castling,
                         unsigned long *line, unsigned long *column, const char **problem)
{
    const char *fen;
    size_t fen_len;
    const pgn_tag *tag = game_fen(g, &fen, &fen_len);
    gbr_result r = gbr_parse_fen(st->codec, fen, fen_len, p);
    *castling = duplicates_fen_castling(fen, fen_len);
    if (!r.error)
        return 0;
    *problem = gbr_error_message(r.error);
    if (tag) {
        *line = tag->value_at.line;
        *column = tag->value_at.column + (r.column ? r.column - 1 : 0);
    }
    return 1;
}

/* A game's start as positions reached are compared: the rules' reading of
 * its FEN (castling rights, en passant), else gbr's. */
static void start_key(duplicates *st, const pgn_game *g, const gbr_position *p, int castling, size_t order)
{
    uint8_t(*bigger)[REACHED_KEY_SIZE] = util_grow(st->start_keys, &st->start_keys_cap, order + 1, REACHED_KEY_SIZE);
    if (!bigger) {
        st->failed = 1;
        return;
    }
    st->start_keys = bigger;
    const char *fen;
    size_t fen_len;
    game_fen(g, &fen, &fen_len);
    chess_position c;
    chess_error e;
    gbr_position q;
    if (chess_fen_read_with(&c, fen, fen_len, CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &e) == 0)
        reached_chess_keys(st->symmetry, &c, &q, st->start_keys[order], NULL);
    else
        reached_key(st->symmetry, p, castling ? 15 : 0, 0, st->start_keys[order]);
}

static void first_pass_game(duplicates *st, const pgn_game *g)
{
    if (st->failed)
        return;
    dup_record *bigger = util_grow(st->records, &st->cap, st->n + 1, sizeof *bigger);
    if (!bigger) {
        st->failed = 1;
        return;
    }
    st->records = bigger;
    dup_record *r = &st->records[st->n];
    memset(r, 0, sizeof *r);
    r->order = st->n++;
    r->file = st->file;
    r->game = g->number;
    r->line = g->start.line;
    r->column = g->start.column;
    r->texts = UINT32_MAX;
    game_tags tags;
    game_tags_of(g, &st->tags, &tags);
    r->date = duplicates_date_key(tags.field[GAME_TAG_YEAR]);
    if (g->malformed) {
        r->problem = game_malformed_problem(g, &r->line, &r->column);
        st->bad_input = 1;
        return;
    }
    gbr_position p;
    int castling;
    if (read_position(st, g, &p, &castling, &r->line, &r->column, &r->problem) != 0) {
        /* Worded as audit, select and directory word it: the FEN tag is at fault. */
        util_report(st->source, r->line, r->column, "game %lu: %s%s", g->number,
                    game_find_tag(g, "FEN") ? "FEN tag: " : "", r->problem);
        st->bad_input = 1;
        return;
    }
    r->classified = 1;
    r->castling = (uint8_t)castling;
    duplicates_position_key(&p, castling, r->raw);
    duplicates_canonical_keys(st->symmetry, &p, castling, r->position, r->study);
    if (st->reached)
        start_key(st, g, &p, castling, r->order);
}

static void keep(duplicates *st, const char *bytes, size_t len, dup_text *t)
{
    dup_text_store *d = &st->text;
    char *bigger = util_grow(d->text, &d->text_cap, d->text_used + len + 1, 1);
    if (!bigger) {
        st->failed = 1;
        t->at = t->len = 0;
        return;
    }
    d->text = bigger;
    memcpy(d->text + d->text_used, bytes, len);
    t->at = d->text_used;
    t->len = len;
    d->text_used += len;
    d->text[d->text_used++] = '\0';
}

/* A tag's value as UTF-8 (text_encoding.h), counted when converted. */
static void keep_tag(duplicates *st, const pgn_tag *tag, dup_text *t)
{
    const char *value;
    size_t len;
    int how = text_encoding_value(st->encoding, tag ? tag->value : "", tag ? tag->value_len : 0, &st->utf8,
                                  &st->utf8_cap, &value, &len);
    if (how < 0) {
        st->failed = 1;
        t->at = t->len = 0;
        return;
    }
    st->converted += (unsigned)how;
    keep(st, value, len, t);
}

/* The second pass: the tags and texts of the listed games. */
static void second_pass_game(duplicates *st, const pgn_game *g)
{
    if (st->next_wanted >= st->wanted_n || st->failed)
        return;
    dup_record *r = st->wanted[st->next_wanted];
    if (r->file != st->file || r->game != g->number)
        return;
    dup_texts *t = &st->texts[st->next_wanted];
    r->texts = (uint32_t)st->next_wanted++;
    game_tags tags;
    game_tags_of(g, &st->tags, &tags);
    const char *composer;
    size_t composer_len;
    if (composer_field(&tags, st->encoding, st->names, &st->utf8, &st->utf8_cap, &composer, &composer_len,
                       &st->converted) != 0)
        st->failed = 1;
    keep(st, composer, st->failed ? 0 : composer_len, &t->composer);
    keep_tag(st, tags.field[GAME_TAG_SOURCE], &t->source);
    keep_tag(st, tags.field[GAME_TAG_REFERENCE], &t->reference);
    keep_tag(st, tags.field[GAME_TAG_YEAR], &t->date);
    memcpy(t->from, tags.from, sizeof t->from);
    keep(st, "?", 1, &t->unknown);
    keep(st, "", 0, &t->position);
    keep(st, "", 0, &t->study);
    gbr_position p;
    int castling;
    unsigned long line, column;
    const char *problem;
    if (!r->classified || g->malformed || read_position(st, g, &p, &castling, &line, &column, &problem) != 0)
        return;
    char text[GBR_POSITION_MAX];
    gbr_result res = gbr_format_position(st->codec, text, sizeof text, &p);
    if (!res.error)
        keep(st, text, res.length, &t->position);
    gbr_counts counts;
    gbr_study s;
    memset(&s, 0, sizeof s);
    gbr_position_counts(&p, &counts);
    res = gbr_material_from_counts(st->codec, &counts, &s.material);
    for (uint8_t sq = 0; sq < 64; sq++) {
        if (p.board[sq] == GBR_WK)
            s.white_king = sq;
        else if (p.board[sq] == GBR_BK)
            s.black_king = sq;
    }
    if (!res.error)
        res = gbr_format_study(st->codec, text, sizeof text, &s);
    if (!res.error)
        keep(st, text, res.length, &t->study);
}

static void on_game(void *context, const pgn_game *g)
{
    duplicates *st = context;
    if (st->second)
        second_pass_game(st, g);
    else
        first_pass_game(st, g);
}

static void on_diagnostic(void *context, const pgn_diagnostic *diag)
{
    duplicates *st = context;
    if (st->second) /* told in the first pass */
        return;
    pgn_print_diagnostic(st->source, diag);
    st->bad_input = 1;
}

static int read_input(duplicates *st, int fd)
{
    static const pgn_handler handler = {NULL, on_game, NULL, on_diagnostic};
    return pgn_read_input(&handler, st, fd, st->source);
}

int duplicates_stdin(void)
{
    struct stat s;
    if (fstat(STDIN_FILENO, &s) == 0 && S_ISREG(s.st_mode) && lseek(STDIN_FILENO, 0, SEEK_CUR) >= 0)
        return STDIN_FILENO;
    int fd = sort_spill_temporary_file("duplicates");
    if (fd < 0)
        return -1;
    char buffer[1 << 16];
    for (;;) {
        ssize_t got = read(STDIN_FILENO, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            util_error("-", "cannot read: %s", strerror(errno));
            close(fd);
            return -1;
        }
        if (got == 0)
            break;
        for (ssize_t done = 0; done < got;) {
            ssize_t put = write(fd, buffer + done, (size_t)(got - done));
            if (put < 0 && errno == EINTR)
                continue;
            if (put < 0) {
                util_error("duplicates", "cannot write a temporary file: %s", strerror(errno));
                close(fd);
                return -1;
            }
            done += put;
        }
    }
    if (lseek(fd, 0, SEEK_SET) < 0) {
        util_error("duplicates", "cannot read a temporary file: %s", strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

/* ---- grouping ---- */

static int by_position(const void *x, const void *y)
{
    const dup_record *a = *(dup_record *const *)x, *b = *(dup_record *const *)y;
    int c = memcmp(a->position, b->position, DUP_POSITION_KEY_SIZE);
    if (c)
        return c;
    if (a->date != b->date)
        return a->date < b->date ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

static int by_study(const void *x, const void *y)
{
    const dup_record *a = *(dup_record *const *)x, *b = *(dup_record *const *)y;
    int c = memcmp(a->study, b->study, DUP_STUDY_KEY_SIZE);
    if (c)
        return c;
    if (a->date != b->date)
        return a->date < b->date ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

static int by_order(const void *x, const void *y)
{
    const dup_record *a = *(dup_record *const *)x, *b = *(dup_record *const *)y;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* A group: members[first, first + count) of a sorted array of records. */
typedef struct dup_group {
    dup_record **members;
    size_t count;
    uint64_t earliest; /* the input order of its earliest-read game: groups are listed by it */
} dup_group;

static int by_earliest(const void *x, const void *y)
{
    const dup_group *a = x, *b = y;
    return a->earliest < b->earliest ? -1 : a->earliest > b->earliest;
}

/* Runs of equal keys (of size `size` at `offset` in a record) of 2 or more;
 * for study groups (distinct_positions) only runs with two or more positions. */
static dup_group *find_groups(dup_record **sorted, size_t n, size_t offset, size_t size, int distinct_positions,
                              size_t *groups_n)
{
    dup_group *groups = malloc((n / 2 + 1) * sizeof *groups);
    *groups_n = 0;
    if (!groups)
        return NULL;
    for (size_t i = 0; i < n;) {
        size_t end = i + 1;
        while (end < n && memcmp((const uint8_t *)sorted[end] + offset, (const uint8_t *)sorted[i] + offset, size) == 0)
            end++;
        int listed = end - i >= 2;
        if (listed && distinct_positions) {
            listed = 0;
            for (size_t k = i + 1; k < end && !listed; k++)
                listed = memcmp(sorted[k]->position, sorted[i]->position, DUP_POSITION_KEY_SIZE) != 0;
        }
        if (listed) {
            dup_group *g = &groups[(*groups_n)++];
            g->members = sorted + i;
            g->count = end - i;
            g->earliest = UINT64_MAX;
            for (size_t k = i; k < end; k++)
                if (sorted[k]->order < g->earliest)
                    g->earliest = sorted[k]->order;
        }
        i = end;
    }
    qsort(groups, *groups_n, sizeof *groups, by_earliest);
    return groups;
}

/* How r's position relates to the group's first game's: the first transform
 * (in duplicates_transform_name's order) taking it there. */
static const char *relation(const duplicates *st, const dup_record *first, const dup_record *r)
{
    (void)st;
    gbr_position p;
    memset(&p, 0, sizeof p);
    for (unsigned i = 0; i < 64; i++)
        p.board[i] = (uint8_t)((r->raw[i / 2] >> (i % 2 ? 0 : 4)) & 15);
    p.indicator = (r->raw[32] & 1) ? GBR_IND_BTM : GBR_IND_WTM;
    for (unsigned t = 0; t < DUP_TRANSFORMS; t++) {
        gbr_position q;
        uint8_t key[DUP_POSITION_KEY_SIZE];
        duplicates_transform(&p, t, &q);
        duplicates_position_key(&q, r->castling, key);
        if (memcmp(key, first->raw, sizeof key) == 0)
            return duplicates_transform_name(t);
    }
    return "?";
}

/* ---- output ---- */

static const dup_texts *texts_of(const duplicates *st, const dup_record *r) { return &st->texts[r->texts]; }

static void put_tsv_value(util_sink *out, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
        util_write(out, &c, 1);
    }
}

static void put_t(util_sink *out, const duplicates *st, dup_text t)
{
    util_write(out, dup_str(&st->text, t), t.len);
}

static void put_date(util_sink *out, const duplicates *st, const dup_record *r)
{
    const dup_texts *t = texts_of(st, r);
    if (t->date.len)
        put_t(out, st, t->date);
    else
        util_put(out, "????.??.??");
}

static void write_member(util_sink *out, const duplicates *st, const char *const *files, duplicates_format format,
                         const char *kind, size_t group, const char *rel, const dup_record *r, int first_of_group,
                         const reached_place *at)
{
    const dup_texts *t = texts_of(st, r);
    const dup_text_store *d = &st->text;
    if (format == DUP_FORMAT_TEXT) {
        util_put(out, "  ");
        put_date(out, st, r);
        util_put(out, "  "); /* "?" for a missing name, as PGN writes an unknown one */
        put_t(out, st, t->composer.len ? t->composer : t->unknown);
        util_put(out, " | "); /* a bar: names hold commas */
        put_t(out, st, t->source.len ? t->source : t->unknown);
        if (t->reference.len) {
            util_put(out, " | ");
            put_t(out, st, t->reference);
        }
        util_put(out, " -- ");
        util_put(out, files[r->file]);
        util_put(out, ":");
        util_put_uint(out, r->line);
        util_put(out, " (game ");
        util_put_uint(out, r->game);
        util_put(out, ")");
        if (rel) {
            util_put(out, " ");
            util_put(out, rel);
        }
        if (r->problem) {
            util_put(out, ": ");
            util_put(out, r->problem);
        }
        util_put(out, "\n");
    } else if (format == DUP_FORMAT_TSV) {
        util_put(out, kind);
        util_put(out, "\t");
        util_put_uint(out, group);
        util_put(out, "\t");
        util_put(out, rel ? rel : "");
        util_put(out, "\t");
        put_t(out, st, t->position);
        util_put(out, "\t");
        put_t(out, st, t->study);
        util_put(out, "\t");
        put_tsv_value(out, dup_str(d, t->composer), t->composer.len);
        util_put(out, "\t");
        put_tsv_value(out, dup_str(d, t->source), t->source.len);
        util_put(out, "\t");
        put_tsv_value(out, dup_str(d, t->date), t->date.len);
        util_put(out, "\t");
        put_tsv_value(out, files[r->file], strlen(files[r->file]));
        util_put(out, "\t");
        util_put_uint(out, r->game);
        util_put(out, "\t");
        util_put_uint(out, r->line);
        util_put(out, "\t");
        util_put(out, r->problem ? r->problem : "");
        util_put(out, "\t"); /* the reference last: the columns before it keep their numbers */
        put_tsv_value(out, dup_str(d, t->reference), t->reference.len);
        util_put(out, "\n");
    } else {
        util_put(out, first_of_group ? "\n      {" : ",\n      {");
        util_put(out, "\"composer\": ");
        util_put_json_text(out, dup_str(d, t->composer), t->composer.len);
        util_put(out, ", \"source\": ");
        util_put_json_text(out, dup_str(d, t->source), t->source.len);
        util_put(out, ", \"reference\": ");
        util_put_json_text(out, dup_str(d, t->reference), t->reference.len);
        util_put(out, ", \"date\": ");
        util_put_json_text(out, dup_str(d, t->date), t->date.len);
        static const char *const tag_members[GAME_TAG_FIELDS] = {", \"composer_tag\": ", ", \"source_tag\": ",
                                                                     ", \"date_tag\": ", ", \"reference_tag\": "};
        for (int f = 0; f < GAME_TAG_FIELDS; f++) {
            util_put(out, tag_members[f]);
            const game_tag_list *l = &st->tags.field[f];
            if (t->from[f])
                util_put_json_text(out, l->names[t->from[f] - 1], l->lens[t->from[f] - 1]);
            else
                util_put(out, "null");
        }
        if (rel) {
            util_put(out, ", \"relation\": ");
            util_put_json_text(out, rel, strlen(rel));
        }
        if (!r->problem) {
            util_put(out, ", \"position\": ");
            util_put_json_text(out, dup_str(d, t->position), t->position.len);
        }
        util_put(out, ", \"file\": ");
        directory_put_json_name(out, files[r->file], strlen(files[r->file]));
        util_put(out, ", \"game\": ");
        util_put_uint(out, r->game);
        util_put(out, ", \"line\": ");
        util_put_uint(out, r->line);
        if (at) {
            util_put(out, ", \"move\": ");
            util_put_json_text(out, at->move, strlen(at->move));
            util_put(out, ", \"ply\": ");
            util_put_uint(out, at->ply);
            util_put(out, at->main_line ? ", \"main_line\": true" : ", \"main_line\": false");
        }
        if (r->problem) {
            util_put(out, ", \"column\": ");
            util_put_uint(out, r->column);
            util_put(out, ", \"problem\": ");
            util_put_json_text(out, r->problem, strlen(r->problem));
        }
        util_put(out, "}");
    }
}

static void write_groups(util_sink *out, const duplicates *st, const char *const *files, duplicates_format format,
                         const char *kind, const dup_group *groups, size_t n)
{
    int positions = strcmp(kind, "position") == 0;
    for (size_t i = 0; i < n; i++) {
        const dup_group *g = &groups[i];
        const dup_texts *first = texts_of(st, g->members[0]);
        if (format == DUP_FORMAT_TEXT) {
            util_put(out, "\n");
            put_t(out, st, positions ? first->position : first->study);
            util_put(out, "  ");
            util_put_uint(out, g->count);
            util_put(out, " games\n");
        } else if (format == DUP_FORMAT_JSON) {
            util_put(out, i ? ",\n    {" : "\n    {");
            util_put(out, positions ? "\"position\": " : "\"study\": ");
            util_put_json_text(out, dup_str(&st->text, positions ? first->position : first->study),
                               positions ? first->position.len : first->study.len);
            util_put(out, ", \"games\": [");
        }
        for (size_t k = 0; k < g->count; k++)
            write_member(out, st, files, format, kind, i + 1,
                         positions ? relation(st, g->members[0], g->members[k]) : NULL, g->members[k], k == 0, NULL);
        if (format == DUP_FORMAT_JSON)
            util_put(out, "]}");
    }
}

duplicates *duplicates_new(const duplicates_options *options, const char *const *files, int files_n)
{
    duplicates *st = calloc(1, sizeof *st);
    int *fds = malloc((size_t)files_n * sizeof *fds);
    off_t *starts = malloc((size_t)files_n * sizeof *starts);
    if (!st || !fds || !starts) {
        free(st);
        free(fds);
        free(starts);
        util_out_of_memory("duplicates");
        return NULL;
    }
    st->codec = options->codec;
    st->symmetry = options->symmetry;
    st->format = options->format;
    st->tags = options->tags;
    st->encoding = options->encoding;
    st->names = options->names;
    st->reached = options->reached;
    st->files = files;
    st->files_n = files_n;
    st->fds = fds;
    st->starts = starts;
    st->status = UTIL_EXIT_OK;
    return st;
}

void duplicates_read(duplicates *st, int i, int fd)
{
    st->fds[i] = fd;
    if (fd < 0) {
        st->status = UTIL_EXIT_INPUT;
        return;
    }
    /* The second pass reads from here again: standard input opened on a
     * regular file at an offset is the input from that offset on. */
    st->starts[i] = lseek(fd, 0, SEEK_CUR);
    if (st->starts[i] < 0)
        st->starts[i] = 0; /* not seekable: the second pass reports it */
    st->file = (uint32_t)i;
    st->source = st->files[i];
    size_t games_before = st->n;
    int failed = read_input(st, fd) != 0;
    if (failed)
        st->status = UTIL_EXIT_INPUT;
    if (failed || st->n == games_before) { /* no game to read again (an empty input is said once) */
        if (fd != STDIN_FILENO)
            close(fd);
        st->fds[i] = -1;
    }
}

/* The groups, each an array of records sorted by key, date and order. */
typedef struct dup_groups {
    dup_record **by_pos, **by_stu;
    dup_group *pos, *stu;
    size_t pos_n, stu_n, classified;
} dup_groups;

/* Sorts the classified records both ways and finds the groups; sets failed
 * when memory runs out. */
static void group_games(duplicates *st, dup_groups *g)
{
    g->by_pos = malloc((st->n + 1) * sizeof *g->by_pos);
    g->by_stu = malloc((st->n + 1) * sizeof *g->by_stu);
    st->wanted = malloc((st->n + 1) * sizeof *st->wanted);
    st->texts = calloc(st->n + 1, sizeof *st->texts);
    if (!g->by_pos || !g->by_stu || !st->wanted || !st->texts) {
        st->failed = 1;
        return;
    }
    for (size_t i = 0; i < st->n; i++)
        if (st->records[i].classified) {
            g->by_pos[g->classified] = g->by_stu[g->classified] = &st->records[i];
            g->classified++;
        }
    qsort(g->by_pos, g->classified, sizeof *g->by_pos, by_position);
    qsort(g->by_stu, g->classified, sizeof *g->by_stu, by_study);
    g->pos = find_groups(g->by_pos, g->classified, offsetof(dup_record, position), DUP_POSITION_KEY_SIZE, 0,
                         &g->pos_n);
    g->stu = find_groups(g->by_stu, g->classified, offsetof(dup_record, study), DUP_STUDY_KEY_SIZE, 1, &g->stu_n);
    if (!g->pos || !g->stu)
        st->failed = 1;
}

/* ---- --reached: the start positions other games' solutions reach ---- */

static const duplicates *sorting_st; /* qsort has no context argument */

static int record_by_start(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    int c = memcmp(sorting_st->start_keys[a], sorting_st->start_keys[b], REACHED_KEY_SIZE);
    return c ? c : (a > b) - (a < b);
}

/* By the game starting there (input order), then the one reaching it, oldest first. */
static int reach_order(const void *x, const void *y)
{
    const dup_reach *a = x, *b = y;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    const dup_record *ga = &sorting_st->records[a->game], *gb = &sorting_st->records[b->game];
    if (ga->date != gb->date)
        return ga->date < gb->date ? -1 : 1;
    return (ga->order > gb->order) - (ga->order < gb->order);
}

/* The record of the game being replayed; NULL when the input changed. */
static dup_record *reach_record(const duplicates *st, const pgn_game *g)
{
    size_t k = st->reach_next - 1;
    if (st->reach_next == 0 || k >= st->n || st->records[k].file != st->file || st->records[k].game != g->number)
        return NULL;
    return &st->records[k];
}

static void reach_tags(void *context, const pgn_game *g)
{
    (void)g;
    duplicates *st = context;
    st->reach_next++;
    st->pending_n = 0;
    st->seq = 0;
}

static int reach_position(void *context, const pgn_game *g, const replay_position *rp)
{
    duplicates *st = context;
    const dup_record *game = reach_record(st, g);
    if (!game || !game->classified || st->failed)
        return 1;
    unsigned long seq = st->seq++;
    if (!rp->before)
        return 0;
    gbr_position p;
    uint8_t key[REACHED_KEY_SIZE];
    reached_chess_keys(st->symmetry, rp->position, &p, key, NULL);
    size_t lo = 0, hi = st->by_start_n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (memcmp(st->start_keys[st->by_start[mid]], key, REACHED_KEY_SIZE) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < st->by_start_n && memcmp(st->start_keys[st->by_start[lo]], key, REACHED_KEY_SIZE) == 0; lo++) {
        const dup_record *start = &st->records[st->by_start[lo]];
        /* (a game of the same position group starts there itself: listed above) */
        if (start == game || memcmp(start->position, game->position, DUP_POSITION_KEY_SIZE) == 0)
            continue;
        reached_place at;
        reached_place_of(rp, seq, &at);
        dup_reach *e = NULL;
        for (size_t k = 0; k < st->pending_n && !e; k++)
            if (st->pending[k].start == start->order)
                e = &st->pending[k];
        if (e && !reached_place_before(&at, &e->at))
            continue;
        if (!e) {
            dup_reach *bigger = util_grow(st->pending, &st->pending_cap, st->pending_n + 1, sizeof *bigger);
            if (!bigger) {
                st->failed = 1;
                return 1;
            }
            st->pending = bigger;
            e = &st->pending[st->pending_n++];
        }
        e->start = start->order;
        e->game = game->order;
        e->relation = reached_relation(&p, start->castling, start->raw);
        e->at = at;
    }
    return 0;
}

static void reach_end(void *context, const pgn_game *g, const replay_outcome *o)
{
    duplicates *st = context;
    const dup_record *game = reach_record(st, g);
    if (game && game->classified &&
        (o->status == REPLAY_REFUSED || o->status == REPLAY_VARIANT || (o->status == REPLAY_NO_START && o->line))) {
        replay_report(st->source, o);
        if (o->status != REPLAY_VARIANT)
            st->status = UTIL_EXIT_INPUT;
    }
    for (size_t k = 0; k < st->pending_n && !st->failed; k++) {
        dup_reach *bigger = util_grow(st->reaches, &st->reaches_cap, st->reaches_n + 1, sizeof *bigger);
        if (!bigger) {
            st->failed = 1;
            break;
        }
        st->reaches = bigger;
        st->reaches[st->reaches_n++] = st->pending[k];
    }
    st->pending_n = 0;
}

/* A pass over the inputs replaying every game: the games whose start
 * position another game's solution reaches, and where. */
static void find_reached(duplicates *st)
{
    st->by_start = malloc((st->n + 1) * sizeof *st->by_start);
    if (!st->by_start) {
        st->failed = 1;
        return;
    }
    for (size_t i = 0; i < st->n; i++)
        if (st->records[i].classified)
            st->by_start[st->by_start_n++] = i;
    sorting_st = st;
    qsort(st->by_start, st->by_start_n, sizeof *st->by_start, record_by_start);
    sorting_st = NULL;
    /* (the reader's diagnostics were reported in the first pass) */
    static const replay_handler handler = {reach_tags, NULL, reach_position, reach_end};
    replay *r = replay_new(&handler, st);
    if (!r) {
        st->failed = 1;
        return;
    }
    size_t first = 0;
    for (int i = 0; i < st->files_n && !st->failed; i++) {
        while (first < st->n && st->records[first].file < (uint32_t)i)
            first++;
        if (st->fds[i] < 0)
            continue;
        st->file = (uint32_t)i;
        st->source = st->files[i];
        st->reach_next = first;
        if (lseek(st->fds[i], st->starts[i], SEEK_SET) < 0 || pgn_read_input(replay_pgn_handler(), r, st->fds[i], st->source) != 0) {
            util_error(st->files[i], "cannot read again: %s", strerror(errno));
            st->status = UTIL_EXIT_INPUT;
        }
    }
    replay_free(r);
    sorting_st = st;
    if (st->reaches_n)
        qsort(st->reaches, st->reaches_n, sizeof *st->reaches, reach_order);
    sorting_st = NULL;
}

/* The second pass: the texts of the listed games (and the unclassified
 * ones), read again from the inputs. */
static void read_listed_again(duplicates *st, const dup_groups *g)
{
    /* The listed games, once each, in input order, for the second pass. */
    uint8_t *listed = calloc(st->n + 1, 1);
    if (!listed)
        st->failed = 1;
    for (size_t i = 0; listed && i < g->pos_n; i++)
        for (size_t k = 0; k < g->pos[i].count; k++)
            listed[g->pos[i].members[k]->order] = 1;
    for (size_t i = 0; listed && i < g->stu_n; i++)
        for (size_t k = 0; k < g->stu[i].count; k++)
            listed[g->stu[i].members[k]->order] = 1;
    for (size_t i = 0; listed && i < st->reaches_n; i++)
        listed[st->reaches[i].start] = listed[st->reaches[i].game] = 1;
    for (size_t i = 0; listed && i < st->n; i++)
        if (listed[i] || !st->records[i].classified)
            st->wanted[st->wanted_n++] = &st->records[i];
    free(listed);
    qsort(st->wanted, st->wanted_n, sizeof *st->wanted, by_order);
    st->second = 1;
    for (int i = 0; i < st->files_n && !st->failed; i++) {
        if (st->fds[i] < 0)
            continue;
        st->file = (uint32_t)i;
        st->source = st->files[i];
        if (lseek(st->fds[i], st->starts[i], SEEK_SET) < 0 || read_input(st, st->fds[i]) != 0) {
            util_error(st->files[i], "cannot read again: %s", strerror(errno));
            st->status = UTIL_EXIT_INPUT;
        }
    }
    /* A game not found again (the input changed between the passes) gets empty texts. */
    for (size_t i = st->next_wanted; i < st->wanted_n; i++) {
        dup_texts *t = &st->texts[i];
        st->wanted[i]->texts = (uint32_t)i;
        keep(st, "", 0, &t->composer);
        t->source = t->reference = t->date = t->position = t->study = t->composer;
        keep(st, "?", 1, &t->unknown);
    }
}

/* The games whose start position other games' solutions reach: a group a
 * game, its first member the game starting there, then the games reaching
 * it oldest first, each "after 5...Kg7" (and "(in a variation)") and how
 * its position relates to the start. */
static void write_reached(util_sink *out, const duplicates *st, const char *const *files, duplicates_format format)
{
    size_t group = 0;
    for (size_t i = 0; i < st->reaches_n;) {
        size_t end = i + 1;
        while (end < st->reaches_n && st->reaches[end].start == st->reaches[i].start)
            end++;
        const dup_record *start = &st->records[st->reaches[i].start];
        const dup_texts *first = texts_of(st, start);
        group++;
        if (format == DUP_FORMAT_TEXT) {
            util_put(out, "\n");
            put_t(out, st, first->position);
            util_put(out, "  ");
            util_put_uint(out, end - i + 1);
            util_put(out, " games\n");
        } else if (format == DUP_FORMAT_JSON) {
            util_put(out, group > 1 ? ",\n    {\"position\": " : "\n    {\"position\": ");
            util_put_json_text(out, dup_str(&st->text, first->position), first->position.len);
            util_put(out, ", \"games\": [");
        }
        write_member(out, st, files, format, "reached", group, "start", start, 1, NULL);
        for (size_t k = i; k < end; k++) {
            const dup_reach *e = &st->reaches[k];
            char rel[REACHED_MOVE_SIZE + 64];
            snprintf(rel, sizeof rel, "after %s%s %s", e->at.move, e->at.main_line ? "" : " (in a variation)",
                     e->relation);
            write_member(out, st, files, format, "reached", group, rel, &st->records[e->game], 0, &e->at);
        }
        if (format == DUP_FORMAT_JSON)
            util_put(out, "]}");
        i = end;
    }
}

/* The whole output, to standard output; -1 when it could not be written. */
static int write_duplicates(const duplicates *st, const dup_groups *g)
{
    const char *const *files = st->files;
    duplicates_format format = st->format;
    const char *sym_name = st->symmetry == DUP_SYMMETRY_NONE     ? "none"
                           : st->symmetry == DUP_SYMMETRY_MIRROR ? "mirror"
                                                                 : "all";
    size_t unclassified = st->n - g->classified;
    util_output_file file;
    if (util_output_file_open(&file, NULL) != 0)
        return -1;
    util_sink *out = &file.sink;
    if (format == DUP_FORMAT_TEXT) {
        util_put(out, "GBR duplicates: ");
        util_put_uint(out, st->n);
        util_put(out, st->n == 1 ? " game (symmetry " : " games (symmetry ");
        util_put(out, sym_name);
        util_put(out, "), ");
        util_put_uint(out, g->pos_n);
        util_put(out, g->pos_n == 1 ? " position group, " : " position groups, ");
        util_put_uint(out, g->stu_n);
        util_put(out, g->stu_n == 1 ? " study group, " : " study groups, ");
        util_put_uint(out, unclassified);
        util_put(out, " could not be classified\n");
        util_put(out, "\nIdentical positions\n");
        write_groups(out, st, files, format, "position", g->pos, g->pos_n);
        util_put(out, "\nSame study code, different positions\n");
        write_groups(out, st, files, format, "study", g->stu, g->stu_n);
        if (st->reached) {
            util_put(out, "\nStart positions reached in another game's solution\n");
            write_reached(out, st, files, format);
        }
        if (unclassified)
            util_put(out, "\nCould not classify\n");
    } else if (format == DUP_FORMAT_TSV) {
        util_put(out,
                 "kind\tgroup\trelation\tposition\tstudy\tcomposer\tsource\tdate\tfile\tgame\tline\tproblem\treference\n");
        write_groups(out, st, files, format, "position", g->pos, g->pos_n);
        write_groups(out, st, files, format, "study", g->stu, g->stu_n);
        write_reached(out, st, files, format);
    } else {
        util_put(out, "{\"games\": ");
        util_put_uint(out, st->n);
        util_put(out, ", \"symmetry\": \"");
        util_put(out, sym_name);
        util_put(out, "\",\n  \"positions\": [");
        write_groups(out, st, files, format, "position", g->pos, g->pos_n);
        util_put(out, "],\n  \"studies\": [");
        write_groups(out, st, files, format, "study", g->stu, g->stu_n);
        if (st->reached) {
            util_put(out, "],\n  \"reached\": [");
            write_reached(out, st, files, format);
        }
        util_put(out, "],\n  \"unclassified\": [");
    }
    size_t u = 0;
    for (size_t i = 0; i < st->wanted_n; i++)
        if (!st->wanted[i]->classified) {
            u++;
            write_member(out, st, files, format, "unclassified", u, NULL, st->wanted[i], u == 1, NULL);
        }
    if (format == DUP_FORMAT_JSON)
        util_put(out, "]}\n");
    return util_output_file_commit(&file);
}

int duplicates_finish(duplicates *st)
{
    dup_groups g;
    memset(&g, 0, sizeof g);
    if (!st->failed)
        group_games(st, &g);
    if (!st->failed && st->reached)
        find_reached(st);
    if (!st->failed)
        read_listed_again(st, &g);
    for (int i = 0; i < st->files_n; i++)
        if (st->fds[i] >= 0 && st->fds[i] != STDIN_FILENO)
            close(st->fds[i]);
    int status = st->status;
    if (st->failed) {
        util_out_of_memory("duplicates");
        status = UTIL_EXIT_INPUT;
    } else {
        if (st->converted)
            util_error("duplicates", "%llu %s %s", st->converted, st->converted == 1 ? "value" : "values",
                       text_encoding_converted_how(st->encoding));
        if (write_duplicates(st, &g) != 0)
            status = UTIL_EXIT_INPUT;
        if (st->bad_input)
            status = UTIL_EXIT_INPUT;
    }
    free(g.by_pos);
    free(g.by_stu);
    free(g.pos);
    free(g.stu);
    free(st->fds);
    free(st->starts);
    free(st->wanted);
    free(st->texts);
    free(st->records);
    free(st->start_keys);
    free(st->by_start);
    free(st->pending);
    free(st->reaches);
    free(st->text.text);
    free(st->utf8);
    free(st);
    return status;
}
_Static_assert(sizeof(dup_record) <= 144 || sizeof(void *) != 8, "--help says a record is at most 144 bytes");
