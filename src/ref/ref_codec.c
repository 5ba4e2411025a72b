/* The reference codec's table: every entry of gbr_codec, written straight
 * from spec/gbr.md, one file per form (ref_<form>.c). */
#include "codecs_internal.h"
#include "ref_internal.h"

const gbr_codec gbr_ref_codec = {
    .name = "ref",
    .parse_material = gbr_ref_parse_material,
    .format_material = gbr_ref_format_material,
    .parse_study = gbr_ref_parse_study,
    .format_study = gbr_ref_format_study,
    .parse_position = gbr_ref_parse_position,
    .format_position = gbr_ref_format_position,
    .parse_fen = gbr_ref_parse_fen,
    .format_fen = gbr_ref_format_fen,
    .parse_name = gbr_ref_parse_name,
    .format_name = gbr_ref_format_name,
    .material_from_counts = gbr_ref_material_from_counts,
    .material_split = gbr_ref_material_split,
    .material_key = gbr_ref_material_key,
    .study_key = gbr_ref_study_key,
    .position_key = gbr_ref_position_key,
    .parse_material_column = gbr_ref_parse_material_column,
    .parse_study_column = gbr_ref_parse_study_column,
    .material_from_counts_column = gbr_ref_material_from_counts_column,
};
