/*
 * input_stream.h - one input of a command as the bytes it holds: a plain
 * file or pipe as it is, or a Zstandard (a sequence of frames), gzip
 * (concatenated members) or bzip2 (concatenated streams) stream decoded as
 * it comes, never through a temporary file. The format is chosen by the
 * first bytes (the magic number), never by the name: 28 B5 2F FD (or a
 * skippable frame, 5? 2A 4D 18) is Zstandard, 1F 8B gzip, "BZh" and a
 * digit 1-9 bzip2; anything else is read as it is.
 *
 * Reading and decoding run on a thread of their own, which fills a ring of
 * INPUT_SLOTS buffers of INPUT_SLOT_SIZE bytes while the caller works on
 * the bytes handed out before, so that the two overlap (but for a plain
 * input read with input_stream_next_into, which the caller reads itself
 * into its own buffers, without a copy).
 *
 * Memory, whatever the input's size: the ring (INPUT_SLOTS x
 * INPUT_SLOT_SIZE, 1 MiB), one buffer of compressed bytes (128 KiB), and
 * the decoder's state: zlib's 32 KiB window, bzip2's at most 3.7 MB, or
 * Zstandard's window, which the frame names and which is refused past
 * 2^INPUT_ZSTD_WINDOW_LOG_MAX bytes (128 MiB, libzstd's own default limit;
 * `zstd` at levels 1-19 without --long writes windows of 8 MiB or less).
 */
#ifndef GBR_INPUT_STREAM_H
#define GBR_INPUT_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define INPUT_SLOTS 4
#define INPUT_SLOT_SIZE ((size_t)256 << 10)
#define INPUT_ZSTD_WINDOW_LOG_MAX 27

typedef enum input_format { INPUT_PLAIN, INPUT_ZSTD, INPUT_GZIP, INPUT_BZIP2 } input_format;

typedef struct input_stream input_stream;

/* Starts reading fd from its current position on a thread of its own.
 * NULL when out of memory or no thread could be started (errno says). */
input_stream *input_stream_open(int fd);
/* The next bytes of the input, valid until the next call or the close: 1
 * with *bytes and *len (len > 0), 0 at the end of the input, -1 when it
 * could not be read or decoded past here (input_stream_error says why; the
 * bytes before the problem have all been handed out). */
int input_stream_next(input_stream *s, const char **bytes, size_t *len);
/* The next bytes of the input copied into buf, at most cap of them: 1 with
 * *len (> 0 when cap > 0), 0 at the end, -1 as input_stream_next. A caller
 * uses this or input_stream_next, never both. A plain input is then read
 * by the caller straight into buf once the slots read ahead are taken (no
 * copy through the ring); a compressed one is copied from the ring. */
int input_stream_next_into(input_stream *s, char *buf, size_t cap, size_t *len);
/* After -1: the problem in words ("cannot read: REASON", or "FORMAT
 * stream damaged|cut short at compressed byte OFFSET: REASON"), and *at the compressed bytes read before
 * it (the offset of the first byte that could not be decoded, counted from
 * where reading started). *errno_value is the errno of a failed read, 0 for
 * a damaged or truncated stream. */
const char *input_stream_error(const input_stream *s, uint64_t *at, int *errno_value);
/* The format, known once the first call to input_stream_next returned. */
input_format input_stream_format(const input_stream *s);
/* The format the first n bytes of an input name (n may be less than 4). */
input_format input_magic_format(const unsigned char *bytes, size_t n);
/* The name of a format: "zstd", "gzip", "bzip2", "plain". */
const char *input_format_name(input_format format);
/* The bytes read from the descriptor so far (compressed ones for a
 * compressed input): safe to call from the caller's thread at any time. */
uint64_t input_stream_raw_read(input_stream *s);
/* Stops the thread and frees everything; before the end of the input it
 * waits for the thread's read in progress to return. NULL does nothing. */
void input_stream_close(input_stream *s);

#endif /* GBR_INPUT_STREAM_H */
