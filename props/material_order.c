/*
 * Exhaustive: the order of every canonical material code (§8).
 *
 *  - material_key of each valid code is its six-digit number abcdef, and the
 *    short form abcd has the key of abcd00.
 *  - Sorting all valid codes by material_key and by their canonical text
 *    (memcmp) gives the identical sequence, strictly increasing (no ties).
 *  - With both codecs, the keys agree on every code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prop.h"

typedef struct code_entry {
    char text[8];
    uint32_t key;
} code_entry;

static int by_key(const void *a, const void *b)
{
    uint32_t ka = ((const code_entry *)a)->key, kb = ((const code_entry *)b)->key;
    return ka < kb ? -1 : ka > kb;
}

static int by_text(const void *a, const void *b) { return memcmp(((const code_entry *)a)->text, ((const code_entry *)b)->text, 7); }

/* Collects every valid canonical code with its key. */
static size_t collect(const gbr_codec *c, code_entry *entries, prop_tally *keys)
{
    size_t n = 0;
    for (unsigned digits = 0; digits < 10000; digits++)
        for (unsigned wp = 0; wp <= 8; wp++)
            for (unsigned bp = 0; bp <= 8; bp++) {
                char text[8];
                snprintf(text, sizeof text, "%04u.%u%u", digits, wp, bp);
                gbr_material m;
                if (gbr_parse_material(c, text, 7, &m).error)
                    continue;
                code_entry *e = &entries[n++];
                memcpy(e->text, text, 8);
                e->key = gbr_material_key_of(c, &m);
                uint32_t number = digits * 100 + wp * 10 + bp;
                keys->checked++;
                if (e->key != number)
                    prop_tally_fail(keys, "%s: key of %s is %u, expected %u", gbr_codec_name(c), text, e->key, number);
                if (wp == 0 && bp == 0) {
                    gbr_material short_m;
                    keys->checked++;
                    if (gbr_parse_material(c, text, 4, &short_m).error || gbr_material_key_of(c, &short_m) != number)
                        prop_tally_fail(keys, "%s: short form %.4s has not the key %u", gbr_codec_name(c), text,
                                        number);
                }
            }
    return n;
}

static void check_orders(const gbr_codec *c, code_entry *entries, size_t n, code_entry *copy, prop_tally *order)
{
    memcpy(copy, entries, n * sizeof *entries);
    qsort(entries, n, sizeof *entries, by_key);
    qsort(copy, n, sizeof *copy, by_text);
    for (size_t i = 0; i < n; i++) {
        order->checked++;
        if (memcmp(entries[i].text, copy[i].text, 7) != 0)
            prop_tally_fail(order, "%s: position %zu is %s by key but %s by text", gbr_codec_name(c), i,
                            entries[i].text, copy[i].text);
        if (i && entries[i - 1].key >= entries[i].key)
            prop_tally_fail(order, "%s: keys not strictly increasing at %s (%u) after %s (%u)", gbr_codec_name(c),
                            entries[i].text, entries[i].key, entries[i - 1].text, entries[i - 1].key);
    }
}

int main(void)
{
    const gbr_codec *codecs[2];
    int n = prop_codecs(codecs);
    size_t all = 10000u * 81u;
    code_entry *entries[2] = {calloc(all, sizeof(code_entry)), calloc(all, sizeof(code_entry))};
    code_entry *scratch = calloc(all, sizeof(code_entry));
    size_t counts[2] = {0, 0};
    long failed = 0;
    if (!entries[0] || !entries[1] || !scratch)
        return 2;
    for (int i = 0; i < n; i++) {
        prop_name names[2] = {prop_name_for("material_key_is_number", codecs[i]),
                              prop_name_for("material_key_order_is_text_order", codecs[i])};
        prop_tally keys = {names[0].text, 0, 0}, order = {names[1].text, 0, 0};
        counts[i] = collect(codecs[i], entries[i], &keys);
        if (counts[i] == 0)
            prop_tally_fail(&order, "%s accepted no material code at all", gbr_codec_name(codecs[i]));
        check_orders(codecs[i], entries[i], counts[i], scratch, &order);
        failed += prop_tally_report(&keys) + prop_tally_report(&order);
    }
    /* prop_codecs gave both codecs (it fails rather than give one). */
    prop_tally same = {"material_key_ref_equals_fast", 0, 0};
    if (counts[0] != counts[1])
        prop_tally_fail(&same, "ref accepts %zu codes, fast %zu", counts[0], counts[1]);
    for (size_t i = 0; i < counts[0] && i < counts[1]; i++) {
        same.checked++;
        if (memcmp(entries[0][i].text, entries[1][i].text, 7) != 0 || entries[0][i].key != entries[1][i].key)
            prop_tally_fail(&same, "sorted entry %zu: ref %s %u, fast %s %u", i, entries[0][i].text,
                            entries[0][i].key, entries[1][i].text, entries[1][i].key);
    }
    failed += prop_tally_report(&same);
    free(entries[0]);
    free(entries[1]);
    free(scratch);
    return failed ? 1 : 0;
}
