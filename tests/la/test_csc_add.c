/* sn_csc_add: C = A + B by a merge of sorted columns, checked entry by entry against the sum of
 * the dense copies (an independent computation), for overlapping, disjoint and empty columns, an
 * input with unsorted rows and a duplicate (sorted and summed first), and the size mismatch. */
#include "check.h"
#include "signorini/common.h"
#include "signorini/la.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
  /* A (4 x 3): columns {0, 2}, {}, {1, 3}; B: {2, 3}, {0}, {1} (column 2 overlaps on row 1) */
  int ai[] = {0, 2, 1, 3}, aj[] = {0, 0, 2, 2};
  double ax[] = {1.5, -2.0, 3.0, 4.25};
  int bi[] = {2, 3, 0, 1}, bj[] = {0, 0, 1, 2};
  double bx[] = {0.5, 7.0, -1.0, 0.125};
  sn_csc *A = NULL, *B = NULL, *C = NULL;
  CHECK_INT(sn_csc_from_triplets(4, 3, 4, ai, aj, ax, &A), SN_OK);
  CHECK_INT(sn_csc_from_triplets(4, 3, 4, bi, bj, bx, &B), SN_OK);
  CHECK_INT(sn_csc_add(A, B, &C), SN_OK);
  double da[12], db[12], dc[12];
  sn_csc_to_dense(A, da);
  sn_csc_to_dense(B, db);
  sn_csc_to_dense(C, dc);
  for (int k = 0; k < 12; k++) CHECK_CLOSE(dc[k], da[k] + db[k], 0, 0);
  CHECK_INT(C->colptr[3], 6);               /* (0,0) (2,0) (3,0) | (0,1) | (1,2) (3,2) */
  for (int j = 0; j < 3; j++)
    for (int p = C->colptr[j] + 1; p < C->colptr[j + 1]; p++) CHECK(C->rowind[p] > C->rowind[p - 1]);
  /* B with unsorted rows and a duplicate in column 0: (3, 7), (2, 0.5), (3, 1) */
  sn_csc *U = sn_csc_alloc(4, 3, 5);
  int cp[] = {0, 3, 4, 5}, ri[] = {3, 2, 3, 0, 1};
  double vx[] = {7.0, 0.5, 1.0, -1.0, 0.125};
  memcpy(U->colptr, cp, sizeof cp);
  memcpy(U->rowind, ri, sizeof ri);
  memcpy(U->val, vx, sizeof vx);
  U->nnz = 5;
  sn_csc *D = NULL;
  CHECK_INT(sn_csc_add(A, U, &D), SN_OK);
  double dd[12];
  sn_csc_to_dense(D, dd);
  CHECK_CLOSE(dd[3], 7.0 + 1.0, 0, 0);       /* row 3, column 0: the duplicate summed */
  CHECK_CLOSE(dd[2], -2.0 + 0.5, 0, 0);
  CHECK_CLOSE(dd[4 * 2 + 1], 3.0 + 0.125, 0, 0);
  sn_csc *E = NULL, *S = sn_csc_alloc(3, 3, 1);
  CHECK_INT(sn_csc_add(A, S, &E), SN_ERR_DIM);
  CHECK(E == NULL);
  sn_csc_free(A); sn_csc_free(B); sn_csc_free(C); sn_csc_free(U); sn_csc_free(D); sn_csc_free(S);
  return sn_check_report();
}
