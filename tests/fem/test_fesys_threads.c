/* The element passes of sn_fesys on threads (src/fem/element_pass.c): the internal force, the
 * tangent K (plain and through *EQUATION's T^T K T), the kept stiffness of the linear elements
 * and the averaged stresses and strains must be the same bits on 1, 2 and 3 threads of the
 * parallel pass as on the serial element loop. Two generated models of a few thousand elements
 * each, so that every pass runs in several chunks:
 *  3D: a C3D8 block (two J2-plastic layers, a neo-Hookean layer, elastic layers with and
 *      without thermal expansion under a temperature field), T3D2 trusses on its top, a C3D4
 *      block (six tetrahedra per cube, its top layer a *RIGID BODY: elements whose dofs repeat),
 *      linear and tabulated SPRINGA between the two blocks, *EQUATION ties between them;
 *  2D: CPE4 (a plastic band, thermal expansion), CPS4 and CAX4 regions sharing nodes, T2D2.
 * Each evaluated at a displacement that yields the plastic layers, small-strain and NLGEOM. The
 * errors: a C3D8I refused under NLGEOM and a NaN displacement report the same element, status
 * and message whatever the count. The J2 history's commit (sn_fesys_commit) likewise. */
#include "check.h"
#include "fe_deck.h"
#include "fem/element_pass.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the grids (under AddressSanitizer smaller: a few hundred elements still make many chunks) */
static int AX = 14, AY = 14, BX = 8, BY = 8, CX = 60, CY = 40;
enum { AZ = 12, BZ = 6 };

/* node id of grid point (i, j, k) of block A (base 1) and B (base 100000) */
static int na(int i, int j, int k) { return 1 + i + (AX + 1) * (j + (AY + 1) * k); }
static int nb(int i, int j, int k) { return 100000 + i + (BX + 1) * (j + (BY + 1) * k); }

static void node(fd_buf *d, int id, double x, double y, double z)
{
  /* a smooth distortion: no two elements alike */
  fd_print(d, "%d,%.17g,%.17g,%.17g\n", id, x + 0.004 * sin(3 * y + 5 * z), y + 0.004 * sin(2 * x + z), z + 0.003 * cos(x + 4 * y));
}

