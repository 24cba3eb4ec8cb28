/* The penalty loop's friction history (contact_face_history.c) on a node that is both the slave
 * node of a node-to-surface point and a node of a cut slave face (CONTACT=PENALTY with a NODE TO
 * SURFACE pair and a SURFACE TO SURFACE pair sharing it): sn_face_history_store keeps that node's
 * own tangential force, which the caller stored first, and lumps the face point's force on the
 * face's other nodes only. By hand: a node point on node 1 with tangential force 2 along x; a
 * QUAD4 face point at the face's centre (N = 1/4 at nodes 0..3, weight 1) with tangential force
 * 4 along x: nodes 0, 2 and 3 get 4 / 4 = 1 each, node 1 keeps 2 (it got 1 before the fix), and
 * the face point's history is its traction 4 / 1. */
#include "check.h"
#include "analysis/contact_internal.h"

#include <string.h>

int main(void)
{
  sn_contact_point pts[2];
  memset(pts, 0, sizeof pts);
  for (int q = 0; q < 2; q++) {
    pts[q].normal[2] = 1.0;
    pts[q].t1[0] = 1.0;
    pts[q].t2[1] = 1.0;
    pts[q].area = 1.0;
  }
  pts[0].slave_node = 1;                    /* node to surface */
  pts[1].face_point = 1;                    /* the face's centre */
  pts[1].slave_node = 0;
  pts[1].nslave = pts[1].nterm = 4;
  pts[1].pair = 1, pts[1].face_elem = 7, pts[1].face_side = 2;
  for (int t = 0; t < 4; t++) pts[1].term_node[t] = t, pts[1].term_coef[t] = 0.25;
  double r[6] = {10.0, 2.0, 0.0, 20.0, 4.0, 0.0};   /* (normal, t1, t2) per point */
  sn_cstate cs;
  memset(&cs, 0, sizeof cs);
  cs.pts = pts, cs.np = 2, cs.r = r;
  double lam_t[12] = {0};
  lam_t[3] = 2.0;                           /* what the caller stored for the node point */
  sn_face_hist *h = NULL;
  CHECK_INT(sn_face_history_store(&cs, 3, &h, lam_t), SN_OK);
  CHECK_CLOSE(lam_t[3], 2.0, 0, 1e-15);     /* node 1: its own point's force */
  for (int j = 0; j < 4; j++)
    if (j != 1) CHECK_CLOSE(lam_t[3 * j], 1.0, 0, 1e-15);
  for (int j = 0; j < 4; j++) CHECK_CLOSE(lam_t[3 * j + 1] + lam_t[3 * j + 2], 0.0, 0, 0);
  double g[3];                              /* the face point's own history: traction x weight */
  sn_face_history_force(h, NULL, &pts[1], lam_t, g);
  CHECK_CLOSE(g[0], 4.0, 0, 1e-15);
  sn_face_history_force(h, NULL, &pts[0], lam_t, g);   /* the node point reads its node */
  CHECK_CLOSE(g[0], 2.0, 0, 1e-15);
  sn_face_hist_free(h);
  return sn_check_report();
}
