/*
 * adapter.h - the fixed C interface between the coverage-guided harness
 * template (fuzz/other/harness.c) and another GBR implementation.
 *
 * The implementer writes one small C file, the adapter, that defines the
 * three functions below by calling their own library. The harness asks
 * libgbr (the reference codec) and the adapter the same request of the
 * conformance protocol (spec/gbr.md §13.2) and aborts, printing both
 * answers and the input, when they disagree.
 *
 * Names. The harness's own global names are LLVMFuzzerTestOneInput,
 * LLVMFuzzerInitialize and those starting gbr_other_reference_; every other
 * symbol of libgbr is made local to one partially linked object before the
 * final link (fuzz/other/build.sh), so the implementation and the adapter may
 * define any other name, gbr_parse_material included. The adapter defines
 * the adapter_ names below and nothing else the harness reads. This header
 * includes nothing of libgbr: compile the adapter with your own include
 * directories only.
 */
#ifndef GBR_OTHER_ADAPTER_H
#define GBR_OTHER_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Room for an answer's text: any output of §13.2 fits in 144 bytes. */
#define ADAPTER_TEXT_MAX 256

/* What adapter_answer returns. The first two are the protocol's exit
 * statuses 0 and 1. */
enum {
    ADAPTER_ACCEPTED = 0, /* the input is valid: text/length hold the output */
    ADAPTER_REJECTED = 1, /* the input is invalid: error/column say why */
    ADAPTER_CANNOT = 2    /* this input cannot be put to the implementation at
                             all (e.g. it holds a NUL byte and the library
                             takes a C string): not compared, not kept */
};

/* How much of a rejection is compared (adapter_errors). */
enum {
    ADAPTER_ERRORS_EXACT = 0,   /* class (§9.2) and column (§9.3) */
    ADAPTER_ERRORS_CLASS = 1,   /* class only: the library gives no columns */
    ADAPTER_ERRORS_VALIDITY = 2 /* neither: the library only accepts or rejects;
                                   acceptance and the output are compared */
};

typedef struct adapter_result {
    /* ADAPTER_ACCEPTED: the output line of §13.2 (the canonical text, "fen
     * 4k3/...", "<", ...) without a line end; not NUL-terminated. */
    char text[ADAPTER_TEXT_MAX];
    size_t length;
    /* ADAPTER_REJECTED: the class name of §9.2 ("square-count"), a string
     * that lives at least until the next call; NULL only under
     * ADAPTER_ERRORS_VALIDITY. column: 1-based, in bytes of the whole input
     * (an order input's B counted after A and '|'); read only under
     * ADAPTER_ERRORS_EXACT. */
    const char *error;
    unsigned long column;
} adapter_result;

/* The operations of §13.2 the implementation answers, a NULL-terminated
 * list of names ("material", "fen-material", ...). The harness checks each
 * against libgbr's table once, at start-up, and aborts on a name it does
 * not know. */
const char *const *adapter_operations(void);

/* ADAPTER_ERRORS_EXACT, ADAPTER_ERRORS_CLASS or ADAPTER_ERRORS_VALIDITY. */
int adapter_errors(void);

/* Answers one request: operation (one of adapter_operations(), as that very
 * pointer's string), over the input src[0, len): any bytes, not
 * NUL-terminated, in an allocation of exactly len bytes (a read past it is
 * reported by AddressSanitizer as the implementation's defect). *out is
 * zeroed before the call. Returns ADAPTER_ACCEPTED, ADAPTER_REJECTED or
 * ADAPTER_CANNOT; anything else, a length above ADAPTER_TEXT_MAX, or a
 * rejection without a class the adapter promised, is a broken contract and
 * aborts the run like a disagreement. */
int adapter_answer(const char *operation, const uint8_t *src, size_t len, adapter_result *out);

#ifdef __cplusplus
}
#endif
#endif
