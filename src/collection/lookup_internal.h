/*
 * lookup_internal.h - what lookup.c (the look-up, in memory) and
 * lookup_spill.c (its positions beyond --memory, on disk) share: the run's
 * state and the calls between the two files. Not for other callers.
 */
#ifndef GBR_LOOKUP_INTERNAL_H
#define GBR_LOOKUP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "composer_names.h"
#include "duplicates_symmetry.h"
#include "game_tags.h"
#include "gbr.h"
#include "lookup.h"
#include "reached.h"
#include "sort_records.h"
#include "text_encoding.h"

#define NO_TEXT SIZE_MAX

/* What a database game is found for: its start position the new one, its
 * start sharing the new one's study code, the new start reached in its
 * solution, or a position of the new study's solution anywhere in it. */
enum { HIT_POSITION, HIT_STUDY, HIT_REACHED, HIT_SOLUTION, HIT_KINDS };

/* A new position. */
typedef struct lookup_item {
    uint8_t position[DUP_POSITION_KEY_SIZE]; /* canonical under the symmetry */
    uint8_t study[DUP_STUDY_KEY_SIZE];       /* canonical */
    uint8_t raw[DUP_POSITION_KEY_SIZE];      /* as it is: what a relation is told against */
    uint8_t start[REACHED_KEY_SIZE];          /* compared with the positions reached */
    size_t where, form, code;                /* texts: where it was given, its position form, study code */
} lookup_item;

/* A position of a new study's solution (ply 1 on, main line and variations). */
typedef struct lookup_step {
    uint8_t key[REACHED_KEY_SIZE];
    uint8_t transform; /* key's from the position as it is (lookup_step_raw gives its key back) */
    uint8_t main_line, black; /* black: the move was Black's */
    uint32_t item;
    uint32_t ply, seq; /* seq: its place in the order written */
    uint32_t fullmove; /* the move's number and SAN: "5...Kg7" written when found */
    char san[CHESS_MOVE_TEXT_SIZE];
} lookup_step;

/* A position reached in the database game being read that a new study has:
 * kept until the game's end, the first of each kind and new study only. */
typedef struct lookup_pending {
    size_t item, step; /* step: the new study's position (HIT_SOLUTION) */
    int kind;
    gbr_position position;
    reached_place at;
} lookup_pending;

/* A database game found for a new position. */
typedef struct lookup_hit {
    size_t item;
    int same_position;    /* 1: the same position; 0: the same study code only */
    const char *relation; /* a transform's name (same position), static */
    uint32_t date;        /* duplicates_date_key */
    uint64_t order;       /* the database game's number over all databases */
    const char *source;
    unsigned long game, line;
    size_t composer, event, reference, date_text, form; /* texts; NO_TEXT when the tag is absent */
    int kind;
    reached_place at;     /* where in the database game (HIT_REACHED, HIT_SOLUTION) */
    reached_place new_at; /* where in the new study (HIT_SOLUTION) */
} lookup_hit;

