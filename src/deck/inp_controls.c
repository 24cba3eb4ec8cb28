/* *CONTROLS (CalculiX 2.20 manual, *CONTROLS): CalculiX' solver controls (time incrementation,
 * field convergence criteria, line search, contact) and RESET. signorini has its own increment
 * control and convergence tests (docs/deck.md, "When an increment has no solution"), which these numbers do not map onto: the
 * keyword is read, its parameters and data checked as CalculiX reads them, and a note
 * (sn_model.notes, shown when the analysis runs) says that it is ignored. */
#include <string.h>

#include "deck/inp_internal.h"

/* at most this many values on a data line (CalculiX 2.20 manual, *CONTROLS: TIME
 * INCREMENTATION's first line has the ten iteration counts I0 ... IT, its second the eight
 * factors; the other kinds fewer) */
#define CONTROLS_MAXITEMS 10

int inp_controls_begin(inp_rd *p)
{
  SBUF;
  inp_param *q = inp_par(p, "PARAMETERS");
  int reset = 0, r;
  if ((r = inp_par_flag(p, "RESET", &reset))) return r;
  if (q && (!q->val || !inp_in_list("TIMEINCREMENTATION FIELD LINESEARCH CONTACT NETWORK CFD", q->val)))
    return inp_fail(p, "*CONTROLS, PARAMETERS=%s: expected TIME INCREMENTATION, FIELD, LINE SEARCH, CONTACT, NETWORK or CFD",
                    q->val ? SHOW(q->raw) : "");
  if (!q && !reset) return inp_fail(p, "*CONTROLS needs PARAMETERS= or RESET");
  snprintf(p->cur_name, sizeof p->cur_name, "%s", q ? q->val : "");
  return inp_note(p, "*CONTROLS%s%s ignored: signorini controls its increments and Newton convergence itself "
                  "(*STATIC data line, docs/deck.md); CalculiX' solver controls have no counterpart",
                  q ? ", PARAMETERS=" : ", RESET", q ? SHOW(q->raw) : "");
}

/* a data line: numbers (empty fields keep CalculiX' defaults), checked, then ignored */
int inp_controls_data(inp_rd *p)
{
  if (!p->cur_name[0]) return inp_fail(p, "*CONTROLS, RESET takes no data lines");
  int lines = !strcmp(p->cur_name, "TIMEINCREMENTATION") ? 2 : 1;
  int line = p->ndata + 1;                             /* ndata: the data lines before this one */
  if (line > lines)
    return inp_fail(p, "*CONTROLS, PARAMETERS=%s: at most %d data line%s", p->cur_name, lines, lines > 1 ? "s" : "");
  int nf = p->nf;
  while (nf > 0 && !p->f[nf - 1][0]) nf--;
  if (nf > CONTROLS_MAXITEMS)
    return inp_fail(p, "*CONTROLS data line: at most %d values, found %d", CONTROLS_MAXITEMS, nf);
  for (int k = 0; k < nf; k++) {
    double v;
    int r;
    if (p->f[k][0] && (r = inp_get_dbl(p, p->f[k], "control value", &v))) return r;
  }
  return SN_OK;
}
