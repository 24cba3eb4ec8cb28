/* Penalty and augmented-Lagrangian contact forces of a configuration (Wriggers, "Computational
 * Contact Mechanics", 2nd ed., sec. 6.3.1 (penalty), 6.3.3 and 10.3 (augmented Lagrangian,
 * Uzawa); Laursen & Simo's return map for Coulomb friction, sec. 5.3; the first seed, sections
 * 3.3-3.4: the nested Uzawa-Newton loop):
 *   normal:      f_n = max(0, lam_n - k_n g)                    (g: the gap at u)
 *   tangential:  f_tr = lam_t - k_t s,  s = H_t^T (u - u_0)     (slip since the increment began;
 *                the force on the slave opposes it)
 *                stick if |f_tr| <= mu f_n (f_t = f_tr, tangent k_t),
 *                slip otherwise (f_t = mu f_n f_tr / |f_tr|, with its consistent tangent: not
 *                symmetric: the Newton step then goes to GMRES, see static_run.c)
 * with lam = 0 (normal) and lam_t = the converged tangential force of the previous increment for
 * the penalty method (a face-to-face point's: contact_face_history.c), and lam updated to the
 * forces after each converged Newton loop for the augmented Lagrangian. Tangential forces are
 * kept as global vectors per slave node, projected on the current tangent plane. k_n: the interaction's stiffness (LINEAR slope times the node's
 * area, or the HARD data line), or else kfac times kdiag, the largest diagonal entry of K (the caller's
 * choice: large for the penalty method, moderate for the augmented Lagrangian). k_t: the
 * *FRICTION stick slope times the area when given, else k_n when the interaction gives one, else
 * ktfac times that diagonal entry. The augmented Lagrangian (augmented = 1) converges to the
 * exact answer of HARD contact whatever the stiffness, and uses kfac / ktfac there (a stiff
 * penalty only slows its inner Newton loops); LINEAR interactions are a penalty law by
 * definition and keep their slope, without augmentation. */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* both triangles of the symmetric K given by its upper triangle: K + (strict upper)^T */
static int full_matrix(const sn_csc *K, sn_csc **out)
{
  sn_csc *T = NULL;
  int st = sn_csc_transpose(K, &T);
  if (st) return st;
  int k = 0;                            /* T without its diagonal */
  for (int j = 0; j < T->n; j++) {
    int p0 = T->colptr[j];
    T->colptr[j] = k;
    for (int p = p0; p < T->colptr[j + 1]; p++)
      if (T->rowind[p] != j) { T->rowind[k] = T->rowind[p]; T->val[k++] = T->val[p]; }
  }
  T->colptr[T->n] = k;
  T->nnz = k;
  st = sn_csc_add(K, T, out);
  sn_csc_free(T);
  return st;
}

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* the penalty stiffnesses of point p (HARD; the soft laws and TIED take their normal force
 * and stiffness from the law itself, below) */
static void stiffness(const sn_model *m, const sn_contact_point *p, double kdef, double ktdef,
                      int augmented, double *kn, double *kt)
{
  const sn_interaction *it = &m->interactions[p->interaction];
  double A = p->area > 0 ? p->area : 1.0;
  if (augmented && p->hard) {          /* any stiffness gives the exact answer: a moderate one */
    *kn = kdef;
    *kt = ktdef;
    return;
  }
  *kn = p->slope > 0 ? (p->hard ? p->slope : p->slope * A) : kdef;
  if (it->law == SN_OVERCLOSURE_EXPONENTIAL || it->law == SN_OVERCLOSURE_TABULAR) {
    double pr, dp;                     /* the law's slope at zero overclosure */
    sn_law_pressure(it, 0.0, &pr, &dp);
    if (dp > 0) *kn = dp * A;
  }
  *kt = it->stick_slope > 0 ? it->stick_slope * A : (p->slope > 0 || !p->hard ? *kn : ktdef);
}

