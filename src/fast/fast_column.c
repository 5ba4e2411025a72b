/* The slow side of the text column entries (fast_text_column in
 * fast_internal.h): an item its parser's fast path did not take. */
#include "fast_internal.h"

gbr_result fast_column_item(const char *text, size_t start, size_t end, void *out, size_t size,
                            fast_parse_item parse)
{
    memset(out, 0, size); /* gbr.h: zero bytes for a failed item; parse writes only on success */
    if (end < start)
        return fast_error(GBR_E_ARGUMENT, 0);
    return parse(text ? text + start : NULL, end - start, out);
}
