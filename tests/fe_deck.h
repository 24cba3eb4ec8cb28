/* Helpers of the tests that write a deck as text and run it through sn_inp_parse and
 * sn_static_run (tests/analysis/test_fe_thermal.c, test_fe_elements.c, test_constraints.c,
 * test_shells.c; tests/contact/test_detect_threads.c and test_detect_edge_tie.c the buffer and
 * fd_block_on_plate): the deck buffer and a
 * run that keeps the last increment's displacements, reactions and nodal stresses. */
#ifndef SN_TEST_FE_DECK_H
#define SN_TEST_FE_DECK_H

#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *s;
  size_t n, cap;
} fd_buf;

static inline void fd_print(fd_buf *b, const char *fmt, ...)
{
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) abort();
    if (b->s && b->n + (size_t)k < b->cap) { b->n += (size_t)k; return; }
    size_t nc = b->cap ? 2 * b->cap : 1 << 16;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    b->s = realloc(b->s, nc);
    if (!b->s) abort();
    b->cap = nc;
  }
}

typedef struct {
  sn_model *m;
  int ndof, nnodes, nip;
  double *u, *rf, *snode, *sip;
  int ncontact;            /* contact points of the last increment */
  double fcontact[3];      /* sum of their forces (global frame) */
} fd_result;

static inline int fd_on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m; (void)S;
  fd_result *r = user;
  memcpy(r->u, inc->u, (size_t)r->ndof * sizeof(double));
  memcpy(r->rf, inc->rf, (size_t)r->ndof * sizeof(double));
  memcpy(r->snode, inc->s_node, (size_t)r->nnodes * 6 * sizeof(double));
  memcpy(r->sip, inc->s_ip, (size_t)r->nip * 6 * sizeof(double));
  r->ncontact = inc->ncontact;
  int dim = r->m->ndf;
  memset(r->fcontact, 0, sizeof r->fcontact);
  for (int q = 0; q < inc->ncontact; q++) {
    const sn_contact_point *p = &inc->contact[q];
    const double *f = inc->contact_r + dim * q;
    for (int c = 0; c < 3; c++) r->fcontact[c] += f[0] * p->normal[c] + f[1] * p->t1[c] + (dim == 3 ? f[2] * p->t2[c] : 0);
  }
  return 0;
}

/* parse and run the deck (freed) with the static analysis' Newton tolerance tol; SN_OK or the
 * status, its message in msg (r filled as far as it ran; fd_free it in every case) */
static inline int fd_run_msg(fd_buf *deck, const char *name, fd_result *r, double tol, char *msg, size_t msglen)
{
  memset(r, 0, sizeof *r);
  const char *keep = getenv("SN_FE_KEEP");   /* folder: keep the decks (e.g. to run ccx on them) */
  if (keep) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.inp", keep, name);
    FILE *f = fopen(path, "w");
    if (f) { fwrite(deck->s, 1, deck->n, f); fclose(f); }
  }
  int st = sn_inp_parse(deck->s, deck->n, name, NULL, &r->m, msg, msglen);
  free(deck->s);
  memset(deck, 0, sizeof *deck);
  if (st != SN_OK) return st;
  r->nnodes = r->m->nnodes;
  r->ndof = r->m->ndf * r->nnodes;
  for (int e = 0; e < r->m->nelems; e++) r->nip += sn_element_desc(r->m->elem_type[e])->nip;
  r->u = calloc((size_t)r->ndof, sizeof(double));
  r->rf = calloc((size_t)r->ndof, sizeof(double));
  r->snode = calloc((size_t)r->nnodes * 6, sizeof(double));
  r->sip = calloc((size_t)r->nip * 6 + 1, sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.tol = tol;
  s.on_increment = fd_on_inc;
  s.user = r;
  sn_static_info info;
  return sn_static_run(r->m, &s, &info, msg, msglen);
}

/* the same, the message on stderr */
static inline int fd_run_tol(fd_buf *deck, const char *name, fd_result *r, double tol)
{
  char msg[512];
  int st = fd_run_msg(deck, name, r, tol, msg, sizeof msg);
  if (st != SN_OK) fprintf(stderr, "%s: %s\n", name, msg);
  return st;
}

/* tol 1e-11 */
static inline int fd_run(fd_buf *deck, const char *name, fd_result *r) { return fd_run_tol(deck, name, r, 1e-11); }

static inline void fd_free(fd_result *r)
{
  free(r->u); free(r->rf); free(r->snode); free(r->sip);
  sn_model_free(r->m);
  memset(r, 0, sizeof *r);
}

/* The deck b (freed) of element sets BLOCK and PLATE completed as a node-to-surface HARD pair,
 * BLOCK's S1 faces on PLATE's S2 faces (both E 1000, nu 0.3; *FRICTION mu when mu > 0), and
 * parsed: the model, NULL (a failed check) where the deck is refused
 * (tests/contact/test_detect_threads.c, test_detect_edge_tie.c) */
static inline sn_model *fd_block_on_plate(fd_buf *b, double mu)
{
  fd_print(b, "*MATERIAL, NAME=STEEL\n*ELASTIC\n1000, 0.3\n*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n"
              "*SOLID SECTION, ELSET=PLATE, MATERIAL=STEEL\n*SURFACE, NAME=SLAVE\nBLOCK, S1\n*SURFACE, NAME=PLANE\n"
              "PLATE, S2\n*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n");
  if (mu > 0) fd_print(b, "*FRICTION\n%.17g\n", mu);
  fd_print(b, "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSLAVE, PLANE\n");
  sn_model *m = NULL;
  char msg[512];
  int r = sn_inp_parse(b->s, b->n, "test", NULL, &m, msg, sizeof msg);
  if (r) fprintf(stderr, "deck: %s\n", msg);
  CHECK_INT(r, SN_OK);
  free(b->s);
  memset(b, 0, sizeof *b);
  return m;
}

/* displacement component c of the node with user id `id` */
static inline double fd_u(const fd_result *r, int id, int c)
{
  int n = sn_model_node_index(r->m, id);
  return n < 0 ? NAN : r->u[r->m->ndf * n + c];
}

#endif