/* the 3D deck; c3d8i: one elastic layer of A as C3D8I (refused under NLGEOM) */
static void deck3d(fd_buf *d, int c3d8i)
{
  const double h = 0.1;
  fd_print(d, "*NODE,NSET=NALL\n");
  for (int k = 0; k <= AZ; k++)
    for (int j = 0; j <= AY; j++)
      for (int i = 0; i <= AX; i++) node(d, na(i, j, k), i * h, j * h, k * h);
  for (int k = 0; k <= BZ; k++)
    for (int j = 0; j <= BY; j++)
      for (int i = 0; i <= BX; i++) node(d, nb(i, j, k), 1.6 + i * h, j * h, k * h);
  fd_print(d, "900000,2.0,0.4,0.8\n");   /* the rigid body's reference node */
  int id = 1;
  for (int k = 0; k < AZ; k++) {
    const char *set = k < 2 ? "EP" : k == 2 ? "EH" : k % 2 ? "EA" : "EB";
    const char *type = c3d8i && k == AZ - 2 ? "C3D8I" : "C3D8";
    fd_print(d, "*ELEMENT,TYPE=%s,ELSET=%s\n", type, set);
    for (int j = 0; j < AY; j++)
      for (int i = 0; i < AX; i++)
        fd_print(d, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", id++, na(i, j, k), na(i + 1, j, k), na(i + 1, j + 1, k), na(i, j + 1, k),
                 na(i, j, k + 1), na(i + 1, j, k + 1), na(i + 1, j + 1, k + 1), na(i, j + 1, k + 1));
  }
  fd_print(d, "*ELEMENT,TYPE=T3D2,ELSET=ET\n");
  for (int j = 0; j <= AY; j++)
    for (int i = 0; i < AX; i++) fd_print(d, "%d,%d,%d\n", id++, na(i, j, AZ), na(i + 1, j, AZ));
  /* six tetrahedra per cube (Kuhn): corners v000, one axis, two axes, v111 */
  static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int k = 0; k < BZ; k++) {
    fd_print(d, "*ELEMENT,TYPE=C3D4,ELSET=%s\n", k == BZ - 1 ? "ER" : "ET4");
    for (int j = 0; j < BY; j++)
      for (int i = 0; i < BX; i++)
        for (int p = 0; p < 6; p++) {
          int o[3] = {0, 0, 0}, v[4];
          v[0] = nb(i, j, k);
          o[perm[p][0]] = 1;
          v[1] = nb(i + o[0], j + o[1], k + o[2]);
          o[perm[p][1]] = 1;
          v[2] = nb(i + o[0], j + o[1], k + o[2]);
          v[3] = nb(i + 1, j + 1, k + 1);
          if (p == 1 || p == 2 || p == 5) { int t = v[1]; v[1] = v[2]; v[2] = t; }   /* odd permutations: positive volume */
          fd_print(d, "%d,%d,%d,%d,%d\n", id++, v[0], v[1], v[2], v[3]);
        }
  }
  fd_print(d, "*ELEMENT,TYPE=SPRINGA,ELSET=SL\n");
  for (int k = 0; k <= BZ; k += 2) fd_print(d, "%d,%d,%d\n", id++, na(AX, 1, k), nb(0, 1, k));
  fd_print(d, "*ELEMENT,TYPE=SPRINGA,ELSET=SN\n");
  for (int k = 1; k <= BZ; k += 2) fd_print(d, "%d,%d,%d\n", id++, na(AX, AY - 1, k), nb(0, BY - 1, k));
  fd_print(d, "*RIGID BODY,ELSET=ER,REF NODE=900000\n");
  fd_print(d, "*MATERIAL,NAME=A\n*ELASTIC\n210000,0.3\n*EXPANSION,ZERO=0\n1.2e-5\n"
              "*MATERIAL,NAME=B\n*ELASTIC\n70000,0.33\n"
              "*MATERIAL,NAME=P\n*ELASTIC\n200000,0.3\n*PLASTIC\n250,0\n400,0.2\n"
              "*MATERIAL,NAME=H\n*HYPERELASTIC,NEO HOOKE\n40000,1.25e-5\n"
              "*MATERIAL,NAME=T\n*ELASTIC\n100000,0.3\n"
              "*SOLID SECTION,ELSET=EA,MATERIAL=A\n*SOLID SECTION,ELSET=EB,MATERIAL=B\n"
              "*SOLID SECTION,ELSET=EP,MATERIAL=P\n*SOLID SECTION,ELSET=EH,MATERIAL=H\n"
              "*SOLID SECTION,ELSET=ET4,MATERIAL=B\n*SOLID SECTION,ELSET=ER,MATERIAL=A\n"
              "*SOLID SECTION,ELSET=ET,MATERIAL=T\n0.01\n"
              "*SPRING,ELSET=SL\n5000.\n*SPRING,ELSET=SN,NONLINEAR\n-80,-0.01\n0,0\n60,0.01\n300,0.02\n");
  fd_print(d, "*EQUATION\n");
  for (int k = 0; k < BZ - 1; k++)
    for (int j = 0; j <= BY; j += 2) fd_print(d, "2\n%d,2,1.,%d,2,-1.\n", nb(0, j, k), na(AX, j, k));
  fd_print(d, "*INITIAL CONDITIONS,TYPE=TEMPERATURE\nNALL,20\n"
              "*BOUNDARY\n%d,1,3\n*STEP\n*STATIC\n*END STEP\n", na(0, 0, 0));
}

static int nc(int i, int j) { return 1 + i + (CX + 1) * j; }

