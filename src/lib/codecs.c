/* The codec registry: which implementations exist and which is the default. */
#include <string.h>

#include "gbr.h"
#include "codecs_internal.h"

const gbr_codec *gbr_codec_ref(void) { return &gbr_ref_codec; }

const gbr_codec *gbr_codec_fast(void) { return gbr_fast_codec_available ? &gbr_fast_codec : NULL; }

const gbr_codec *gbr_codec_default(void)
{
    const gbr_codec *fast = gbr_codec_fast();
    return fast ? fast : gbr_codec_ref();
}

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
