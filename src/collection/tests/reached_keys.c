/*
 * reached_keys: a position's key as it is comes back from its canonical key
 * and the transform that made it (reached_key_before, which lets `gbr
 * lookup` keep a byte instead of the key), for every one of the 16
 * transforms, on random positions with and without pawns, either side to
 * move, with and without castling rights; and reached_transform_to finds a
 * transform no later than the one used. Exit 0 when all hold.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "reached.h"

static uint64_t state = 88172645463325252ull;

static unsigned next(unsigned n)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state % n);
}

int main(void)
{
    static const uint8_t men[] = {GBR_WQ, GBR_WR, GBR_WB, GBR_WN, GBR_BQ, GBR_BR, GBR_BB, GBR_BN, GBR_WP, GBR_BP};
    unsigned long checked = 0, failed = 0;
    for (unsigned n = 0; n < 20000; n++) {
        gbr_position p;
        memset(&p, 0, sizeof p);
        p.board[next(64)] = GBR_WK;
        p.board[next(64)] = GBR_BK;
        for (unsigned i = 0, count = next(10); i < count; i++)
            p.board[next(64)] = men[next(n % 2 ? 10 : 8)]; /* every other one without pawns */
        p.indicator = next(2) ? GBR_IND_BTM : GBR_IND_WTM;
        int castling = next(4) == 0;
        uint8_t raw[DUP_POSITION_KEY_SIZE];
        duplicates_position_key(&p, castling, raw);
        for (unsigned t = 0; t < DUP_TRANSFORMS; t++) {
            gbr_position q;
            uint8_t key[DUP_POSITION_KEY_SIZE], back[DUP_POSITION_KEY_SIZE];
            duplicates_transform(&p, t, &q);
            duplicates_position_key(&q, castling, key);
            reached_key_before(key, t, back);
            unsigned found = reached_transform_to(&p, castling, key);
            uint8_t again[DUP_POSITION_KEY_SIZE];
            if (found < DUP_TRANSFORMS)
                reached_key_before(key, found, again);
            checked++;
            if (memcmp(back, raw, sizeof raw) != 0 || found > t || memcmp(again, raw, sizeof raw) != 0) {
                if (failed++ < 5)
                    fprintf(stderr, "position %u, transform %u (found %u): the key does not come back\n", n, t, found);
            }
        }
    }
    printf("reached_keys: %lu keys back, %lu wrong\n", checked, failed);
    return failed != 0;
}
