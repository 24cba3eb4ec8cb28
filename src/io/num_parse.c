/* Clinger's fast path for decimal input (num_parse.h). */
#include "io/num_parse.h"

#include <fenv.h>
#include <float.h>
#include <stdint.h>

static const double P10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

int sn_parse_dec_fast(const char *t, size_t n, double *x)
{
#if FLT_EVAL_METHOD == 0
  size_t i = 0;
  int neg = 0, digits = 0, frac = 0;
  uint64_t w = 0;
  if (i < n && (t[i] == '+' || t[i] == '-')) neg = t[i++] == '-';
  for (; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
    if (w == 0 && t[i] == '0') continue;          /* leading zeros */
    if (++digits > 19) return 0;
    w = 10 * w + (uint64_t)(t[i] - '0');
  }
  if (i < n && t[i] == '.') {
    for (i++; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
      frac++;
      if (w == 0 && t[i] == '0') continue;
      if (++digits > 19) return 0;
      w = 10 * w + (uint64_t)(t[i] - '0');
    }
  }
  long q = -(long)frac;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    int eneg = 0;
    long e = 0;
    i++;
    if (i < n && (t[i] == '+' || t[i] == '-')) eneg = t[i++] == '-';
    for (; i < n && t[i] >= '0' && t[i] <= '9'; i++) {
      if (e >= 100000) return 0;                  /* far outside |q| <= 22 whatever the digits: strtod's */
      e = 10 * e + (t[i] - '0');
    }
    q += eneg ? -e : e;
  }
  if (i != n || w >= (UINT64_C(1) << 53) || q < -22 || q > 22) return 0;
  if (fegetround() != FE_TONEAREST) return 0;
  double v = (double)w;                           /* exact: w < 2^53 */
  v = q >= 0 ? v * P10[q] : v / P10[-q];          /* one correctly rounded operation */
  *x = neg ? -v : v;
  return 1;
#else
  (void)t;
  (void)n;
  (void)x;
  return 0;
#endif
}