int sn_contact_penalty(const sn_model *m, const double *u, const double *u0, const double *area0,
                       const sn_dofmap *T, const int *eq,
                       int neq, const sn_csc *K, double kdiag, const double *lam_n,
                       const double *lam_t, const sn_face_hist *fh,
                       double kfac, double ktfac, int augmented, sn_cstate *cs, sn_csc **Keff,
                       sn_csc **Pre, int *full, sn_ptangent *tg, double *hr, int threads, char *msg, size_t msglen)
{
  int dim = m->ndf, st, ndof = dim * m->nnodes;
  sn_cstate_clear(cs);
  memset(hr, 0, sizeof(double) * (size_t)ndof);
  st = sn_contact_detect_faces_threads(m, u, 0.0, threads, &cs->pts, &cs->np, msg, msglen);
  if (st) return st;
  sn_contact_reference_areas(cs, area0);
  double kdef = kfac * kdiag, ktdef = ktfac * kdiag;
  int nl = dim * cs->np;
  cs->r = calloc((size_t)nl + 1, sizeof(double));
  cs->uloc = calloc((size_t)nl + 1, sizeof(double));
  double *D = calloc((size_t)nl + 1, sizeof(double)), *du0 = malloc(sizeof(double) * ((size_t)ndof + 1));
  if (!cs->r || !cs->uloc || !D || !du0) { free(D); free(du0); return SN_ERR_NOMEM; }
  if (cs->np > 0 && (st = sn_contact_H(m, cs->pts, cs->np, &cs->H))) { free(D); free(du0); return st; }
  for (int d = 0; d < ndof; d++) du0[d] = u[d] - u0[d];
  if (cs->np > 0) sn_csc_gemv_t(cs->H, 1.0, du0, 0.0, cs->uloc);   /* relative motion since u0 */
  /* per point the local tangent C (dim x dim, row: force component, column: displacement
   * component): the stiffness is K + sum_k H_k C_k H_k^T */
  double *C = calloc((size_t)dim * dim * ((size_t)cs->np + 1), sizeof(double));
  if (!C) { free(D); free(du0); return SN_ERR_NOMEM; }
  int nonsym = 0;
  double *tnode = NULL;                  /* after a step on mortar rows: the nodes' tractions */
  if (!fh && (st = sn_face_history_nodal(cs, m->nnodes, lam_t, &tnode))) { free(C); free(D); free(du0); return st; }
  for (int k = 0; k < cs->np; k++) {
    const sn_contact_point *p = &cs->pts[k];
    int i = p->slave_node;
    double lt[3];                                     /* the tangential force it starts from */
    sn_face_history_force(fh, tnode, p, lam_t, lt);
    double kn, kt, *r = cs->r + dim * k, *ul = cs->uloc + dim * k, *Ck = C + dim * dim * k;
    stiffness(m, p, kdef, ktdef, augmented, &kn, &kt);
    const sn_interaction *law = &m->interactions[p->interaction];
    int tied = law->law == SN_OVERCLOSURE_TIED;
    double fn = lam_n[i] - kn * p->gap, cn = kn;
    if (!p->hard) {                                   /* the law: force A p(h), tangent A p'(h) */
      double A = p->area > 0 ? p->area : 1.0, pr, dp;
      sn_law_pressure(law, -p->gap - sn_law_shift(m, p), &pr, &dp);
      /* touching in the deck's geometry (gap exactly 0, a slave surface meshed on its master)
         under the LINEAR law shifted by sigma_inf / slope (CalculiX' tension, sn_law_shift):
         h = -shift, just open; its contact slope as the tangent, no force, as a touching HARD
         point gets. With no stiffness there the first Newton step of a pressed block took no
         support from the contact: residual 4.6e3 times the start's, four halvings of the step */
      if (p->gap == 0 && dp == 0 && law->law == SN_OVERCLOSURE_LINEAR && law->slope > 0) dp = law->slope;
      fn = A * pr;
      cn = A * dp;
    }
    ul[0] = p->gap;                                   /* the local normal entry: the gap at u */
    if (law->law == SN_OVERCLOSURE_GAPUNI && !p->hard) {   /* both signs, frictionless */
      r[0] = fn;
      Ck[0] = cn;
      continue;
    }
    if (!tied && (fn < 0 || (fn == 0 && (p->gap > 0 || cn == 0)))) continue;   /* open */
    r[0] = fn;                                        /* (touching, g = 0: stiffness, no force) */
    Ck[0] = cn;
    if (tied) {                                       /* no slip: a spring in the tangent plane */
      double tr0 = dot3(lt, p->t1) - kt * ul[1], tr1 = dim == 3 ? dot3(lt, p->t2) - kt * ul[2] : 0.0;
      r[1] = tr0;
      if (dim == 3) r[2] = tr1;
      for (int c = 1; c < dim; c++) Ck[c * dim + c] = kt;
      continue;
    }
    /* tangential trial force in the current frame */
    double tr[2] = {dot3(lt, p->t1) - kt * ul[1], dim == 3 ? dot3(lt, p->t2) - kt * ul[2] : 0.0};
    double nt = hypot(tr[0], tr[1]), lim = p->mu * fn;
    if (nt <= lim) {
      r[1] = tr[0];
      if (dim == 3) r[2] = tr[1];
      for (int c = 1; c < dim; c++) Ck[c * dim + c] = kt;
    } else if (nt > 0) {
      double d[2] = {tr[0] / nt, tr[1] / nt};
      r[1] = lim * d[0];
      if (dim == 3) r[2] = lim * d[1];
      /* slip: r_t = mu f_n d, d = tr / |tr|: d r_t / d u_n = -mu k_n d, d r_t / d u_t =
       * -mu f_n k_t (I - d d^T) / |tr| (Laursen, sec. 5.3), entered as -(d r / d u) */
      for (int c = 1; c < dim; c++) {
        Ck[c * dim] = p->mu * kn * d[c - 1];
        for (int c2 = 1; c2 < dim; c2++)
          Ck[c * dim + c2] = lim * kt / nt * ((c == c2) - d[c - 1] * d[c2 - 1]);
      }
      nonsym |= p->mu > 0;
    }
  }
  free(tnode);
  if (cs->np > 0) sn_csc_gemv(cs->H, 1.0, cs->r, 0.0, hr);
  sn_csc *HF = NULL;                  /* T^T H on the free dofs (H's free rows without constraints) */
  if (cs->np > 0 && (st = sn_dofmap_reduce_cols(T, eq, neq, cs->H, &HF))) { free(C); free(D); free(du0); return st; }
  free(D);
  free(du0);
  if (tg) {                           /* the tangent's parts for the caller (contact_penalty_schur.c) */
    sn_ptangent_free(tg);
    tg->np = cs->np;
    tg->dim = dim;
    tg->nonsym = nonsym;
    tg->C = C;
    tg->HF = HF;
    if (Pre) { sn_csc_free(*Pre); *Pre = NULL; }
    sn_csc_free(*Keff);
    *Keff = NULL;
    if (full) *full = nonsym;
    cs->solver = "penalty";
    return SN_OK;
  }
  sn_ptangent t = {cs->np, dim, nonsym, C, HF};
  st = sn_ptangent_keff(&t, K, neq, Keff, Pre, full);
  sn_ptangent_free(&t);
  cs->solver = "penalty";
  return st;
}

