/* signorini command-line program: one file per subcommand, all over the public library API. */
#ifndef SN_CLI_H
#define SN_CLI_H
#include <stdio.h>

int sn_cli_demo(int argc, char **argv);
int sn_cli_solve(int argc, char **argv);
int sn_cli_check(int argc, char **argv);
int sn_cli_convert(int argc, char **argv);
int sn_cli_info(int argc, char **argv);
int sn_cli_solvers(int argc, char **argv);
int sn_cli_run(int argc, char **argv);

/* print "signorini: <message>" to stderr and return exit status 2 (usage) or 1 (failure) */
int sn_cli_usage_error(const char *fmt, ...);
int sn_cli_fail(const char *fmt, ...);

/* Output written to a temporary name and renamed when complete: a failure never leaves a
 * half-written file. sn_out_open gives a stream on "<path>.tmp.<pid>"; sn_out_close flushes,
 * checks for write errors and renames (or removes the temporary on error). */
typedef struct {
  FILE *f;
  char *path, *tmp;
} sn_outfile;
int sn_out_open(sn_outfile *o, const char *path);
int sn_out_close(sn_outfile *o);   /* 0 on success */
void sn_out_abort(sn_outfile *o);
#endif
