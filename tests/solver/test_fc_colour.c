/* The colouring of the contacts by W's block pattern (src/solver/fc_colour.c) and the coloured
 * NSGS sweep (fc_nsgs.c, order=colour):
 *  - hand cases whose first-fit colours are worked out below: a path given by its upper blocks
 *    only (the pattern is symmetrized), a star given by its lower blocks, a dense W (one contact
 *    per colour), a block-diagonal W (one colour);
 *  - the FCLIB/Siconos problems: every contact in exactly one colour, no two contacts of a colour
 *    coupled (checked on W's compressed columns, not on the block view the colouring read), and
 *    each colour the smallest one free of the earlier neighbours (first fit: deterministic);
 *  - one coloured sweep on 1, 2 and 3 threads equals, bit for bit, a sequential sweep written
 *    here over the contacts in colour order (the same local problem and local solver). */
#include "check.h"
#include "test_util.h"
#include "signorini/la.h"
#include "signorini/solver.h"
#include "solver/fc_colour.h"
#include "solver/fc_local.h"

#include <stdlib.h>
#include <string.h>

/* a 3D problem's W of nc contacts with identity diagonal blocks and one coupling entry at
 * (3 i, 3 j) for each listed pair (i, j) */
static sn_csc *pattern_W(int nc, int npair, const int (*pair)[2])
{
  int nz = 3 * nc + npair, *I = malloc(sizeof(int) * (size_t)nz), *J = malloc(sizeof(int) * (size_t)nz);
  double *x = malloc(sizeof(double) * (size_t)nz);
  int k = 0;
  for (int i = 0; i < 3 * nc; i++, k++) { I[k] = i; J[k] = i; x[k] = 1.0; }
  for (int p = 0; p < npair; p++, k++) { I[k] = 3 * pair[p][0]; J[k] = 3 * pair[p][1]; x[k] = 0.25; }
  sn_csc *W = NULL;
  CHECK_INT(sn_csc_from_triplets(3 * nc, 3 * nc, nz, I, J, x, &W), SN_OK);
  free(I);
  free(J);
  free(x);
  return W;
}

static void check_hand(const char *name, int nc, int npair, const int (*pair)[2], const int *want,
                       int ncolour, int largest)
{
  sn_csc *W = pattern_W(nc, npair, pair);
  sn_bsr *B = NULL;
  sn_fc_colouring C;
  CHECK_INT(sn_bsr_from_csc(W, 3, &B), SN_OK);
  CHECK_INT(sn_fc_colour(B, &C), SN_OK);
  CHECK_INT(C.ncolour, ncolour);
  CHECK_INT(C.largest, largest);
  for (int i = 0; i < nc; i++) {
    if (C.colour[i] != want[i]) fprintf(stderr, "  %s: contact %d has colour %d, expected %d\n", name, i, C.colour[i], want[i]);
    CHECK_INT(C.colour[i], want[i]);
  }
  sn_fc_colouring_free(&C);
  sn_bsr_free(B);
  sn_csc_free(W);
}

static void test_hand(void)
{
  /* path 0-1-2-3 by its upper blocks W_01, W_12, W_23: 0 gets 0, 1 (next to 0) 1, 2 (next to 1)
   * 0, 3 (next to 2) 1 */
  static const int path[][2] = {{0, 1}, {1, 2}, {2, 3}}, path_c[] = {0, 1, 0, 1};
  check_hand("path", 4, 3, path, path_c, 2, 2);
  /* star by its lower blocks W_10, W_20, W_30: the centre 0, every leaf 1 */
  static const int star[][2] = {{1, 0}, {2, 0}, {3, 0}}, star_c[] = {0, 1, 1, 1};
  check_hand("star", 4, 3, star, star_c, 2, 3);
  /* dense 3 x 3 blocks: one contact per colour */
  static const int dense[][2] = {{0, 1}, {0, 2}, {1, 2}}, dense_c[] = {0, 1, 2};
  check_hand("dense", 3, 3, dense, dense_c, 3, 1);
  /* block diagonal: every contact in colour 0 */
  static const int diag_c[] = {0, 0, 0, 0, 0};
  check_hand("diagonal", 5, 0, NULL, diag_c, 1, 5);
  /* 0-2 and 1-2 coupled, 3 with 0 and 1: 0 -> 0, 1 -> 0, 2 -> 1, 3 -> 1 (0 and 1 are 0) */
  static const int mix[][2] = {{2, 0}, {1, 2}, {3, 0}, {1, 3}}, mix_c[] = {0, 0, 1, 1};
  check_hand("mixed", 4, 4, mix, mix_c, 2, 2);
}

