/* Example: a finite-element contact analysis through the signorini library.
 *
 *   run_deck [DECK.inp] [OUTDIR]
 *
 * Without a deck it builds one in memory: a mass node on a linear spring (stiffness 100)
 * pushed by a force of 20 toward a rigid wall at distance 0.1, Coulomb-free hard contact
 * (CONTACT=LAGRANGE). Free, the spring would stretch 20 / 100 = 0.2; the wall stops it at
 * 0.1, so the analytic answer is displacement -0.1 and contact force 20 - 100 x 0.1 = 10.
 * With a deck (e.g. examples/bar_obstacle.inp) it runs that one. Either way it parses the deck
 * (sn_inp_parse / sn_inp_read), runs every step (sn_static_run), follows the increments
 * through a callback, and, given OUTDIR, writes the results files of `signorini run` there
 * (sn_run_output_*; docs/results.md). It prints one line about the last increment:
 *
 *   increments 1 normal_force 10 tangential_force 0 largest_displacement 0.1
 *
 * normal_force: the sum of the normal contact forces; tangential_force: the magnitude of the
 * resultant of the tangential ones; largest_displacement: the largest nodal |u|. */
#include <math.h>
#include <signorini/signorini.h>
#include <stdio.h>
#include <string.h>

static const char DECK[] =
  "*HEADING\n"
  "mass on a spring pushed against a rigid wall\n"
  "** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa\n"
  "*NODE\n"
  "1, 1., 0.\n2, 0., 0.\n"
  "11, -1.1, -0.5\n12, -0.1, -0.5\n13, -0.1, 0.5\n14, -1.1, 0.5\n15, -0.6, 0.\n"
  "*ELEMENT, TYPE=SPRINGA, ELSET=SPRING\n1, 1, 2\n"
  "*ELEMENT, TYPE=CPE4, ELSET=WALL\n2, 11, 12, 13, 14\n"
  "*NSET, NSET=MASS\n2\n"
  "*SPRING, ELSET=SPRING\n100\n"
  "*MATERIAL, NAME=STEEL\n*ELASTIC\n200000., 0.3\n"
  "*SOLID SECTION, ELSET=WALL, MATERIAL=STEEL\n"
  "*RIGID BODY, ELSET=WALL, REF NODE=15\n"
  "*SURFACE, NAME=WALLFACE, TYPE=ELEMENT\nWALL, S2\n"
  "*SURFACE, NAME=MASSNODE, TYPE=NODE\nMASS, 1.\n"
  "*CONTACT PAIR, INTERACTION=HARD\nMASSNODE, WALLFACE\n"
  "*SURFACE INTERACTION, NAME=HARD\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n"
  "*BOUNDARY\n1, 1, 2\n2, 2\n15, 1, 2\n"
  "*STEP, CONTACT=LAGRANGE\n*STATIC\n1., 1.\n*CLOAD\n2, 1, -20\n*END STEP\n";

typedef struct {
  sn_run_output *out;   /* NULL: no files */
  int increments;
  double fn, ft, umax;
} watch;

/* called after every converged increment: totals of the contact forces, largest |u| */
static int on_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  watch *w = user;
  int dim = m->ndf;
  double fn = 0, ft[3] = {0, 0, 0}, umax = 0;
  for (int k = 0; k < inc->ncontact; k++) {
    const sn_contact_point *p = &inc->contact[k];
    const double *r = inc->contact_r + dim * k;
    fn += r[0];
    for (int c = 0; c < 3; c++) ft[c] += r[1] * p->t1[c] + (dim == 3 ? r[2] * p->t2[c] : 0.0);
  }
  for (int i = 0; i < m->nnodes; i++) {
    double a = 0;
    for (int c = 0; c < dim; c++) a += inc->u[dim * i + c] * inc->u[dim * i + c];
    umax = fmax(umax, sqrt(a));
  }
  w->increments = inc->total_increment;
  w->fn = fn;
  w->ft = sqrt(ft[0] * ft[0] + ft[1] * ft[1] + ft[2] * ft[2]);
  w->umax = umax;
  return w->out ? sn_run_output_increment(m, S, inc, w->out) : SN_OK;
}

int main(int argc, char **argv)
{
  const char *deck = argc > 1 ? argv[1] : NULL, *outdir = argc > 2 ? argv[2] : NULL;
  char msg[1024];
  sn_model *m = NULL;
  int st = deck ? sn_inp_read(deck, &m, msg, sizeof msg)
                : sn_inp_parse(DECK, strlen(DECK), "wall.inp", NULL, &m, msg, sizeof msg);
  if (st) {
    fprintf(stderr, "%s\n", msg);
    return 1;
  }
  watch w = {0};
  char base[256] = "wall";   /* the files' base name: the deck's name without folder and .inp */
  if (deck) {
    const char *b = strrchr(deck, '/');
    snprintf(base, sizeof base, "%s", b ? b + 1 : deck);
    char *dot = strrchr(base, '.');
    if (dot && dot != base) *dot = '\0';
  }
  if (outdir && (st = sn_run_output_open(outdir, base, m, &w.out, msg, sizeof msg))) {
    fprintf(stderr, "%s\n", msg);
    sn_model_free(m);
    return 1;
  }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_increment;
  s.user = &w;
  sn_static_info info;
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s%s%s\n", msg, w.out && sn_run_output_error(w.out)[0] ? ": " : "",
                  w.out ? sn_run_output_error(w.out) : "");
  else printf("increments %d normal_force %.10g tangential_force %.10g largest_displacement %.10g\n",
              w.increments, w.fn, w.ft, w.umax);
  /* the last increment's files (written on a thread of their own) and the charts, synced */
  if (!st && w.out && (st = sn_run_output_finish(w.out, m))) fprintf(stderr, "%s\n", sn_run_output_error(w.out));
  sn_run_output_close(w.out);
  sn_model_free(m);
  return st ? 1 : 0;
}
