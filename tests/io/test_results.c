/* Text results file (sn_results_*): the layout checked line by line against what CalculiX 2.20
 * writes into its .dat file for the same tables, increments committed atomically, argument
 * checks, an interrupted run's file. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "signorini/io.h"

/* The first increment of `ccx demo` (CalculiX 2.20, two C3D8 cubes in contact, *STATIC 0.5, 1.)
 * with *NODE PRINT,NSET=TOP,TOTALS=YES U,RF / *EL PRINT,ELSET=E1,TOTALS=YES S,E,ENER,EVOL /
 * *CONTACT PRINT CDIS,CSTR: demo.dat, character for character. */
static const char CCX_INC1[] =
    "\n"
    " displacements (vx,vy,vz) for set TOP and time  0.5000000E+00\n"
    "\n"
    "        13  0.000000E+00  0.000000E+00 -5.000000E-03\n"
    "        14  8.081701E-04  0.000000E+00 -5.000000E-03\n"
    "        15  7.328854E-04  8.166124E-04 -5.000000E-03\n"
    "        16  6.957065E-05  8.374032E-04 -5.000000E-03\n"
    "\n"
    " forces (fx,fy,fz) for set TOP and time  0.5000000E+00\n"
    "\n"
    "        13  1.362140E+00 -9.191608E-01 -1.421584E+02\n"
    "        14 -1.425943E-14 -5.539362E+00 -1.367074E+02\n"
    "        15 -1.568190E-14 -1.004752E-14 -1.336743E+02\n"
    "        16  3.413936E-15  2.234324E-15 -1.404235E+02\n"
    "\n"
    " total force (fx,fy,fz) for set TOP and time  0.5000000E+00\n"
    "\n"
    "        1.362140E+00 -6.458523E+00 -5.529636E+02\n"
    "\n"
    " stresses (elem, integ.pnt.,sxx,syy,szz,sxy,sxz,syz) for set E1 and time  0.5000000E+00\n"
    "\n"
    "         1   1 -2.000242E+02 -2.017409E+02 -5.881488E+02 -3.581114E+00  6.390819E+00  1.018477E+01\n"
    "         1   2 -2.095902E+02 -2.088474E+02 -6.129289E+02 -1.354271E+00  4.520985E+01  1.146921E+01\n"
    "         1   3 -2.043883E+02 -2.105587E+02 -6.131773E+02 -2.351365E+00 -4.611742E+00  4.665867E+01\n"
    "         1   4 -2.138197E+02 -2.175307E+02 -6.376436E+02 -1.245216E-01  4.029114E+01  5.130284E+01\n"
    "         1   5 -9.446706E+00 -1.585372E+01 -4.752094E+02 -1.336490E+01 -1.216261E+00  2.079403E+00\n"
    "         1   6 -1.397310E+01 -1.120114E+01 -4.949500E+02 -5.054207E+00  3.760277E+01  3.453523E+00\n"
    "         1   7  7.482658E+00 -1.554574E+01 -4.911122E+02 -8.775412E+00 -1.212913E+01  3.855330E+01\n"
    "         1   8  3.090799E+00 -1.075863E+01 -5.105388E+02 -4.647208E-01  3.277374E+01  4.328716E+01\n"
    "\n"
    " strains (elem, integ.pnt.,exx,eyy,ezz,exy,exz,eyz) for set E1 and time  0.5000000E+00\n"
    "\n"
    "         1   1  1.759179E-04  1.652903E-04 -2.226758E-03 -2.216880E-05  3.956221E-05  6.304859E-05\n"
    "         1   2  1.759179E-04  1.805158E-04 -2.320941E-03 -8.383580E-06  2.798705E-04  7.099984E-05\n"
    "         1   3  2.034883E-04  1.652903E-04 -2.327111E-03 -1.455607E-05 -2.854888E-05  2.888394E-04\n"
    "         1   4  2.034883E-04  1.805158E-04 -2.420183E-03 -7.708478E-07  2.494213E-04  3.175890E-04\n"
    "         1   5  6.565344E-04  6.168719E-04 -2.226758E-03 -8.273508E-05 -7.529232E-06  1.287249E-05\n"
    "         1   6  6.565344E-04  6.736942E-04 -2.320941E-03 -3.128795E-05  2.327790E-04  2.137895E-05\n"
    "         1   7  7.594287E-04  6.168719E-04 -2.327111E-03 -5.432398E-05 -7.508512E-05  2.386633E-04\n"
    "         1   8  7.594287E-04  6.736942E-04 -2.420183E-03 -2.876843E-06  2.028851E-04  2.679681E-04\n"
    "\n"
    " internal energy density (elem, integ.pnt.,energy) for set E1 and time  0.5000000E+00\n"
    "\n"
    "         1   1  6.215402E-01\n"
    "         1   2  6.874792E-01\n"
    "         1   3  6.889115E-01\n"
    "         1   4  7.565611E-01\n"
    "         1   5  5.222390E-01\n"
    "         1   6  5.750000E-01\n"
    "         1   7  5.800713E-01\n"
    "         1   8  6.335985E-01\n"
    "\n"
    " volume (element, volume) for set E1 and time  0.5000000E+00\n"
    "\n"
    "         1  1.000000E+00\n"
    "\n"
    " total volume for set E1 and time  0.5000000E+00\n"
    "\n"
    "        1.000000E+00\n"
    "\n"
    " relative contact displacement (slave node,normal,tang1,tang2) for all contact elements and time 0.5000000E+00\n"
    "\n"
    "         9 -1.969649E-05  2.221296E-06  2.562249E-06\n"
    "        10 -1.897171E-05 -4.691508E-07  2.093461E-06\n"
    "        11 -1.788296E-05 -6.019436E-07 -6.931564E-07\n"
    "        12 -1.842423E-05  1.268717E-06 -4.975033E-07\n"
    "\n"
    " contact stress (slave node,press,tang1,tang2) for all contact elements and time 0.5000000E+00\n"
    "\n"
    "         9  1.939672E+02  2.221296E+01  2.562249E+01\n"
    "        10  1.867196E+02 -4.691508E+00  2.093461E+01\n"
    "        11  1.758323E+02 -6.019436E+00 -6.931564E+00\n"
    "        12  1.812450E+02  1.268717E+01 -4.975033E+00\n";

