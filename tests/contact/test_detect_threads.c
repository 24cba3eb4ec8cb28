/* Contact detection on threads (sn_contact_detect_threads, src/contact/detect.c): a block of
 * 24 x 24 C3D8 (625 slave nodes on its bottom face, above the 256 from which the projections
 * are shared among threads) over a coarse plate of 5 x 5 C3D8 whose edges do not line up with
 * the block's, displaced by a field that tilts and bends the bottom face (gaps from -1e-3 to
 * 0.05, every slave node projecting onto a different point of the plate).
 *  - 1, 2, 3 and 8 threads give the points of sn_contact_detect (one thread) bit for bit, in
 *    the same order (memcmp of the point arrays): each node's projection is computed into its
 *    own slot and the points are then made in slave-node order;
 *  - the detection is not empty and every slave node above the plate has a point, with the gap
 *    of the displaced flat plate computed here by hand (z of the node, the plate at z = 0). */
#include "fe_deck.h"
#include "signorini/contact.h"
#include "signorini/fem.h"

/* hexahedra nx x ny x 1 over [x0, x0 + L] x [y0, y0 + L] x [z0, z0 + h], node ids from nid0 */
static void hex_block(fd_buf *b, int nx, double x0, double y0, double z0, double L, double h, int nid0, int eid0,
                      const char *elset)
{
  int g = nx + 1;
  fd_print(b, "*NODE\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < g; j++)
      for (int i = 0; i < g; i++)
        fd_print(b, "%d, %.17g, %.17g, %.17g\n", nid0 + (k * g + j) * g + i, x0 + L * i / nx, y0 + L * j / nx,
                 z0 + h * k);
  fd_print(b, "*ELEMENT, TYPE=C3D8, ELSET=%s\n", elset);
  for (int j = 0; j < nx; j++)
    for (int i = 0; i < nx; i++) {
      int n0 = nid0 + j * g + i;
      fd_print(b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", eid0 + j * nx + i, n0, n0 + 1, n0 + g + 1, n0 + g,
               n0 + g * g, n0 + g * g + 1, n0 + g * g + g + 1, n0 + g * g + g);
    }
}

int main(void)
{
  enum { NX = 24 };
  fd_buf b = {0};
  hex_block(&b, NX, 0, 0, 0.01, 1.0, 0.1, 1, 1, "BLOCK");
  hex_block(&b, 5, -0.07, -0.07, -0.2, 1.14, 0.2, 10001, 10001, "PLATE");
  sn_model *m = fd_block_on_plate(&b, 0.3);
  char msg[512];
  int r;
  if (!m) return sn_check_report();

  /* a displacement that tilts and bends the block's bottom face: z moves by
     -0.011 + 0.04 x + 0.02 sin(3 y) (x, y in [0, 1]); the plate stays */
  double *u = calloc(3 * (size_t)m->nnodes, sizeof *u);
  for (int i = 0; i < m->nnodes; i++) {
    if (m->node_id[i] > 10000) continue;
    const double *x = m->x + 3 * i;
    u[3 * i] = 0.003 * sin(5 * x[1]);
    u[3 * i + 1] = -0.002 * x[0];
    u[3 * i + 2] = -0.011 + 0.04 * x[0] + 0.02 * sin(3 * x[1]);
  }
  sn_contact_point *p1 = NULL;
  int n1 = 0;
  r = sn_contact_detect(m, u, 0.0, &p1, &n1, msg, sizeof msg);
  if (r) fprintf(stderr, "detect: %s\n", msg);
  CHECK_INT(r, SN_OK);
  CHECK_INT(n1, (NX + 1) * (NX + 1));   /* every bottom node lies above the plate */
  double gmin = INFINITY, gmax = -INFINITY, worst = 0;
  for (int k = 0; k < n1; k++) {
    int v = p1[k].slave_node;
    double z = m->x[3 * v + 2] + u[3 * v + 2];
    worst = fmax(worst, fabs(p1[k].gap - z));
    gmin = fmin(gmin, p1[k].gap);
    gmax = fmax(gmax, p1[k].gap);
  }
  CHECK(worst < 1e-14);                  /* the gap to the plane z = 0, by hand */
  CHECK(gmin < 0 && gmax > 0.03);        /* closed and open points both */
  const int threads[] = {1, 2, 3, 8};
  for (int t = 0; t < 4; t++) {
    sn_contact_point *p = NULL;
    int n = 0;
    r = sn_contact_detect_threads(m, u, 0.0, threads[t], &p, &n, msg, sizeof msg);
    CHECK_INT(r, SN_OK);
    CHECK_INT(n, n1);
    CHECK(n == n1 && p && memcmp(p, p1, (size_t)n * sizeof *p) == 0);
    sn_contact_points_free(p);
  }
  sn_contact_points_free(p1);
  free(u);
  sn_model_free(m);
  return sn_check_report();
}
