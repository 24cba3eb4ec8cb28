/* Internal: fmax without the call. glibc's fmax is a library call (GCC inlines it only under
 * -ffinite-math-only), about 10 instructions with the call for one comparison, and the small
 * problems' kernels (the block view's checks, the local 3x3 solves, the error measures) make
 * hundreds of them per call. sn_fmax_first(a, b) is a unless b is greater or a is NaN: fmax's
 * value (a NaN operand ignored, NaN when both are) on every pair but +0 and -0, where it keeps
 * the first, the running maximum. On those two libm's fmax returns its second operand, and
 * since fmax is commutative the compiler may swap the operands of a call: a maximum of
 * values that start from +0 is +0 here whenever nothing is greater (tests/la/test_vec.c). */
#ifndef SN_COMMON_FMAX_FIRST_H
#define SN_COMMON_FMAX_FIRST_H

static inline double sn_fmax_first(double a, double b) { return (b > a || a != a) ? b : a; }

#endif