void sn_ptangent_free(sn_ptangent *tg)
{
  if (!tg) return;
  free(tg->C);
  sn_csc_free(tg->HF);
  memset(tg, 0, sizeof *tg);
}

/* The contact stiffness sum_k H_k C_k H_k^T as triplets. Consecutive points whose rows (the
 * union of their dim columns' rows in HF) fit in PT_DENSE together are summed on one dense
 * block of those rows first: the integration points of one slave face over its master faces (a
 * face-to-face pair: 4 + 9 nodes of C3D8 faces, 39 rows) share their rows, and each point's
 * dim^2 products of columns over the same rows made dim^2 times its rows squared triplets of its
 * own (5 184 a point whose frame is not aligned with the axes: 16.6 million a Newton iteration
 * for 8 x 8 slave faces, 0.3 s and 600 MB to sort them). A point of more rows (a mortar row of
 * many terms) goes as before, entry by entry. */
enum { PT_DENSE = 96 };

typedef struct {
  const sn_ptangent *tg;
  int nonsym, pre;
  int count;                /* 1: the triplets counted (z, zp), not written */
  int *loc, *rows, r;       /* the open block's rows: loc[row] = its index, -1 elsewhere */
  double *B, *Bp;           /* PT_DENSE^2 each: the block, and its preconditioner's part */
  int *I, *J, *PI, *PJ;
  double *X, *PX;
  size_t z, zp;
} kacc;

/* a triplet of K_eff's contact terms, and one of the preconditioner's */
static void emit(kacc *A, int ea, int eb, double v)
{
  if (!A->count) A->I[A->z] = ea, A->J[A->z] = eb, A->X[A->z] = v;
  A->z++;
}

static void emit_pre(kacc *A, int ea, int eb, double v)
{
  if (!A->count) A->PI[A->zp] = ea, A->PJ[A->zp] = eb, A->PX[A->zp] = v;
  A->zp++;
}

