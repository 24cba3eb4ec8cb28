/* Fixed-width numbers for the text result files (num_format.h): "%*.*E" and "%*d" as glibc's
 * snprintf writes them, at a fraction of its cost (glibc converts every double with
 * multi-precision arithmetic: __printf_fp_l, __mpn_divrem).
 *
 * The fast path of %E, for a normal |v| and prec <= FAST_PREC:
 *   1. e10, the decimal exponent: estimated from the binary exponent (e2 log10 2, within one);
 *   2. y = |v| 10^s with s = prec - e10, in double: one correctly rounded multiplication or
 *      division by an exact power of ten (10^k, k <= 22, is exact in double) for |s| <= 22,
 *      two for |s| <= 44, so y = Y (1 + d) with Y = |v| 10^s exact and |d| <= 2u + u^2,
 *      u = 2^-53 (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., eq. 2.4);
 *   3. e10 corrected until 10^prec <= y <= 10^(prec+1): y < 10^prec implies Y < 10^prec with one
 *      rounding (rounding is monotonic and 10^prec is exact), and with two the only Y it may
 *      misplace lie within |d| Y of 10^prec, where both decades print 1.000...E+e10;
 *   4. the digits: round(y) to an integer, unless y's fraction is within 2^-50 y of one half,
 *      the widest the error of step 2 can be, where Y could lie on the other side of the
 *      half-way point or exactly on it (a tie, which glibc breaks to even): those go to
 *      snprintf. round(y) = 10^(prec+1) is the carry into the next decade (9.999995 -> 1.00000E+01).
 * Zero is written directly; subnormals, infinities, NaNs, |s| > 44, prec > FAST_PREC and any
 * rounding mode other than to-nearest go to snprintf, whose decimal point (LC_NUMERIC's) is
 * replaced by '.'. */
#include "io/num_format.h"

