/* Position form and FEN entries: not yet written; they refuse every call. */
#include "ref_internal.h"

gbr_result gbr_ref_parse_position(const char *src, size_t len, gbr_position *out)
{
    (void)src, (void)len, (void)out;
    return ref_argument_error();
}
gbr_result gbr_ref_format_position(char *dst, size_t cap, const gbr_position *p)
{
    (void)dst, (void)cap, (void)p;
    return ref_argument_error();
}
gbr_result gbr_ref_parse_fen(const char *src, size_t len, gbr_position *out)
{
    (void)src, (void)len, (void)out;
    return ref_argument_error();
}
gbr_result gbr_ref_format_fen(char *dst, size_t cap, const gbr_position *p)
{
    (void)dst, (void)cap, (void)p;
    return ref_argument_error();
}
int gbr_ref_position_valid(const gbr_position *p, gbr_counts *counts)
{
    (void)p, (void)counts;
    return 0;
}
int gbr_ref_find_man(const gbr_position *p, uint8_t man)
{
    (void)p, (void)man;
    return 0;
}
