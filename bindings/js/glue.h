/* glue.h - the exports of the package's modules beside libgbr's own
 * (arena.c in both, glue.c in gbr.wasm, glue_replay.c in gbr_replay.wasm),
 * called from api.js. */
#ifndef GBR_JS_GLUE_H
#define GBR_JS_GLUE_H
#include <stddef.h>
#include <stdint.h>

#define GLUE_EXPORT(name) __attribute__((export_name(#name), visibility("default")))

void *gbrjs_alloc(size_t n);
size_t gbrjs_mark(void);
void gbrjs_release(size_t mark);
const uint32_t *gbrjs_layout(void);
size_t gbrjs_layout_count(void);
struct gbr_replay_outcome;
struct gbr_replay_position;
size_t gbrjs_replay_line(const char *fen, size_t fen_len, const char *moves, size_t moves_len,
                         struct gbr_replay_outcome *outcome, struct gbr_replay_position **positions);

#endif
