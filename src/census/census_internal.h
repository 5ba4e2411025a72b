/* census_internal.h - what the census's own files share: the tally's
 * layout and the rules the reader, the writers and the JSON reader each
 * use once. */
#ifndef GBR_CENSUS_INTERNAL_H
#define GBR_CENSUS_INTERNAL_H

#include "census.h"

/* A slot of a tally's table: a class's key beside its place, so that a
 * look-up compares keys without making the stored class's again. */
typedef struct census_slot {
    uint64_t key;   /* census_key_of(), never 0 */
    uint32_t index; /* into classes, + 1; 0: empty */
} census_slot;

struct census_tally {
    census_options options;
    census_totals totals;
    census_class *classes; /* in the order first met */
    size_t n, classes_cap;
    census_slot *slots;    /* open addressing, at most half full */
    size_t slots_cap;
    census_class *sorted;  /* the classes in directory order, made on request */
    uint32_t *merge_at;    /* census_merge's: where each class of the other tally is here */
    size_t merge_at_cap;
};

/* The class of a code in the tally, added with zero counts when new; NULL
 * when memory runs out. */
census_class *census_class_of(census_tally *t, const gbr_material *code);
/* The class of a code in the tally, NULL when it has none. */
const census_class *census_class_find(const census_tally *t, const gbr_material *code);
uint64_t census_key_of(const gbr_material *m);
int census_same_options(const census_options *a, const census_options *b);
/* A side's material by the usual values Q 9, R 5, B 3, N 3, P 1. */
int census_value(const gbr_counts *c, int colour);
/* The speed (CENSUS_*) of a [TimeControl] or an [Event]'s words; -1 none. */
int census_speed_of_time_control(const char *v, size_t n);
int census_speed_of_event(const char *v, size_t n);
/* Whether an Elo tag's value is a rating of at least min. */
int census_elo_at_least(const char *v, size_t n, unsigned min);
/* The days a [Date] may be, YYYYMMDD; -1 without a known year. */
int census_date_range(const char *v, size_t n, uint32_t *lo, uint32_t *hi);

/* The words of the options in the JSON and the text's heading. */
extern const char *const census_ending_names[3];
/* The JSON's format version. */
#define CENSUS_JSON_VERSION 1

#endif /* GBR_CENSUS_INTERNAL_H */
