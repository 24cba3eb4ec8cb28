/* Clinger's fast path (src/io/num_parse.c) against glibc's strtod, bit for bit: every string
 * it takes gives strtod's double (sign of zero included), on hand-picked edges and on 200 000
 * random decimal strings of 1 to 20 digits, points anywhere, exponents -40 to 40; the cases it
 * must leave to strtod (2^53 and above, |q| > 22, 20 digits) are left. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_rng.h"
#include "io/num_parse.h"

static int same_as_strtod(const char *s, int *fast)
{
  double x = 12345.0, y = strtod(s, NULL);
  *fast = sn_parse_dec_fast(s, strlen(s), &x);
  if (!*fast) return x == 12345.0;   /* untouched */
  if (memcmp(&x, &y, sizeof x)) {
    fprintf(stderr, "%s: fast %.17g, strtod %.17g\n", s, x, y);
    return 0;
  }
  return 1;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t next(void) { return sn_test_rand(&rng); }

int main(void)
{
  static const struct { const char *s; int fast; } edge[] = {
    {"0", 1}, {"-0", 1}, {"-0.0e5", 1}, {"+1", 1}, {"1.", 1}, {".5", 1}, {"-.25E-3", 1},
    {"1e22", 1}, {"1e23", 0}, {"1e-22", 1}, {"1e-23", 0}, {"9007199254740991", 1},
    {"9007199254740992", 0}, {"9007199254740993", 0}, {"0.1", 1}, {"0.3", 1},
    {"2.2250738585072014e-308", 0}, {"1.7976931348623157e308", 0}, {"000000000000000000000001.5", 1},
    {"1.00000000000000000000", 0}, {"123456789012345.6", 1}, {"5e-324", 0}, {"2.1e+05", 1},
    {"-210000.", 1}, {"1E0", 1}, {"1e+0022", 1}, {"1e99999999999", 0}};
  for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++) {
    int fast;
    CHECK(same_as_strtod(edge[k].s, &fast));
    if (fast != edge[k].fast) fprintf(stderr, "%s: fast path %d, expected %d\n", edge[k].s, fast, edge[k].fast);
    CHECK_INT(fast, edge[k].fast);
  }
  /* an exponent of 7 digits offset by 100 001 fraction digits: q = -1 from the digits as
   * written, the value 1e900000 (strtod: inf); the fast path must leave it (reviewer's case) */
  {
    size_t nz = 100000;
    char *big = malloc(nz + 32);
    memcpy(big, "0.", 2);
    memset(big + 2, '0', nz);
    strcpy(big + 2 + nz, "1e1000001");
    int fast;
    CHECK(same_as_strtod(big, &fast));
    CHECK_INT(fast, 0);
    free(big);
  }
  int bad = 0, fast_n = 0;
  char s[64];
  for (int it = 0; it < 200000; it++) {
    int nd = 1 + (int)(next() % 20), point = (int)(next() % (unsigned)(nd + 2)) - 1, p = 0;
    if (next() % 3 == 0) s[p++] = next() % 2 ? '-' : '+';
    for (int d = 0; d < nd; d++) {
      if (d == point) s[p++] = '.';
      s[p++] = (char)('0' + (d == 0 && next() % 4 == 0 ? 0 : next() % 10));
    }
    if (point == nd) s[p++] = '.';
    if (next() % 2) p += sprintf(s + p, "%c%d", next() % 2 ? 'e' : 'E', (int)(next() % 81) - 40);
    s[p] = '\0';
    int fast;
    if (!same_as_strtod(s, &fast)) bad++;
    fast_n += fast;
  }
  CHECK_INT(bad, 0);
  CHECK(fast_n > 50000);   /* the fast path is taken (about half of these strings) */
  return sn_check_report();
}
