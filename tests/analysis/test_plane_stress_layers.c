/* CalculiX' expanded plane-stress elements (src/fem/element_plane_stress.c, ps_stretch.c)
 * against ccx 2.20 on the same decks: a strip 2 x 1 of two CPS8R (then CPS8) elements,
 * thickness 0.5, E = 210000, nu = 0.3, clamped at x = 0, its right end pulled down by 2 x 10
 * and along x by 25. ccx expands each element into a C3D20R (C3D20) one layer thick and prints
 * s_zz, s_xz and s_yz of the order of 5 % of the largest stress (the out-of-plane field
 * u_z = zeta W of its expanded nodes), which a plane-stress element does not have. Its in-plane
 * displacements differ from signorini's plane-stress ones by 1 % on this coarse bending mesh
 * (the W field stiffens ccx's element; not modelled), so the check takes ccx's printed
 * displacements as the state and asks ccx's printed stresses at every point of both layers
 * (CPS8R; CPS8: points 1, 5, 14, 27 of the 3 layers) to 2e-5 of the largest, and the CPS8R's
 * strains E at six points the same way. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"
#include "analysis/ip_layers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *deck_fmt =
    "*NODE, NSET=NALL\n1,0,0\n2,1,0\n3,2,0\n4,0,1\n5,1,1\n6,2,1\n7,0.5,0\n8,1.5,0\n9,0.5,1\n10,1.5,1\n"
    "11,0,0.5\n12,1,0.5\n13,2,0.5\n"
    "*ELEMENT, TYPE=%s, ELSET=EALL\n1,1,2,5,4,7,12,9,11\n2,2,3,6,5,8,13,10,12\n"
    "*NSET, NSET=LEFT\n1,4,11\n*MATERIAL, NAME=M\n*ELASTIC\n210000., .3\n"
    "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n0.5\n*BOUNDARY\nLEFT, 1, 2\n"
    "*STEP\n*STATIC\n*CLOAD\n3,2,-10.\n6,2,-10.\n6,1,25.\n*END STEP\n";

/* ccx 2.20's displacements (nodes 1..13, x and y) */
static const double u_cps8r[13][2] = {
    {0, 0}, {-2.149986E-03, -2.999078E-03}, {-2.780282E-03, -9.231637E-03}, {0, 0},
    {2.437847E-03, -3.088438E-03}, {4.475267E-03, -9.949696E-03}, {-1.176271E-03, -8.910517E-04},
    {-2.631148E-03, -6.060998E-03}, {1.310992E-03, -1.005748E-03}, {3.571516E-03, -5.906497E-03},
    {0, 0}, {2.966213E-04, -2.855200E-03}, {2.815709E-04, -9.488113E-03}};
static const double u_cps8[13][2] = {
    {0, 0}, {-2.085712E-03, -3.007945E-03}, {-2.947296E-03, -9.383816E-03}, {0, 0},
    {2.494512E-03, -3.054130E-03}, {4.304603E-03, -9.747653E-03}, {-1.136465E-03, -9.036710E-04},
    {-2.659728E-03, -5.966231E-03}, {1.337595E-03, -9.823104E-04}, {3.518450E-03, -5.962621E-03},
    {0, 0}, {2.495149E-04, -2.846455E-03}, {3.673977E-04, -9.458172E-03}};

