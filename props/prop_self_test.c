/*
 * The driver's own helpers (prop.h) against answers written out by hand: the
 * run deletions that every string shrinker numbers its candidates by, the
 * byte-string shrinker built on them, and the per-codec names and runs whose
 * names GBR_PROP_SEED selects.
 */
#include <stdio.h>
#include <string.h>

#include "prop.h"

static prop_tally deletions = {"run_deletions", 0, 0};
static prop_tally bytes_shrink = {"bytes_shrink_candidates", 0, 0};
static prop_tally per_codec = {"per_codec_names_and_runs", 0, 0};

/* The deletions of a string of len bytes must be exactly expected[0..count)
 * as (at, run) pairs; candidate numbers past them are no deletion, with the
 * index lowered by count. */
static void check_deletions(size_t len, const size_t (*expected)[2], size_t count)
{
    for (size_t i = 0; i < count + 3; i++) {
        size_t index = i, at = 99, run = 99;
        int found = prop_run_deletion(len, &index, &at, &run);
        deletions.checked++;
        int right = i < count ? found && at == expected[i][0] && run == expected[i][1]
                              : !found && index == i - count;
        if (!right)
            prop_tally_fail(&deletions, "len %zu, candidate %zu: %s at %zu run %zu, index left %zu", len, i,
                            found ? "a deletion" : "none", at, run, index);
    }
}

static void check_run_deletions(void)
{
    static const size_t none[1][2] = {{0, 0}};
    static const size_t one[][2] = {{0, 1}};
    static const size_t two[][2] = {{0, 1}, {1, 1}};
    static const size_t four[][2] = {{0, 2}, {1, 2}, {2, 2}, {0, 1}, {1, 1}, {2, 1}, {3, 1}};
    static const size_t five[][2] = {{0, 2}, {1, 2}, {2, 2}, {3, 2}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}};
    check_deletions(0, none, 0);
    check_deletions(1, one, 1);
    check_deletions(2, two, 2);
    check_deletions(4, four, 7);
    check_deletions(5, five, 9);
}

/* "xa0" shrinks to the deletions of 1 byte (its length halved is 1), then 'x'
 * replaced by 'a' and by '0' ('a' and '0' stay). */
static void check_bytes_shrink(void)
{
    static const char *const expected[] = {"a0", "x0", "xa", "aa0", "0a0"};
    gen_bytes v, c;
    memset(&v, 0, sizeof v);
    v.len = 3;
    memcpy(v.data, "xa0", 3);
    size_t n = sizeof expected / sizeof expected[0];
    for (size_t i = 0; i <= n; i++) {
        memset(&c, 0, sizeof c);
        int found = prop_bytes_shrink(&v, i, &c, NULL);
        bytes_shrink.checked++;
        if (i == n) {
            if (found)
                prop_tally_fail(&bytes_shrink, "candidate %zu of \"xa0\" exists; there are %zu", i, n);
        } else if (!found || c.len != strlen(expected[i]) || memcmp(c.data, expected[i], c.len) != 0) {
            prop_tally_fail(&bytes_shrink, "candidate %zu of \"xa0\" is \"%.*s\", expected \"%s\"", i,
                            found ? (int)c.len : 0, (const char *)c.data, expected[i]);
        }
    }
}

static const gbr_codec *seen[4];
static size_t seen_count;

static long record_codec(const gbr_codec *c)
{
    if (seen_count < 4)
        seen[seen_count] = c;
    seen_count++;
    return 2; /* summed over the codecs: 4 */
}

static int holds(const void *value, void *ctx, prop_why *why)
{
    (void)value;
    if (ctx != gbr_codec_fast())
        return prop_fail(why, "the context is not the codec named");
    return 0;
}

static void generate_nothing(gen_rng *rng, void *value, void *ctx)
{
    (void)rng;
    (void)value;
    (void)ctx;
}

static void print_nothing(FILE *out, const void *value, void *ctx)
{
    (void)value;
    (void)ctx;
    fputs("(no value)", out);
}

static void check_per_codec(void)
{
    const gbr_codec *ref = gbr_codec_ref(), *fast = gbr_codec_fast();
    per_codec.checked++;
    prop_name name = prop_name_for("round_trip", ref);
    if (strcmp(name.text, "round_trip[ref]") != 0)
        prop_tally_fail(&per_codec, "prop_name_for(round_trip, ref) is %s", name.text);
    per_codec.checked++;
    name = prop_name_for("round_trip", fast);
    if (strcmp(name.text, "round_trip[fast]") != 0)
        prop_tally_fail(&per_codec, "prop_name_for(round_trip, fast) is %s", name.text);
    per_codec.checked++;
    long sum = prop_each_codec(record_codec);
    if (sum != 4 || seen_count != 2 || seen[0] != ref || seen[1] != fast)
        prop_tally_fail(&per_codec, "prop_each_codec: sum %ld over %zu calls, expected 4 over ref then fast", sum,
                        seen_count);
    /* The context the checks get is the codec; a wrong one fails every case. */
    static const prop_type nothing = {1, generate_nothing, NULL, print_nothing};
    per_codec.checked++;
    long failed = prop_run_for("context_is_codec", fast, &nothing, holds, 3);
    if (failed != 0)
        prop_tally_fail(&per_codec, "prop_run_for did not hand the checks its codec (%ld failed)", failed);
}

int main(void)
{
    check_run_deletions();
    check_bytes_shrink();
    check_per_codec();
    long failed = prop_tally_report(&deletions);
    failed += prop_tally_report(&bytes_shrink);
    failed += prop_tally_report(&per_codec);
    return failed ? 1 : 0;
}
