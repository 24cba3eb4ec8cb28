/* *FREQUENCY, a step's procedure: eigenfrequencies and modes (CalculiX User's Manual 2.20,
 * "*FREQUENCY"; semantics and differences in docs/deck.md). Parameters: SOLVER= (CalculiX'
 * equation solvers: the shifted matrix K - sigma M is factorized by CHOLMOD, or UMFPACK when
 * it is indefinite), STORAGE=YES|NO (CalculiX writes the modes to a .eig file for a later
 * *MODAL DYNAMIC; signorini has none: a note at run time), GLOBAL= and CYCMPC= (cyclic
 * symmetry, which signorini does not have: only their no-effect values are accepted). Data
 * line: number of eigenvalues, lower and upper value of the frequency range (cycles/time).
 * *SELECT CYCLIC SYMMETRY MODES, NMIN=, NMAX= (User's Manual 2.20: the nodal diameters of a
 * cyclic symmetric model's frequency step; NMIN defaults to 0, NMAX to N / 2). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "deck/inp_internal.h"

/* parameter key: absent, or one of the blank-separated words of ok (returned: its index) */
static int par_word(inp_rd *p, const char *key, const char *const *ok, int nok, int *which)
{
  SBUF;
  const inp_param *q = inp_par(p, key);
  *which = -1;
  if (!q) return SN_OK;
  for (int k = 0; k < nok; k++)
    if (q->val && !strcmp(q->val, ok[k])) { *which = k; return SN_OK; }
  return inp_fail(p, "*FREQUENCY, %s=%s: expected %s%s%s", key, q->val ? SHOW(q->raw) : "", ok[0], nok > 1 ? " or " : "",
                  nok > 1 ? ok[1] : "");
}

int inp_frequency_begin(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  const inp_param *q;
  int r, w;
  if (p->step_static) return inp_fail(p, "a second procedure in the step (one *STATIC, *DYNAMIC or *FREQUENCY per step)");
  if ((q = inp_par(p, "SOLVER"))) {
    static const char *const names[] = {"SPOOLES", "PARDISO", "PASTIX", "DIRECT", "CHOLMOD"};
    int ok = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) ok |= q->val && !strcmp(q->val, names[i]);
    if (!ok)
      return inp_fail(p, "*FREQUENCY, SOLVER=%s: expected SPOOLES, PARDISO, PASTIX or DIRECT (the shifted matrix is "
                      "factorized by CHOLMOD, or UMFPACK when indefinite)", q->val ? SHOW(q->raw) : "");
  }
  static const char *const yesno[] = {"YES", "NO"};
  if ((r = par_word(p, "STORAGE", yesno, 2, &w))) return r;
  st->freq_storage_line = w == 0 ? p->line : 0;
  static const char *const no[] = {"NO"}, *const active[] = {"ACTIVE"};
  if ((r = par_word(p, "GLOBAL", no, 1, &w))) return r;      /* cyclic symmetry: not modelled */
  if ((r = par_word(p, "CYCMPC", active, 1, &w))) return r;
  p->step_static = 1;
  st->frequency = 1;
  st->nev = 0;
  return SN_OK;
}

/* number of eigenvalues, lower and upper frequency (cycles / time) */
int inp_frequency_data(inp_rd *p)
{
  sn_step *st = cur_step(p);
  int r;
  if (p->ndata) return inp_fail(p, "*FREQUENCY takes one data line");
  if (p->nf > 3) return inp_fail(p, "*FREQUENCY data line: expected at most 3 values (number of eigenvalues, lower and "
                                 "upper frequency), found %d", p->nf);
  if (p->nf < 1 || !p->f[0][0]) return inp_fail(p, "*FREQUENCY data line: the number of eigenvalues is missing");
  if ((r = inp_get_int(p, p->f[0], "number of eigenvalues", 1, 100000, &st->nev))) return r;
  st->fmin = st->fmax = 0.0;
  if (p->nf > 1 && p->f[1][0]) {
    if ((r = inp_get_dbl(p, p->f[1], "lower frequency", &st->fmin))) return r;
    if (st->fmin < 0) return inp_fail(p, "*FREQUENCY: lower frequency %g is negative", st->fmin);
  }
  if (p->nf > 2 && p->f[2][0]) {
    if ((r = inp_get_dbl(p, p->f[2], "upper frequency", &st->fmax))) return r;
    if (!(st->fmax > st->fmin))
      return inp_fail(p, "*FREQUENCY: upper frequency %g is not above the lower one %g", st->fmax, st->fmin);
  }
  return SN_OK;
}

/* *SELECT CYCLIC SYMMETRY MODES: its step needs *FREQUENCY (checked when the run starts, with
 * the model's cyclic *TIE) */
int inp_cyclic_modes_begin(inp_rd *p)
{
  sn_step *st = cur_step(p);
  const inp_param *q;
  int r;
  if (st->cyc_line) return inp_fail(p, "a second *SELECT CYCLIC SYMMETRY MODES in the step (line %d)", st->cyc_line);
  st->cyc_nmin = 0;
  st->cyc_nmax = -1;
  if ((q = inp_par(p, "NMIN"))) {
    if (!q->val) return inp_fail(p, "*SELECT CYCLIC SYMMETRY MODES: NMIN needs a value");
    if ((r = inp_get_int(p, q->val, "NMIN", 0, 100000, &st->cyc_nmin))) return r;
  }
  if ((q = inp_par(p, "NMAX"))) {
    if (!q->val) return inp_fail(p, "*SELECT CYCLIC SYMMETRY MODES: NMAX needs a value");
    if ((r = inp_get_int(p, q->val, "NMAX", 0, 100000, &st->cyc_nmax))) return r;
    if (st->cyc_nmax < st->cyc_nmin)
      return inp_fail(p, "*SELECT CYCLIC SYMMETRY MODES: NMAX=%d is below NMIN=%d", st->cyc_nmax, st->cyc_nmin);
  }
  st->cyc_line = p->line;
  return SN_OK;
}
