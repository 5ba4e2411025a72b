/* Private: the codec tables each implementation defines (src/ref, src/fast). */
#ifndef GBR_CODECS_INTERNAL_H
#define GBR_CODECS_INTERNAL_H
#include "gbr.h"

extern const gbr_codec gbr_ref_codec;
extern const gbr_codec gbr_fast_codec;

#endif
