/* Heat conduction (*HEAT TRANSFER, *CONDUCTIVITY, *SPECIFIC HEAT, *GAP CONDUCTANCE, *BOUNDARY
 * degree of freedom 11) through decks written here, against hand values:
 *  (a) a bar of four C3D8 along x, T = 0 at x = 0 and 100 at x = 4, STEADY STATE: Fourier's
 *      linear profile T = 25 x at every node (exact for the linear elements);
 *  (b) the same bar transient (backward Euler) after a long time (1000, against rho c L^2 / k = 24):
 *      the same profile;
 *  (c) a unit C3D8 cube, T0 = 100, the bottom face held at 0 (applied at once), top insulated,
 *      k = 1, rho c = 3, DIRECT increments of 1: the backward Euler step of the 1D linear
 *      element (per unit area C = rho c L / 6 [2 1; 1 2], K = k / L [1 -1; -1 1]) on the top
 *      face: T1 = T0 (rho c / 3) / (rho c / 3 + k) = 50, then 25;
 *  (d) two unit cubes stacked in z, touching at z = 1, k = 2, gap conductance h = 1, T = 0 at
 *      z = 0 and 100 at z = 2, steady: series resistances L/(k A) + 1/(h A_s) + L/(k A) with
 *      A_s the slave area: an element-face slave surface (A_s = 1): the flux 50, T = 25 at
 *      the contact face of the lower cube and 75 at the upper's; a node-based slave surface
 *      conducts over the tributary area of the outer faces at its nodes (CalculiX 2.20,
 *      measured on its contact7 deck and a variant: 3 quarter faces per corner, A_s = 3):
 *      flux 75, T = 37.5 and 62.5;
 *  (e) *COUPLED TEMPERATURE-DISPLACEMENT: the bar of (a) on symmetry planes (x = 0, y = 0, z = 0
 *      held normally), *EXPANSION alpha = 1e-4, every node's temperature held at 100 (from 0):
 *      the free expansion u = alpha 100 x in each direction, no stress (Timoshenko & Goodier,
 *      "Theory of Elasticity", ch. 13);
 *  (f) refusals: DELTMX, a temperature boundary in a *STATIC step, a transient step without
 *      *SPECIFIC HEAT. Tolerances 1e-9 (every case is exact for the linear elements). */
#include "fe_deck.h"

typedef struct {
  int n;
  double *T;
  double time;
  int incs;
} heat_res;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  heat_res *r = user;
  if (!inc->temp) return 1;
  memcpy(r->T, inc->temp, sizeof(double) * (size_t)m->nnodes);
  r->time = inc->total_time;
  r->incs++;
  return 0;
}

