/* A mortar row computed by hand: one slave face over two master faces (plane strain, thickness
 * 1). The slave edge runs from A = (0, 0.1) to B = (2, 0.3) (slave parameter s in [-1, 1]:
 * x(s) = (1 + s, 0.2 + 0.1 s), dA = J ds with J = sqrt(1.01), N_A = (1 - s) / 2,
 * N_B = (1 + s) / 2); the master is the flat y = 0, two edges F1 = [-1, 1] and F2 = [1, 3]
 * (nodes m0 = (-1, 0), m1 = (1, 0), m2 = (3, 0)). The closest point of x(s) on the master is
 * (1 + s, 0), the pointwise gap g(s) = 0.2 + 0.1 s, the normal (0, 1). By hand:
 *   W_A = int N_A J ds = J, W_B = J (the point areas);
 *   g~_A / W_A = int (1 - s)/2 (0.2 + 0.1 s) ds = (0.4 - 0.2/3) / 2 = 1/6,
 *   g~_B / W_B = (0.4 + 0.2/3) / 2 = 7/30;
 *   D_AA / W_A = int N_A^2 ds = 2/3, D_AB / W_A = 1/3;
 *   the segment boundary: the slave point closest to m1, s* = -0.02 / 1.01 (mortar.c); on F1
 *   (s < s*) N_m0 = -s/2, N_m1 = (2 + s)/2; on F2 N_m1 = (2 - s)/2, N_m2 = s/2, so e.g.
 *   M_A,m0 / W_A = int_-1^s* (1 - s)(-s)/4 ds, M_A,m1 / W_A = int_-1^s* (1 - s)(2 + s)/4 ds +
 *   int_s*^1 (1 - s)(2 - s)/4 ds, M_A,m2 / W_A = int_s*^1 (1 - s) s / 4 ds (the polynomials
 *   integrated below by their antiderivatives, independently of the code's Gauss rules).
 * Each row's coefficients sum to 0 (slave +1, master -1). */
#include "check.h"
#include "signorini/contact.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *deck =
    "*NODE\n1,-1,-1\n2,1,-1\n3,3,-1\n4,-1,0\n5,1,0\n6,3,0\n"
    "11,0,0.1\n12,2,0.3\n13,2,1.3\n14,0,1.1\n"
    "*ELEMENT, TYPE=CPE4, ELSET=LOW\n1,1,2,5,4\n2,2,3,6,5\n"
    "*ELEMENT, TYPE=CPE4, ELSET=UP\n3,11,12,13,14\n"
    "*SURFACE, NAME=M\nLOW, S3\n*SURFACE, NAME=S\nUP, S1\n"
    "*MATERIAL, NAME=E\n*ELASTIC\n1000., 0.3\n"
    "*SOLID SECTION, ELSET=LOW, MATERIAL=E\n1.\n*SOLID SECTION, ELSET=UP, MATERIAL=E\n1.\n"
    "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n"
    "*CONTACT PAIR, INTERACTION=I, TYPE=SURFACE TO SURFACE\nS, M\n"
    "*STEP\n*STATIC\n*END STEP\n";

/* int_a^b (c0 + c1 s + c2 s^2) ds */
static double poly(double a, double b, double c0, double c1, double c2)
{
  return c0 * (b - a) + c1 * (b * b - a * a) / 2 + c2 * (b * b * b - a * a * a) / 3;
}

static double coef_of(const sn_contact_point *p, int node)
{
  double c = 0;
  for (int t = 0; t < p->nterm; t++)
    if (p->term_node[t] == node) c += p->term_coef[t];
  return c;
}

/* the row size limit (SN_MORTAR_MAXTERM = 256 nodes): one slave edge 1 long over nm master edges
 * of a plane-strain strip; the slave nodes' rows couple the nm + 1 master nodes and the two
 * slave nodes: accepted for nm = 150 (153 nodes, beyond the former 128: CalculiX' cubef2f1
 * needs that), refused with the message for nm = 300 (303 nodes) */