/* ---- the blocks behind a .dat text: titles CalculiX writes -> variable ---- */
static const struct {
  const char *title, *var;
  int ip, ncomp;
} TITLES[] = {
  {"displacements (vx,vy,vz)", "U", 0, 3},
  {"forces (fx,fy,fz)", "RF", 0, 3},
  {"stresses (elem, integ.pnt.,sxx,syy,szz,sxy,sxz,syz)", "S", 1, 6},
  {"strains (elem, integ.pnt.,exx,eyy,ezz,exy,exz,eyz)", "E", 1, 6},
  {"internal energy density (elem, integ.pnt.,energy)", "ENER", 1, 1},
  {"volume (element, volume)", "EVOL", 0, 1},
  {"relative contact displacement (slave node,normal,tang1,tang2)", "CDIS", 0, 3},
  {"contact stress (slave node,press,tang1,tang2)", "CSTR", 0, 3},
};

#define MAXB 16
#define MAXR 16
typedef struct {
  sn_results_block b;
  char set[32];
  int id[MAXR], ip[MAXR];
  double val[MAXR * 6];
} pblock;

/* parse a .dat text into blocks ("total ..." blocks set the previous block's totals) */
static int parse_dat(const char *text, pblock *B)
{
  int nb = 0;
  const char *p = text;
  pblock *cur = NULL;
  while (*p) {
    const char *e = strchr(p, '\n');
    char line[256];
    size_t n = e ? (size_t)(e - p) : strlen(p);
    memcpy(line, p, n);
    line[n] = '\0';
    p += n + (e ? 1 : 0);
    if (n == 0) continue;
    if (line[0] == ' ' && line[1] >= 'a' && line[1] <= 'z') {
      char *f = strstr(line, " for ");
      *f = '\0';
      if (strncmp(line + 1, "total ", 6) == 0) {
        cur->b.totals = SN_TOTALS_YES;
        cur = NULL;
        continue;
      }
      cur = &B[nb++];
      memset(cur, 0, sizeof *cur);
      for (size_t k = 0; k < sizeof TITLES / sizeof TITLES[0]; k++)
        if (strcmp(line + 1, TITLES[k].title) == 0) {
          cur->b.var = TITLES[k].var;
          cur->b.ncomp = TITLES[k].ncomp;
          cur->b.ip = TITLES[k].ip ? cur->ip : NULL;
        }
      CHECK(cur->b.var != NULL);
      if (strncmp(f + 5, "set ", 4) == 0) {
        sscanf(f + 9, "%31s", cur->set);
        cur->b.set = cur->set;
      }
      cur->b.time = atof(strrchr(f + 1, ' ') + 1);
      cur->b.id = cur->id;
      cur->b.val = cur->val;
      continue;
    }
    if (!cur) continue;   /* the row of a total */
    int r = cur->b.nrows++, used;
    char *q = line;
    sscanf(q, "%d%n", &cur->id[r], &used);
    q += used;
    if (cur->b.ip) {
      sscanf(q, "%d%n", &cur->ip[r], &used);
      q += used;
    }
    for (int c = 0; c < cur->b.ncomp; c++) {
      sscanf(q, "%lf%n", &cur->val[cur->b.ncomp * r + c], &used);
      q += used;
    }
  }
  return nb;
}