/* ccx 2.20's stresses: element, point (1-based over the layers), sxx syy szz sxy sxz syz */
typedef struct { int e, p; double s[6]; } srow;
static const srow s_cps8r[] = {
    {1, 1, {-2.844486E+02, -8.338777E+01, -1.203337E+01, -2.812759E+01, 1.761660E+00, 2.174559E+01}},
    {1, 2, {-2.044486E+02, -1.618920E+01, -7.910887E+00, -1.922418E+01, 5.937779E+00, 1.396681E+01}},
    {1, 3, {3.844486E+02, 8.625422E+01, 1.337426E+01, -5.187241E+01, -5.395991E+00, 2.174559E+01}},
    {1, 4, {3.044486E+02, -4.484079E+00, 3.015012E+00, -6.077582E+01, -2.462133E+00, 1.396681E+01}},
    {1, 5, {-2.844486E+02, -8.338777E+01, -1.203337E+01, -2.812759E+01, -1.761660E+00, -2.174559E+01}},
    {1, 6, {-2.044486E+02, -1.618920E+01, -7.910887E+00, -1.922418E+01, -5.937779E+00, -1.396681E+01}},
    {1, 7, {3.844486E+02, 8.625422E+01, 1.337426E+01, -5.187241E+01, 5.395991E+00, -2.174559E+01}},
    {1, 8, {3.044486E+02, -4.484079E+00, 3.015012E+00, -6.077582E+01, 2.462133E+00, -1.396681E+01}},
    {2, 1, {-1.458846E+02, 6.981575E+01, -1.778013E+00, -5.524386E+01, 2.315929E+00, 9.032841E+00}},
    {2, 2, {-6.588457E+01, -6.907080E+00, -3.164712E+00, -7.251796E+01, -1.860189E+00, 5.028728E+00}},
    {2, 3, {2.458846E+02, 2.513980E+01, 8.408404E+00, -2.475614E+01, -2.309314E+00, 9.032841E+00}},
    {2, 4, {1.658846E+02, -5.350026E+01, 8.930938E-02, -7.482039E+00, -5.243171E+00, 5.028728E+00}},
    {2, 5, {-1.458846E+02, 6.981575E+01, -1.778013E+00, -5.524386E+01, -2.315929E+00, -9.032841E+00}},
    {2, 6, {-6.588457E+01, -6.907080E+00, -3.164712E+00, -7.251796E+01, 1.860189E+00, -5.028728E+00}},
    {2, 7, {2.458846E+02, 2.513980E+01, 8.408404E+00, -2.475614E+01, 2.309314E+00, -9.032841E+00}},
    {2, 8, {1.658846E+02, -5.350026E+01, 8.930938E-02, -7.482039E+00, 5.243171E+00, -5.028728E+00}}};
static const srow s_cps8[] = {
    {1, 1, {-4.149607E+02, -1.218811E+02, -1.723151E+01, -3.983664E+01, 5.612842E+00, 3.235269E+01}},
    {1, 5, {5.270940E+01, -3.001565E-01, 1.337702E+00, -3.007801E+01, -7.343292E-01, 2.413133E+01}},
    {1, 14, {5.270940E+01, -3.001565E-01, 1.337702E+00, -3.007801E+01, 1.751404E-14, 1.609102E-13}},
    {1, 27, {3.737572E+02, -6.074572E+00, 5.450956E+00, -5.401631E+01, 6.786893E+00, -1.869960E+01}},
    {2, 1, {-2.053246E+02, 5.341843E+01, 8.519699E-01, -5.303110E+01, 6.385902E+00, 1.038177E+01}},
    {2, 5, {2.615986E+01, 7.700420E+00, -3.018784E+00, -3.501663E+01, -1.905633E+00, 9.308812E+00}},
    {2, 14, {2.615986E+01, 7.700420E+00, -3.018784E+00, -3.501663E+01, -3.598587E-14, 4.159583E-14}},
    {2, 27, {2.096309E+02, -6.407179E+01, 1.244156E-01, -6.301593E+00, 6.968682E+00, -1.249241E+01}}};

/* ccx 2.20's strains of the CPS8R strip (tensor shears) at six of its points */
static const srow e_cps8r[] = {
    {1, 1, {-1.218201E-03, 2.646113E-05, 4.681788E-04, -1.741232E-04, 1.090552E-05, 1.346156E-04}},
    {1, 3, {1.688381E-03, -1.575840E-04, -6.087457E-04, -3.211149E-04, -3.340375E-05, 1.346156E-04}},
    {1, 6, {-9.391362E-04, 2.262793E-04, 2.775260E-04, -1.190068E-04, -3.675768E-05, -8.646120E-05}},
    {2, 1, {-7.918852E-04, 5.434025E-04, 1.002030E-04, -3.419858E-04, 1.433671E-05, 5.591758E-05}},
    {2, 2, {-2.993478E-04, 6.575098E-05, 8.891802E-05, -4.489207E-04, -1.151546E-05, 3.113022E-05}},
    {2, 8, {8.662279E-04, -4.918687E-04, -1.601237E-04, -4.631738E-05, 3.245773E-05, -3.113022E-05}}};

