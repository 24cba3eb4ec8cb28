/* *STEP, SOLVER=AUTO (any case) is accepted and means the default contact solver chain
 * (contact_increment.c): the deck tests/data/inp/contact2d.inp with its second (LAGRANGE)
 * step given SOLVER=AUTO runs exactly as without it (same increments, same contact solver,
 * same displacements), and is still refused under CONTACT=PENALTY (which uses no solver). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECK SN_TEST_DATA "/inp/contact2d.inp"

typedef struct {
  int n;
  char solver[32];
  double u[64];
  int ndof;
} trace;

static int keep(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  trace *t = user;
  t->n++;
  snprintf(t->solver, sizeof t->solver, "%s", inc->contact_solver ? inc->contact_solver : "");
  t->ndof = m->ndf * m->nnodes < 64 ? m->ndf * m->nnodes : 64;
  memcpy(t->u, inc->u, sizeof(double) * (size_t)t->ndof);
  return 0;
}

static char *slurp(size_t *len)
{
  FILE *f = fopen(DECK, "rb");
  CHECK(f != NULL);
  if (!f) return NULL;
  char *text = calloc(8192, 1);
  *len = fread(text, 1, 8000, f);
  fclose(f);
  return text;
}

/* the deck with "*STEP\n*STATIC\n0.5" (its second step) given the parameters par */
static int run_with(const char *par, trace *t, char *msg, size_t cap)
{
  size_t len;
  char *text = slurp(&len);
  if (!text) return SN_ERR_IO;
  char *at = strstr(text, "*STEP\n*STATIC\n0.5");
  CHECK(at != NULL);
  if (!at) { free(text); return SN_ERR_IO; }
  char out[8192];
  snprintf(out, sizeof out, "%.*s*STEP%s%s", (int)(at - text), text, par, at + 5);
  free(text);
  sn_model *m = NULL;
  int st = sn_inp_parse(out, strlen(out), "auto.inp", NULL, &m, msg, cap);
  if (st) return st;
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = keep;
  s.user = t;
  sn_static_info info;
  if (par[0] && strstr(par, "AUTO")) CHECK(!strcmp(m->steps[1].solver, "auto"));
  st = sn_static_run(m, &s, &info, msg, cap);
  sn_model_free(m);
  return st;
}

int main(void)
{
  char msg[1024] = "";
  trace a = {0}, b = {0};
  CHECK_INT(run_with("", &a, msg, sizeof msg), SN_OK);
  int st = run_with(", SOLVER=AUTO", &b, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK(a.n >= 2);
  CHECK_INT(b.n, a.n);
  CHECK(!strcmp(b.solver, a.solver));
  CHECK(!strcmp(b.solver, "admm"));
  CHECK_INT(b.ndof, a.ndof);
  for (int k = 0; k < a.ndof; k++) CHECK_CLOSE(b.u[k], a.u[k], 0, 0);
  trace c = {0};
  CHECK_INT(run_with(", solver=auto", &c, msg, sizeof msg), SN_OK);
  CHECK_INT(c.n, a.n);
  trace d = {0};
  CHECK_INT(run_with(", CONTACT=PENALTY, SOLVER=AUTO", &d, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "SOLVER=auto chooses the contact solver of CONTACT=LAGRANGE or INTERIOR") != NULL);
  return sn_check_report();
}
