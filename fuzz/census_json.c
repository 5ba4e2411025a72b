/*
 * The census's JSON reader (src/census/census_json.c, what
 * `gbr census --merge` reads) on any bytes, given in an allocation of
 * exactly their length (pgn_replay's layout: the whole input is the text).
 * - A text refused has a problem with a message, at a line and column
 *   inside the text (the column at most one past the line's end).
 * - A tally accepted has options the writer could write (an ending of the
 *   three, N within 0-30, known speeds, dates in order of their digits),
 *   its classes in strictly rising directory order (no code twice, each a
 *   code gbr_format_material writes), and it merges exactly: merged into an
 *   empty tally of its options and then merged again, every count is twice
 *   its own; a tally of other options is refused and changes nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_note_input((const char *)data, size);
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    char message[200];
    unsigned long line = 0, column = 0;
    census_tally *t = census_parse_json(text, size, message, sizeof message, &line, &column);
    if (!t) {
        FUZZ_ASSERT(message[0] != '\0', "a refusal without a message");
        unsigned long lines = 1, at_line = 0, length = 0;
        for (size_t i = 0; i < size; i++)
            if (text[i] == '\n')
                lines++;
        FUZZ_ASSERT(line >= 1 && line <= lines && column >= 1, "a refusal at %lu:%lu of %lu lines", line, column,
                    lines);
        for (size_t i = 0, l = 1; i < size && l <= line; i++) { /* the length of that line */
            if (text[i] == '\n')
                l++;
            else if (l == line)
                length++;
            at_line = l;
        }
        (void)at_line;
        FUZZ_ASSERT(column <= length + 1, "a refusal at column %lu of a line of %lu bytes", column, length);
        free(text);
        return 0;
    }
    const census_options *o = census_tally_options(t);
    FUZZ_ASSERT(o->ending <= CENSUS_ENDING_EVERY && o->pieces <= 30 && o->speeds < (1u << CENSUS_SPEEDS),
                "options no census writes");
    size_t n;
    const census_class *classes = census_tally_classes(t, &n);
    FUZZ_ASSERT(classes != NULL, "no classes");
    for (size_t i = 0; i < n; i++) {
        char code[GBR_MATERIAL_MAX + 1];
        FUZZ_ASSERT(!gbr_format_material(NULL, code, sizeof code, &classes[i].code).error, "a class no code");
        if (i)
            FUZZ_ASSERT(gbr_material_key_of(NULL, &classes[i - 1].code) < gbr_material_key_of(NULL, &classes[i].code),
                        "classes out of directory order");
    }
    census_tally *sum = census_tally_new(o);
    FUZZ_ASSERT(sum != NULL, "out of memory");
    FUZZ_ASSERT(census_merge(sum, t) == 0, "a tally refused by its own options");
    /* Counts past half of 2^64 cannot be doubled: the second merge is then
     * refused and changes nothing. */
    int again = census_merge(sum, t);
    FUZZ_ASSERT(again == 0 || again == CENSUS_MERGE_OVERFLOW, "a tally refused by its own options");
    uint64_t times = again == 0 ? 2 : 1;
    census_options other = *o;
    other.fold = !other.fold;
    census_tally *stranger = census_tally_new(&other);
    FUZZ_ASSERT(stranger != NULL && census_merge(sum, stranger) != 0, "a tally of other options merged");
    size_t m;
    const census_class *twice = census_tally_classes(sum, &m);
    classes = census_tally_classes(t, &n);
    FUZZ_ASSERT(twice && m == n, "merged twice: %zu classes of %zu", m, n);
    for (size_t i = 0; i < n; i++) {
        FUZZ_ASSERT(memcmp(&twice[i].code, &classes[i].code, sizeof classes[i].code) == 0, "merged: another class");
        FUZZ_ASSERT(twice[i].games == times * classes[i].games && twice[i].plies == times * classes[i].plies &&
                        twice[i].endings == times * classes[i].endings,
                    "merged twice: counts not doubled");
        for (int r = 0; r < CENSUS_RESULTS; r++)
            FUZZ_ASSERT(twice[i].results[r] == times * classes[i].results[r], "merged twice: results not doubled");
    }
    FUZZ_ASSERT(census_tally_totals(sum)->games == times * census_tally_totals(t)->games, "totals not doubled");
    census_tally_free(stranger);
    census_tally_free(sum);
    census_tally_free(t);
    free(text);
    return 0;
}
