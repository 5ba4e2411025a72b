/* Reading and writing text for the reference codec: required bytes, squares,
 * and the copy-out that writes nothing when the buffer is too small. */
#include <string.h>

#include "ref_internal.h"

gbr_result gbr_ref_expect(ref_reader *r, char wanted, gbr_error otherwise)
{
    if (ref_at_end(r))
        return ref_truncated(r);
    if (ref_peek(r) != wanted)
        return ref_fail_here(r, otherwise);
    ref_skip(r);
    return ref_ok(0);
}

gbr_result gbr_ref_read_square(ref_reader *r, gbr_error bad, int *square)
{
    if (ref_at_end(r))
        return ref_truncated(r);
    char file = ref_peek(r);
    if (!ref_is_file_letter(file))
        return ref_fail_here(r, bad);
    ref_skip(r);
    if (ref_at_end(r))
        return ref_truncated(r);
    char rank = ref_peek(r);
    if (!ref_is_rank_digit(rank))
        return ref_fail_here(r, bad); /* reported at the rank digit itself */
    ref_skip(r);
    *square = ref_square_of(file - 'a', rank - '1');
    return ref_ok(0);
}

void gbr_ref_put_square(ref_writer *w, int square)
{
    ref_put(w, (char)('a' + ref_file_of(square)));
    ref_put(w, (char)('1' + ref_rank_of(square)));
}

void gbr_ref_put_number(ref_writer *w, unsigned value)
{
    if (value >= 10)
        gbr_ref_put_number(w, value / 10);
    ref_put(w, (char)('0' + value % 10));
}

gbr_result gbr_ref_deliver(const ref_writer *w, char *dst, size_t cap)
{
    if (w->length > cap) {
        gbr_result r = {GBR_E_BUFFER_TOO_SMALL, 0, w->length};
        return r;
    }
    memcpy(dst, w->text, w->length);
    return ref_ok(w->length);
}
