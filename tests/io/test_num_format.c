/* The result files' number formatter (src/io/num_format.c) against its reference, glibc's
 * snprintf: sn_fmt_E(v, width, prec) must write exactly snprintf's "%*.*E" for
 *   - random 64-bit patterns (every exponent, subnormals, infinities, NaNs of both signs),
 *   - random values of the usual ranges (1e-12 .. 1e12, both signs),
 *   - the decimal rounding boundaries d.dddd5 10^k (prec + 2 significant digits ending in 5),
 *     the double nearest to each and its neighbours up to three ulps away,
 *   - exact ties (binary fractions k / 2^j and integers n 10^j whose decimal expansion ends in
 *     the 5 just after the last printed digit: glibc breaks them to even),
 *   - powers of ten and their neighbours, 9.99...95 10^k (the carry into the next decade),
 *   - 0, -0, +-inf, +-nan, DBL_MAX, DBL_MIN, DBL_TRUE_MIN,
 * at the precisions the writers use (5: .frd "%12.5E", 6: .dat "%14.6E") and, fewer, at every
 * precision 0..9; some under the other rounding modes too. Every mismatch fails. The fast path
 * alone (sn_fmt_E_fast) must decide at least 99.9 % of the usual values (else the formatter is
 * right but slow). sn_fmt_g(v, prec + 1) against "%.*g" on every one of those values (the contact
 * CSV's "%.9g"). sn_fmt_d against "%*d". */
#include "check.h"
#include "io/num_format.h"