/* the open block's entries out, the block emptied (counting: at most its size) */
static void flush(kacc *A)
{
  int r = A->r;
  if (A->count) {
    A->z += (size_t)r * (size_t)r;
    if (A->pre) A->zp += (size_t)r * (size_t)r;
  } else
    for (int a = 0; a < r; a++)
      for (int b = 0; b < r; b++) {
        int ea = A->rows[a], eb = A->rows[b];
        double *v = A->B + a * PT_DENSE + b, *w = A->Bp + a * PT_DENSE + b;
        if (*v != 0 && (A->nonsym || ea <= eb)) emit(A, ea, eb, *v);
        if (A->pre && *w != 0 && ea <= eb) emit_pre(A, ea, eb, *w);
        *v = *w = 0.0;
      }
  for (int a = 0; a < r; a++) A->loc[A->rows[a]] = -1;
  A->r = 0;
}

/* the rows of point k not yet in the open block (counted once: marked -2 meanwhile) */
static int new_rows(const kacc *A, int k)
{
  const sn_csc *HF = A->tg->HF;
  int dim = A->tg->dim, n = 0;
  for (int c = dim * k; c < dim * k + dim; c++)
    for (int a = HF->colptr[c]; a < HF->colptr[c + 1]; a++)
      if (A->loc[HF->rowind[a]] == -1) A->loc[HF->rowind[a]] = -2, n++;
  for (int c = dim * k; c < dim * k + dim; c++)
    for (int a = HF->colptr[c]; a < HF->colptr[c + 1]; a++)
      if (A->loc[HF->rowind[a]] == -2) A->loc[HF->rowind[a]] = -1;
  return n;
}

static void point(kacc *A, int k)
{
  const sn_ptangent *tg = A->tg;
  const sn_csc *HF = tg->HF;
  int dim = tg->dim;
  const double *C = tg->C + (size_t)dim * dim * k;
  int fresh = new_rows(A, k);
  if (A->r + fresh > PT_DENSE) {
    flush(A);
    fresh = new_rows(A, k);
  }
  if (fresh > PT_DENSE) {                /* too many rows for a block: entry by entry */
    for (int ca = 0; ca < dim; ca++)
      for (int cb = 0; cb < dim; cb++) {
        double cc = C[ca * dim + cb];
        if (cc == 0) continue;
        int ka = dim * k + ca, kb = dim * k + cb;
        for (int a = HF->colptr[ka]; a < HF->colptr[ka + 1]; a++)
          for (int b = HF->colptr[kb]; b < HF->colptr[kb + 1]; b++) {
            int ea = HF->rowind[a], eb = HF->rowind[b];
            if (!A->nonsym && ea > eb) continue;
            emit(A, ea, eb, cc * HF->val[a] * HF->val[b]);
            if (A->pre && ea <= eb && !(cb == 0 && ca > 0)) emit_pre(A, ea, eb, cc * HF->val[a] * HF->val[b]);
          }
      }
    return;
  }
  int pr[PT_DENSE], npr = 0;            /* the point's rows, as indices in the block */
  for (int c = dim * k; c < dim * k + dim; c++)
    for (int a = HF->colptr[c]; a < HF->colptr[c + 1]; a++) {
      int e = HF->rowind[a];
      if (A->loc[e] < 0) A->loc[e] = A->r, A->rows[A->r++] = e;
    }
  if (A->count) return;                  /* the rows are all it needs */
  double H[PT_DENSE][3], T[PT_DENSE][3], Tp[PT_DENSE][3];
  for (int c = dim * k; c < dim * k + dim; c++)
    for (int a = HF->colptr[c]; a < HF->colptr[c + 1]; a++) {
      int la = A->loc[HF->rowind[a]], seen = 0;
      for (int q = 0; q < npr && !seen; q++) seen = pr[q] == la;
      if (!seen) {
        pr[npr++] = la;
        H[la][0] = H[la][1] = H[la][2] = 0.0;
      }
    }
  for (int c = 0; c < dim; c++)
    for (int a = HF->colptr[dim * k + c]; a < HF->colptr[dim * k + c + 1]; a++) H[A->loc[HF->rowind[a]]][c] = HF->val[a];
  /* T = H C (and with the preconditioner's C: the coupling of the normal into the tangential
     rows, ca > 0 and cb = 0, left out), then B += T H^T */
  for (int q = 0; q < npr; q++) {
    int la = pr[q];
    for (int cb = 0; cb < dim; cb++) {
      double t = 0.0, tp = 0.0;
      for (int ca = 0; ca < dim; ca++) {
        double v = H[la][ca] * C[ca * dim + cb];
        t += v;
        if (!(cb == 0 && ca > 0)) tp += v;
      }
      T[la][cb] = t;
      Tp[la][cb] = tp;
    }
  }
  for (int q = 0; q < npr; q++) {
    int la = pr[q];
    for (int q2 = 0; q2 < npr; q2++) {
      int lb = pr[q2];
      double v = 0.0, w = 0.0;
      for (int c = 0; c < dim; c++) v += T[la][c] * H[lb][c], w += Tp[la][c] * H[lb][c];
      A->B[la * PT_DENSE + lb] += v;
      if (A->pre) A->Bp[la * PT_DENSE + lb] += w;
    }
  }
}

