/* The huge-page heap of the commands that compute (src/cli/malloc_tune.c), in this process:
 *  - SIGNORINI_MALLOC other than tuned / system / empty: -1 and a reason, nothing changed;
 *  - SIGNORINI_MALLOC=system, or LD_PRELOAD set: 0, nothing changed (the heap still 4 KiB pages);
 *  - otherwise 1 where sn_cli_malloc_applies() (a 64-bit build, no strict overcommit, transparent
 *    huge pages available, limits leaving room), else 0; 0 in a sanitizer build (its malloc is
 *    not glibc's) or when the test itself runs under LD_PRELOAD (valgrind). When 1: the heap holds a region
 *    of at least 64 MiB advised MADV_HUGEPAGE ("hg" in /proc/self/smaps' VmFlags), and blocks of
 *    1 MiB and 100 MiB, from this thread and from a second one, come from the heap (between
 *    the heap's first address and sbrk(0)), not from separate mmaps;
 *  - the memory works: a 100 MiB block written and read back. */
#define _DEFAULT_SOURCE
#include "check.h"
#include "cli/malloc_tune.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the [heap] mappings of /proc/self/smaps: *lo the first address, *hg_bytes the size of the
 * largest one advised huge pages */
static int heap_maps(uintptr_t *lo, size_t *hg_bytes)
{
  FILE *f = fopen("/proc/self/smaps", "r");
  if (!f) return -1;
  char line[512];
  int in_heap = 0;
  uintptr_t a = 0, b = 0;
  *lo = 0;
  *hg_bytes = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned long x, y;
    if (sscanf(line, "%lx-%lx ", &x, &y) == 2 && strchr(line, '-') < strchr(line, ' ')) {
      in_heap = strstr(line, "[heap]") != NULL;
      a = x;
      b = y;
      if (in_heap && (!*lo || a < *lo)) *lo = a;
    } else if (in_heap && !strncmp(line, "VmFlags:", 8) && strstr(line, " hg") && b - a > *hg_bytes)
      *hg_bytes = b - a;
  }
  fclose(f);
  return 0;
}

static int in_heap(const void *p, uintptr_t lo)
{
  return (uintptr_t)p >= lo && (uintptr_t)p < (uintptr_t)sbrk(0);
}

static void *thread_block(void *arg)
{
  (void)arg;
  return malloc((size_t)1 << 20);
}

int main(void)
{
  const char *why = "unset";
  uintptr_t lo;
  size_t hg;
  const char *pre0 = getenv("LD_PRELOAD");
  char preload[1024] = "";
  if (pre0) snprintf(preload, sizeof preload, "%s", pre0);
  int applies = sn_cli_malloc_applies();
  printf("sn_cli_malloc_applies: %d, LD_PRELOAD: '%s'\n", applies, preload);

  setenv("SIGNORINI_MALLOC", "bogus", 1);
  CHECK_INT(sn_cli_tune_malloc(&why), -1);
  CHECK(why && strstr(why, "SIGNORINI_MALLOC must be 'tuned' (the default) or 'system'"));

  setenv("SIGNORINI_MALLOC", "system", 1);
  CHECK_INT(sn_cli_tune_malloc(&why), 0);
  CHECK(why == NULL);
  unsetenv("SIGNORINI_MALLOC");
  setenv("LD_PRELOAD", "/nonexistent/libother_malloc.so", 1);
  CHECK_INT(sn_cli_tune_malloc(&why), 0);
  if (preload[0]) setenv("LD_PRELOAD", preload, 1);   /* a tool's own preload stays */
  else unsetenv("LD_PRELOAD");
  CHECK_INT(heap_maps(&lo, &hg), 0);
  CHECK_INT(hg, 0);   /* nothing advised yet */

  setenv("SIGNORINI_MALLOC", "tuned", 1);
  int k = sn_cli_tune_malloc(&why);
  CHECK(why == NULL);
  int want = SN_SANITIZED || preload[0] ? 0 : applies;
  CHECK_INT(k, want);
  CHECK_INT(heap_maps(&lo, &hg), 0);
  char *big = malloc((size_t)100 << 20), *small = malloc((size_t)1 << 20), *other = NULL;
  pthread_t t;
  CHECK_INT(pthread_create(&t, NULL, thread_block, NULL), 0);
  CHECK_INT(pthread_join(t, (void **)&other), 0);
  CHECK(big && small && other);
  if (want) {
    CHECK(hg >= ((size_t)64 << 20));
    CHECK(in_heap(big, lo));
    CHECK(in_heap(small, lo));
    CHECK(in_heap(other, lo));   /* one arena: the second thread's block from the same heap */
  }
  if (big) {
    for (size_t i = 0; i < ((size_t)100 << 20); i += 4096) big[i] = (char)(i >> 12);
    int same = 1;
    for (size_t i = 0; i < ((size_t)100 << 20); i += 4096) same &= big[i] == (char)(i >> 12);
    CHECK(same);
  }
  free(big);
  free(small);
  free(other);
  return sn_check_report();
}
