/* Internal: SN_FORCE_INLINE, for a kernel written once with a size parameter and called with
 * constants (a 3x3 block, a 3D contact): inlined into each call, so that the compiler unrolls
 * its loops and turns divisions by the size into multiplications. Plain inline where the
 * compiler has no such attribute. */
#ifndef SN_COMMON_FORCE_INLINE_H
#define SN_COMMON_FORCE_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#define SN_FORCE_INLINE inline __attribute__((always_inline))
#else
#define SN_FORCE_INLINE inline
#endif

#endif
