/* A small deterministic generator for the tests' random inputs: xorshift64 (Marsaglia,
 * "Xorshift RNGs", J. Stat. Softw. 8(14), 2003), the upper bits of the state returned. */
#ifndef SN_TEST_RNG_H
#define SN_TEST_RNG_H

#include <stdint.h>

static inline uint32_t sn_test_rand(uint64_t *state)
{
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *state = x;
  return (uint32_t)(x >> 16);
}

#endif
