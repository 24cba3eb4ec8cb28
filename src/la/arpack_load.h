/* Internal to the library: ARPACK (libarpack2) loaded with dlopen when an eigenproblem needs it
 * (src/la/arpack_load.c), so that neither the library nor the command-line program loads it,
 * with the shared BLAS and LAPACK it links, at start-up. */
#ifndef SN_LA_ARPACK_LOAD_H
#define SN_LA_ARPACK_LOAD_H

#include <stddef.h>

#include <arpack/arpack.h>   /* a_int */

typedef void sn_dsaupd_fn(a_int *ido, char const *bmat, a_int n, char const *which, a_int nev, double tol,
                          double *resid, a_int ncv, double *v, a_int ldv, a_int *iparam, a_int *ipntr,
                          double *workd, double *workl, a_int lworkl, a_int *info);
typedef void sn_dseupd_fn(a_int rvec, char const *howmny, a_int const *select, double *d, double *z, a_int ldz,
                          double sigma, char const *bmat, a_int n, char const *which, a_int nev, double tol,
                          double *resid, a_int ncv, double *v, a_int ldv, a_int *iparam, a_int *ipntr,
                          double *workd, double *workl, a_int lworkl, a_int *info);

typedef struct {
  void *handle;          /* dlopen's handle (the caller's reference) */
  sn_dsaupd_fn *saupd;   /* dsaupd_c of ARPACK's C interface (arpack/arpack.h) */
  sn_dseupd_fn *seupd;   /* dseupd_c */
} sn_arpack;

/* Load ARPACK (the shared library SN_ARPACK_SONAME, found by the dynamic loader's usual search)
 * and its two functions. SN_OK, or SN_ERR_BACKEND with "cannot load ARPACK: reason" in msg. */
int sn_arpack_open(sn_arpack *a, char *msg, size_t msglen);

/* drop the caller's reference (ARPACK stays mapped: RTLD_NODELETE) */
void sn_arpack_close(sn_arpack *a);

#endif