static char *slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)n + 1);
  if (fread(b, 1, (size_t)n, f) != (size_t)n) n = 0;
  b[n] = '\0';
  fclose(f);
  return b;
}

/* the file equals want, line by line (the first difference is reported) */
static void check_text(const char *path, const char *want)
{
  char *got = slurp(path);
  CHECK(got != NULL);
  if (!got) return;
  const char *g = got, *w = want;
  int line = 1;
  while (*g || *w) {
    size_t gl = strcspn(g, "\n"), wl = strcspn(w, "\n");
    if (gl != wl || memcmp(g, w, gl) != 0 || (g[gl] == '\n') != (w[wl] == '\n')) {
      fprintf(stderr, "%s:%d:\n  got  [%.*s]\n  want [%.*s]\n", path, line, (int)gl, g, (int)wl, w);
      CHECK(0);
      break;
    }
    g += gl + (g[gl] == '\n');
    w += wl + (w[wl] == '\n');
    line++;
  }
  CHECK(strcmp(got, want) == 0);
  free(got);
}

static int count_entries(const char *dir, const char *part)
{
  DIR *d = opendir(dir);
  struct dirent *de;
  int n = 0;
  if (!d) return -1;
  while ((de = readdir(d)))
    if (de->d_name[0] != '.' && (!part || strstr(de->d_name, part))) n++;
  closedir(d);
  return n;
}

