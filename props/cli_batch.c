/*
 * The gbr command in batch mode gives the library's answers, line by line.
 *
 * Usage: props_cli_batch PATH-TO-gbr
 *
 * Generates a few thousand inputs per subcommand (valid texts and mutations,
 * no line breaks inside), runs the binary once per subcommand and codec with
 * them on standard input, and compares:
 *  - standard output, line by line, with what the library gives for the same
 *    text: `gbr check` writes "FORM ok CANONICAL" or "FORM error CLASS COLUMN";
 *    `gbr position [--result R]` and `gbr fen` write the canonical text or
 *    "error CLASS COLUMN";
 *  - standard error: one "gbr: -:LINE:COLUMN: MESSAGE" per bad input, in order;
 *  - the exit status: 1 when some input was bad, else 0.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen.h"
#include "prop.h"

enum { INPUTS = 3000, LINE_MAX_BYTES = 1024 };

typedef enum command_kind { CMD_CHECK, CMD_POSITION, CMD_FEN } command_kind;

typedef struct command {
    const char *name;
    const char *options;
    command_kind kind;
    gbr_result_option result;
    int input_form; /* gen_form, or -1 for any */
} command;

static const command commands[] = {
    {"check", "", CMD_CHECK, GBR_RESULT_NONE, -1},
    {"position", "", CMD_POSITION, GBR_RESULT_NONE, GEN_FEN},
    {"position", "--result win", CMD_POSITION, GBR_RESULT_WIN, GEN_FEN},
    {"position", "--result draw", CMD_POSITION, GBR_RESULT_DRAW, GEN_FEN},
    {"fen", "", CMD_FEN, GBR_RESULT_NONE, GEN_POSITION},
};

/* One input line: any bytes but '\n', not ending in '\r' (the reader strips one). */
static void make_input(gen_rng *rng, const command *cmd, gen_bytes *t)
{
    const gbr_codec *ref = gbr_codec_ref();
    if (cmd->input_form < 0) {
        gen_text(rng, ref, 50, t);
    } else {
        t->len = gen_valid_text(rng, ref, (gen_form)cmd->input_form, (char *)t->data);
        if (gen_chance(rng, 1, 2))
            gen_mutate(rng, t);
    }
    size_t kept = 0;
    for (size_t i = 0; i < t->len; i++)
        if (t->data[i] != '\n' && t->data[i] != 0)
            t->data[kept++] = t->data[i];
    t->len = kept;
    while (t->len && t->data[t->len - 1] == '\r')
        t->len--;
}

/* The library's stdout line for one input; returns the result. */
static gbr_result expected_line(const gbr_codec *c, const command *cmd, const gen_bytes *t, char *line, size_t cap)
{
    char out[GBR_POSITION_MAX + GBR_FEN_MAX];
    const char *src = (const char *)t->data;
    gbr_result r;
    gbr_form form = GBR_FORM_UNKNOWN;
    switch (cmd->kind) {
    case CMD_CHECK: r = gbr_check(c, out, sizeof out, src, t->len, &form); break;
    case CMD_POSITION: r = gbr_fen_to_position(c, out, sizeof out, src, t->len, cmd->result); break;
    default: r = gbr_position_to_fen(c, out, sizeof out, src, t->len); break;
    }
    const char *prefix = cmd->kind == CMD_CHECK ? gbr_form_name(form) : "";
    const char *space = cmd->kind == CMD_CHECK ? " " : "";
    if (r.error)
        snprintf(line, cap, "%s%serror %s %u", prefix, space, gbr_error_name(r.error), r.column);
    else
        snprintf(line, cap, "%s%s%s%.*s", prefix, space, cmd->kind == CMD_CHECK ? "ok " : "", (int)r.length, out);
    return r;
}

/* Reads one line without its '\n'; returns its length, or -1 at the end. */
static long read_line(FILE *f, char *line, size_t cap)
{
    if (!fgets(line, (int)cap, f))
        return -1;
    size_t len = strlen(line);
    if (len && line[len - 1] == '\n')
        line[--len] = 0;
    return (long)len;
}

