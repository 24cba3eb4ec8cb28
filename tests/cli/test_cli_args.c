/* The command line's argument iterator (src/cli/args.c, linked in by tests/CMakeLists.txt):
 * every accepted form of an option, `--`, `-`, the usage errors and their exit status, and the
 * "did you mean" of a mistyped command or option. */
#include "check.h"
#include "cli/args.h"

#include <string.h>

static int helps = 0;   /* the help printer, stubbed: how often -h / --help asked for it */
void sn_cli_print_help(const sn_cli_cmd *cmd, FILE *f)
{
  (void)cmd;
  (void)f;
  helps++;
}

static const sn_cli_cmd T = {
    "t", "FILE [OPTIONS]", "a test command", "",
    {{"-o", "--output", "DIR", "none", "a folder"},
     {NULL, "--tol", "T", "1e-8", "a tolerance"},
     {"-m", "--method", "M", "all", "a method"},
     {NULL, "--json", NULL, NULL, "a flag"}},
    {{0, "ok"}},
    {{0}},
    NULL};

/* the arguments read, one line each: "P:value", "O:name=value" (long name, else short),
 * "F:name", "X:rc" at an error or help, "." at the end */
static const char *trace(int argc, const char **argv)
{
  static char out[1024];
  sn_args a;
  sn_args_init(&a, &T, argc, (char **)argv);
  out[0] = '\0';
  for (;;) {
    size_t n = strlen(out);
    int k = sn_args_next(&a);
    if (k == SN_ARGS_POS) snprintf(out + n, sizeof out - n, "P:%s ", a.val);
    else if (k == SN_ARGS_OPT && a.val)
      snprintf(out + n, sizeof out - n, "O:%s=%s ", a.opt->lng ? a.opt->lng : a.opt->shrt, a.val);
    else if (k == SN_ARGS_OPT) snprintf(out + n, sizeof out - n, "F:%s ", a.opt->lng);
    else if (k == SN_ARGS_EXIT) { snprintf(out + n, sizeof out - n, "X:%d", a.rc); break; }
    else { snprintf(out + n, sizeof out - n, "."); break; }
  }
  return out;
}

#define TRACE(want, ...)                                                      \
  do {                                                                        \
    const char *v_[] = {__VA_ARGS__};                                         \
    const char *got_ = trace((int)(sizeof v_ / sizeof *v_), v_);              \
    if (strcmp(got_, want)) fprintf(stderr, "got '%s', want '%s'\n", got_, want); \
    CHECK(!strcmp(got_, want));                                               \
  } while (0)

int main(void)
{
  /* every form of a value, positionals anywhere, flags */
  TRACE("P:f O:--tol=1e-6 O:--output=d F:--json P:g .", "f", "--tol=1e-6", "-o", "d", "--json", "g");
  TRACE("O:--output=d O:--output=d O:--output=d O:--output=d .", "-od", "-o=d", "--output=d", "--output", "d");
  TRACE("O:--method=al O:--tol= .", "-mal", "--tol=");   /* an empty value is the command's to judge */
  TRACE("O:--tol=-1 .", "--tol", "-1");                  /* a value may begin with '-' ... */
  /* ... unless it is one of the command's options: then the value is missing */
  TRACE("X:2", "--tol", "--json");
  TRACE("X:2", "--tol", "-o", "d");
  TRACE("P:f X:2", "f", "--tol");
  TRACE("X:2", "-o");
  /* `--` ends the options, `-` is a positional */
  TRACE("P:- P:--json P:-o P:--help .", "-", "--", "--json", "-o", "--help");
  /* usage errors: unknown options, a value given to a flag */
  TRACE("X:2", "--bogus");
  TRACE("X:2", "-x");
  TRACE("X:2", "--json=1");
  TRACE("X:2", "--js");
  TRACE("X:2", "--help=1");
  /* help, wherever it is, before anything is done */
  TRACE("P:f X:0", "f", "-h", "--bogus");
  TRACE("X:0", "--help");
  CHECK_INT(helps, 2);
  TRACE("P: .", "");                                     /* an empty argument is a positional */
  sn_args a;
  sn_args_init(&a, &T, 0, NULL);
  CHECK_INT(sn_args_next(&a), SN_ARGS_END);

  /* the closest name to a typo */
  const char *cmds[] = {"run", "demo", "solve", "check", "convert", "info", "solvers", "version", "help"};
  CHECK(!strcmp(sn_cli_closest("slove", cmds, 9), "solve"));   /* a swap */
  CHECK(!strcmp(sn_cli_closest("chek", cmds, 9), "check"));    /* a deletion */
  CHECK(!strcmp(sn_cli_closest("runn", cmds, 9), "run"));      /* an insertion */
  CHECK(!strcmp(sn_cli_closest("conv", cmds, 9), "convert"));  /* the only one it begins */
  CHECK(!strcmp(sn_cli_closest("verison", cmds, 9), "version"));
  CHECK(sn_cli_closest("frobnicate", cmds, 9) == NULL);
  CHECK(sn_cli_closest("x", cmds, 9) == NULL);                 /* too short to guess */
  CHECK(sn_cli_closest("", cmds, 9) == NULL);
  const char *opts[] = {"--output", "--tol", "--method", "--json", "--help"};
  CHECK(!strcmp(sn_cli_closest("--tole", opts, 5), "--tol"));
  CHECK(!strcmp(sn_cli_closest("--jsno", opts, 5), "--json"));
  CHECK(sn_cli_closest("--fast", opts, 5) == NULL);
  return sn_check_report();
}
