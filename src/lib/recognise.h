/*
 * recognise.h - inside libgbr: parsing a text as a given form, the one
 * mapping from a form to its parser. gbr_recognise picks the form by the
 * rule of spec §10; the scanner knows it from where its candidate stands
 * (§10.1 rule 3) and calls this directly.
 */
#ifndef GBR_LIB_RECOGNISE_H
#define GBR_LIB_RECOGNISE_H

#include "gbr.h"

/* Sets out->form to form and parses src as that form into out->value
 * (written only on success); GBR_E_UNKNOWN_FORM at column 1 (GBR_E_EMPTY
 * for len 0) for GBR_FORM_UNKNOWN. c must not be NULL. */
gbr_result gbr_parse_as_form(const gbr_codec *c, gbr_form form, const char *src, size_t len, gbr_recognised *out);

#endif
