/* Placeholder until the optimised codec lands: reports itself unavailable. */
#include "lib/codecs_internal.h"

const int gbr_fast_codec_available = 0;
const gbr_codec gbr_fast_codec = {.name = "fast"};