static void check_type(const char *type, const double (*uc)[2], const srow *rows, int nrows, double smax,
                       const srow *erows, int nerows, double emax)
{
  char deck[4096], msg[512];
  snprintf(deck, sizeof deck, deck_fmt, type);
  sn_model *m = NULL;
  sn_fesys *S = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "strip.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) { fprintf(stderr, "%s\n", msg); return; }
  CHECK_INT(sn_fesys_create(m, &S, msg, sizeof msg), SN_OK);
  const int *ipo = S ? sn_fesys_ip_offset(S) : NULL;
  double *u = calloc((size_t)m->ndf * m->nnodes, sizeof(double));
  double *sip = S ? malloc(sizeof(double) * 6 * (size_t)ipo[m->nelems]) : NULL;
  double *eip = S ? malloc(sizeof(double) * 6 * (size_t)ipo[m->nelems]) : NULL;
  double *W = NULL, *ezz = NULL;
  if (S && u && sip && eip) {
    for (int id = 1; id <= 13; id++) {
      int v = sn_model_node_index(m, id);
      u[2 * v] = uc[id - 1][0];
      u[2 * v + 1] = uc[id - 1][1];
    }
    CHECK_INT(sn_fesys_stress(S, u, NULL, sip), SN_OK);
    CHECK_INT(sn_ps_stretch_solve(m, S, u, &W, &ezz), SN_OK);
    CHECK(W != NULL && ezz != NULL);
    for (int r = 0; W && r < nrows; r++) {
      int e = rows[r].e - 1, nip = ipo[e + 1] - ipo[e], nl = sn_ip_layers(m->elem_type[e], nip);
      int k = (rows[r].p - 1) % nip, layer = (rows[r].p - 1) / nip;
      double s3[6];
      CHECK(layer < nl);
      CHECK_INT(sn_ps_layer_value(m, ipo, W, ezz, 0, e, k, layer, nl, sip + 6 * (size_t)(ipo[e] + k), s3), 1);
      for (int c = 0; c < 6; c++) CHECK_CLOSE(s3[c], rows[r].s[c], 0, 2e-5 * smax);
    }
    CHECK_INT(sn_fesys_strain(S, u, NULL, eip), SN_OK);
    for (int r = 0; W && r < nerows; r++) {
      int e = erows[r].e - 1, nip = ipo[e + 1] - ipo[e], nl = sn_ip_layers(m->elem_type[e], nip);
      int k = (erows[r].p - 1) % nip, layer = (erows[r].p - 1) / nip;
      double e3[6];
      CHECK_INT(sn_ps_layer_value(m, ipo, W, ezz, 1, e, k, layer, nl, eip + 6 * (size_t)(ipo[e] + k), e3), 1);
      for (int c = 0; c < 6; c++) CHECK_CLOSE(e3[c], erows[r].s[c], 0, 2e-5 * emax);
    }
  }
  free(W); free(ezz); free(u); free(sip); free(eip);
  sn_fesys_free(S);
  sn_model_free(m);
}

int main(void)
{
  check_type("CPS8R", u_cps8r, s_cps8r, (int)(sizeof s_cps8r / sizeof *s_cps8r), 384.4486, e_cps8r,
             (int)(sizeof e_cps8r / sizeof *e_cps8r), 1.688381E-03);
  check_type("CPS8", u_cps8, s_cps8, (int)(sizeof s_cps8 / sizeof *s_cps8), 414.9607, NULL, 0, 1);
  return sn_check_report();
}
