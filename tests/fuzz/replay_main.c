/* A smoke run of a fuzz target without libFuzzer: every file of the seed corpus folders given on
 * the command line goes through LLVMFuzzerTestOneInput (tests/fuzz/fuzz_readers.c) whole, then
 * as a few truncations and a few hundred single-byte mutations drawn by a fixed-seed generator,
 * so that the run is the same every time and takes seconds. The test suite runs it in the
 * Release and in the sanitizer builds; long coverage-guided campaigns are scripts/fuzz.sh.
 * Exit 0 when every input was read without a crash (a crash aborts the process). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MUTATIONS 200

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;
static unsigned next_rand(void)
{
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;   /* Knuth's MMIX LCG */
  return (unsigned)(rng >> 33);
}

static int replay_file(const char *path, long *count)
{
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "replay: cannot read %s\n", path); return 1; }
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0, got;
  uint8_t chunk[4096];
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (n + got > cap) {
      cap = 2 * (n + got);
      uint8_t *nb = realloc(buf, cap);
      if (!nb) { free(buf); fclose(f); return 1; }
      buf = nb;
    }
    memcpy(buf + n, chunk, got);
    n += got;
  }
  fclose(f);
  uint8_t *m = malloc(n ? n : 1);
  if (!m) { free(buf); return 1; }
  LLVMFuzzerTestOneInput(buf, n);
  (*count)++;
  for (int k = 1; k <= 4 && n; k++) {                 /* truncations: a quarter, half, ... */
    LLVMFuzzerTestOneInput(buf, n * (size_t)k / 5);
    (*count)++;
  }
  static const uint8_t special[] = {'\0', '\n', ',', '-', '9', 'e', '*', ' ', 0xff, '.'};
  for (int k = 0; k < MUTATIONS && n; k++) {
    memcpy(m, buf, n);
    size_t at = next_rand() % n;
    unsigned r = next_rand();
    m[at] = (r & 1) ? special[(r >> 1) % sizeof special] : (uint8_t)(r >> 8);
    LLVMFuzzerTestOneInput(m, n);
    (*count)++;
  }
  free(m);
  free(buf);
  return 0;
}

int main(int argc, char **argv)
{
  long count = 0;
  int files = 0, rc = 0;
  for (int a = 1; a < argc; a++) {
    DIR *d = opendir(argv[a]);
    if (!d) { fprintf(stderr, "replay: cannot open the corpus folder %s\n", argv[a]); return 1; }
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.') continue;
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
      rc |= replay_file(path, &count);
      files++;
    }
    closedir(d);
  }
  if (!files) { fprintf(stderr, "replay: empty corpus\n"); return 1; }
  printf("replay: %d corpus files, %ld inputs, no crash\n", files, count);
  return rc;
}