/* the 2D deck: CPE4 (plastic band, expansion), CPS4 and CAX4 columns, T2D2 on the top */
static void deck2d(fd_buf *d)
{
  const double h = 0.05;
  fd_print(d, "*NODE,NSET=NALL\n");
  for (int j = 0; j <= CY; j++)
    for (int i = 0; i <= CX; i++)
      fd_print(d, "%d,%.17g,%.17g\n", nc(i, j), 1.0 + i * h + 0.003 * sin(7 * j * h), j * h + 0.002 * cos(5 * i * h));
  int id = 1;
  static const char *type[3] = {"CPE4", "CPS4", "CAX4"};
  for (int g = 0; g < 3; g++)
    for (int band = 0; band < 2; band++) {
      fd_print(d, "*ELEMENT,TYPE=%s,ELSET=E%d%d\n", type[g], g, band);
      for (int j = band ? 4 : 0; j < (band ? CY : 4); j++)
        for (int i = CX / 3 * g; i < CX / 3 * (g + 1); i++) fd_print(d, "%d,%d,%d,%d,%d\n", id++, nc(i, j), nc(i + 1, j), nc(i + 1, j + 1), nc(i, j + 1));
    }
  fd_print(d, "*ELEMENT,TYPE=T2D2,ELSET=ET\n");
  for (int i = 0; i < CX; i++) fd_print(d, "%d,%d,%d\n", id++, nc(i, CY), nc(i + 1, CY));
  fd_print(d, "*MATERIAL,NAME=A\n*ELASTIC\n210000,0.3\n*EXPANSION,ZERO=0\n1.2e-5\n"
              "*MATERIAL,NAME=P\n*ELASTIC\n200000,0.3\n*PLASTIC\n250,0\n400,0.2\n"
              "*MATERIAL,NAME=T\n*ELASTIC\n100000,0.3\n"
              "*SOLID SECTION,ELSET=E00,MATERIAL=P\n1.\n*SOLID SECTION,ELSET=E01,MATERIAL=A\n1.\n"
              "*SOLID SECTION,ELSET=E10,MATERIAL=A\n0.5\n*SOLID SECTION,ELSET=E11,MATERIAL=A\n0.5\n"
              "*SOLID SECTION,ELSET=E20,MATERIAL=P\n*SOLID SECTION,ELSET=E21,MATERIAL=A\n"
              "*SOLID SECTION,ELSET=ET,MATERIAL=T\n0.01\n"
              "*INITIAL CONDITIONS,TYPE=TEMPERATURE\nNALL,20\n"
              "*BOUNDARY\n%d,1,2\n*STEP\n*STATIC\n*END STEP\n", nc(0, 0));
}

/* everything one evaluation gives */
typedef struct {
  int ndof, nn, nip, nnz, nnz_nl, nhist;
  double *f_k, *f_fast, *f_nl, *kval, *kval_nl, *hist;
  double *s[2], *sip[2], *e[2], *eip[2];   /* [nlgeom measures 0, 1] */
} outputs;

static void outputs_free(outputs *o)
{
  free(o->f_k); free(o->f_fast); free(o->f_nl); free(o->kval); free(o->kval_nl); free(o->hist);
  for (int k = 0; k < 2; k++) { free(o->s[k]); free(o->sip[k]); free(o->e[k]); free(o->eip[k]); }
}

/* the displacement: every dof moved, enough to yield the plastic layers (strains ~ 2e-3) */
static void displacement(int ndof, double *u)
{
  for (int d = 0; d < ndof; d++) u[d] = 2e-4 * sin(1.3 * d + 0.2) + 1e-3 * cos(0.001 * d);
}

/* threads 0: the serial loop (parallel pass never); > 0: that many threads, the parallel pass
 * forced at any size with small chunks; < 0: -threads as the static analysis sets them (the
 * pass from SN_FESYS_PAR_MIN elements on, threads or one by the clock) */
static void fesys_mode(sn_fesys *S, int threads)
{
  sn_fesys_set_threads(S, threads ? abs(threads) : 1);
  if (threads >= 0) sn_fesys_set_parallel(S, threads ? 0 : 1 << 30, threads ? 20000 : 0);
}

