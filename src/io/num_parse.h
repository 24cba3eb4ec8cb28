/* Decimal numbers read exactly as strtod reads them, fast where that is provable.
 *
 * sn_parse_dec_fast(t, n, &x): t[0..n) a number as sn_scan_is_number accepts it ([+-]digits
 * [.digits][(e|E)[+-]digits]). When its significand (its digits without the point, leading
 * zeros dropped) is an integer w < 2^53 and its decimal exponent q satisfies
 * |q| <= 22, x = w * 10^q (or w / 10^-q) is one IEEE operation on two exact doubles, hence the
 * correctly rounded value strtod returns (Clinger, "How to read floating point numbers
 * accurately", PLDI 1990, the fast path). Returns 1 and sets x then; 0 (x untouched) for every
 * other case, which the caller reads with strtod. Needs double arithmetic evaluated in double
 * (FLT_EVAL_METHOD 0: SSE2, not x87); elsewhere it always returns 0. */
#ifndef SN_IO_NUM_PARSE_H
#define SN_IO_NUM_PARSE_H

#include <stddef.h>

int sn_parse_dec_fast(const char *t, size_t n, double *x);

#endif
