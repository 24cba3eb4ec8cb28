/* An increment's arrays copied into memory the copy owns (private to src/analysis): run_output.c
 * hands the copy to the thread that writes the increment's files while the analysis computes
 * the next one, which reuses the originals. Copied: u, rf, fext, v (ndof each), constrained,
 * s_node and e_node (6 per node), temp, the contact points with their r, u and CDIS, the
 * residuals; the scalars as they are. Not copied (NULL in the copy): s_ip and e_ip, which only
 * the .dat tables read, written by the analysis' own thread. */
#ifndef SN_ANALYSIS_INC_COPY_H
#define SN_ANALYSIS_INC_COPY_H

#include "signorini/analysis.h"

typedef struct {
  sn_increment inc;   /* its pointers into block (or NULL where the original's were) */
  void *block;
} sn_inc_copy;

/* SN_OK or SN_ERR_NOMEM (c left empty); ndof = sn_fesys_ndof, dim = the model's ndf */
int sn_inc_copy_make(sn_inc_copy *c, const sn_increment *inc, int ndof, int nnodes, int dim);
void sn_inc_copy_free(sn_inc_copy *c);

#endif