/* the header CalculiX writes for a U table of set S at time t */
static void time_header(sn_results *r, const char *path, double t, const char *want)
{
  char msg[256], expect[256];
  int id = 1;
  double v[3] = {0, 0, 0};
  sn_results_block b = {.var = "U", .set = "S", .time = t, .nrows = 1, .ncomp = 3, .id = &id, .val = v};
  CHECK_INT(sn_results_add(r, &b, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_OK);
  char *got = slurp(path);
  snprintf(expect, sizeof expect, "\n displacements (vx,vy,vz) for set S and time %s\n\n", want);
  CHECK(got && strstr(got, expect) != NULL);
  if (got && !strstr(got, expect)) fprintf(stderr, "time %.17g: no [%s]\n", t, want);
  free(got);
}

/* rows in a node's *TRANSFORM frame end with " L" (CalculiX 2.20's .dat for *NODE PRINT without
 * GLOBAL=YES, seen in ccx's output of a transformed node: "2  6.666667E-02 ... L") */
static void local_rows(sn_results *r, const char *path)
{
  char msg[256];
  int id[2] = {7, 8};
  unsigned char loc[2] = {0, 1};
  double v[6] = {1, 2, 3, 4, 5, 6};
  sn_results_block b = {.var = "U", .set = "S", .time = 1.0, .nrows = 2, .ncomp = 3, .id = id, .val = v, .local = loc};
  CHECK_INT(sn_results_add(r, &b, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_OK);
  char *got = slurp(path);
  CHECK(got && strstr(got, "         7  1.000000E+00  2.000000E+00  3.000000E+00\n") != NULL);
  CHECK(got && strstr(got, "         8  4.000000E+00  5.000000E+00  6.000000E+00 L\n") != NULL);
  free(got);
}

int main(void)
{
  char dir[] = "/tmp/sn_test_results_XXXXXX", path[4096], msg[512];
  static pblock B[MAXB];
  sn_results *r = NULL;
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  snprintf(path, sizeof path, "%s/job.dat", dir);

  /* the CalculiX increment, block by block */
  int nb = parse_dat(CCX_INC1, B);
  CHECK_INT(nb, 8);
  CHECK_INT(sn_results_open(path, &r, msg, sizeof msg), SN_OK);
  CHECK(r != NULL && msg[0] == '\0');
  check_text(path, "");   /* created empty */
  for (int k = 0; k < nb; k++) CHECK_INT(sn_results_add(r, &B[k].b, msg, sizeof msg), SN_OK);
  check_text(path, "");   /* nothing written before the flush */
  CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_OK);
  check_text(path, CCX_INC1);
  CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_OK);   /* nothing pending: no change */
  check_text(path, CCX_INC1);

  /* second increment: no set name, ndf = 2 (vz printed 0), TOTALS=ONLY, a failed add between */
  {
    int ids[2] = {7, 123456};
    double u2[4] = {1.5, -2.0, 1e-300, 6.02e23};
    double rf[6] = {1, 2, 3, 4, 5, 6};
    sn_results_block b = {.var = "u", .time = 1.0, .nrows = 2, .ncomp = 2, .id = ids, .val = u2};
    CHECK_INT(sn_results_add(r, &b, msg, sizeof msg), SN_OK);
    sn_results_block bad = b;
    bad.totals = SN_TOTALS_YES;   /* no totals of U */
    CHECK_INT(sn_results_add(r, &bad, msg, sizeof msg), SN_ERR_ARG);
    CHECK(strstr(msg, "job.dat: U: no totals for this variable") != NULL);
    bad = b;
    bad.var = "PE";
    CHECK_INT(sn_results_add(r, &bad, msg, sizeof msg), SN_ERR_UNKNOWN);
    CHECK(strstr(msg, "unknown output variable \"PE\"") != NULL);
    bad = b;
    bad.ncomp = 4;
    CHECK_INT(sn_results_add(r, &bad, msg, sizeof msg), SN_ERR_DIM);
    bad = b;
    bad.var = "S";
    bad.ncomp = 6;   /* S without integration points */
    CHECK_INT(sn_results_add(r, &bad, msg, sizeof msg), SN_ERR_ARG);
    bad = b;
    bad.val = NULL;
    CHECK_INT(sn_results_add(r, &bad, msg, sizeof msg), SN_ERR_ARG);
    CHECK_INT(sn_results_add(NULL, &b, msg, sizeof msg), SN_ERR_ARG);
    sn_results_block t = {.var = "RF", .set = "", .time = 1.0, .nrows = 2, .ncomp = 3, .id = ids, .val = rf,
                          .totals = SN_TOTALS_ONLY};
    CHECK_INT(sn_results_add(r, &t, msg, sizeof msg), SN_OK);
    sn_results_block c = {.var = "CSTR", .set = "IGNORED", .time = 1.0, .nrows = 0, .ncomp = 3};
    CHECK_INT(sn_results_add(r, &c, msg, sizeof msg), SN_OK);
    CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_OK);
  }
  static char want[sizeof CCX_INC1 + 1024];
  snprintf(want, sizeof want, "%s%s", CCX_INC1,
           "\n"
           " displacements (vx,vy,vz) for all nodes and time  0.1000000E+01\n"
           "\n"
           "         7  1.500000E+00 -2.000000E+00  0.000000E+00\n"
           "    123456 1.000000E-300  6.020000E+23  0.000000E+00\n"
           "\n"
           " total force (fx,fy,fz) for all nodes and time  0.1000000E+01\n"
           "\n"
           "        5.000000E+00  7.000000E+00  9.000000E+00\n"
           "\n"
           " contact stress (slave node,press,tang1,tang2) for all contact elements and time 0.1000000E+01\n"
           "\n");
  check_text(path, want);
  CHECK_INT(count_entries(dir, NULL), 1);

  /* an interrupted run: blocks added but not flushed never reach the file */
  {
    int id = 1;
    double v = 2;
    sn_results_block b = {.var = "EVOL", .set = "E", .time = 2.0, .nrows = 1, .ncomp = 1, .id = &id, .val = &v};
    CHECK_INT(sn_results_add(r, &b, msg, sizeof msg), SN_OK);
    check_text(path, want);
    /* the file changed behind the writer's back: refused, the file left alone, still pending */
    FILE *f = fopen(path, "ab");
    fputs("x", f);
    fclose(f);
    CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "job.dat: changed on disk while being written") != NULL);
    CHECK_INT(count_entries(dir, ".tmp"), 0);
    remove(path);
    CHECK_INT(sn_results_flush(r, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "job.dat: cannot reopen it to append") != NULL);
    CHECK_INT(count_entries(dir, NULL), 0);
  }
  sn_results_close(r);

  /* times in Fortran's E14.7, as CalculiX prints them */
  CHECK_INT(sn_results_open(path, &r, msg, sizeof msg), SN_OK);
  time_header(r, path, 0.0, " 0.0000000E+00");
  time_header(r, path, 1e-4, " 0.1000000E-03");
  time_header(r, path, 1234.5, " 0.1234500E+04");
  local_rows(r, path);
  time_header(r, path, -0.25, "-0.2500000E+00");
  time_header(r, path, 0.99999996, " 0.1000000E+01");
  time_header(r, path, 0.123456789, " 0.1234568E+00");
  time_header(r, path, 3e-20, " 0.3000000E-19");
  sn_results_close(r);
  sn_results_close(NULL);

  /* a folder that does not exist: SN_ERR_IO, nothing created; the same path reopened empties it */
  {
    char missing[4096];
    sn_results *x = (sn_results *)&x;
    snprintf(missing, sizeof missing, "%s/no_such_folder/job.dat", dir);
    CHECK_INT(sn_results_open(missing, &x, msg, sizeof msg), SN_ERR_IO);
    CHECK(x == NULL);
    CHECK(strstr(msg, "no_such_folder/job.dat: cannot create a temporary file beside it") != NULL);
    CHECK_INT(sn_results_open(path, NULL, msg, sizeof msg), SN_ERR_ARG);
    CHECK_INT(sn_results_open(path, &x, msg, sizeof msg), SN_OK);
    check_text(path, "");
    sn_results_close(x);
  }
  CHECK_INT(count_entries(dir, NULL), 1);

  remove(path);
  rmdir(dir);
  return sn_check_report();
}