/* the colouring of a problem checked against W's compressed columns */
static void check_colouring(const char *name, const sn_fc *P, const sn_fc_colouring *C)
{
  int nc = P->nc, d = P->dim;
  CHECK_INT(C->nc, nc);
  CHECK(C->ncolour >= 1 && C->ncolour <= nc);
  CHECK_INT(C->start[0], 0);
  CHECK_INT(C->start[C->ncolour], nc);
  int *seen = calloc((size_t)nc, sizeof(int)), largest = 0, ok = 1;
  for (int k = 0; k < C->ncolour; k++) {
    CHECK(C->start[k + 1] > C->start[k]);   /* no empty colour */
    if (C->start[k + 1] - C->start[k] > largest) largest = C->start[k + 1] - C->start[k];
    for (int j = C->start[k]; j < C->start[k + 1]; j++) {
      int i = C->order[j];
      ok &= i >= 0 && i < nc && C->colour[i] == k && (j == C->start[k] || C->order[j - 1] < i);
      if (i >= 0 && i < nc) seen[i]++;
    }
  }
  CHECK(ok);
  CHECK_INT(largest, C->largest);
  for (int i = 0; i < nc; i++) CHECK_INT(seen[i], 1);   /* every contact coloured once */
  /* coupled contacts (an entry of W at rows of i, columns of j, i != j) never share a colour;
   * adj: the symmetric contact graph, for the first-fit check */
  unsigned char *adj = calloc((size_t)nc * (size_t)nc, 1);
  int clash = 0;
  for (int c = 0; c < P->W->n; c++)
    for (int p = P->W->colptr[c]; p < P->W->colptr[c + 1]; p++) {
      int i = P->W->rowind[p] / d, j = c / d;
      if (i == j) continue;
      adj[(size_t)i * nc + j] = adj[(size_t)j * nc + i] = 1;
      if (C->colour[i] == C->colour[j]) clash++;
    }
  if (clash) fprintf(stderr, "  %s: %d coupled pairs share a colour\n", name, clash);
  CHECK_INT(clash, 0);
  /* first fit: every colour below contact i's is held by an earlier neighbour */
  int *held = malloc(sizeof(int) * (size_t)(C->ncolour + 1)), notfirst = 0;
  for (int i = 0; i < nc; i++) {
    for (int k = 0; k <= C->ncolour; k++) held[k] = 0;
    for (int j = 0; j < i; j++)
      if (adj[(size_t)i * nc + j]) held[C->colour[j]] = 1;
    for (int k = 0; k < C->colour[i]; k++) notfirst += !held[k];
    notfirst += held[C->colour[i]];
  }
  CHECK_INT(notfirst, 0);
  free(held);
  free(adj);
  free(seen);
}

/* contact i's Gauss-Seidel update as fc_nsgs.c defines it (local problem with the others frozen,
 * the hybrid local solver, omega = 1), written out here */
static void reference_update(const sn_fc *P, const sn_bsr *B, const sn_nsgs_opts *o, int i, double *r)
{
  int d = P->dim;
  sn_fc_local L;
  double y[3];
  memset(&L, 0, sizeof L);
  sn_bsr_row_gemv(B, i, r, y);
  if (B->diag[i] >= 0) memcpy(L.W, B->val + (size_t)B->diag[i] * d * d, sizeof(double) * (size_t)(d * d));
  for (int k = 0; k < d; k++) {
    double wr = 0.0;
    for (int j = 0; j < d; j++) wr += L.W[j * d + k] * r[d * i + j];
    L.q[k] = P->q[d * i + k] + y[k] - wr;
  }
  for (int k = 0; k < d; k++) L.W[k * d + k] += 0.0;   /* the shift sigma = 0, as fc_nsgs.c adds it */
  L.dim = d;
  L.mu = P->mu[i];
  L.rho = o->rho;
  L.tol = o->local_tol;
  L.max_iter = 25;
  double x[3];
  memcpy(x, r + d * i, sizeof(double) * (size_t)d);
  sn_fc_local_solve(o->local, &L, x);
  memcpy(r + d * i, x, sizeof(double) * (size_t)d);
}

static void test_problem(const char *dir, const char *file)
{
  sn_file_problem *F = read_shared(dir, file);
  if (!F) return;
  const sn_fc *P = F->fc;
  int n = P->dim * P->nc;
  sn_bsr *B = NULL;
  sn_fc_colouring C;
  CHECK_INT(sn_bsr_from_csc(P->W, P->dim, &B), SN_OK);
  CHECK_INT(sn_fc_colour(B, &C), SN_OK);
  check_colouring(file, P, &C);
  /* three coloured sweeps from zero against the sequential reference in colour order */
  sn_nsgs_opts o;
  CHECK_INT(sn_nsgs_parse("order=colour", &o), SN_OK);
  CHECK_INT(o.order, SN_ORDER_COLOUR);
  double *ref = calloc((size_t)n, sizeof(double)), *r = calloc((size_t)n, sizeof(double));
  for (int sweep = 0; sweep < 3; sweep++)
    for (int j = 0; j < P->nc; j++) reference_update(P, B, &o, C.order[j], ref);
  for (int t = 1; t <= 3; t++) {
    o.threads = t;
    sn_nsgs_ws *ws = NULL;
    CHECK_INT(sn_nsgs_ws_new(P, B, &o, &ws), SN_OK);
    memset(r, 0, sizeof(double) * (size_t)n);
    for (int sweep = 0; sweep < 3; sweep++) CHECK_INT(sn_nsgs_sweep(ws, r), SN_OK);
    int same = memcmp(r, ref, sizeof(double) * (size_t)n) == 0;
    if (!same) fprintf(stderr, "  %s: coloured sweeps on %d threads differ from the sequential ones\n", file, t);
    CHECK(same);
    sn_nsgs_ws_free(ws);
  }
  free(r);
  free(ref);
  sn_fc_colouring_free(&C);
  sn_bsr_free(B);
  sn_file_problem_free(F);
}

int main(void)
{
  test_hand();
  test_problem("fc3d", "Capsules-i101-404.hdf5");     /* 225 contacts, 7 colours */
  test_problem("fc3d", "BoxesStack1-i100000-32.hdf5");
  test_problem("fc3d", "OneObject-i100000-316.hdf5");
  test_problem("fc3d", "Rover1039.hdf5");             /* dense W: one contact per colour */
  test_problem("fc2d", "FrictionContactProblem00071.dat");
  test_problem("fc2d", "fc2d_granularflowonwall_00667_00000.dat");
  return sn_check_report();
}