static long run_command(const char *gbr, const gbr_codec *c, const command *cmd, const char *dir, uint64_t seed)
{
    char label[96];
    snprintf(label, sizeof label, "cli_batch[%s %s%s--impl %s]", cmd->name, cmd->options, *cmd->options ? " " : "",
             gbr_codec_name(c));
    prop_tally t = {label, 0, 0};
    static gen_bytes inputs[INPUTS];
    gen_rng rng;
    gen_seed(&rng, seed);

    char in_path[512], out_path[512], err_path[512], shell[2048];
    snprintf(in_path, sizeof in_path, "%s/in.txt", dir);
    snprintf(out_path, sizeof out_path, "%s/out.txt", dir);
    snprintf(err_path, sizeof err_path, "%s/err.txt", dir);
    FILE *in = fopen(in_path, "wb");
    if (!in) {
        prop_tally_fail(&t, "cannot write %s", in_path);
        return prop_tally_report(&t);
    }
    for (int i = 0; i < INPUTS; i++) {
        make_input(&rng, cmd, &inputs[i]);
        fwrite(inputs[i].data, 1, inputs[i].len, in);
        fputc('\n', in);
    }
    fclose(in);

    snprintf(shell, sizeof shell, "'%s' %s --impl %s %s < '%s' > '%s' 2> '%s'", gbr, cmd->name, gbr_codec_name(c),
             cmd->options, in_path, out_path, err_path);
    int status = system(shell);
    FILE *out = fopen(out_path, "rb"), *err = fopen(err_path, "rb");
    if (status == -1 || !WIFEXITED(status) || !out || !err) {
        prop_tally_fail(&t, "could not run: %s (status %d)", shell, status);
        if (out)
            fclose(out);
        if (err)
            fclose(err);
        return prop_tally_report(&t);
    }
    int any_bad = 0;
    char want[LINE_MAX_BYTES], got[LINE_MAX_BYTES], report[LINE_MAX_BYTES], want_report[LINE_MAX_BYTES];
    for (int i = 0; i < INPUTS; i++) {
        gbr_result r = expected_line(c, cmd, &inputs[i], want, sizeof want);
        t.checked++;
        if (read_line(out, got, sizeof got) < 0) {
            prop_tally_fail(&t, "stdout ended after %d lines of %d", i, INPUTS);
            break;
        }
        if (strcmp(got, want) != 0) {
            fprintf(stderr, "  input line %d: ", i + 1);
            prop_print_text(stderr, inputs[i].data, inputs[i].len);
            fputc('\n', stderr);
            prop_tally_fail(&t, "line %d: gbr wrote \"%s\", the library gives \"%s\"", i + 1, got, want);
        }
        if (r.error) {
            any_bad = 1;
            snprintf(want_report, sizeof want_report, "gbr: -:%d:%u: %s", i + 1, r.column, gbr_error_message(r.error));
            if (read_line(err, report, sizeof report) < 0 || strcmp(report, want_report) != 0)
                prop_tally_fail(&t, "line %d: stderr \"%s\", expected \"%s\"", i + 1, report, want_report);
        }
    }
    if (read_line(out, got, sizeof got) >= 0)
        prop_tally_fail(&t, "stdout has more lines than inputs: \"%s\"", got);
    if (read_line(err, report, sizeof report) >= 0)
        prop_tally_fail(&t, "stderr has more reports than bad inputs: \"%s\"", report);
    if (WEXITSTATUS(status) != any_bad)
        prop_tally_fail(&t, "exit status %d, expected %d", WEXITSTATUS(status), any_bad);
    fclose(out);
    fclose(err);
    remove(in_path);
    remove(out_path);
    remove(err_path);
    return prop_tally_report(&t);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: props_cli_batch PATH-TO-gbr\n");
        return 2;
    }
    char dir[] = "props_cli_batch_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    const gbr_codec *codecs[2];
    int n = prop_codecs(codecs);
    long failed = 0;
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        for (int i = 0; i < n; i++)
            failed += run_command(argv[1], codecs[i], &commands[k], dir, 0xc11ba7c4u + k * 31u + (uint64_t)i);
    rmdir(dir);
    return failed ? 1 : 0;
}
