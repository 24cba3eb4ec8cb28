/* TEMPORARY weak stubs while the readers and solvers are being written; the real (strong)
 * definitions replace them at link time. This file is removed before the work is committed. */
#include "signorini/io.h"
#include "signorini/solver.h"
#define W __attribute__((weak))
W int sn_dat_read_fc(const char *p, sn_fc **o, char *e, size_t l) { (void)p; (void)o; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_dat_read_gfc(const char *p, sn_gfc **o, char *e, size_t l) { (void)p; (void)o; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_dat_read_lcp(const char *p, sn_lcp **o, char *e, size_t l) { (void)p; (void)o; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_fclib_read(const char *p, sn_file_problem **o, char *e, size_t l) { (void)p; (void)o; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_fclib_write(const char *p, const sn_fc *a, const sn_gfc *b, const sn_solution *c, char *e, size_t l) { (void)p; (void)a; (void)b; (void)c; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_fclib_write_solution(const char *p, const sn_solution *S, char *e, size_t l) { (void)p; (void)S; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_fclib_read_solution(const char *p, sn_solution **o, char *e, size_t l) { (void)p; (void)o; (void)e; (void)l; return SN_ERR_UNKNOWN; }
W int sn_lcp_lemke(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *i) { (void)P; (void)z; (void)w; (void)s; (void)i; return SN_ERR_UNKNOWN; }
W int sn_lcp_pgs(const sn_lcp *P, double *z, double *w, const sn_settings *s, sn_info *i) { (void)P; (void)z; (void)w; (void)s; (void)i; return SN_ERR_UNKNOWN; }
W int sn_fc_nsgs(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *i) { (void)P; (void)r; (void)u; (void)s; (void)i; return SN_ERR_UNKNOWN; }
W int sn_fc_prox(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *i) { (void)P; (void)r; (void)u; (void)s; (void)i; return SN_ERR_UNKNOWN; }
W int sn_fc_apgd(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *i) { (void)P; (void)r; (void)u; (void)s; (void)i; return SN_ERR_UNKNOWN; }
W int sn_fc2d_lemke(const sn_fc *P, double *r, double *u, const sn_settings *s, sn_info *i) { (void)P; (void)r; (void)u; (void)s; (void)i; return SN_ERR_UNKNOWN; }