static void evaluate(const sn_model *m, const sn_dofmap *T, int threads, outputs *o)
{
  char msg[512] = "";
  memset(o, 0, sizeof *o);
  sn_fesys *S = NULL;
  CHECK_INT(sn_fesys_create(m, &S, msg, sizeof msg), SN_OK);
  if (!S) { fprintf(stderr, "%s\n", msg); return; }
  fesys_mode(S, threads);
  sn_fesys_set_dofmap(S, T);
  int ndof = o->ndof = sn_fesys_ndof(S), nn = o->nn = m->nnodes, nip = o->nip = sn_fesys_ip_offset(S)[m->nelems];
  double *u = malloc(sizeof(double) * (size_t)ndof), *temp = malloc(sizeof(double) * (size_t)nn);
  displacement(ndof, u);
  for (int i = 0; i < nn; i++) temp[i] = 20.0 + 30.0 * m->x[3 * i] - 10.0 * m->x[3 * i + 1];
  CHECK_INT(sn_fesys_set_temperature(S, temp), SN_OK);
  int *eq = malloc(sizeof(int) * (size_t)ndof), neq = 0;   /* every independent q free */
  for (int q = 0; q < ndof; q++) eq[q] = T && T->dep[q] ? -1 : neq++;
  o->f_k = malloc(sizeof(double) * (size_t)ndof);
  o->f_fast = malloc(sizeof(double) * (size_t)ndof);
  o->f_nl = malloc(sizeof(double) * (size_t)ndof);
  sn_csc *K = NULL;
  CHECK_INT(sn_fesys_internal(S, u, 0, o->f_k, eq, neq, 1, &K, msg, sizeof msg), SN_OK);   /* the kept stiffness made */
  CHECK_INT(sn_fesys_internal(S, u, 0, o->f_fast, eq, neq, 1, NULL, msg, sizeof msg), SN_OK);   /* and used */
  o->nnz = K->nnz;
  o->kval = malloc(sizeof(double) * (size_t)K->nnz);
  memcpy(o->kval, K->val, sizeof(double) * (size_t)K->nnz);
  sn_csc_free(K);
  K = NULL;
  /* NLGEOM: a thermal strain in the neo-Hookean layer is refused, so without temperatures */
  CHECK_INT(sn_fesys_set_temperature(S, NULL), SN_OK);
  CHECK_INT(sn_fesys_internal(S, u, 1, o->f_nl, eq, neq, 1, &K, msg, sizeof msg), SN_OK);
  if (*msg) fprintf(stderr, "%s\n", msg);
  o->nnz_nl = K ? K->nnz : 0;
  o->kval_nl = malloc(sizeof(double) * ((size_t)o->nnz_nl + 1));
  if (K) memcpy(o->kval_nl, K->val, sizeof(double) * (size_t)K->nnz);
  sn_csc_free(K);
#ifdef SN_HAVE_OPENMP
  if (threads >= 0) CHECK_INT(sn_fesys_team(S), threads);   /* the parallel pass ran, on that many threads (0: never) */
#else
  if (threads >= 0) CHECK_INT(sn_fesys_team(S), threads ? 1 : 0);   /* the parallel pass, on the one thread */
#endif
  CHECK_INT(sn_fesys_commit(S, u, 0, msg, sizeof msg), SN_OK);   /* the plastic history at u */
  o->nhist = sn_fesys_history(S) ? nip * SN_J2_NHIST : 0;
  o->hist = malloc(sizeof(double) * ((size_t)o->nhist + 1));
  if (o->nhist) memcpy(o->hist, sn_fesys_history(S), sizeof(double) * (size_t)o->nhist);
  CHECK_INT(sn_fesys_set_temperature(S, temp), SN_OK);
  for (int k = 0; k < 2; k++) {
    sn_fesys_set_nlgeom(S, k);
    o->s[k] = calloc(6 * (size_t)nn, sizeof(double));   /* (a spring has no stress: its points stay 0) */
    o->e[k] = calloc(6 * (size_t)nn, sizeof(double));
    o->sip[k] = calloc(6 * (size_t)nip, sizeof(double));
    o->eip[k] = calloc(6 * (size_t)nip, sizeof(double));
    if (k) CHECK_INT(sn_fesys_set_temperature(S, NULL), SN_OK);
    CHECK_INT(sn_fesys_stress_strain(S, u, o->s[k], o->sip[k], o->e[k], o->eip[k]), SN_OK);
    for (int r = 0; r < 5 && threads < 0; r++)   /* the static analysis' way: threads and one probed */
      CHECK_INT(sn_fesys_stress_strain_timed(S, u, o->s[k], o->sip[k], o->e[k], o->eip[k]), SN_OK);
  }
  free(u); free(temp); free(eq);
  sn_fesys_free(S);
}