static void row_limit(int nm, int accepted)
{
  static char d[40000];
  int k = snprintf(d, sizeof d, "*NODE\n");
  for (int i = 0; i <= nm; i++) {
    double x = (double)i / nm;
    k += snprintf(d + k, sizeof d - (size_t)k, "%d,%.17g,-1\n%d,%.17g,0\n", 1 + i, x, 1001 + i, x);
  }
  k += snprintf(d + k, sizeof d - (size_t)k, "5001,0.,0.01\n5002,1.,0.01\n5003,1.,1.\n5004,0.,1.\n*ELEMENT, TYPE=CPE4, ELSET=LOW\n");
  for (int i = 0; i < nm; i++) k += snprintf(d + k, sizeof d - (size_t)k, "%d,%d,%d,%d,%d\n", 1 + i, 1 + i, 2 + i, 1002 + i, 1001 + i);
  snprintf(d + k, sizeof d - (size_t)k,
           "*ELEMENT, TYPE=CPE4, ELSET=UP\n5001,5001,5002,5003,5004\n"
           "*SURFACE, NAME=M\nLOW, S3\n*SURFACE, NAME=S\nUP, S1\n*MATERIAL, NAME=E\n*ELASTIC\n1000., 0.3\n"
           "*SOLID SECTION, ELSET=LOW, MATERIAL=E\n1.\n*SOLID SECTION, ELSET=UP, MATERIAL=E\n1.\n"
           "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n"
           "*CONTACT PAIR, INTERACTION=I, TYPE=SURFACE TO SURFACE\nS, M\n*STEP\n*STATIC\n*END STEP\n");
  char msg[256];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(d, strlen(d), "limit.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  sn_contact_point *p = NULL;
  int n = 0, r = sn_contact_detect(m, NULL, 0.5, &p, &n, msg, sizeof msg);
  CHECK_INT(r, accepted ? SN_OK : SN_ERR_FORMAT);
  if (accepted) {
    CHECK_INT(n, 2);
    for (int j = 0; j < n; j++) CHECK_INT(p[j].nterm, nm + 3);
  } else {
    CHECK(strstr(msg, "couples more than 256 nodes") != NULL);
  }
  sn_contact_points_free(p);
  sn_model_free(m);
}

int main(void)
{
  char msg[256];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "gap.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return 1;
  sn_contact_point *p = NULL;
  int n = 0;
  CHECK_INT(sn_contact_detect(m, NULL, 0.0, &p, &n, msg, sizeof msg), SN_OK);
  CHECK_INT(n, 2);
  /* node indices: input order, 1..6 -> 0..5, 11..14 -> 6..9 */
  const int iA = 6, iB = 7, m0 = 3, m1 = 4, m2 = 5;
  const double J = sqrt(1.01), ss = -0.02 / 1.01;
  for (int k = 0; k < n && k < 2; k++) {
    const sn_contact_point *q = &p[k];
    int isA = q->slave_node == iA;
    double sg = isA ? -1 : 1;   /* N_j = (1 + sg s) / 2 */
    CHECK_INT(q->slave_node, isA ? iA : iB);
    CHECK_CLOSE(q->area, J, 1e-14, 0);
    CHECK_CLOSE(q->gap, isA ? 1.0 / 6 : 7.0 / 30, 1e-14, 0);
    CHECK_CLOSE(q->normal[0], 0, 0, 1e-15);
    CHECK_CLOSE(q->normal[1], 1, 1e-15, 0);
    /* D / W */
    CHECK_CLOSE(coef_of(q, isA ? iA : iB), 2.0 / 3, 1e-14, 0);
    CHECK_CLOSE(coef_of(q, isA ? iB : iA), 1.0 / 3, 1e-14, 0);
    /* M / W: (1 + sg s)/2 times the master shape functions; the products, expanded */
    double Mm0 = poly(-1, ss, 0, -0.25, -0.25 * sg);                         /* (1 + sg s)(-s)/4 */
    double Mm1 = poly(-1, ss, 0.5, 0.25 + 0.5 * sg, 0.25 * sg) +             /* (1 + sg s)(2 + s)/4 */
                 poly(ss, 1, 0.5, -0.25 + 0.5 * sg, -0.25 * sg);             /* (1 + sg s)(2 - s)/4 */
    double Mm2 = poly(ss, 1, 0, 0.25, 0.25 * sg);                            /* (1 + sg s) s / 4 */
    CHECK_CLOSE(coef_of(q, m0), -Mm0, 1e-13, 1e-15);
    CHECK_CLOSE(coef_of(q, m1), -Mm1, 1e-13, 1e-15);
    CHECK_CLOSE(coef_of(q, m2), -Mm2, 1e-13, 1e-15);
    CHECK_CLOSE(Mm0 + Mm1 + Mm2, 1, 1e-14, 0);
    printf("node %s: W %.15g gap %.15g D/W %.6f %.6f M/W %.10f %.10f %.10f\n", isA ? "A" : "B", q->area, q->gap,
           coef_of(q, iA), coef_of(q, iB), coef_of(q, m0), coef_of(q, m1), coef_of(q, m2));
  }
  sn_contact_points_free(p);
  sn_model_free(m);
  row_limit(150, 1);
  row_limit(300, 0);
  return sn_check_report();
}
