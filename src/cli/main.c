/* signorini: command-line entry point and dispatch. */
#include "cli.h"
#include "malloc_tune.h"
#include "signorini/common.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const sn_cli_about =
    "Contact mechanics with Coulomb friction: quasi-static finite-element analyses of "
    "Abaqus/CalculiX-style input decks (run), and the discrete contact problems of FCLIB and "
    "Siconos files (solve, check, convert, info).";

const sn_cli_exit sn_cli_exits[] = {
    {0, "success"},
    {1, "failure: a file cannot be read or written, invalid data, a failed analysis or solver"},
    {2, "usage error: unknown command or option, a missing or invalid argument"},
    {3, "solve and check: the tolerance was not reached"},
    {0, NULL}};

const sn_cli_cmd *const sn_cli_commands[] = {&sn_cli_cmd_run,     &sn_cli_cmd_demo,    &sn_cli_cmd_solve,
                                             &sn_cli_cmd_check,   &sn_cli_cmd_convert, &sn_cli_cmd_info,
                                             &sn_cli_cmd_solvers, &sn_cli_cmd_version, NULL};

const sn_cli_cmd *sn_cli_find(const char *name)
{
  for (const sn_cli_cmd *const *c = sn_cli_commands; *c; c++)
    if (!strcmp((*c)->name, name)) return *c;
  return NULL;
}

static int version(int argc, char **argv)
{
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_version, argc, argv);
  int k = sn_args_next(&a);
  if (k == SN_ARGS_EXIT) return a.rc;
  if (k != SN_ARGS_END) return sn_args_error(a.cmd, "unexpected argument '%s': %s takes no arguments", a.val, a.cmd->name);
  printf("signorini %s\nbackends: %s\n", sn_version(), sn_backends());
  const char *blas = sn_blas_config();   /* the kernels OpenBLAS chose for this CPU */
  if (blas) printf("blas: %s\n", blas);
  return 0;
}

const sn_cli_cmd sn_cli_cmd_version = {
    "version", "",
    "the program's version and the numerical backends it was built with",
    "Prints the version of the signorini library the program runs on and the backends it was "
    "built with (BLAS/LAPACK, SuiteSparse, HDF5), and OpenBLAS' own description of itself: its "
    "version and the kernels it chose for this CPU (OPENBLAS_CORETYPE changes them). "
    "'signorini --version' and 'signorini -V' are the same.",
    {{0}},
    {{0, "printed"}, {2, "usage error (an argument was given)"}},
    {{"signorini version", "prints e.g. 'signorini 0.1.0' and the backends"},
     {"signorini --version", "the same"}},
    version};

static int help(int argc, char **argv);
static const sn_cli_cmd help_cmd = {
    "help", "[COMMAND]", "a command's help (the same as 'signorini COMMAND --help')", "", {{0}},
    {{0, "printed"}, {2, "unknown command"}}, {{0}}, help};

static int unknown_command(const char *cmd)
{
  int kind = sn_cli_file_kind(cmd, NULL);
  if (kind == SN_FILE_DECK)
    return sn_cli_usage_error("unknown command '%s': decks are run with 'signorini run %s'", cmd, cmd);
  if (kind == SN_FILE_PROBLEM)
    return sn_cli_usage_error("unknown command '%s': problem files are solved with 'signorini solve %s'", cmd, cmd);
  const char *names[16];
  int k = 0;
  for (const sn_cli_cmd *const *c = sn_cli_commands; *c && k < 15; c++) names[k++] = (*c)->name;
  names[k++] = "help";
  const char *near = sn_cli_closest(cmd, names, k);
  if (near) return sn_cli_usage_error("unknown command '%s' (did you mean '%s'?)", cmd, near);
  return sn_cli_usage_error("unknown command '%s'", cmd);
}

/* help [COMMAND], --help [COMMAND]: the overview, or COMMAND --help */
static int help(int argc, char **argv)
{
  if (argc == 0) {
    sn_cli_print_overview(stdout);
    return 0;
  }
  const sn_cli_cmd *c = argc == 1 ? sn_cli_find(argv[0]) : NULL;
  if (argc > 1) return sn_args_error(&help_cmd, "expected one COMMAND");
  if (!c && (!strcmp(argv[0], "help") || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) c = &help_cmd;
  if (!c) return unknown_command(argv[0]);
  sn_cli_print_help(c, stdout);
  return 0;
}

static int dispatch(int argc, char **argv)
{
  if (argc < 2) {
    sn_cli_print_overview(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) return help(argc - 2, argv + 2);
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) return version(argc - 2, argv + 2);
  if (!strcmp(cmd, "--man")) {   /* hidden: the man page in troff, for the build */
    if (argc > 2) return sn_cli_usage_error("--man takes no arguments");
    sn_cli_print_man(stdout);
    return 0;
  }
  const sn_cli_cmd *c = sn_cli_find(cmd);
  if (c == &sn_cli_cmd_run || c == &sn_cli_cmd_demo || c == &sn_cli_cmd_solve) {
    const char *why;   /* huge pages for the heap, before any thread starts */
    if (sn_cli_tune_malloc(&why) < 0) return sn_cli_usage_error("%s, not '%s'", why, getenv("SIGNORINI_MALLOC"));
  }
  if (c) return c->run(argc - 2, argv + 2);
  if (cmd[0] == '-') return sn_cli_usage_error("unknown option '%s' (options follow the command: signorini COMMAND [OPTIONS])", cmd);
  return unknown_command(cmd);
}

/* a full disk or closed stdout is a failure, not a silent success */
int main(int argc, char **argv)
{
  /* the workers OpenBLAS' pthread variant started when it was loaded spin on sched_yield for
   * about 0.1 s before they sleep: for most commands (help, version, check, a usage error) that
   * is the process' whole life, a second core taken for nothing. The default count ends them
   * (sn_set_blas_threads); run and solve set theirs again (sn_cli_threads), and OpenBLAS starts
   * its workers at its first parallel call */
  sn_set_blas_threads(sn_threads_physical());
  int rc = dispatch(argc, argv);
  if (fflush(stdout) || ferror(stdout)) {
    fprintf(stderr, "signorini: cannot write the output: standard output failed\n");
    if (rc == 0) rc = 1;
  }
  return rc;
}
