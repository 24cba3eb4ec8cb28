/* Minimal test harness: CHECK macros count failures; main returns sn_check_report(). */
#ifndef SN_TEST_CHECK_H
#define SN_TEST_CHECK_H
#include <math.h>
#include <stdio.h>

/* SN_SANITIZED: 1 under AddressSanitizer (gcc, clang), where the tests leave out their large
 * problems to keep the suite short */
#if defined(__SANITIZE_ADDRESS__)
#define SN_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SN_SANITIZED 1
#endif
#endif
#ifndef SN_SANITIZED
#define SN_SANITIZED 0
#endif

static int sn_check_failed = 0, sn_check_passed = 0;

#define CHECK(cond)                                                              \
  do {                                                                           \
    if (cond) sn_check_passed++;                                                 \
    else { sn_check_failed++; fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); } \
  } while (0)

/* |got - want| <= atol + rtol |want| */
#define CHECK_CLOSE(got, want, rtol, atol)                                       \
  do {                                                                           \
    double g_ = (got), w_ = (want);                                              \
    if (fabs(g_ - w_) <= (atol) + (rtol) * fabs(w_)) sn_check_passed++;         \
    else { sn_check_failed++; fprintf(stderr, "%s:%d: %s = %.17g, expected %.17g\n", __FILE__, __LINE__, #got, g_, w_); } \
  } while (0)

#define CHECK_INT(got, want)                                                     \
  do {                                                                           \
    long g_ = (long)(got), w_ = (long)(want);                                    \
    if (g_ == w_) sn_check_passed++;                                             \
    else { sn_check_failed++; fprintf(stderr, "%s:%d: %s = %ld, expected %ld\n", __FILE__, __LINE__, #got, g_, w_); } \
  } while (0)

static int sn_check_report(void)
{
  printf("%d checks passed, %d failed\n", sn_check_passed, sn_check_failed);
  return sn_check_failed ? 1 : 0;
}
#endif
