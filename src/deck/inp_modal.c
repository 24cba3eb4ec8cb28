/* *MODAL DYNAMIC, a step's procedure, and *MODAL DAMPING, its damping (CalculiX User's Manual
 * 2.20, "*MODAL DYNAMIC" and "*MODAL DAMPING"; semantics in docs/deck.md, "Modal dynamic
 * steps"). *MODAL DYNAMIC: SOLVER= (CalculiX' equation solvers; no system is solved here),
 * DIRECT (a flag, or =YES / NO) and DELTMX= (CalculiX' increment control of contact in modal
 * dynamics; read and checked: the increment here is always the data line's), STEADY STATE
 * refused. Data line as *STATIC's: increment, period, minimum, maximum increment.
 * *MODAL DAMPING, RAYLEIGH: one data line ", , alpha, beta" (C = alpha M + beta K); the
 * per-mode damping ratios of MODAL=DIRECT are not supported. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_modal_begin(inp_rd *p)
{
  SBUF;
  sn_step *st = cur_step(p);
  const inp_param *q;
  if (p->step_static) return inp_fail(p, "a second procedure in the step (one *STATIC, *DYNAMIC, *FREQUENCY or *MODAL DYNAMIC per step)");
  if (inp_par(p, "STEADYSTATE"))
    return inp_fail(p, "*MODAL DYNAMIC, STEADY STATE (run until the response is stationary) is not supported: give the period");
  if ((q = inp_par(p, "SOLVER"))) {
    static const char *const names[] = {"SPOOLES", "PARDISO", "PASTIX", "DIRECT", "CHOLMOD"};
    int ok = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) ok |= q->val && !strcmp(q->val, names[i]);
    if (!ok)
      return inp_fail(p, "*MODAL DYNAMIC, SOLVER=%s: expected SPOOLES, PARDISO, PASTIX or DIRECT", q->val ? SHOW(q->raw) : "");
  }
  if ((q = inp_par(p, "DIRECT")) && q->val && strcmp(q->val, "YES") && strcmp(q->val, "NO"))
    return inp_fail(p, "*MODAL DYNAMIC, DIRECT=%s: expected YES or NO (or DIRECT alone)", SHOW(q->raw));
  if ((q = inp_par(p, "DELTMX"))) {
    char *end = NULL;
    double v = q->val ? strtod(q->val, &end) : NAN;
    if (!q->val || *end || !(v > 0) || !isfinite(v))
      return inp_fail(p, "*MODAL DYNAMIC, DELTMX=%s: expected a positive number", q->val ? SHOW(q->raw) : "");
  }
  p->step_static = 1;
  st->modal = 1;
  st->direct = 1;
  return SN_OK;
}

int inp_modal_damping_begin(inp_rd *p)
{
  sn_step *st = cur_step(p);
  const inp_param *q = inp_par(p, "MODAL");
  int rayleigh;
  int r = inp_par_flag(p, "RAYLEIGH", &rayleigh);
  if (r) return r;
  if (!rayleigh || q)
    return inp_fail(p, "*MODAL DAMPING: only RAYLEIGH is supported (the per-mode damping ratios of MODAL=DIRECT are not)");
  if (st->modal_damping_line) return inp_fail(p, "a second *MODAL DAMPING in the step (the first on line %d)", st->modal_damping_line);
  st->modal_damping_line = p->line;
  return SN_OK;
}

/* , , alpha, beta (the first two fields, CalculiX' mode range, are not used with RAYLEIGH) */
int inp_modal_damping_data(inp_rd *p)
{
  sn_step *st = cur_step(p);
  int r;
  if (p->ndata) return inp_fail(p, "*MODAL DAMPING, RAYLEIGH takes one data line");
  if (p->nf != 4) return inp_fail(p, "*MODAL DAMPING, RAYLEIGH data line: expected 4 fields (not used, not used, alpha, beta), found %d", p->nf);
  st->modal_alpha = st->modal_beta = 0.0;
  if (p->f[2][0] && (r = inp_get_dbl(p, p->f[2], "alpha", &st->modal_alpha))) return r;
  if (p->f[3][0] && (r = inp_get_dbl(p, p->f[3], "beta", &st->modal_beta))) return r;
  if (st->modal_alpha < 0 || st->modal_beta < 0)
    return inp_fail(p, "*MODAL DAMPING: alpha %g and beta %g may not be negative", st->modal_alpha, st->modal_beta);
  return SN_OK;
}
