/* The memory allocator's settings of the commands that compute (run, demo, solve).
 *
 * A finite-element analysis touches most of its memory once: the stiffness, its factor, the
 * contact operators and the output buffers are allocated, filled and freed, and the first touch
 * of each 4 KiB page costs a page fault. On virtual machines a fault is expensive: on the 2-core
 * development VM (AMD EPYC, Linux 6.18) a third of the Hertz bench deck's run was the kernel's
 * fault path and memset on fresh pages (perf; 23 700 faults). With transparent huge pages one
 * fault maps 2 MiB. glibc's malloc asks for them only when told (the tunable
 * glibc.malloc.hugetlb, read from GLIBC_TUNABLES when a program starts, which a program cannot
 * set for itself without executing itself again: about 10 ms here), so the program prepares the
 * heap itself, once, before it computes:
 *  1. mallopt: no mmap for large blocks (every block comes from the heap); once the reserve
 *     below is in place, the heap's top never trimmed (M_TRIM_THRESHOLD -1) and one arena for
 *     all threads (the output threads' buffers then come from the same heap);
 *  2. the heap is grown once by a reserve of address space (one block allocated and freed: a
 *     quarter of the physical memory, at most 16 GiB, at most a quarter of RLIMIT_AS and
 *     RLIMIT_DATA where set) and the reserve is advised MADV_HUGEPAGE. The reserve costs no memory
 *     until it is used (pages are mapped as the allocations touch them, 2 MiB at a time), but it
 *     counts in the kernel's commit total (Committed_AS): under strict overcommit
 *     (vm.overcommit_memory 2) it would be charged, so nothing is done there.
 * Allocations beyond the reserve grow the heap as usual, with 4 KiB pages. Nothing is changed
 * when SIGNORINI_MALLOC=system, when LD_PRELOAD is set (another allocator such as jemalloc, or a
 * tool such as valgrind), in an AddressSanitizer build (it replaces malloc), on a 32-bit build,
 * under strict overcommit, without transparent huge pages (the kernel's transparent_hugepage
 * mode "never", or none), or with limits that leave less than 64 MiB for the reserve
 * (sn_cli_malloc_applies). Where the heap cannot grow by the reserve after all, mmap is allowed
 * again; glibc's mmap threshold then stays at its initial 128 KiB (any mallopt fixes it).
 * Threads: OpenBLAS' pthread variant has started its workers when the library was loaded, before
 * main; they allocate their buffers with mmap, not malloc. The program's own threads start after.
 * Measured (docs/threads.md "The allocator"): the Hertz bench deck's run 0.36 -> 0.16 s (23 700
 * -> 1 600 faults), the 24 x 24 x 8 contact block 3.7 -> 2.4 s, peak memory +5-20 %. */
#define _DEFAULT_SOURCE
#include "malloc_tune.h"

#include <malloc.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SN_HAS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SN_HAS_ASAN 1
#endif
#endif

#define HUGE_PAGE ((uintptr_t)2 << 20)
#define GLIBC_MMAP_MAX_DEFAULT 65536

/* the reserve's size: a quarter of the physical memory, at most 16 GiB and a quarter of the
 * address-space and data limits */
static size_t reserve_bytes(void)
{
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  uint64_t r = (uint64_t)pages * (uint64_t)page / 4;
  if (r > ((uint64_t)16 << 30)) r = (uint64_t)16 << 30;
  const int limits[2] = {RLIMIT_AS, RLIMIT_DATA};
  for (int i = 0; i < 2; i++) {
    struct rlimit l;
    if (getrlimit(limits[i], &l) == 0 && l.rlim_cur != RLIM_INFINITY && (uint64_t)l.rlim_cur / 4 < r)
      r = (uint64_t)l.rlim_cur / 4;
  }
  return (size_t)r;
}

/* the first character of a small system file, or 0 */
static int first_char(const char *path, const char *after)
{
  char buf[128] = "";
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *p = after ? strstr(buf, after) : buf;
  return p ? (unsigned char)p[after ? strlen(after) : 0] : 0;
}

/* the reserve's size where this system allows the huge-page heap, else 0 */
static size_t applicable_reserve(void)
{
  if (sizeof(size_t) < 8) return 0;   /* a 32-bit address space has no room for the reserve */
  /* strict overcommit charges the reserve's address space to the commit limit */
  if (first_char("/proc/sys/vm/overcommit_memory", NULL) == '2') return 0;
  /* no transparent huge pages (not built, or "[never]"): nothing to gain */
  int mode = first_char("/sys/kernel/mm/transparent_hugepage/enabled", "[");
  if (mode != 'a' && mode != 'm') return 0;
  size_t r = reserve_bytes();
  return r >= ((size_t)64 << 20) ? r : 0;
}

int sn_cli_malloc_applies(void) { return applicable_reserve() != 0; }

int sn_cli_tune_malloc(const char **why)
{
  *why = NULL;
  const char *mode = getenv("SIGNORINI_MALLOC");
  if (mode && mode[0] && strcmp(mode, "system") && strcmp(mode, "tuned")) {
    *why = "SIGNORINI_MALLOC must be 'tuned' (the default) or 'system'";
    return -1;
  }
  if (mode && !strcmp(mode, "system")) return 0;
#ifdef SN_HAS_ASAN
  return 0;
#else
  const char *pre = getenv("LD_PRELOAD");
  size_t r = pre && pre[0] ? 0 : applicable_reserve();
  if (!r) return 0;
  /* 2: one block of the reserve's size from the heap (no mmap for it), freed at once: the
   * heap's top, never trimmed */
  if (!mallopt(M_MMAP_MAX, 0)) return 0;
  char *b0 = sbrk(0);
  void *p = malloc(r);
  char *b1 = sbrk(0);
  /* from the heap (the end of the block within the heap's new end), not from an mmap that
   * malloc falls back to when the heap cannot grow */
  uintptr_t a = (uintptr_t)p, e = (uintptr_t)b1;
  int grown = p && b0 != (char *)-1 && b1 != (char *)-1 && b1 > b0 && a + r <= e;
  if (!grown) {   /* glibc's settings back, but for its mmap threshold, now fixed at 128 KiB */
    free(p);
    mallopt(M_MMAP_MAX, GLIBC_MMAP_MAX_DEFAULT);
    return 0;
  }
  mallopt(M_TRIM_THRESHOLD, -1);
  mallopt(M_ARENA_MAX, 1);
  free(p);
  a = (a + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  e &= ~(HUGE_PAGE - 1);
  if (e > a) madvise((void *)a, e - a, MADV_HUGEPAGE);
  return 1;
#endif
}
