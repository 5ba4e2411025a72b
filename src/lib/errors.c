/* Error class names and messages: the one table both codecs and the command
 * share, expanded from GBR_ERROR_LIST in gbr.h. */
#include "gbr.h"

/* The table is indexed by number, so the list must hold each of 0 ..
 * GBR_ERROR_COUNT - 1 once: as many entries as the count (here), none beyond
 * it (a designator past the array is an error) and none twice (-Woverride-init,
 * part of -Wextra, under -Werror). */
#define GBR_ERROR_ONE_(identifier, number, name, message) +1
_Static_assert((0 GBR_ERROR_LIST(GBR_ERROR_ONE_)) == GBR_ERROR_COUNT, "GBR_ERROR_COUNT is not the list's length");

#define GBR_ERROR_ROW_(identifier, number, name, message) [number] = {name, message},
static const struct {
    const char *name;
    const char *message;
} error_table[GBR_ERROR_COUNT] = {GBR_ERROR_LIST(GBR_ERROR_ROW_)};

const char *gbr_error_name(gbr_error e)
{
    if ((unsigned)e >= GBR_ERROR_COUNT)
        return "unknown";
    return error_table[e].name;
}

const char *gbr_error_message(gbr_error e)
{
    if ((unsigned)e >= GBR_ERROR_COUNT)
        return "unknown error";
    return error_table[e].message;
}