static int same(const double *a, const double *b, int n) { return n == 0 || !memcmp(a, b, sizeof(double) * (size_t)n); }

static void compare(const char *what, int threads, const outputs *a, const outputs *b)
{
  char bad[256] = "";
  if (a->nnz != b->nnz || a->nnz_nl != b->nnz_nl) strcat(bad, " pattern");
  if (!same(a->f_k, b->f_k, a->ndof)) strcat(bad, " f_int(K)");
  if (!same(a->f_fast, b->f_fast, a->ndof)) strcat(bad, " f_int(kept)");
  if (!same(a->f_nl, b->f_nl, a->ndof)) strcat(bad, " f_int(NLGEOM)");
  if (!same(a->kval, b->kval, a->nnz)) strcat(bad, " K");
  if (!same(a->kval_nl, b->kval_nl, a->nnz_nl)) strcat(bad, " K(NLGEOM)");
  if (a->nhist != b->nhist || !same(a->hist, b->hist, a->nhist)) strcat(bad, " J2 history");
  for (int k = 0; k < 2; k++) {
    if (!same(a->s[k], b->s[k], 6 * a->nn) || !same(a->sip[k], b->sip[k], 6 * a->nip)) strcat(bad, k ? " S(NLGEOM)" : " S");
    if (!same(a->e[k], b->e[k], 6 * a->nn) || !same(a->eip[k], b->eip[k], 6 * a->nip)) strcat(bad, k ? " E(NLGEOM)" : " E");
  }
  printf("%s, %d thread%s%s against the serial loop: %s%s\n", what, abs(threads), abs(threads) > 1 ? "s" : "",
         threads < 0 ? " (chosen by the clock)" : "", *bad ? "DIFFERENT:" : "same bits", bad);
  CHECK(!*bad);
}

/* the model of a deck (the parse checked) */
static sn_model *parse(fd_buf *d, const char *name)
{
  sn_model *m = NULL;
  char msg[512] = "";
  int st = sn_inp_parse(d->s, d->n, name, NULL, &m, msg, sizeof msg);
  free(d->s);
  memset(d, 0, sizeof *d);
  CHECK_INT(st, SN_OK);
  if (st) fprintf(stderr, "%s: %s\n", name, msg);
  return m;
}

static void check_model(const sn_model *m, const char *what)
{
  sn_dofmap *T = NULL;
  char msg[512] = "";
  CHECK_INT(sn_dofmap_create(m, &T, msg, sizeof msg), SN_OK);
  const sn_dofmap *Tm = T && !T->trivial ? T : NULL;
  outputs ref, o;
  evaluate(m, Tm, 0, &ref);
  /* not trivially equal: the kept stiffness agrees with the element loop (to rounding) */
  double d = 0, s = 0, kmax = 0;
  for (int i = 0; i < ref.ndof; i++) { d = fmax(d, fabs(ref.f_k[i] - ref.f_fast[i])); s = fmax(s, fabs(ref.f_k[i])); }
  for (int p = 0; p < ref.nnz; p++) kmax = fmax(kmax, fabs(ref.kval[p]));
  printf("%s: %d dofs, K %d entries (|K| %.3g), |f| %.3g, kept stiffness against the loop %.2e\n", what, ref.ndof, ref.nnz, kmax, s, d / s);
  CHECK(s > 0 && kmax > 0 && d <= 1e-12 * s);
  for (int n = 1; n <= 3; n++) {
    evaluate(m, Tm, n, &o);
    compare(what, n, &o, &ref);
    outputs_free(&o);
  }
  evaluate(m, Tm, -2, &o);   /* as the static analysis runs it: by the clock */
  compare(what, -2, &o, &ref);
  outputs_free(&o);
  outputs_free(&ref);
  sn_dofmap_free(T);
}

