/* Internal to src/analysis: the CalculiX-style outputs of an incremental run besides the
 * tables of run_output.c (run_ccx.c): when the requests of a step are due (FREQUENCY=, TIME
 * POINTS=), the energy and volume tables of *EL PRINT (ELSE, EVOL, ENER) and *CONTACT PRINT
 * (CELS), and the .frd result file of *NODE FILE / *EL FILE / *CONTACT FILE. */
#ifndef SN_ANALYSIS_RUN_CCX_H
#define SN_ANALYSIS_RUN_CCX_H

#include "signorini/analysis.h"
#include "signorini/io.h"
#include "io/out_file.h"

typedef struct {
  int step;              /* the step of the last increment seen (1-based; 0 before the first) */
  double prev_step_time, prev_total_time;   /* times of the last increment seen */
  sn_frd *frd;           /* BASE.frd, opened with the first file request due */
  sn_append_guard *frd_guard;   /* its appends announced to a signal handler (NULL: none) */
} sn_ccx_state;

/* 1 when the print and file requests of inc's step are due at this increment: the end of the
 * step always; with TIME POINTS= the increments that reach or pass one of its times; else
 * every FREQUENCY-th increment of the step (CalculiX: the last FREQUENCY= given applies to every
 * request, and stays until replaced, across steps; default 1; 0: the end of the step only).
 * Call once per increment, in order (it remembers the increment's times). */
int sn_ccx_due(sn_ccx_state *c, const sn_model *m, const sn_increment *inc);

/* the table of an element-wise or contact variable of request o: ELSE, EVOL (elements of its
 * set), ENER (its integration points; e_ip: the strains there), CELS (the contact points) */
int sn_ccx_table(sn_results *dat, const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                 const sn_output *o, const char *var, const double *e_ip, char *err, size_t errlen);

/* the .frd blocks of the step's file requests (opening path at the first one), committed */
int sn_ccx_frd(sn_ccx_state *c, const char *path, const sn_model *m, const sn_increment *inc,
               const double *e_node, char *err, size_t errlen);

/* the step (0-based) whose requests of kind apply in step k (0-based): the last one up to k
 * that has some (CalculiX: a step without a request of a kind keeps the previous step's); -1 */
int sn_ccx_request_step(const sn_model *m, int k, sn_outkind kind);

/* the most that the nodal .frd blocks of one output increment take (sn_frd_block_bytes summed
 * over the *NODE FILE and *EL FILE blocks of the step with the largest requests; the contact
 * blocks, of the contact points only, not counted), 0 when no step has such a request or
 * memory is short */
size_t sn_ccx_frd_bytes(const sn_model *m);

void sn_ccx_close(sn_ccx_state *c);

#endif