static int run(fd_buf *d, heat_res *r, sn_model **mo, char *msg, size_t len)
{
  memset(r, 0, sizeof *r);
  int st = sn_inp_parse(d->s, d->n, "heat.inp", NULL, mo, msg, len);
  free(d->s);
  memset(d, 0, sizeof *d);
  if (st) return st;
  r->n = (*mo)->nnodes;
  r->T = calloc((size_t)r->n + 1, sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_inc;
  s.user = r;
  sn_static_info info;
  return sn_static_run(*mo, &s, &info, msg, len);
}

static double T_of(const sn_model *m, const heat_res *r, int id) { return r->T[sn_model_node_index(m, id)]; }

static const char *MAT = "*MATERIAL,NAME=M\n*ELASTIC\n1000.,0.3\n*DENSITY\n1.\n*SPECIFIC HEAT\n3.\n*CONDUCTIVITY\n%g\n";

/* nodes (x, y, z) id = 1 + i + (nx + 1) * (j + 2 * k) for a grid of unit bricks, nx along x,
 * nz along z */
static void grid(fd_buf *b, int nx, int nz)
{
  fd_print(b, "*NODE,NSET=NALL\n");
  for (int k = 0; k <= nz; k++)
    for (int j = 0; j <= 1; j++)
      for (int i = 0; i <= nx; i++) fd_print(b, "%d,%d.,%d.,%d.\n", 1 + i + (nx + 1) * (j + 2 * k), i, j, k);
}

static int nid(int nx, int i, int j, int k) { return 1 + i + (nx + 1) * (j + 2 * k); }

static void brick(fd_buf *b, int id, int nx, int i, int k)
{
  fd_print(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", id, nid(nx, i, 0, k), nid(nx, i + 1, 0, k), nid(nx, i + 1, 1, k),
           nid(nx, i, 1, k), nid(nx, i, 0, k + 1), nid(nx, i + 1, 0, k + 1), nid(nx, i + 1, 1, k + 1),
           nid(nx, i, 1, k + 1));
}

static void bar(int steady)
{
  fd_buf d = {0};
  grid(&d, 4, 1);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n");
  for (int e = 0; e < 4; e++) brick(&d, e + 1, 4, e, 0);
  fd_print(&d, MAT, 2.0);
  fd_print(&d, "*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*NSET,NSET=LEFT\n");
  for (int j = 0; j <= 1; j++)
    for (int k = 0; k <= 1; k++) fd_print(&d, "%d\n", nid(4, 0, j, k));
  fd_print(&d, "*NSET,NSET=RIGHT\n");
  for (int j = 0; j <= 1; j++)
    for (int k = 0; k <= 1; k++) fd_print(&d, "%d\n", nid(4, 4, j, k));
  fd_print(&d, "*STEP\n*HEAT TRANSFER%s\n%s\n*BOUNDARY\nLEFT,11,11,0.\nRIGHT,11,11,100.\n*END STEP\n",
           steady ? ",STEADY STATE" : "", steady ? "0.5,1." : "1.,1000.,,200.");
  heat_res r;
  sn_model *m = NULL;
  char msg[512];
  int st = run(&d, &r, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "bar: %s\n", msg);
  CHECK_INT(st, SN_OK);
  for (int i = 0; !st && i <= 4; i++)
    for (int j = 0; j <= 1; j++)
      for (int k = 0; k <= 1; k++) CHECK_CLOSE(T_of(m, &r, nid(4, i, j, k)), 25.0 * i, 1e-9, 1e-9);
  if (steady) CHECK_INT(r.incs, 2);
  free(r.T);
  sn_model_free(m);
}

static void cube_transient(void)
{
  fd_buf d = {0};
  grid(&d, 1, 1);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n");
  brick(&d, 1, 1, 0, 0);
  fd_print(&d, MAT, 1.0);
  fd_print(&d, "*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*INITIAL CONDITIONS,TYPE=TEMPERATURE\nNALL,100.\n"
           "*NSET,NSET=BOT\n1,2,3,4\n*STEP\n*HEAT TRANSFER,DIRECT\n1.,%s\n*BOUNDARY\nBOT,11,11,0.\n*END STEP\n", "1.");
  fd_print(&d, "*STEP\n*HEAT TRANSFER,DIRECT\n1.,1.\n*END STEP\n");
  heat_res r;
  sn_model *m = NULL;
  char msg[512];
  int st = run(&d, &r, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "cube: %s\n", msg);
  CHECK_INT(st, SN_OK);
  /* after both steps (the second keeps the bottom at 0): 100 / 2 / 2 */
  for (int i = 5; !st && i <= 8; i++) CHECK_CLOSE(T_of(m, &r, i), 25.0, 1e-9, 1e-9);
  CHECK_CLOSE(r.time, 2.0, 1e-12, 0);
  free(r.T);
  sn_model_free(m);
  /* the first increment alone */
  d = (fd_buf){0};
  grid(&d, 1, 1);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n");
  brick(&d, 1, 1, 0, 0);
  fd_print(&d, MAT, 1.0);
  fd_print(&d, "*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*INITIAL CONDITIONS,TYPE=TEMPERATURE\nNALL,100.\n"
           "*NSET,NSET=BOT\n1,2,3,4\n*STEP\n*HEAT TRANSFER,DIRECT\n1.,1.\n*BOUNDARY\nBOT,11,11,0.\n*END STEP\n");
  st = run(&d, &r, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  for (int i = 5; !st && i <= 8; i++) CHECK_CLOSE(T_of(m, &r, i), 50.0, 1e-9, 1e-9);
  free(r.T);
  sn_model_free(m);
}

/* two unit cubes stacked (nodes 1-8 the lower, 11-18 the upper: its own nodes at z = 1) */
static void gap(int node_based)
{
  fd_buf d = {0};
  fd_print(&d, "*NODE,NSET=NALL\n");
  for (int c = 0; c < 2; c++)
    for (int k = 0; k <= 1; k++)
      for (int j = 0; j <= 1; j++)
        for (int i = 0; i <= 1; i++) fd_print(&d, "%d,%d.,%d.,%d.\n", 10 * c + 1 + i + 2 * j + 4 * k, i, j, k + c);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n1,1,2,4,3,5,6,8,7\n2,11,12,14,13,15,16,18,17\n");
  fd_print(&d, MAT, 2.0);
  fd_print(&d, "*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*ELSET,ELSET=E1\n1\n*ELSET,ELSET=E2\n2\n"
           "*SURFACE,NAME=SM\nE1,S2\n");
  if (node_based) fd_print(&d, "*SURFACE,NAME=SS,TYPE=NODE\n11\n12\n13\n14\n");
  else fd_print(&d, "*SURFACE,NAME=SS\nE2,S1\n");
  fd_print(&d, "*CONTACT PAIR,INTERACTION=SI,TYPE=NODE TO SURFACE\nSS,SM\n*SURFACE INTERACTION,NAME=SI\n"
           "*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=HARD\n*GAP CONDUCTANCE\n1.\n"
           "*NSET,NSET=BOT\n1,2,3,4\n*NSET,NSET=TOP\n15,16,17,18\n"
           "*STEP\n*HEAT TRANSFER,STEADY STATE\n1.,1.\n*BOUNDARY\nBOT,11,11,0.\nTOP,11,11,100.\n*END STEP\n");
  heat_res r;
  sn_model *m = NULL;
  char msg[512];
  int st = run(&d, &r, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "gap: %s\n", msg);
  CHECK_INT(st, SN_OK);
  double As = node_based ? 3.0 : 1.0, q = 100.0 / (0.5 + 1.0 / As + 0.5);
  for (int i = 5; !st && i <= 8; i++) CHECK_CLOSE(T_of(m, &r, i), q * 0.5, 1e-9, 1e-9);
  for (int i = 11; !st && i <= 14; i++) CHECK_CLOSE(T_of(m, &r, i), 100.0 - q * 0.5, 1e-9, 1e-9);
  free(r.T);
  sn_model_free(m);
}

static void coupled(void)
{
  fd_buf d = {0};
  grid(&d, 4, 1);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n");
  for (int e = 0; e < 4; e++) brick(&d, e + 1, 4, e, 0);
  fd_print(&d, MAT, 2.0);
  fd_print(&d, "*EXPANSION\n1.E-4\n*SOLID SECTION,ELSET=EALL,MATERIAL=M\n*NSET,NSET=X0\n");
  for (int j = 0; j <= 1; j++)
    for (int k = 0; k <= 1; k++) fd_print(&d, "%d\n", nid(4, 0, j, k));
  fd_print(&d, "*NSET,NSET=Y0\n");
  for (int i = 0; i <= 4; i++)
    for (int k = 0; k <= 1; k++) fd_print(&d, "%d\n", nid(4, i, 0, k));
  fd_print(&d, "*NSET,NSET=Z0\n");
  for (int i = 0; i <= 4; i++)
    for (int j = 0; j <= 1; j++) fd_print(&d, "%d\n", nid(4, i, j, 0));
  fd_print(&d, "*BOUNDARY\nX0,1,1\nY0,2,2\nZ0,3,3\n*STEP\n*COUPLED TEMPERATURE-DISPLACEMENT\n0.5,1.\n"
           "*BOUNDARY\nNALL,11,11,100.\n*END STEP\n");
  fd_result r;
  int st = fd_run(&d, "coupled", &r);
  CHECK_INT(st, SN_OK);
  for (int i = 0; !st && i <= 4; i++)
    for (int j = 0; j <= 1; j++)
      for (int k = 0; k <= 1; k++) {
        CHECK_CLOSE(fd_u(&r, nid(4, i, j, k), 0), 1e-2 * i, 1e-9, 1e-12);
        CHECK_CLOSE(fd_u(&r, nid(4, i, j, k), 1), 1e-2 * j, 1e-9, 1e-12);
        CHECK_CLOSE(fd_u(&r, nid(4, i, j, k), 2), 1e-2 * k, 1e-9, 1e-12);
      }
  for (int q = 0; !st && q < 6 * r.nnodes; q++) CHECK(fabs(r.snode[q]) < 1e-6);
  fd_free(&r);
}

static void refused(const char *step, const char *want)
{
  fd_buf d = {0};
  grid(&d, 1, 1);
  fd_print(&d, "*ELEMENT,TYPE=C3D8,ELSET=EALL\n");
  brick(&d, 1, 1, 0, 0);
  fd_print(&d, "*MATERIAL,NAME=M\n*ELASTIC\n1000.,0.3\n*CONDUCTIVITY\n1.\n*SOLID SECTION,ELSET=EALL,MATERIAL=M\n%s", step);
  heat_res r;
  sn_model *m = NULL;
  char msg[512] = "";
  int st = run(&d, &r, &m, msg, sizeof msg);
  CHECK(st != SN_OK);
  CHECK(strstr(msg, want) != NULL);
  if (!strstr(msg, want)) fprintf(stderr, "got: %s\n", msg);
  free(r.T);
  sn_model_free(m);
}

int main(void)
{
  bar(1);
  bar(0);
  cube_transient();
  gap(0);
  gap(1);
  coupled();
  refused("*STEP\n*HEAT TRANSFER,STEADY STATE\n1.,1.,,,5.\n*END STEP\n", "DELTMX");
  refused("*STEP\n*STATIC\n*BOUNDARY\n1,11,11,5.\n*END STEP\n", "degree of freedom 11");
  refused("*STEP\n*HEAT TRANSFER\n1.,1.\n*BOUNDARY\n1,11,11,5.\n*END STEP\n", "*SPECIFIC HEAT");
  return sn_check_report();
}