/* status and message of an NLGEOM tangent at u (fresh system) */
static int failing(const sn_model *m, int threads, const double *u, char *msg, size_t msglen, int fields_too, int *fst,
                   int *cst, char *cmsg)
{
  sn_fesys *S = NULL;
  CHECK_INT(sn_fesys_create(m, &S, msg, msglen), SN_OK);
  fesys_mode(S, threads);
  int ndof = sn_fesys_ndof(S);
  int *eq = malloc(sizeof(int) * (size_t)ndof);
  for (int q = 0; q < ndof; q++) eq[q] = q;
  double *f = malloc(sizeof(double) * (size_t)ndof);
  sn_csc *K = NULL;
  msg[0] = '\0';
  int st = sn_fesys_internal(S, u, 1, f, eq, ndof, 1, &K, msg, msglen);
  if (fields_too) {   /* the Cauchy stresses at u, the J2 history's commit */
    double *sn = malloc(sizeof(double) * 6 * (size_t)m->nnodes);
    sn_fesys_set_nlgeom(S, 1);
    *fst = sn_fesys_stress(S, u, sn, NULL);
    free(sn);
    cmsg[0] = '\0';
    *cst = sn_fesys_commit(S, u, 1, cmsg, 512);
  }
  sn_csc_free(K);
  free(eq); free(f);
  sn_fesys_free(S);
  return st;
}

int main(void)
{
  if (SN_SANITIZED) AX = AY = 5, BX = BY = 3, CX = 15, CY = 10;
  fd_buf d = {0};
  deck3d(&d, 0);
  sn_model *m3 = parse(&d, "threads3d");
  deck2d(&d);
  sn_model *m2 = parse(&d, "threads2d");
  deck3d(&d, 1);
  sn_model *mi = parse(&d, "threads3d_c3d8i");
  if (!m3 || !m2 || !mi) return sn_check_report();
  printf("3D model: %d elements, 2D model: %d elements\n", m3->nelems, m2->nelems);
  CHECK(SN_SANITIZED || (m3->nelems > 4000 && m2->nelems > 2000));
  check_model(m3, "3D");
  check_model(m2, "2D");
  /* errors: the first refused element (C3D8I under NLGEOM), and a NaN displacement of node
   * na(AX / 2, AY / 2, 6) (in eight C3D8), reported alike */
  int ndof = 3 * mi->nnodes;
  double *u = calloc((size_t)ndof, sizeof(double));
  char ref[512], msg[512], cref[512], cmsg[512];
  int fref = 0, fst = 0, cst0 = 0, cst = 0;
  int sref = failing(mi, 0, u, ref, sizeof ref, 0, &fref, &cst0, cref);
  printf("refused: %d \"%s\"\n", sref, ref);
  CHECK_INT(sref, SN_ERR_FORMAT);
  char first[64];   /* the first element of layer AZ - 2 */
  snprintf(first, sizeof first, "element %d (C3D8I)", (AZ - 2) * AX * AY + 1);
  CHECK(strstr(ref, first) != NULL);
  for (int n = 1; n <= 3; n++) {
    CHECK_INT(failing(mi, n, u, msg, sizeof msg, 0, &fst, &cst, cmsg), sref);
    CHECK(!strcmp(msg, ref));
  }
  displacement(ndof, u);
  u[3 * sn_model_node_index(m3, na(AX / 2, AY / 2, 6)) + 1] = NAN;
  u[3 * sn_model_node_index(m3, na(AX - 1, AY / 2, 1)) + 2] = NAN;   /* in the plastic layers */
  sref = failing(m3, 0, u, ref, sizeof ref, 1, &fref, &cst0, cref);
  printf("NaN displacement: %d \"%s\", stresses %d, commit %d \"%s\"\n", sref, ref, fref, cst0, cref);
  CHECK_INT(sref, SN_ERR_NAN);
  CHECK_INT(fref, SN_ERR_NAN);
  CHECK(cst0 != SN_OK && strstr(cref, "element "));
  for (int n = 1; n <= 3; n++) {
    CHECK_INT(failing(m3, n, u, msg, sizeof msg, 1, &fst, &cst, cmsg), sref);
    CHECK(!strcmp(msg, ref));
    CHECK_INT(fst, fref);
    CHECK_INT(cst, cst0);
    CHECK(!strcmp(cmsg, cref));
  }
  free(u);
  sn_model_free(m3);
  sn_model_free(m2);
  sn_model_free(mi);
  return sn_check_report();
}
