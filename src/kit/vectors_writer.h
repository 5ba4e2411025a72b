/*
 * vectors_writer.h - `gbr vectors`: the golden vectors of spec/gbr.md section
 * 13, computed with the reference codec from the case folder and the computed
 * sweeps, written as <level>.tsv and json/<level>.json, and, when asked, the
 * fuzz harnesses' seed corpus.
 */
#ifndef GBR_VECTORS_WRITER_H
#define GBR_VECTORS_WRITER_H

typedef struct vectors_options {
    const char *out_dir;   /* the vector files' folder (created when missing) */
    const char *cases_dir; /* the case folder; NULL: out_dir/cases */
    const char *fuzz_dir;  /* the seed corpus's folder; NULL: no seeds */
} vectors_options;

/* Collects and checks every case, then writes the files. Returns UTIL_EXIT_OK,
 * or UTIL_EXIT_INPUT after reporting a case or a file that failed (a case
 * that fails writes nothing). */
int vectors_write(const vectors_options *opt);

#endif /* GBR_VECTORS_WRITER_H */
