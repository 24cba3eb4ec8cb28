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
    "  demo seed-1dof [--method M] [-o DIR]\n"
    "                   the first seed's one-degree-of-freedom contact algorithms; M is one of\n"
    "                   penalty, lagrange, al, ip, nonlinear, friction, all (default all).\n"
    "                   Prints the iteration tables in the seed's columns; with -o, writes\n"
    "                   one CSV per method into DIR (created if missing).\n"
    "  version          library version and the numerical backends it was built with\n"
    "  --help, -h       this message\n";

int main(int argc, char **argv)
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
  if (!strcmp(cmd, "demo")) return sn_cli_demo(argc - 2, argv + 2);
  return sn_cli_usage_error("unknown command '%s'", cmd);
}
