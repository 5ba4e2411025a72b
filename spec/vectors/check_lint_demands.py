#!/usr/bin/env python3
"""The coverage rules of GBR 1.2 bite (spec/gbr.md section 13.5): with the cases
that fill each demand of the readings, the kinds and the look-alike white space
taken out of a copy of the vectors (TSV and JSON alike), vectors_lint fails and
names every one of those demands; on the committed vectors it names none.

Usage: check_lint_demands.py LINT VECTORS SPEC GBR SCRATCH"""
import os
import shutil
import subprocess
import sys

# (the ids taken out, the problem the lint must then report). Each demand
# loses every case that fills it; a demand some other case fills is not here.
DEMANDS = [
    # Readings of sections 9.3 and 10.
    (["n_position_fen_men_mismatch_white_end"], "position-fen: no case of a wrong W followed by the end"),
    (["n_position_order_men_mismatch_white_byte"], "position-order: no case of a wrong W followed by a byte other than /"),
    (["n_check_position_men_mismatch_black_end"], "check: no case of a wrong B followed by the end"),
    (["n_position_fen_men_mismatch_black_byte"], "position-fen: no case of a wrong B followed by a byte that is no indicator"),
    (["n_check_position_promotions_then_byte", "n_check_position_promotions_then_digit"],
     "check: no case of section 2.4 broken by the code, a byte other than space after it (code-then-byte)"),
    (["n_position_order_promotions_group_counts"],
     "position-order: no case of a possible code with groups whose exact counts break section 1 (group-counts)"),
    (["n_study_order_empty_a", "n_cell_order_study_start_bar"], "study-order: no case of an empty A"),
    (["n_position_order_empty_b", "n_cell_order_position_second_start_end"],
     "position-order: no case of an empty B after a non-empty A"),
    (["n_ex_12_12_27"], "check: no case of a short code, then a space and a later letter a-h"),
    (["n_ex_12_12_28"], "check: no case of a long code, then a space and a later letter a-h"),
    # Square order, the promotion boundary per type, order by Black's squares.
    (["n_position_order_square_order_third_pawn"], "position-order: no case of a third pawn square"),
    (["n_position_fen_square_order_third_in_group"], "position-fen: no case of a third group square"),
    (["y_position_queens_at_promotions"], "position: no case of a valid case where one side's promoted men are all Q,"),
    (["n_fen_material_promotions"], "fen-material: no case of an invalid case where one side's promoted men are all Q,"),
    (["y_fen_material_rooks_at_promotions"], "fen-material: no case of a valid case where one side's promoted men are all R,"),
    (["n_position_rooks_over_promotions"], "position: no case of an invalid case where one side's promoted men are all R,"),
    (["y_name_material_bishops_at_promotions"], "name-material: no case of a valid case where one side's promoted men are all B,"),
    (["n_ex_12_11_16_12"], "name-material: no case of an invalid case where one side's promoted men are all B,"),
    (["y_fen_material_knights_at_promotions"], "fen-material: no case of a valid case where one side's promoted men are all N,"),
    (["n_fen_material_knights_over_promotions"], "fen-material: no case of an invalid case where one side's promoted men are all N,"),
    (["y_position_order_black_piece_square"], "position-order: no case of two forms that differ only in Black's piece squares"),
    (["y_position_order_black_pawn_square"], "position-order: no case of two forms that differ only in Black's pawn squares"),
    (["y_position_order_black_group_square"], "position-order: no case of two forms that differ only in Black's group squares"),
    # UTF-8 look-alike white space, one demand of each place.
    (["n_material_nbsp_start"], "material: no case of a no-break space (\\xc2\\xa0) at the start of a text"),
    (["n_study_order_nbsp_start_b"], "study-order: no case of a no-break space (\\xc2\\xa0) at the start of B"),
    (["n_position_nbsp_material"], "position: no case of a no-break space (\\xc2\\xa0) in place of the space before the material"),
    (["n_position_fen_nbsp_squares"], "position-fen: no case of a no-break space (\\xc2\\xa0) in place of the space before the squares"),
    (["n_position_order_nbsp_count"], "position-order: no case of a no-break space (\\xc2\\xa0) in place of the space before the count"),
    (["n_check_position_nbsp_word"], "check: no case of a no-break space (\\xc2\\xa0) in place of the space before WTM or BTM"),
    (["n_fen_material_nbsp_side"], "fen-material: no case of a no-break space (\\xc2\\xa0) in place of the space before the side"),
    (["n_fen_study_nbsp_castling"], "fen-study: no case of a no-break space (\\xc2\\xa0) in place of the space before castling"),
    (["n_fen_study_win_nbsp_en_passant"], "fen-study-win: no case of a no-break space (\\xc2\\xa0) in place of the space before en passant"),
    (["n_fen_position_nbsp_halfmove"], "fen-position: no case of a no-break space (\\xc2\\xa0) in place of the space before the halfmove clock"),
    (["n_fen_position_draw_nbsp_fullmove"], "fen-position-draw: no case of a no-break space (\\xc2\\xa0) in place of the space before the fullmove clock"),
    (["n_name_material_figure_space_start"], "name-material: no case of another UTF-8 white space"),
]


def lint(script, vectors, spec, gbr):
    run = subprocess.run([sys.executable, script, vectors, "--spec", spec, "--gbr", gbr], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def main():
    if len(sys.argv) != 6:
        sys.stderr.write(__doc__)
        return 2
    script, committed, spec, gbr, scratch = sys.argv[1:]
    removed = {i for ids, _ in DEMANDS for i in ids}
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(committed, scratch)
    found = set()
    for folder in (scratch, os.path.join(scratch, "json")):
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".tsv", ".json")):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="ascii") as f:
                lines = f.read().split("\n")
            kept = []
            for line in lines:
                hit = [i for i in removed if line.startswith(i + "\t") or ('"id": "%s"' % i) in line]
                found.update(hit)
                if not hit:
                    kept.append(line)
            if name.endswith(".json"):
                # A test object spans one line here (as gbr vectors writes it);
                # the comma left before a removed last object is dropped.
                text = "\n".join(kept).replace(",\n  ]", "\n  ]")
            else:
                text = "\n".join(kept)
            with open(path, "w", encoding="ascii") as f:
                f.write(text)
    failures = []
    missing = sorted(removed - found)
    if missing:
        failures.append("ids not in the vectors: %s" % ", ".join(missing))
    status, before = lint(script, committed, spec, gbr)
    for _, problem in DEMANDS:
        if problem in before:
            failures.append("the committed vectors already report: %s" % problem)
    status, after = lint(script, scratch, spec, gbr)
    if status != 1:
        failures.append("vectors_lint exited %d on the vectors without the cases, not 1" % status)
    for ids, problem in DEMANDS:
        if problem not in after:
            failures.append("without %s the lint does not report: %s" % (", ".join(ids), problem))
    for failure in failures:
        print(failure)
    print("%d of %d demands failed as they must when their cases are removed"
          % (len(DEMANDS) - sum(1 for f in failures if f.startswith("without ")), len(DEMANDS)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
