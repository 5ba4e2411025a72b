/* Replays the PGN file given as its argument through the installed
 * library's gbr_replay.h alone, fed in chunks of 7 bytes so that games
 * and moves cross chunks: one line per position (game, ply, main line or
 * variation, the move as written and as canonical SAN, the FEN), then
 * each game's outcome; with --line FEN MOVES, the moves played from FEN. */
#include <stdio.h>
#include <string.h>

#include <gbr_replay.h>

static int on_position(void *context, const gbr_replay_position *p)
{
    (void)context;
    printf("%lu %lu %s %.*s %s %s\n", p->game->number, p->ply, p->main_line ? "main" : "var",
           p->written_length ? (int)p->written_length : 1, p->written_length ? p->written : "-", p->san[0] ? p->san : "-",
           p->fen);
    return 0;
}

static void on_game_end(void *context, const gbr_replay_game *game, const gbr_replay_outcome *o)
{
    (void)context;
    const char *event = "";
    size_t event_length = 0;
    for (size_t i = 0; i < game->tags_count; i++)
        if (strcmp(game->tags[i].name, "Event") == 0) {
            event = game->tags[i].value;
            event_length = game->tags[i].value_length;
        }
    printf("game %lu (%.*s): status %d, %lu positions, %lu moves", game->number, (int)event_length, event,
           (int)o->status, o->positions, o->moves);
    if (o->line)
        printf(", %lu:%lu: %s", o->line, o->column, o->message);
    printf("\n");
}

int main(int argc, char **argv)
{
    gbr_replay_visitor visitor = {on_position, on_game_end};
    gbr_replayer *r = gbr_replayer_new(&visitor, NULL);
    if (!r || (argc != 2 && argc != 4)) {
        fprintf(stderr, "usage: consumer_replay PGN_FILE | consumer_replay --line FEN MOVES\n");
        return 2;
    }
    if (argc == 4) {
        gbr_replay_outcome o;
        if (gbr_replay_line(r, argv[2], strlen(argv[2]), argv[3], strlen(argv[3]), &o) != GBR_OK)
            return 1;
        printf("line: status %d, %lu moves%s%s\n", (int)o.status, o.moves, o.line ? ": " : "", o.message);
        gbr_replayer_free(r);
        return 0;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    char chunk[7];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        if (gbr_replay_feed(r, chunk, n) != GBR_OK)
            return 1;
    fclose(f);
    if (gbr_replay_finish(r) != GBR_OK)
        return 1;
    gbr_replayer_free(r);
    return 0;
}
