/* signorini: command-line entry point and dispatch. */
#include "cli.h"
#include "signorini/common.h"

#include <string.h>

static const char *usage =
    "Usage: signorini COMMAND [ARGS]\n"
    "\n"
    "Contact mechanics with Coulomb friction.\n"
    "\n"
    "Commands:\n"
    "  run DECK.inp [-o DIR]\n"
    "                   quasi-static finite-element analysis of an Abaqus/CalculiX-style deck\n"
    "                   (docs/deck.md); writes BASE.NNNN.vtu per increment, BASE.pvd (ParaView)\n"
    "                   and BASE.dat (*NODE PRINT / *EL PRINT tables) into DIR (default: the\n"
    "                   deck's folder). Exit 0: done; 1: deck or analysis error; 2: usage.\n"
    "  demo seed-1dof [--method M] [-o DIR]\n"
    "                   the first seed's one-degree-of-freedom contact algorithms; M is one of\n"
    "                   penalty, lagrange, al, ip, nonlinear, friction, all (default all).\n"
    "                   Prints the iteration tables in the seed's columns; with -o, writes\n"
    "                   one CSV per method into DIR (created if missing).\n"
    "  solve FILE [--solver NAME] [--tol T] [--max-iter N] [--time-limit S] [--options K=V,..]\n"
    "        [-o SOL.hdf5] [--json]\n"
    "                   solve an LCP, local or global frictional contact problem (FCLIB .hdf5 or\n"
    "                   Siconos .dat); prints status, iterations, error and the solver's time.\n"
    "                   -o writes the problem and its /solution (FCLIB layout).\n"
    "                   Exit 0: tolerance reached; 3: not reached; 1: error; 2: usage.\n"
    "  check PROBLEM SOLUTION [--tol T]\n"
    "                   recompute the error of a stored solution (FCLIB /solution), independently\n"
    "                   of any solver; with --tol, exit 3 when the error is above T\n"
    "  convert IN OUT.hdf5   Siconos .dat (or FCLIB) -> FCLIB HDF5\n"
    "  info FILE        sizes, nnz, mu range, whether a solution is stored\n"
    "  solvers          the solvers, one line each\n"
    "  version          library version and the numerical backends it was built with\n"
    "  --help, -h       this message\n";

static int dispatch(int argc, char **argv);

/* a full disk or closed stdout is a failure, not a silent success */
int main(int argc, char **argv)
{
  int rc = dispatch(argc, argv);
  if (fflush(stdout) || ferror(stdout)) {
    fprintf(stderr, "signorini: cannot write the output: standard output failed\n");
    if (rc == 0) rc = 1;
  }
  return rc;
}

static int dispatch(int argc, char **argv)
{
  if (argc < 2) {
    fputs(usage, stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    fputs(usage, stdout);
    return 0;
  }
  if (!strcmp(cmd, "version") || !strcmp(cmd, "--version")) {
    if (argc > 2) return sn_cli_usage_error("version takes no arguments");
    printf("signorini %s\nbackends: %s\n", sn_version(), sn_backends());
    return 0;
  }
  if (!strcmp(cmd, "run")) return sn_cli_run(argc - 2, argv + 2);
  if (!strcmp(cmd, "demo")) return sn_cli_demo(argc - 2, argv + 2);
  if (!strcmp(cmd, "solve")) return sn_cli_solve(argc - 2, argv + 2);
  if (!strcmp(cmd, "check")) return sn_cli_check(argc - 2, argv + 2);
  if (!strcmp(cmd, "convert")) return sn_cli_convert(argc - 2, argv + 2);
  if (!strcmp(cmd, "info")) return sn_cli_info(argc - 2, argv + 2);
  if (!strcmp(cmd, "solvers")) return sn_cli_solvers(argc - 2, argv + 2);
  return sn_cli_usage_error("unknown command '%s'", cmd);
}
