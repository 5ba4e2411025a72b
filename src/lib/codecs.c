/* The codec registry: which implementations exist and which is the default. */
#include <string.h>

#include "gbr.h"
#include "codecs_internal.h"

const gbr_codec *gbr_codec_ref(void) { return &gbr_ref_codec; }

/* Both codecs are always built: a caller (or a differential check) that asks
 * for the optimised codec gets it, never the reference in its place. */
const gbr_codec *gbr_codec_fast(void) { return &gbr_fast_codec; }

const gbr_codec *gbr_codec_default(void) { return gbr_codec_fast(); }

const gbr_codec *gbr_codec_by_name(const char *name)
{
    if (!name)
        return NULL;
    if (strcmp(name, "ref") == 0)
        return gbr_codec_ref();
    if (strcmp(name, "fast") == 0)
        return gbr_codec_fast();
    return NULL;
}
