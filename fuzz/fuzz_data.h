/*
 * The data producer shared by the harnesses. Options (the FEN result option,
 * the output capacity, a mode) are taken from the END of the input and the
 * text under test is what remains at the front. Mutations of the text thus
 * rarely disturb the options, and a seed is simply its text followed by a
 * few option bytes (fuzz/make_seeds.py writes them that way).
 *
 * Every harness takes the same two bytes, so one seed serves them all:
 *   last byte         options: bit 7 = struct mode, (bits 0-6) % 3 = FEN result option
 *   second-last byte  capacity of the small-buffer run
 */
#ifndef GBR_FUZZ_DATA_H
#define GBR_FUZZ_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_assert.h"
#include "gbr.h"

typedef struct fuzz_data {
    const uint8_t *bytes;
    size_t size;
} fuzz_data;

static inline fuzz_data fuzz_data_init(const uint8_t *bytes, size_t size)
{
    fuzz_data d = {bytes, size};
    return d;
}

/* One option byte from the end of the input; 0 once the input is used up. */
static inline uint8_t fuzz_data_take_byte(fuzz_data *d)
{
    if (d->size == 0)
        return 0;
    d->size--;
    return d->bytes[d->size];
}

/* A choice in [0, count) from one option byte. */
static inline unsigned fuzz_data_take_choice(fuzz_data *d, unsigned count)
{
    return (unsigned)fuzz_data_take_byte(d) % count;
}

/*
 * The remaining front bytes as the text under test, copied into an
 * allocation of exactly that size so that a read one byte past the end is an
 * ASan finding (in the original buffer it would land on the option bytes).
 * The caller frees *text with free(); NULL when the text is empty.
 */
static inline size_t fuzz_data_take_text(fuzz_data *d, char **text)
{
    size_t len = d->size;
    *text = NULL;
    if (len > 0) {
        *text = malloc(len);
        FUZZ_ASSERT(*text != NULL, "out of memory copying %zu bytes", len);
        memcpy(*text, d->bytes, len);
    }
    d->bytes += len;
    d->size = 0;
    return len;
}

/*
 * The input every text harness takes: the options byte, the capacity byte and
 * the text (fuzz_data_take_text; the caller frees it), noted for the crash
 * report. A harness that does not use a byte still takes it, so that one seed
 * serves them all.
 */
typedef struct fuzz_input {
    uint8_t options;
    uint8_t capacity;
    char *text;
    size_t len;
} fuzz_input;

static inline fuzz_input fuzz_input_take(const uint8_t *bytes, size_t size)
{
    fuzz_data d = fuzz_data_init(bytes, size);
    fuzz_input in;
    in.options = fuzz_data_take_byte(&d);
    in.capacity = fuzz_data_take_byte(&d);
    in.len = fuzz_data_take_text(&d, &in.text);
    fuzz_note_input(in.text, in.len);
    return in;
}

/* The FEN result option of the options byte (bits 0-6, % 3). */
static inline gbr_result_option fuzz_input_result_option(const fuzz_input *in)
{
    return (gbr_result_option)((in->options & 0x7fu) % 3u);
}

#endif