#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void)   /* splitmix64 */
{
  uint64_t z = (rng += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}
static double from_bits(uint64_t b)
{
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
}

static long compared, mismatched;

/* sn_fmt_E against snprintf for one value */
static void cmp1(double v, int width, int prec)
{
  char want[128], got[128];
  memset(got, 'x', sizeof got);
  int nw = snprintf(want, sizeof want, "%*.*E", width, prec, v);
  int ng = sn_fmt_E(got, v, width, prec);
  compared++;
  if (ng != nw || strcmp(got, want) != 0) {
    if (mismatched++ < 20)
      fprintf(stderr, "mismatch: %a width %d prec %d: \"%s\" (%d), snprintf \"%s\" (%d)\n", v, width, prec, got, ng,
              want, nw);
  }
  /* "%.*g" with prec + 1 significant digits: the same digits as "%.*E" with prec decimals, so
   * every value chosen for the E boundaries tests g's too (its style switch at X = -5 / -4 and
   * X = prec / prec + 1 comes with the powers of ten and 9.99..95 10^k below) */
  if (prec + 1 > SN_FMT_MAX_PREC) return;
  memset(got, 'x', sizeof got);
  nw = snprintf(want, sizeof want, "%.*g", prec + 1, v);
  ng = sn_fmt_g(got, v, prec + 1);
  compared++;
  if (ng != nw || strcmp(got, want) != 0) {
    if (mismatched++ < 20)
      fprintf(stderr, "mismatch: %a %%.%dg: \"%s\" (%d), snprintf \"%s\" (%d)\n", v, prec + 1, got, ng, want, nw);
  }
}

/* sn_fmt_E_n against snprintf number after number: a row of n values, some of them for the
 * slow path (random bits: subnormals, infinities, NaNs) */
static void cmp_row(const double *v, int n, int width, int prec)
{
  char want[1024], got[1024];
  size_t w = 0;
  want[0] = '\0';
  for (int i = 0; i < n; i++) w += (size_t)snprintf(want + w, sizeof want - w, "%*.*E", width, prec, v[i]);
  memset(got, 'x', sizeof got);
  int ng = sn_fmt_E_n(got, v, n, width, prec);
  compared++;
  if (ng != (int)w || strcmp(got, want) != 0) {
    if (mismatched++ < 20)
      fprintf(stderr, "mismatch: row of %d (%a ...) width %d prec %d: \"%s\", snprintf \"%s\"\n", n, v[0], width, prec,
              got, want);
  }
}

static void rows(int count)
{
  for (int i = 0; i < count; i++) {
    double v[6];
    int n = (int)(next() % 7);   /* 0 to 6 values */
    for (int k = 0; k < n; k++)
      v[k] = next() % 4 ? (1 + 9 * (double)(next() >> 11) * 0x1p-53) * pow(10, (int)(next() % 25) - 12) : from_bits(next());
    cmp_row(v, n, 12, 5);
    cmp_row(v, n, 14, 6);
    cmp_row(v, n, 0, 12);   /* beyond the fast path's precision */
  }
}

/* at the writers' formats; and both signs */
static void cmp(double v)
{
  cmp1(v, 12, 5);
  cmp1(-v, 14, 6);
}

static void cmp_near(double v, int ulps)
{
  double lo = v, hi = v;
  cmp(v);
  for (int k = 0; k < ulps; k++) {
    lo = nextafter(lo, 0);
    hi = nextafter(hi, INFINITY);
    cmp(lo);
    cmp(hi);
  }
}

/* the boundaries d.ddd5 10^k: prec + 2 significant digits, the last 5 */
static void boundaries(int prec, int n)
{
  char s[64];
  for (int i = 0; i < n; i++) {
    uint64_t lead = 1, span = 9;
    for (int k = 0; k < prec; k++) { lead *= 10; span *= 10; }   /* prec + 1 digits */
    uint64_t d = lead + next() % span;
    int e = (int)(next() % 90) - 45;
    snprintf(s, sizeof s, "%llu5e%d", (unsigned long long)d, e - prec - 1);
    double v = strtod(s, NULL);
    cmp1(v, 12, prec);
    cmp1(nextafter(v, 0), 0, prec);
    cmp1(nextafter(v, INFINITY), 0, prec);
    cmp1(-nextafter(nextafter(v, 0), 0), 3, prec);
    cmp1(nextafter(nextafter(nextafter(v, INFINITY), INFINITY), INFINITY), 0, prec);
  }
}

int main(void)
{
  int big = SN_SANITIZED ? 1 : 2;   /* fewer values under ASan, same kinds */

  /* random bit patterns */
  for (long i = 0; i < 100000L * big; i++) cmp(from_bits(next()));
  /* usual ranges; the fast path must decide nearly all */
  long fast = 0, tried = 0;
  char buf[128];
  for (long i = 0; i < 150000L * big; i++) {
    double m = (double)(next() >> 11) * 0x1p-53, v = (1 + 9 * m) * pow(10, (int)(next() % 25) - 12);
    cmp(v);
    tried += 2;
    fast += sn_fmt_E_fast(buf, v, 12, 5) >= 0;
    fast += sn_fmt_E_fast(buf, -v, 14, 6) >= 0;
  }
  printf("fast path: %ld of %ld usual values\n", fast, tried);
  rows(20000 * big);
  CHECK(fast >= tried - tried / 1000);
  /* short decimals (what a mesh generator writes): 0.0125, 1.5, 1e-3, ... and their ulps */
  for (int i = 0; i < 20000 * big; i++) {
    char s[32];
    snprintf(s, sizeof s, "%de%d", (int)(next() % 100000), (int)(next() % 20) - 10);
    cmp_near(strtod(s, NULL), 1);
  }

  /* rounding boundaries at the writers' precisions, then at every precision */
  boundaries(5, 40000 * big);
  boundaries(6, 40000 * big);
  for (int prec = 0; prec <= 9; prec++) boundaries(prec, 4000 * big);
  /* exact ties: k / 2^j (every dyadic fraction with a short decimal expansion) and n 10^j */
  for (int j = 0; j <= 40; j++)
    for (int k = 1; k < 2048; k += 2)
      for (int prec = 0; prec <= 9; prec++) cmp1(ldexp(k, -j), 0, prec);
  for (int i = 0; i < 20000 * big; i++) {
    int prec = (int)(next() % 10);
    uint64_t n = 10 * (next() % 1000000000u) + 5, p = 1;
    int j = (int)(next() % 8);
    for (int k = 0; k < j; k++) p *= 10;
    if (n * p < (1ull << 53)) cmp1((double)(n * p), 0, prec);
  }

  /* powers of ten and their neighbours; 9.99..95 10^k at every precision */
  for (int k = -330; k <= 310; k++) {
    char s[32];
    snprintf(s, sizeof s, "1e%d", k);
    cmp_near(strtod(s, NULL), 3);
    for (int prec = 0; prec <= 9; prec++) {
      char t[64] = "9.", *p = t + 2;
      for (int q = 0; q < prec; q++) *p++ = '9';
      snprintf(p, sizeof t - (size_t)(p - t), "5e%d", k);
      double v = strtod(t, NULL);
      for (int u = -2; u <= 2; u++) {
        double w = v;
        for (int q = 0; q < abs(u); q++) w = nextafter(w, u < 0 ? 0 : INFINITY);
        cmp1(w, 0, prec);
        cmp1(-w, 12, prec);
      }
    }
  }

  /* special values, every precision and a few widths */
  const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN,
                            DBL_TRUE_MIN, -DBL_TRUE_MIN, nextafter(DBL_MIN, 0), 1.0, -1.0, 0.5, 9.5, 0.95};
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
    for (int prec = 0; prec <= SN_FMT_MAX_PREC; prec++)
      for (int width = 0; width <= 40; width += 4) cmp1(special[i], width, prec);

  /* the other rounding modes (snprintf follows them; so must the formatter) */
  const int modes[] = {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  for (int m = 0; m < 3; m++) {
    if (fesetround(modes[m])) continue;   /* not available: nothing to compare */
    for (int i = 0; i < 2000; i++) cmp(from_bits(next()));
    for (int i = 0; i < 2000; i++) cmp(ldexp(2 * (int)(next() % 1000) + 1, -(int)(next() % 12)));
    rows(2000);
    fesetround(FE_TONEAREST);
  }
  printf("%ld values compared with snprintf, %ld mismatches\n", compared, mismatched);
  CHECK_INT(mismatched, 0);

  /* arguments out of range: -1, nothing written */
  memset(buf, 'x', sizeof buf);
  CHECK_INT(sn_fmt_E(buf, 1.0, -1, 5), -1);
  CHECK_INT(sn_fmt_E(buf, 1.0, 12, SN_FMT_MAX_PREC + 1), -1);
  CHECK_INT(sn_fmt_E(buf, 1.0, SN_FMT_MAX_WIDTH + 1, 5), -1);
  CHECK_INT(sn_fmt_g(buf, 1.0, 0), -1);
  CHECK_INT(sn_fmt_E_n(buf, special, 2, -1, 5), -1);
  CHECK_INT(sn_fmt_E_n(buf, special, -1, 12, 5), -1);
  CHECK_INT(sn_fmt_g(buf, 1.0, SN_FMT_MAX_PREC + 1), -1);
  CHECK_INT(sn_fmt_d(buf, 1, -1), -1);
  CHECK(buf[0] == 'x');

  /* "%*d" */
  long dmis = 0;
  const int ints[] = {0, 1, -1, 9, 10, -10, 99999, 1000000000, INT_MAX, INT_MIN, INT_MIN + 1};
  for (int i = 0; i < 200000 + (int)(sizeof ints / sizeof ints[0]); i++) {
    int v = i < (int)(sizeof ints / sizeof ints[0]) ? ints[i] : (int)(uint32_t)(next() >> (next() % 32));
    int width = (int)(next() % 16);
    char want[64], got[64];
    int nw = snprintf(want, sizeof want, "%*d", width, v), ng = sn_fmt_d(got, v, width);
    if (nw != ng || strcmp(want, got)) {
      if (dmis++ < 10) fprintf(stderr, "mismatch: %d width %d: \"%s\", snprintf \"%s\"\n", v, width, got, want);
    }
  }
  CHECK_INT(dmis, 0);
  return sn_check_report();
}
