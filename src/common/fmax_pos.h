/* Internal: fmax without the call, for operands that are never -0 (absolute values, sums of
 * squares, norms): glibc's fmax is a library call (GCC inlines it only under
 * -ffinite-math-only), about 10 instructions with the call for one comparison, and the small
 * problems' kernels (the block view's checks, the local 3x3 solves, the error measures) make
 * hundreds of them per call. A NaN operand is ignored as fmax ignores it (the other is
 * returned; NaN when both are); on such operands the two zeros that fmax may tell apart do not
 * occur, so the value is fmax's bit for bit (tests/la/test_vec.c). */
#ifndef SN_COMMON_FMAX_POS_H
#define SN_COMMON_FMAX_POS_H

static inline double sn_fmax_pos(double a, double b) { return (b > a || a != a) ? b : a; }

#endif
