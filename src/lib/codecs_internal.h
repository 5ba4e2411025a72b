/* Private: the codec tables each implementation defines (src/ref, src/fast). */
#ifndef GBR_CODECS_INTERNAL_H
#define GBR_CODECS_INTERNAL_H
#include "gbr.h"

extern const gbr_codec gbr_ref_codec;
extern const gbr_codec gbr_fast_codec;
/* 1 once the optimised codec implements every entry of gbr_codec. */
extern const int gbr_fast_codec_available;

#endif
