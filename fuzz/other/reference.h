/*
 * reference.h - libgbr's side of the harness template: the reference
 * codec's answer to one request of the conformance protocol, through the
 * same struct as the adapter's. reference.c is the only file of the harness
 * that includes gbr.h; fuzz/other/build.sh links it with libgbr into one
 * object whose only global names are the three below.
 */
#ifndef GBR_OTHER_REFERENCE_H
#define GBR_OTHER_REFERENCE_H

#include "adapter.h"

/* 1 when name is an operation of spec/gbr.md §13.2, else 0. */
int gbr_other_reference_knows_operation(const char *name);
/* 1 when name is an error class a protocol answer may name (§9.2, empty to
 * unknown-form), else 0. */
int gbr_other_reference_knows_error(const char *name);
/* libgbr's reference codec on the request: ADAPTER_ACCEPTED with the output,
 * or ADAPTER_REJECTED with the class and column; -1 for an operation that
 * is not in the table. */
int gbr_other_reference_answer(const char *operation, const uint8_t *src, size_t len, adapter_result *out);

#endif
