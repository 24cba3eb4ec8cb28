/* Every printed line of the first seed's one-dof tables (tests/data/seed000/, verbatim from
 * the project seed text shared/seeds/000_579d2b806ad4708f.txt, sections 3.1-3.4) against the output of
 * `signorini demo seed-1dof --method M`, which prints the library's iteration trace.
 * Text must agree (blanks normalised); each number must agree to the seed's printed precision
 * (one unit in its last printed digit), or to 1e-4 relative for residual-size values
 * (|value| < 1e-8: final gaps, leftover forces, last Newton steps), which depend on the order
 * of floating-point operations.
 * Usage: test_seed_tables SIGNORINI_BINARY DATA_DIR METHOD */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 256

/* split a line into its text skeleton (numbers replaced by '#', blanks squeezed) and numbers */
static int split(const char *s, char *skel, double *num, double *unit, int maxn)
{
  int n = 0;
  char *k = skel;
  while (*s) {
    const char *p = s;
    int neg = (*p == '-' || *p == '+') && (isdigit((unsigned char)p[1]) || p[1] == '.');
    if (isdigit((unsigned char)*p) || neg) {
      char *end;
      double v = strtod(s, &end);
      /* the unit of the last printed digit */
      const char *dot = memchr(s, '.', (size_t)(end - s));
      const char *e = NULL;
      for (const char *q = s; q < end; q++) if (*q == 'e' || *q == 'E') e = q;
      int dec = 0;
      if (dot) for (const char *q = dot + 1; q < end && isdigit((unsigned char)*q); q++) dec++;
      int ex = e ? atoi(e + 1) : 0;
      if (n < maxn) { num[n] = v; unit[n] = pow(10.0, ex - dec); }
      n++;
      *k++ = '#';
      s = end;
      continue;
    }
    if (isspace((unsigned char)*s)) {
      if (k > skel && k[-1] != ' ') *k++ = ' ';
      while (isspace((unsigned char)*s)) s++;
      continue;
    }
    *k++ = *s++;
  }
  while (k > skel && k[-1] == ' ') k--;
  *k = '\0';
  return n;
}

static int read_lines(FILE *f, char lines[][MAXL], int cap, int skip_comments)
{
  int n = 0;
  char buf[MAXL];
  while (fgets(buf, sizeof buf, f)) {
    buf[strcspn(buf, "\r\n")] = '\0';
    if (buf[0] == '\0' || (skip_comments && buf[0] == '#') || !strncmp(buf, "=====", 5)) continue;
    if (n < cap) strcpy(lines[n], buf);
    n++;
  }
  return n;
}

int main(int argc, char **argv)
{
  if (argc != 4) { fprintf(stderr, "usage: %s SIGNORINI DATA_DIR METHOD\n", argv[0]); return 2; }
  static char want[400][MAXL], got[400][MAXL];
  char path[1024], cmd[2048];
  snprintf(path, sizeof path, "%s/%s.txt", argv[2], argv[3]);
  FILE *f = fopen(path, "r");
  if (!f) { perror(path); return 1; }
  int nw = read_lines(f, want, 400, 1);
  fclose(f);
  snprintf(cmd, sizeof cmd, "'%s' demo seed-1dof --method %s", argv[1], argv[3]);
  FILE *p = popen(cmd, "r");
  if (!p) { perror("popen"); return 1; }
  int ng = read_lines(p, got, 400, 0);
  int rc = pclose(p);
  int fails = 0, checked = 0, exact = 0;
  if (rc != 0) { fprintf(stderr, "%s exited with %d\n", cmd, rc); fails++; }
  if (ng != nw) { fprintf(stderr, "%d lines printed, the seed has %d\n", ng, nw); fails++; }
  int n = ng < nw ? ng : nw;
  for (int i = 0; i < n; i++) {
    char sw[MAXL], sg[MAXL];
    double vw[16], uw[16], vg[16], ug[16];
    int kw = split(want[i], sw, vw, uw, 16), kg = split(got[i], sg, vg, ug, 16);
    if (strcmp(sw, sg) || kw != kg) {
      fprintf(stderr, "line %d differs:\n  seed: %s\n  ours: %s\n", i + 1, want[i], got[i]);
      fails++;
      continue;
    }
    for (int j = 0; j < kw && j < 16; j++) {
      double tol = fabs(vw[j]) < 1e-8 ? fmax(1e-4 * fabs(vw[j]), uw[j]) : uw[j] * 1.000001;
      checked++;
      if (vw[j] == vg[j]) exact++;
      if (!(fabs(vw[j] - vg[j]) <= tol)) {
        fprintf(stderr, "line %d number %d: seed %.12g, ours %.12g (tolerance %.3g)\n  seed: %s\n  ours: %s\n",
                i + 1, j + 1, vw[j], vg[j], tol, want[i], got[i]);
        fails++;
      }
    }
  }
  printf("%s: %d lines, %d numbers checked, %d identical as printed, %d failures\n", argv[3], n,
         checked, exact, fails);
  return fails ? 1 : 0;
}
