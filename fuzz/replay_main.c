/*
 * The replay driver: the default "engine". It feeds every file named on the
 * command line, and every file of every directory named (entries starting
 * with '.' are skipped: AFL++ keeps its state there), to
 * LLVMFuzzerTestOneInput, each copied into an allocation of exactly its size
 * so that AddressSanitizer sees a read past the end. It fails on a path it
 * cannot read and when it ran no input at all, so a missing or emptied corpus
 * cannot pass unnoticed. Any compiler builds it.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, size = 0;
    uint8_t *data = malloc(cap);
    size_t got;
    while (data && (got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap * 2);
            if (!bigger) {
                free(data);
                data = NULL;
            }
            data = bigger;
            cap *= 2;
        }
    }
    int failed = ferror(f) || !data;
    fclose(f);
    if (failed) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(data);
        return -1;
    }
    /* Exact size: the harness must not be able to read past `size` unseen. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return -1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a directory, in name order so runs repeat. */
static int run_directory(const char *dir_path)
{
    DIR *dir = opendir(dir_path);
    if (!dir) {
        fprintf(stderr, "replay: cannot open directory %s: %s\n", dir_path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger)
                break;
            names = bigger;
        }
        names[count] = malloc(strlen(dir_path) + strlen(entry->d_name) + 2);
        if (!names[count])
            break;
        sprintf(names[count], "%s/%s", dir_path, entry->d_name);
        count++;
    }
    closedir(dir);
    if (count > 0)
        qsort(names, count, sizeof *names, compare_names);
    int ran = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (ran >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            int r = run_file(names[i]);
            ran = r < 0 ? -1 : ran + r;
        } else if (ran >= 0 && !(stat(names[i], &st) == 0 && S_ISDIR(st.st_mode))) {
            fprintf(stderr, "replay: cannot read %s\n", names[i]);
            ran = -1;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIRECTORY...\n  replays each input through the harness once\n", argv[0]);
        return 2;
    }
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: cannot read %s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        int ran = S_ISDIR(st.st_mode) ? run_directory(argv[i]) : run_file(argv[i]);
        if (ran < 0)
            return 1;
        total += ran;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs found: an empty corpus tests nothing\n");
        return 1;
    }
    printf("replay: %ld inputs ran without a finding\n", total);
    return 0;
}
