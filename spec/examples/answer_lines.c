/*
 * answer_lines CODEC: answers many conformance-protocol requests in one
 * process, for the spec's table and grammar checks (spec/examples/
 * check_tables.py, spec/grammar/check_abnf.py), which ask tens of thousands
 * of questions and cannot afford a process each.
 *
 * Each stdin line is "OPERATION HEX" (the input bytes in hex, any bytes,
 * possibly none); each stdout line is the answer `gbr conform --answer`
 * gives, through the same function (libgbr's gbr_protocol_answer), so the
 * checks test exactly what the protocol answers: "ok OUTPUT" or
 * "error NAME COLUMN".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int main(int argc, char **argv)
{
    const gbr_codec *codec = argc == 2 ? gbr_codec_by_name(argv[1]) : NULL;
    if (codec == NULL) {
        fprintf(stderr, "usage: answer_lines ref|fast < requests\n");
        return 2;
    }
    char line[4096], input[2048], answer[GBR_ANSWER_MAX];
    unsigned long number = 0;
    while (fgets(line, sizeof line, stdin)) {
        number++;
        char *space = strchr(line, ' ');
        char *end = strchr(line, '\n');
        if (space == NULL || end == NULL) {
            fprintf(stderr, "answer_lines: line %lu: not \"OPERATION HEX\"\n", number);
            return 2;
        }
        *space = '\0';
        size_t len = 0;
        for (const char *h = space + 1; h < end; h += 2) {
            int hi = hex_value(h[0]), lo = h + 1 < end ? hex_value(h[1]) : -1;
            if (hi < 0 || lo < 0 || len == sizeof input) {
                fprintf(stderr, "answer_lines: line %lu: bad hex input\n", number);
                return 2;
            }
            input[len++] = (char)(hi * 16 + lo);
        }
        const gbr_operation *op = gbr_operation_by_name(line, strlen(line));
        if (op == NULL) {
            fprintf(stderr, "answer_lines: line %lu: unknown operation %s\n", number, line);
            return 2;
        }
        gbr_result r = gbr_protocol_answer(codec, op, answer, sizeof answer, input, len);
        printf("%s%.*s\n", r.error == GBR_OK ? "ok " : "", (int)r.length, answer);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
