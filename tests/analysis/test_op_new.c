/* OP=NEW of *CLOAD, *DLOAD and *BOUNDARY (CalculiX manual: OP=NEW removes the loads /
 * boundary conditions of that kind of the earlier steps; OP=MOD, the default, keeps them), on
 * one C3D8 unit cube, E = 1000, nu = 0, held by symmetry planes (x = 0: u_x = 0, y = 0: u_y = 0,
 * z = 0: u_z = 0): a total force F_z on its top face gives the uniform uniaxial stress F_z / 1
 * and u_z(top) = F_z / E exactly (the field is linear), so by hand:
 *  step 1: *CLOAD 2.5 on each of the 4 top nodes (F_z = 10), ramped over 2 increments:
 *          u_z = 0.005, 0.01;
 *  step 2: *CLOAD, OP=NEW with no lines: the loads ramp down to 0: u_z = 0.005, 0;
 *  step 3: *DLOAD P2 (the top face) -3 (a pull of 3) and *CLOAD 1.0 on the 4 top nodes
 *          (OP=MOD): F_z = 7 at the end: u_z = 0.0035, 0.007;
 *  step 4: *DLOAD, OP=NEW, none left: the pull ramps down, the *CLOAD stays: 0.0055, 0.004;
 *  step 5: *BOUNDARY, OP=NEW: the symmetry planes again and the top face at u_z = 0.02 (the
 *          *CLOAD stays): u_z = 0.012, 0.02 (ramped from 0.004);
 *  step 6: *BOUNDARY, OP=NEW: the symmetry planes only (the top released at once): 0.004.
 * The reader: OP=NEW removes the model-data boundaries from its step on (not prepended to the
 * step's list), and is refused on a step's second card of the kind and outside a step.
 * ccx 2.20 gives the same step-end u_z on this deck (0.01, 0, 0.007, 0.004, 0.02, 0.004; its
 * linear steps are one solve, so the half-step values are the hand computation's only).
 * Tolerances 1e-10 (exact for the element). */
#include "fe_deck.h"

static const double E = 1000;

typedef struct {
  int n;
  double t[64], uz[64];
} hist_t;

static hist_t H;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  if (H.n < 64) {
    int nd = sn_model_node_index(m, 5);
    H.t[H.n] = inc->total_time;
    H.uz[H.n++] = inc->u[m->ndf * nd + 2];
  }
  return fd_on_inc(m, S, inc, user);
}

static void cube(fd_buf *b)
{
  fd_print(b, "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
              "*ELEMENT,TYPE=C3D8,ELSET=E\n1,1,2,3,4,5,6,7,8\n"
              "*NSET,NSET=X0\n1,4,5,8\n*NSET,NSET=Y0\n1,2,5,6\n*NSET,NSET=Z0\n1,2,3,4\n*NSET,NSET=TOP\n5,6,7,8\n"
              "*MATERIAL,NAME=M\n*ELASTIC\n%g,0\n*SOLID SECTION,ELSET=E,MATERIAL=M\n", E);
}

static const char *SYM = "X0,1,1\nY0,2,2\nZ0,3,3\n";

