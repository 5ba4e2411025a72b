/*
 * harness.c - coverage-guided differential fuzzing of another GBR
 * implementation against libgbr (libFuzzer, AFL++ through its libFuzzer
 * driver, or any engine that calls LLVMFuzzerTestOneInput).
 *
 * Input: an operation of spec/gbr.md §13.2, one TAB, then the request's
 * input bytes (raw, up to the end: they may hold more TABs, NULs, anything).
 * An input that does not start with one of the adapter's operations and a
 * TAB, or that the adapter cannot put to the implementation, is not run and
 * not kept (return -1).
 *
 * Both libgbr (reference.c) and the adapter answer the request; an answer
 * that differs in acceptance, in the output, or (as the adapter's judging
 * says, adapter_errors) in the error class and column is printed with both
 * answers and the input, and the harness aborts: the engine reports a crash
 * and keeps the input. So does an answer that breaks the adapter contract
 * (adapter.h). Nothing here includes gbr.h: libgbr stays behind reference.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "reference.h"

static const char *const *operations;
static int judging = -1;

static const char *judging_name(int j)
{
    return j == ADAPTER_ERRORS_EXACT ? "exact (class and column)"
           : j == ADAPTER_ERRORS_CLASS ? "class (no columns)"
                                       : "validity (acceptance and output only)";
}

/* Bytes as spec/gbr.md §13.1 escapes them: outside 0x20-0x7e \xHH, a
 * backslash \\. */
static void print_escaped(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\')
            fputs("\\\\", stderr);
        else if (s[i] < 0x20 || s[i] > 0x7e)
            fprintf(stderr, "\\x%02x", s[i]);
        else
            fputc(s[i], stderr);
    }
}

static void print_answer(const char *who, int status, const adapter_result *r, int show_column)
{
    fprintf(stderr, "  %-7s ", who);
    if (status == ADAPTER_ACCEPTED) {
        print_escaped((const uint8_t *)r->text, r->length < ADAPTER_TEXT_MAX ? r->length : ADAPTER_TEXT_MAX);
    } else if (status == ADAPTER_REJECTED) {
        fprintf(stderr, "error %s", r->error ? r->error : "(no class)");
        if (show_column)
            fprintf(stderr, " %lu", r->column);
    } else {
        fprintf(stderr, "(adapter_answer returned %d)", status);
    }
    fputc('\n', stderr);
}

/* Prints the request, both answers and why, then aborts. */
static void report(const char *why, const char *op, const uint8_t *src, size_t len, int want_status,
                   const adapter_result *want, int got_status, const adapter_result *got)
{
    fprintf(stderr, "\n==gbr-other== %s on %s (judging: %s)\n", why, op, judging_name(judging));
    fprintf(stderr, "  input   ");
    print_escaped(src, len);
    fprintf(stderr, "   (%zu bytes)\n  hex     ", len);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, "%02x", src[i]);
    fputc('\n', stderr);
    print_answer("gbr", want_status, want, 1);
    print_answer("other", got_status, got, judging == ADAPTER_ERRORS_EXACT);
    fprintf(stderr, "  request %s\t", op);
    print_escaped(src, len);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

static void setup(void)
{
    operations = adapter_operations();
    judging = adapter_errors();
    if (operations == NULL || operations[0] == NULL) {
        fprintf(stderr, "==gbr-other== adapter_operations() lists no operation\n");
        abort();
    }
    if (judging < ADAPTER_ERRORS_EXACT || judging > ADAPTER_ERRORS_VALIDITY) {
        fprintf(stderr, "==gbr-other== adapter_errors() returned %d, not an ADAPTER_ERRORS_ value\n", judging);
        abort();
    }
    for (size_t i = 0; operations[i]; i++)
        if (!gbr_other_reference_knows_operation(operations[i])) {
            fprintf(stderr, "==gbr-other== adapter_operations() lists '%s', not an operation of spec/gbr.md 13.2\n",
                    operations[i]);
            abort();
        }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setup();
    fprintf(stderr, "gbr-other: operations");
    for (size_t i = 0; operations[i]; i++)
        fprintf(stderr, " %s", operations[i]);
    fprintf(stderr, "; judging %s\n", judging_name(judging));
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (operations == NULL) /* an engine that does not call LLVMFuzzerInitialize */
        setup();
    const uint8_t *tab = size ? memchr(data, '\t', size) : NULL;
    if (tab == NULL)
        return -1;
    size_t name_len = (size_t)(tab - data);
    const char *op = NULL;
    for (size_t i = 0; operations[i] && !op; i++)
        if (strlen(operations[i]) == name_len && memcmp(operations[i], data, name_len) == 0)
            op = operations[i];
    if (op == NULL)
        return -1;

    /* The input in an allocation of its exact size, so that AddressSanitizer
     * sees a read past its end by either side. */
    size_t len = size - name_len - 1;
    uint8_t *src = malloc(len);
    if (src == NULL && len != 0)
        abort();
    if (len)
        memcpy(src, tab + 1, len);

    adapter_result want, got;
    int want_status = gbr_other_reference_answer(op, src, len, &want);
    memset(&got, 0, sizeof got);
    int got_status = adapter_answer(op, src, len, &got);
    if (got_status == ADAPTER_CANNOT) {
        free(src);
        return -1;
    }

    if (got_status != ADAPTER_ACCEPTED && got_status != ADAPTER_REJECTED)
        report("BROKEN CONTRACT: adapter_answer returned no ADAPTER_ value", op, src, len, want_status, &want,
               got_status, &got);
    if (got_status == ADAPTER_ACCEPTED && got.length > ADAPTER_TEXT_MAX)
        report("BROKEN CONTRACT: answer longer than ADAPTER_TEXT_MAX", op, src, len, want_status, &want, got_status,
               &got);
    if (got_status == ADAPTER_REJECTED && judging != ADAPTER_ERRORS_VALIDITY &&
        !gbr_other_reference_knows_error(got.error))
        report("BROKEN CONTRACT: a rejection without an error class of spec/gbr.md 9.2", op, src, len, want_status,
               &want, got_status, &got);

    int agree = got_status == want_status;
    if (agree && want_status == ADAPTER_ACCEPTED)
        agree = got.length == want.length && memcmp(got.text, want.text, want.length) == 0;
    else if (agree && judging != ADAPTER_ERRORS_VALIDITY)
        agree = strcmp(got.error, want.error) == 0 && (judging == ADAPTER_ERRORS_CLASS || got.column == want.column);
    if (!agree)
        report("DISAGREEMENT", op, src, len, want_status, &want, got_status, &got);
    free(src);
    return 0;
}