struct lookup {
    const gbr_codec *codec;
    duplicates_symmetry symmetry;
    int json;
    game_tag_choice tags;
    text_encoding encoding;
    const composer_names *names;
    unsigned long long converted; /* tag values converted to UTF-8 */
    char *utf8;                   /* a value converted */
    size_t utf8_cap;
    lookup_item *items;
    size_t items_n, items_cap;
    size_t *by_study; /* item indices sorted by study key, made before the first database: the
                       * same position (canonical) has the same study key, so one index finds both */
    lookup_hit *hits;
    size_t hits_n, hits_cap;
    char *text; /* NUL-terminated texts one after another */
    size_t text_used, text_cap;
    /* The database game being read: its fields, read from its tags (which
     * the reader holds only until its moves are read) into texts of its own,
     * copied to the texts above when it is found. */
    struct {
        char *text;
        size_t used, cap;
        int read; /* its start position was read */
        uint64_t order; /* its number over all databases */
        const char *source;
        uint32_t date;
        unsigned long number, line;
        size_t composer, event, reference, date_text; /* NO_TEXT: the tag is absent */
        size_t hits; /* its hits begin at */
        unsigned long long converted; /* its values converted: counted once a hit */
    } game;
    int in_game_text; /* keep() writes to game.text */
    uint64_t games; /* database games read */
    const char *source;
    int failed, bad_input;
    int start_only; /* --start-only: no move replayed */
    lookup_step *steps;
    size_t steps_n, steps_cap;
    size_t *by_start; /* item indices sorted by start key */
    size_t *by_step;  /* step indices sorted by key, then the new study's order */
    int have_start; /* the new game being read has its item */
    unsigned long seq;
    lookup_pending *pending;
    size_t pending_n, pending_cap;
    /* --memory: when the new solutions' positions outgrow half of it, they
     * and then every database position go to `join` (records ordered by
     * key, spilled to disk as they fill the other half), and each database
     * game's fields and what the join finds go to `found` (ordered by game);
     * both are read back in lookup_finish. */
    size_t memory;
    int spilling;
    int spill_failed; /* reported */
    sort_records join, found;
    size_t streamed_hits; /* the hits found while reading, in game order */
    struct {              /* reading `join` back: the key being read */
        uint8_t key[REACHED_KEY_SIZE];
        int keyed;
        struct join_step *steps; /* its new positions, the first of each new study */
        size_t n, cap;
        uint64_t order; /* the last database game with a position of this key */
        int ordered;
    } group;
    /* The materials of the new keys (reached_material_of_key): a database
     * position with none of them is passed over before its key is made. */
    struct {
        uint64_t *slot; /* open addressing; 0 is an empty slot */
        size_t n, cap;
        int zero; /* the material 0 (kings alone) is there */
    } materials;
    size_t found_from, found_to; /* reading `found` back: the game's streamed hits */
    uint64_t found_item;         /* the new study last found in it (UINT64_MAX: none) */
};

static inline const char *game_text_at(const lookup *l, size_t at) { return l->game.text + at; }

/* lookup.c */
/* Keeps bytes as a text (in game.text while in_game_text); its offset, or
 * NO_TEXT when memory ran out (failed set). */
size_t lookup_keep(lookup *l, const char *bytes, size_t len);
/* A database game found (the game being read, l->game): p its position,
 * castling whether it has castling rights, `against` the new position's key
 * as it is (what the relation is told against), `at` and `new_at` where the
 * position is in the database game and in the new study. */
void lookup_add_hit(lookup *l, const gbr_position *p, int castling, size_t item, int kind,
                    const uint8_t against[DUP_POSITION_KEY_SIZE], const reached_place *at,
                    const reached_place *new_at);
/* Whether hits[from, to) (a database game's) have the new study's start
 * position as the game's, or reached in its solution: then the positions of
 * its solution are not listed for that game. */
int lookup_covered(const lookup *l, size_t from, size_t to, size_t item);
/* A new study's place, its move written out. */
void lookup_step_place(const lookup_step *st, reached_place *at);
/* A new study's position's key as it is: what a relation is told against. */
void lookup_step_raw(const lookup_step *st, uint8_t raw[DUP_POSITION_KEY_SIZE]);

/* lookup_spill.c */
/* The steps held go to `join`, and from now on every step and database
 * position: half the memory for `join`, half for `found`. */
void lookup_start_spilling(lookup *l);
/* A new study's position, for the join. */
void lookup_spill_step(lookup *l, const lookup_step *st);
/* A database position, for the join. */
void lookup_spill_database_position(lookup *l, const uint8_t key[REACHED_KEY_SIZE], const gbr_position *p,
                                    const reached_place *at);
/* A database game's fields (read_game_fields), for what the join finds. */
void lookup_spill_game(lookup *l);
/* The join, when the new solutions' positions were spilled: then the hits
 * it finds, with their games' fields (failed or spill_failed set on failure). */
void lookup_read_spilled(lookup *l);

#endif /* GBR_LOOKUP_INTERNAL_H */