static void all_points(kacc *A)
{
  A->z = A->zp = 0;
  A->r = 0;
  for (int k = 0; k < A->tg->np; k++) point(A, k);
  flush(A);
}

/* K_eff: the upper triangle when symmetric (CHOLMOD), else the whole matrix (GMRES, UMFPACK):
 * K (or both its triangles) plus the contact terms, added by a merge of sorted columns (a
 * sort of all of K's entries as triplets took a fifth of a penalty run on the 24 x 24 x 8
 * block) */
int sn_ptangent_keff(const sn_ptangent *tg, const sn_csc *K, int neq, sn_csc **Keff, sn_csc **Pre, int *full)
{
  int nonsym = tg->nonsym, st;
  if (Pre) {
    sn_csc *old = *Pre;
    *Pre = NULL;
    sn_csc_free(old);
  }
  int pre = Pre && nonsym;
  kacc A = {tg, nonsym, pre, 1, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0};
  A.loc = malloc(sizeof(int) * ((size_t)neq + 1));
  A.rows = malloc(sizeof(int) * (PT_DENSE + 1));
  A.B = calloc(2 * PT_DENSE * PT_DENSE, sizeof(double));
  if (!A.loc || !A.rows || !A.B) { free(A.loc); free(A.rows); free(A.B); return SN_ERR_NOMEM; }
  A.Bp = A.B + PT_DENSE * PT_DENSE;
  for (int e = 0; e < neq; e++) A.loc[e] = -1;
  all_points(&A);                        /* the count */
  size_t cap = A.z + 1, pcap = pre ? A.zp + 1 : 1;
  A.I = malloc(sizeof(int) * cap), A.J = malloc(sizeof(int) * cap);
  A.X = malloc(sizeof(double) * cap);
  /* the preconditioner's contact triplets: the symmetric contact entries */
  A.PI = malloc(sizeof(int) * pcap), A.PJ = malloc(sizeof(int) * pcap);
  A.PX = malloc(sizeof(double) * pcap);
  int *I = A.I, *J = A.J, *PI = A.PI, *PJ = A.PJ;
  double *X = A.X, *PX = A.PX;
  if (!I || !J || !X || !PI || !PJ || !PX) {
    free(I); free(J); free(X); free(PI); free(PJ); free(PX); free(A.loc); free(A.rows); free(A.B);
    return SN_ERR_NOMEM;
  }
  A.count = 0;
  all_points(&A);                        /* the triplets */
  size_t z = A.z, zp = A.zp;
  free(A.loc);
  free(A.rows);
  free(A.B);
  sn_csc_free(*Keff);
  *Keff = NULL;
  sn_csc *Cc = NULL, *Kf = NULL, *Pc = NULL;
  st = sn_csc_from_triplets(neq, neq, (int)z, I, J, X, &Cc);
  if (!st && nonsym) st = full_matrix(K, &Kf);
  if (!st) st = sn_csc_add(nonsym ? Kf : K, Cc, Keff);
  if (!st && pre) st = sn_csc_from_triplets(neq, neq, (int)zp, PI, PJ, PX, &Pc);
  if (!st && pre) st = sn_csc_add(K, Pc, Pre);
  sn_csc_free(Cc); sn_csc_free(Kf); sn_csc_free(Pc);
  free(I); free(J); free(X); free(PI); free(PJ); free(PX);
  if (full) *full = nonsym;
  return st;
}
