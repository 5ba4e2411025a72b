/* Runs the checked examples of spec/query.md section 9 through the library's
 * gbr_query_parse and gbr_query_match. usage: run_query_examples FILE
 * Prints one line per failure and "N examples, N passed, N failed"; exits 1
 * when any example failed or a block is malformed, 2 when FILE cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"

#define MAX_LINES 8

static int subject_of(const char *line, gbr_query_subject *s)
{
    const gbr_codec *c = gbr_codec_default();
    gbr_stipulation stip = strncmp(line, "fen+ ", 5) == 0 ? GBR_STIP_WIN
                           : strncmp(line, "fen= ", 5) == 0 ? GBR_STIP_DRAW
                                                            : GBR_STIP_NONE;
    if (strncmp(line, "fen ", 4) == 0 || stip != GBR_STIP_NONE) {
        const char *fen = strchr(line, ' ') + 1;
        gbr_position p;
        if (gbr_parse_fen(c, fen, strlen(fen), &p).error)
            return -1;
        return gbr_query_subject_of_position(c, &p, stip, s).error ? -1 : 0;
    }
    if (strncmp(line, "code ", 5) == 0) {
        gbr_material m;
        if (gbr_parse_material(c, line + 5, strlen(line + 5), &m).error)
            return -1;
        gbr_query_subject_of_material(&m, s);
        return 0;
    }
    if (strncmp(line, "study ", 6) == 0) {
        gbr_study st;
        if (gbr_parse_study(c, line + 6, strlen(line + 6), &st).error)
            return -1;
        gbr_query_subject_of_study(&st, s);
        return 0;
    }
    return -1;
}

/* One block: lines[0] the query, then an optional subject, ".", the expectation. */
static int run_block(const char *file, unsigned long at, int either, char lines[][4096], int n)
{
    char got[64];
    const char *message = NULL;
    gbr_query q;
    if (n < 3 || strcmp(lines[n - 2], ".") != 0 || n > 4) {
        printf("%s:%lu: malformed example block\n", file, at);
        return 1;
    }
    gbr_result r = gbr_query_parse(&q, lines[0], strlen(lines[0]), &message);
    if (r.error) {
        snprintf(got, sizeof got, "error %u", (unsigned)r.column);
    } else if (n != 4) {
        snprintf(got, sizeof got, "a valid query (no subject given)");
    } else {
        gbr_query_subject s;
        if (subject_of(lines[1], &s) != 0) {
            printf("%s:%lu: unreadable subject: %s\n", file, at, lines[1]);
            return 1;
        }
        q.either_colour = (uint8_t)either;
        snprintf(got, sizeof got, "%s", gbr_query_match(&q, &s) ? "match" : "no match");
    }
    if (strcmp(got, lines[n - 1]) != 0) {
        printf("%s:%lu: %s%s: expected %s, got %s%s%s\n", file, at, lines[0], either ? " (either colour)" : "",
               lines[n - 1], got, message ? " - " : "", message ? message : "");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: run_query_examples FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char lines[MAX_LINES][4096];
    char line[4096];
    unsigned long line_no = 0, start = 0, examples = 0, failed = 0;
    int in_block = 0, either = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        line_no++;
        line[strcspn(line, "\n")] = '\0';
        if (!in_block) {
            if (strcmp(line, "```query") == 0 || strcmp(line, "```query either-colour") == 0) {
                in_block = 1, n = 0, start = line_no;
                either = strcmp(line, "```query either-colour") == 0;
            }
            continue;
        }
        if (strcmp(line, "```") == 0) {
            in_block = 0;
            examples++;
            failed += (unsigned long)run_block(argv[1], start, either, lines, n);
            continue;
        }
        if (n == MAX_LINES) {
            printf("%s:%lu: malformed example block\n", argv[1], start);
            failed++, in_block = 0, examples++;
            continue;
        }
        snprintf(lines[n++], sizeof lines[0], "%s", line);
    }
    fclose(f);
    if (in_block) {
        printf("%s:%lu: example block not closed\n", argv[1], start);
        failed++;
    }
    printf("%lu examples, %lu passed, %lu failed\n", examples, examples - failed, failed);
    return failed || examples == 0 ? 1 : 0;
}
