/* CSC construction, transpose, CSR and block views, sparse products: hand-computed values. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
  /* A (3x4) = [1 0 2 0; 0 3 0 4; 5 0 6 0], given as unsorted triplets with a duplicate (6 = 2+4) */
  int ti[] = {2, 0, 1, 2, 0, 1, 2};
  int tj[] = {0, 0, 1, 2, 2, 3, 2};
  double tx[] = {5, 1, 3, 2, 2, 4, 4};
  sn_csc *A;
  CHECK_INT(sn_csc_from_triplets(3, 4, 7, ti, tj, tx, &A), SN_OK);
  CHECK_INT(A->nnz, 6);
  CHECK_INT(sn_csc_check(A), SN_OK);
  int cp[] = {0, 2, 3, 5, 6}, ri[] = {0, 2, 1, 0, 2, 1};
  double va[] = {1, 5, 3, 2, 6, 4};
  for (int j = 0; j <= 4; j++) CHECK_INT(A->colptr[j], cp[j]);
  for (int p = 0; p < 6; p++) { CHECK_INT(A->rowind[p], ri[p]); CHECK_CLOSE(A->val[p], va[p], 0, 0); }

  int bad_i[] = {3};
  sn_csc *B = NULL;
  CHECK_INT(sn_csc_from_triplets(3, 4, 1, bad_i, tj, tx, &B), SN_ERR_DIM);
  CHECK(B == NULL);

  /* products: x = [1 2 3 4] -> A x = [7, 22, 23]; A^T [1 1 1] = [6 3 8 4] */
  double x[4] = {1, 2, 3, 4}, y[4] = {1, 1, 1, 1}, z[4];
  sn_csc_gemv(A, 1.0, x, 0.0, z);
  CHECK_CLOSE(z[0], 7, 0, 0); CHECK_CLOSE(z[1], 22, 0, 0); CHECK_CLOSE(z[2], 23, 0, 0);
  z[0] = z[1] = z[2] = 1.0;
  sn_csc_gemv(A, 2.0, x, -1.0, z);                  /* 2 A x - 1 */
  CHECK_CLOSE(z[0], 13, 0, 0); CHECK_CLOSE(z[2], 45, 0, 0);
  sn_csc_gemv_t(A, 1.0, y, 0.0, z);
  CHECK_CLOSE(z[0], 6, 0, 0); CHECK_CLOSE(z[1], 3, 0, 0); CHECK_CLOSE(z[2], 8, 0, 0); CHECK_CLOSE(z[3], 4, 0, 0);

  /* transpose and dense round trip */
  sn_csc *T;
  CHECK_INT(sn_csc_transpose(A, &T), SN_OK);
  CHECK_INT(T->m, 4); CHECK_INT(T->n, 3);
  double d[12], dt[12];
  sn_csc_to_dense(A, d);
  sn_csc_to_dense(T, dt);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) CHECK_CLOSE(d[j * 3 + i], dt[i * 4 + j], 0, 0);
  sn_csc *D;
  CHECK_INT(sn_csc_from_dense(3, 4, d, 0.0, &D), SN_OK);
  CHECK_INT(D->nnz, 6);
  for (int p = 0; p < 6; p++) CHECK_CLOSE(D->val[p], A->val[p], 0, 0);

  /* CSR view: same product */
  sn_csr *R;
  CHECK_INT(sn_csr_from_csc(A, &R), SN_OK);
  CHECK_INT(R->rowptr[1], 2); CHECK_INT(R->colind[2], 1);
  sn_csr_gemv(R, 1.0, x, 0.0, z);
  CHECK_CLOSE(z[0], 7, 0, 0); CHECK_CLOSE(z[1], 22, 0, 0); CHECK_CLOSE(z[2], 23, 0, 0);

  /* 3x3 block view of a 6x6 matrix with blocks (0,0), (0,1), (1,1); (1,0) absent */
  double W[36] = {0};
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++)
      if (!(i >= 3 && j < 3) && (i + j) % 2 == 0) W[j * 6 + i] = 1 + i + 10 * j;
  sn_csc *Wc;
  CHECK_INT(sn_csc_from_dense(6, 6, W, 0.0, &Wc), SN_OK);
  sn_bsr *Wb;
  CHECK_INT(sn_bsr_from_csc(Wc, 3, &Wb), SN_OK);
  CHECK_INT(Wb->mb, 2); CHECK_INT(Wb->nnzb, 3);
  CHECK(sn_bsr_block(Wb, 1, 0) == NULL);
  CHECK_INT(Wb->diag[0], 0); CHECK_INT(Wb->diag[1], 2);
  const double *b01 = sn_bsr_block(Wb, 0, 1);       /* entry (i=0, j=4) = 41, at column 1, row 0 */
  CHECK(b01 != NULL);
  if (b01) { CHECK_CLOSE(b01[1 * 3 + 0], 41, 0, 0); CHECK_CLOSE(b01[0 * 3 + 0], 0, 0, 0); }
  double xw[6] = {1, -1, 2, 0.5, 3, -2}, yb[6], yc[6];
  sn_bsr_gemv(Wb, 1.0, xw, 0.0, yb);
  sn_dense_gemv(6, 6, 1.0, W, xw, 0.0, yc);
  for (int i = 0; i < 6; i++) CHECK_CLOSE(yb[i], yc[i], 1e-15, 0);
  double yI[3];
  sn_bsr_row_gemv(Wb, 1, xw, yI);
  for (int r = 0; r < 3; r++) CHECK_CLOSE(yI[r], yc[3 + r], 1e-15, 0);
  /* the 2x2 and 3x3 products (registers) give the bits of the general loop's order: per row r,
   * the sum over the blocks then the block's columns, from 0.0; non-integer values (rounding
   * shows an order change) on a 12x12 pattern of blocks (I + J) % 3 != 1 and the diagonal */
  for (int b = 2; b <= 3; b++) {
    double Wg[144] = {0}, xg[12], yg[12], yr[12];
    int nb = 12 / b;
    for (int j = 0; j < 12; j++) {
      xg[j] = 1.0 / (j + 1.7) - 0.3;
      for (int i = 0; i < 12; i++)
        if (i / b == j / b || (i / b + j / b) % 3 != 1) Wg[j * 12 + i] = sin(1.3 * i + 0.7 * j) / 3.0;
    }
    sn_csc *Gc;
    sn_bsr *Gb;
    CHECK_INT(sn_csc_from_dense(12, 12, Wg, 0.0, &Gc), SN_OK);
    CHECK_INT(sn_bsr_from_csc(Gc, b, &Gb), SN_OK);
    for (int I = 0; I < nb; I++)
      for (int r = 0; r < b; r++) {
        double s = 0.0;
        for (int q = Gb->browptr[I]; q < Gb->browptr[I + 1]; q++)
          for (int c = 0; c < b; c++) s += Gb->val[q * b * b + c * b + r] * xg[Gb->bcolind[q] * b + c];
        yr[I * b + r] = s;
      }
    sn_bsr_gemv(Gb, 1.0, xg, 0.0, yg);
    CHECK(!memcmp(yg, yr, sizeof yg));
    sn_dense_gemv(12, 12, 1.0, Wg, xg, 0.0, yg);
    for (int i = 0; i < 12; i++) CHECK_CLOSE(yr[i], yg[i], 1e-14, 1e-15);
    sn_bsr_free(Gb);
    sn_csc_free(Gc);
  }
  sn_bsr *bad;
  CHECK_INT(sn_bsr_from_csc(A, 3, &bad), SN_ERR_DIM);   /* 3x4 is not a multiple of 3 */

  /* asymmetry: block (1,0) of W above is absent, so W(1,5) = 1 + 1 + 50 = 52 stands against
   * W(5,1) = 0; the largest entry is W(5,5) = 56 */
  CHECK_CLOSE(sn_csc_asymmetry(Wc), 52.0 / 56.0, 1e-15, 0);
  CHECK(isnan(sn_csc_asymmetry(A)));                    /* not square */
  /* the same measure by both of its ways: Wc's columns sorted (mirror by binary search) and
   * reversed (the scatter of A and A^T); and 0 for W + W^T */
  {
    sn_csc *Wr = NULL, *Wt = NULL, *Ws = NULL;
    CHECK_INT(sn_csc_canonical(Wc, &Wr), SN_OK);
    for (int j = 0; j < Wr->n; j++)
      for (int p = Wr->colptr[j], q = Wr->colptr[j + 1] - 1; p < q; p++, q--) {
        int ti = Wr->rowind[p]; Wr->rowind[p] = Wr->rowind[q]; Wr->rowind[q] = ti;
        double tv = Wr->val[p]; Wr->val[p] = Wr->val[q]; Wr->val[q] = tv;
      }
    CHECK_CLOSE(sn_csc_asymmetry(Wr), 52.0 / 56.0, 1e-15, 0);
    CHECK_INT(sn_csc_transpose(Wc, &Wt), SN_OK);
    CHECK_INT(sn_csc_add(Wc, Wt, &Ws), SN_OK);
    CHECK(sn_csc_asymmetry(Ws) == 0.0);
    sn_csc_free(Wr); sn_csc_free(Wt); sn_csc_free(Ws);
  }
  /* random 60 x 60 matrices, symmetric but for perturbed and unmatched entries above and below
   * the diagonal: the merge of sorted columns (asym_merge) gives exactly the scatter's measure
   * (the same matrix with its columns reversed) */
  for (int t = 0; t < 200; t++) {
    enum { N = 60, CAP = 2 * N * N };
    static int ri2[CAP], cj2[CAP];
    static double vx2[CAP];
    int nz = 0;
    unsigned seed = 12345u + 7919u * (unsigned)t;
    for (int i = 0; i < N; i++)
      for (int j = 0; j <= i; j++) {
        seed = seed * 1103515245u + 12345u;
        unsigned r = seed >> 16;
        if (i != j && r % 5 != 0) continue;   /* about a fifth of the pairs stored */
        double v = 1.0 + (double)(r % 97);
        seed = seed * 1103515245u + 12345u;
        unsigned k = (seed >> 16) % 8;       /* 0: lower only, 1: upper only, 2: perturbed */
        if (k != 1) { ri2[nz] = i; cj2[nz] = j; vx2[nz++] = v; }
        if (i != j && k != 0) { ri2[nz] = j; cj2[nz] = i; vx2[nz++] = k == 2 ? v * (1 + 1e-3 * t) : v; }
      }
    sn_csc *S1 = NULL, *S2 = NULL;
    CHECK_INT(sn_csc_from_triplets(N, N, nz, ri2, cj2, vx2, &S1), SN_OK);
    CHECK_INT(sn_csc_from_triplets(N, N, nz, ri2, cj2, vx2, &S2), SN_OK);
    if (!S1 || !S2) break;
    for (int j = 0; j < N; j++)
      for (int p = S2->colptr[j], q = S2->colptr[j + 1] - 1; p < q; p++, q--) {
        int ti = S2->rowind[p]; S2->rowind[p] = S2->rowind[q]; S2->rowind[q] = ti;
        double tv = S2->val[p]; S2->val[p] = S2->val[q]; S2->val[q] = tv;
      }
    double a1 = sn_csc_asymmetry(S1), a2 = sn_csc_asymmetry(S2);
    if (a1 != a2) fprintf(stderr, "asymmetry, matrix %d: merge %.17g, scatter %.17g\n", t, a1, a2);
    CHECK(a1 == a2);
    sn_csc_free(S1); sn_csc_free(S2);
  }

  /* sn_csc_sym_full against the dense mirror: a sorted upper triangle (the direct two-pass
   * route) and the same with one entry below the diagonal (the triplet route, the entry
   * mirrored too) */
  {
    enum { NS = 9 };
    double u[NS * NS] = {0}, full[NS * NS], got[NS * NS];
    for (int j = 0; j < NS; j++)
      for (int i = 0; i <= j; i++)
        if ((i * 7 + j * 3) % 4 != 1 || i == j) u[i + NS * j] = 1.0 + i + 10.0 * j;
    for (int route = 0; route < 2; route++) {
      if (route == 1) u[6 + NS * 2] = -4.5;   /* (6, 2) below the diagonal: mirrored to (2, 6) */
      for (int j = 0; j < NS; j++)
        for (int i = 0; i < NS; i++) full[i + NS * j] = (i <= j ? u[i + NS * j] : 0) + (i > j ? u[j + NS * i] : 0);
      if (route == 1) { full[6 + NS * 2] += -4.5; full[2 + NS * 6] += -4.5; }
      sn_csc *U = NULL, *Sf = NULL;
      CHECK_INT(sn_csc_from_dense(NS, NS, u, 0.0, &U), SN_OK);
      CHECK_INT(sn_csc_sym_full(U, &Sf), SN_OK);
      CHECK_INT(sn_csc_check(Sf), SN_OK);
      sn_csc_to_dense(Sf, got);
      int same = 1, sorted = 1;
      for (int q = 0; q < NS * NS; q++) same = same && got[q] == full[q];
      for (int j = 0; j < NS; j++)
        for (int p = Sf->colptr[j] + 1; p < Sf->colptr[j + 1]; p++) sorted = sorted && Sf->rowind[p] > Sf->rowind[p - 1];
      CHECK(same);
      CHECK(sorted);
      sn_csc_free(U);
      sn_csc_free(Sf);
    }
  }

  /* the block view against a reference from the dense matrix: block row I holds the block
   * columns J, in increasing order, of every block with a stored entry, whole (column-major),
   * diag the slot of (I, I) or -1. b = 2, 3 (the constant-b paths) and 4 (the general one);
   * 200 block rows take the heap for the temporary marks (more than 128), 1 and 7 the stack;
   * the rows of a column in reverse order (a CSC need not sort them) give the same view. */
  for (int b = 2; b <= 4; b++)
    for (int t = 0; t < 3; t++) {
      int mbt = t == 0 ? 1 : t == 1 ? 7 : 200, n = b * mbt;
      unsigned seed = 12345u + 7u * (unsigned)b + (unsigned)t;
      double *Ad = calloc((size_t)n * n, sizeof(double));
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          seed = seed * 1103515245u + 12345u;
          int I = i / b, J = j / b, keep = (seed >> 16) % 7 == 0 || (I == J && (seed >> 8) % 3);
          if (keep && !(I == 1 && J == 1)) Ad[(size_t)j * n + i] = ((seed >> 4) % 1000) / 997.0 - 0.5;
        }
      sn_csc *Ac;
      sn_bsr *Ab;
      CHECK_INT(sn_csc_from_dense(n, n, Ad, 0.0, &Ac), SN_OK);
      for (int rev = 0; rev < 2; rev++) {
        if (rev)   /* the rows of every column reversed */
          for (int j = 0; j < n; j++)
            for (int p = Ac->colptr[j], q = Ac->colptr[j + 1] - 1; p < q; p++, q--) {
              int ti2 = Ac->rowind[p]; Ac->rowind[p] = Ac->rowind[q]; Ac->rowind[q] = ti2;
              double tv = Ac->val[p]; Ac->val[p] = Ac->val[q]; Ac->val[q] = tv;
            }
        CHECK_INT(sn_bsr_from_csc(Ac, b, &Ab), SN_OK);
        int q = 0, ok = Ab->mb == mbt && Ab->nb == mbt && Ab->b == b && Ab->browptr[0] == 0;
        for (int I = 0; I < mbt && ok; I++) {
          int dslot = -1;
          for (int J = 0; J < mbt && ok; J++) {
            int any = 0;
            for (int c = 0; c < b; c++)
              for (int r = 0; r < b; r++) any |= Ad[(size_t)(J * b + c) * n + I * b + r] != 0.0;
            if (!any) continue;
            ok = q < Ab->nnzb && Ab->bcolind[q] == J;
            for (int c = 0; c < b && ok; c++)
              for (int r = 0; r < b; r++)
                ok &= Ab->val[(size_t)q * b * b + c * b + r] == Ad[(size_t)(J * b + c) * n + I * b + r];
            if (I == J) dslot = q;
            q++;
          }
          ok = ok && Ab->browptr[I + 1] == q && Ab->diag[I] == dslot;
        }
        CHECK(ok && q == Ab->nnzb);
        if (mbt > 1) CHECK_INT(Ab->diag[1], -1);   /* block (1, 1) left empty */
        double xr[800], y1[800], y2[800];
        for (int i = 0; i < n; i++) xr[i] = cos(0.37 * i);
        sn_bsr_gemv(Ab, 1.0, xr, 0.0, y1);
        sn_dense_gemv(n, n, 1.0, Ad, xr, 0.0, y2);
        for (int i = 0; i < n; i++) CHECK_CLOSE(y1[i], y2[i], 1e-13, 1e-13);
        sn_bsr_free(Ab);
      }
      sn_csc_free(Ac);
      free(Ad);
    }

  /* structure check catches corruption */
  A->rowind[0] = 7;
  CHECK_INT(sn_csc_check(A), SN_ERR_FORMAT);

  sn_csc_free(A); sn_csc_free(T); sn_csc_free(D); sn_csc_free(Wc);
  sn_csr_free(R); sn_bsr_free(Wb);
  return sn_check_report();
}