#include <fenv.h>
#include <float.h>
#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* 10^(FAST_PREC + 1) fits in 32 bits; the fast path needs double arithmetic evaluated in double
 * (SSE2, not x87's extended precision, which would round twice) */
#if FLT_EVAL_METHOD == 0
#define FAST_PREC 8
#else
#define FAST_PREC (-1)
#endif

static const double P10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                               1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* |v| 10^s in double (step 2); 0 when |s| > 44 */
static int scale(double a, int s, double *y)
{
  if (s >= 0) {
    if (s <= 22) *y = a * P10[s];
    else if (s <= 44) *y = (a * 1e22) * P10[s - 22];
    else return 0;
  } else {
    s = -s;
    if (s <= 22) *y = a / P10[s];
    else if (s <= 44) *y = (a / 1e22) / P10[s - 22];
    else return 0;
  }
  return 1;
}

/* the significand's prec + 1 digits as an integer, and e10 (steps 1, 3 and 4); 0 when the fast
 * path cannot decide */
static int digits(double a, int prec, uint32_t *r, int *e10)
{
  uint64_t bits;
  memcpy(&bits, &a, sizeof bits);
  int e2 = (int)(bits >> 52) - 1023;      /* a > 0, normal: a in [2^e2, 2^(e2+1)) */
  int e = (int)(e2 * 0.30102999566398120);
  if (e2 < 0) e--;                          /* floor(e2 log10 2) or one less */
  double lo = P10[prec], hi = P10[prec + 1], y;
  int down = 0, up = 0;
  for (;;) {
    if (!scale(a, prec - e, &y)) return 0;
    if (y < lo && !up) { e--; down = 1; }
    else if (y > hi && !down) { e++; up = 1; }
    else break;
  }
  if (y < lo || y > hi) return 0;           /* went both ways: cannot happen, but be sure */
  /* floor(y) by truncation (0 < y <= 10^(prec+1) < 2^63: exact), not a call of libm's floor
     where the baseline instruction set has no rounding instruction */
  double fl = (double)(int64_t)y, frac = y - fl;   /* both exact */
  if (fabs(frac - 0.5) <= y * 0x1p-50) return 0;
  uint32_t n = (uint32_t)fl + (frac > 0.5);
  if (n == (uint32_t)hi) {                  /* carry into the next decade */
    n = (uint32_t)lo;
    e++;
  }
  *r = n;
  *e10 = e;
  return 1;
}

/* blanks up to width, then the len characters of s; returns the total length */
static int pad(char *out, const char *s, int len, int width)
{
  int k = width > len ? width - len : 0;
  memset(out, ' ', (size_t)k);
  memcpy(out + k, s, (size_t)len);
  out[k + len] = '\0';
  return k + len;
}

/* snprintf's %.*E, its decimal point made '.', padded */
static int slow(char *out, double v, int width, int prec)
{
  char t[SN_FMT_MAX_PREC + 64];
  int n = snprintf(t, sizeof t, "%.*E", prec, v);
  if (n < 0 || n >= (int)sizeof t) return -1;
  if (prec > 0 && isfinite(v)) {            /* [-]d<point>d...E+dd: the point may be any bytes */
    int i = t[0] == '-' ? 2 : 1, j = i;
    while (j < n && (t[j] < '0' || t[j] > '9')) j++;
    if (j - i != 1 || t[i] != '.') {
      t[i] = '.';
      memmove(t + i + 1, t + j, (size_t)(n - j + 1));
      n -= j - i - 1;
    }
  }
  return pad(out, t, n, width);
}

/* "00" .. "99" */
static const char D2[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                            "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                            "8081828384858687888990919293949596979899";

/* the rounding mode is to nearest: on x86-64, where double arithmetic is SSE's, MXCSR's
 * rounding-control bits (13 and 14) read directly, not by a call of fegetround for every number
 * (0.8 % of the CPU time of a run of the bench Hertz deck in four increments, the .frd's
 * 560 000 numbers) */
static int to_nearest(void)
{
#if defined(__x86_64__) && defined(__SSE2__)
  return (_mm_getcsr() & 0x6000u) == 0;
#else
  return fegetround() == FE_TONEAREST;
#endif
}

/* the fast path, the rounding mode known to be to nearest and width in range */
static inline int fast_E(char *out, double v, int width, int prec)
{
  if (prec < 0 || prec > FAST_PREC) return -1;
  double a = fabs(v);
  uint32_t r = 0;
  int e10 = 0;
  if (!isfinite(a)) return -1;
  if (a != 0 && (a < 0x1p-1022 || !digits(a, prec, &r, &e10))) return -1;
  /* the length known first: [-]d[.ddd]E+dd (|e10| <= 52 here: two exponent digits); the text is
   * written right-aligned in place, the blanks before it */
  int neg = signbit(v) != 0, len = neg + 1 + (prec > 0 ? 1 + prec : 0) + 4;
  int k = width > len ? width - len : 0;
  char *p = out;
  /* the blanks: eight written at once where that covers them (out has room for eight: at
   * least SN_FMT_E_MAX(width, prec) + 1 >= 9 bytes), not a call of memset per number */
  if (k <= 8) memcpy(p, "        ", 8);
  else memset(p, ' ', (size_t)k);
  p += k;
  if (neg) *p++ = '-';
  char d[FAST_PREC + 2];
  int n = prec + 1;                       /* the significand's digits, r's, from the right */
  for (int i = n; i >= 2; i -= 2) {
    memcpy(d + i - 2, D2 + 2 * (r % 100), 2);
    r /= 100;
  }
  if (n & 1) d[0] = (char)('0' + r);
  *p++ = d[0];
  if (prec > 0) {
    *p++ = '.';
    memcpy(p, d + 1, (size_t)prec);
    p += prec;
  }
  *p++ = 'E';
  *p++ = e10 < 0 ? '-' : '+';
  unsigned ue = (unsigned)(e10 < 0 ? -e10 : e10);
  memcpy(p, D2 + 2 * ue, 2);
  p += 2;
  *p = '\0';
  return (int)(p - out);
}

int sn_fmt_E_fast(char *out, double v, int width, int prec)
{
  if (width < 0 || width > SN_FMT_MAX_WIDTH || prec < 0 || prec > FAST_PREC || !to_nearest()) return -1;
  return fast_E(out, v, width, prec);
}

/* the .frd's %12.5E, its width and precision constants where the compiler inlines fast_E: 45 %
 * fewer instructions a number than the general call (callgrind), about 10 % less time */
static int fast_E_12_5(char *out, double v) { return fast_E(out, v, 12, 5); }

int sn_fmt_E_n(char *out, const double *v, int n, int width, int prec)
{
  if (width < 0 || width > SN_FMT_MAX_WIDTH || prec < 0 || prec > SN_FMT_MAX_PREC || n < 0) return -1;
  int fast = prec <= FAST_PREC && to_nearest();   /* once for the n numbers */
  char *p = out;
  *p = '\0';
  for (int i = 0; i < n; i++) {
    int k = !fast ? -1 : width == 12 && prec == 5 ? fast_E_12_5(p, v[i]) : fast_E(p, v[i], width, prec);
    if (k < 0 && (k = slow(p, v[i], width, prec)) < 0) return -1;
    p += k;
  }
  return (int)(p - out);
}

int sn_fmt_E(char *out, double v, int width, int prec) { return sn_fmt_E_n(out, &v, 1, width, prec); }

/* snprintf's %.*g, its decimal point made '.' (the bytes between the integer digits and the
 * next digit or 'e', when there are any) */
static int slow_g(char *out, double v, int prec)
{
  char t[SN_FMT_MAX_PREC + 400];
  int n = snprintf(t, sizeof t, "%.*g", prec, v);
  if (n < 0 || n >= (int)sizeof t || n > SN_FMT_G_MAX(prec)) return -1;
  if (isfinite(v)) {
    int i = t[0] == '-';
    while (i < n && t[i] >= '0' && t[i] <= '9') i++;
    int j = i;
    while (j < n && (t[j] < '0' || t[j] > '9') && t[j] != 'e') j++;
    if (j > i && !(j - i == 1 && t[i] == '.')) {
      t[i] = '.';
      memmove(t + i + 1, t + j, (size_t)(n - j + 1));
      n -= j - i - 1;
    }
  }
  memcpy(out, t, (size_t)n + 1);
  return n;
}

int sn_fmt_g(char *out, double v, int prec)
{
  if (prec < 1 || prec > SN_FMT_MAX_PREC) return -1;
  char t[FAST_PREC + 24];
  if (prec - 1 > FAST_PREC || sn_fmt_E_fast(t, v, 0, prec - 1) < 0) return slow_g(out, v, prec);
  /* t: [-]d[.ddd]E(+|-)dd, prec significant digits rounded as %e rounds them, which are the
   * digits %f with prec - 1 - X decimals writes as well (the same rounding of the same value) */
  char dig[FAST_PREC + 2], *p = out;
  const char *q = t;
  if (*q == '-') *p++ = *q++;
  int nd = 0;
  for (; *q != 'E'; q++)
    if (*q != '.') dig[nd++] = *q;
  int x = (q[2] - '0') * 10 + (q[3] - '0');
  if (q[1] == '-') x = -x;
  while (nd > 1 && dig[nd - 1] == '0') nd--;   /* trailing zeros go in either style */
  if (x < -4 || x >= prec) {
    *p++ = dig[0];
    if (nd > 1) {
      *p++ = '.';
      memcpy(p, dig + 1, (size_t)nd - 1);
      p += nd - 1;
    }
    *p++ = 'e';
    *p++ = x < 0 ? '-' : '+';
    unsigned ux = (unsigned)(x < 0 ? -x : x);  /* < 100 on the fast path */
    *p++ = (char)('0' + ux / 10);
    *p++ = (char)('0' + ux % 10);
  } else if (x >= 0) {                         /* x + 1 integer digits (all of them kept) */
    for (int k = 0; k <= x; k++) *p++ = k < nd ? dig[k] : '0';
    if (nd > x + 1) {
      *p++ = '.';
      memcpy(p, dig + x + 1, (size_t)(nd - x - 1));
      p += nd - x - 1;
    }
  } else {                                     /* 0.000ddd: -x - 1 zeros after the point */
    *p++ = '0';
    *p++ = '.';
    for (int k = 0; k < -x - 1; k++) *p++ = '0';
    memcpy(p, dig, (size_t)nd);
    p += nd;
  }
  *p = '\0';
  return (int)(p - out);
}

int sn_fmt_d(char *out, int v, int width)
{
  if (width < 0 || width > SN_FMT_MAX_WIDTH) return -1;
  char t[12], *p = t + sizeof t;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  do {
    *--p = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) *--p = '-';
  return pad(out, p, (int)(t + sizeof t - p), width);
}
