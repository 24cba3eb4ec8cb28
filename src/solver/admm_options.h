/* Internal: the options both ADMM solvers of the global problem take, read one way (the serial
 * gfc_admm.c and the distributed src/petsc/gfc_admm_mpi.c; each reads its own others after). */
#ifndef SN_SOLVER_ADMM_OPTIONS_H
#define SN_SOLVER_ADMM_OPTIONS_H

#define SN_ADMM_AA_MAX 50   /* the largest Anderson memory */

typedef struct {
  double rho;    /* initial penalty, 0 = automatic (default 0) */
  int adapt;     /* residual balancing on/off (default 1) */
  double alpha;  /* relaxation, in (0, 2) (default 1) */
  int aa;        /* Anderson memory, 0 to SN_ADMM_AA_MAX (default 10) */
} sn_admm_common;

/* rho=, adapt=, alpha=, aa= of options into c (the defaults where absent); SN_OK, SN_ERR_ARG
 * for a value out of range, or sn_option_double's error */
int sn_admm_parse_common(const char *options, sn_admm_common *c);

#endif