static int run_tol(fd_buf *b, fd_result *r, char *msg, size_t len, double tol)
{
  memset(r, 0, sizeof *r);
  int st = sn_inp_parse(b->s, b->n, "opnew", NULL, &r->m, msg, len);
  free(b->s);
  memset(b, 0, sizeof *b);
  if (st) return st;
  r->nnodes = r->m->nnodes;
  r->ndof = r->m->ndf * r->nnodes;
  r->nip = 8;
  r->u = calloc((size_t)r->ndof, sizeof(double));
  r->rf = calloc((size_t)r->ndof, sizeof(double));
  r->snode = calloc((size_t)r->nnodes * 6, sizeof(double));
  r->sip = calloc((size_t)r->nip * 6, sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.tol = tol;
  s.on_increment = on_inc;
  s.user = r;
  sn_static_info info;
  return sn_static_run(r->m, &s, &info, msg, len);
}

static int run(fd_buf *b, fd_result *r, char *msg, size_t len) { return run_tol(b, r, msg, len, 1e-11); }

/* NLGEOM, loaded then unloaded by OP=NEW to rest: the last increment's residual is the
 * round-off of the Green-Lagrange strain, which the Newton test accepts (the force-scale floor
 * of static_newton.c) at the default tolerance 1e-8: u_z = 0 at the end */
static void unload_nlgeom(void)
{
  fd_buf b = {0};
  cube(&b);
  fd_print(&b, "*BOUNDARY\n%s", SYM);
  fd_print(&b, "*STEP,NLGEOM\n*STATIC,DIRECT\n0.5,1\n*CLOAD\nTOP,3,25\n*END STEP\n");
  fd_print(&b, "*STEP,NLGEOM\n*STATIC,DIRECT\n0.5,1\n*CLOAD,OP=NEW\n*END STEP\n");
  fd_result r;
  char msg[512];
  H.n = 0;
  int st = run_tol(&b, &r, msg, sizeof msg, 1e-8);
  if (st) fprintf(stderr, "opnew nlgeom: %s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(H.n, 4);
  CHECK(H.uz[1] > 0.05);   /* about 0.1 (F / E, small strain) */
  CHECK_CLOSE(H.uz[3], 0.0, 0, 1e-12);
  fd_free(&r);
}

static void steps(void)
{
  fd_buf b = {0};
  cube(&b);
  fd_print(&b, "*BOUNDARY\n%s", SYM);
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*CLOAD\nTOP,3,2.5\n*END STEP\n");
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*CLOAD,OP=NEW\n*END STEP\n");
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*DLOAD\n1,P2,-3\n*CLOAD\nTOP,3,1.0\n*END STEP\n");
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*DLOAD,OP=NEW\n*END STEP\n");
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*BOUNDARY,OP=NEW\n%sTOP,3,3,0.02\n*END STEP\n", SYM);
  fd_print(&b, "*STEP\n*STATIC\n0.5,1\n*BOUNDARY,OP=NEW\n%s*END STEP\n", SYM);
  fd_result r;
  char msg[512];
  H.n = 0;
  int st = run(&b, &r, msg, sizeof msg);
  if (st) fprintf(stderr, "opnew: %s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK_INT(H.n, 12);
  /* the model-data boundaries: in step 1 to 4, not in 5 and 6 (OP=NEW) */
  CHECK_INT(r.m->steps[0].nbc, 12);
  CHECK_INT(r.m->steps[4].nbc, 16);
  CHECK_INT(r.m->steps[5].nbc, 12);
  const double want[12] = {0.005, 0.01, 0.005, 0.0, 0.0035, 0.007, 0.0055, 0.004, 0.012, 0.02, 0.004, 0.004};
  for (int k = 0; k < H.n && k < 12; k++) CHECK_CLOSE(H.uz[k], want[k], 1e-10, 1e-13);
  /* the last state */
  CHECK_CLOSE(fd_u(&r, 7, 2), 0.004, 1e-10, 1e-13);
  CHECK_CLOSE(fd_u(&r, 7, 0), 0.0, 0, 1e-13);
  fd_free(&r);
}

static void refused(const char *steptext, const char *want)
{
  fd_buf b = {0};
  cube(&b);
  fd_print(&b, "%s", steptext);
  fd_result r;
  char msg[512] = "";
  int st = run(&b, &r, msg, sizeof msg);
  CHECK(st != SN_OK);
  if (!strstr(msg, want)) fprintf(stderr, "message '%s' lacks '%s'\n", msg, want);
  CHECK(strstr(msg, want) != NULL);
  fd_free(&r);
}

int main(void)
{
  steps();
  unload_nlgeom();
  refused("*BOUNDARY,OP=NEW\nZ0,3,3\n*STEP\n*STATIC\n*END STEP\n", "OP=NEW outside a step");
  refused("*STEP\n*STATIC\n*CLOAD\nTOP,3,1\n*CLOAD,OP=NEW\nTOP,3,2\n*END STEP\n", "after the step's first *CLOAD");
  refused("*STEP\n*STATIC\n*CLOAD,OP=NEW\nTOP,3,1\n*DLOAD\n*END STEP\n", "*DLOAD needs a data line");
  refused("*STEP\n*STATIC\n*CLOAD,OP=OLD\nTOP,3,1\n*END STEP\n", "OP=OLD: expected MOD or NEW");
  return sn_check_report();
}
