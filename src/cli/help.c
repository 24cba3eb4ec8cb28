/* `signorini CMD --help` and `signorini --help`, printed from the commands' tables (args.h). */
#include "args.h"

#include <string.h>

#define WIDTH 80
#define OPTCOL 24   /* where option descriptions start */

/* text word-wrapped to WIDTH; the first line continues at column col, the others start at
 * column indent; returns at the end of the last line (newline printed) */
static void wrap(FILE *f, const char *text, int col, int indent)
{
  const char *p = text;
  int first = 1;
  while (*p) {
    while (*p == ' ') p++;
    size_t w = strcspn(p, " ");
    if (!w) break;
    if (!first && col + 1 + (int)w > WIDTH) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
      first = 1;
    }
    if (!first) { fputc(' ', f); col++; }
    fprintf(f, "%.*s", (int)w, p);
    col += (int)w;
    p += w;
    first = 0;
  }
  fputc('\n', f);
}

/* paragraphs of text (separated by '\n'), each wrapped at indent, a blank line between */
static void paragraphs(FILE *f, const char *text, int indent)
{
  char buf[2048];
  while (*text) {
    size_t n = strcspn(text, "\n");
    snprintf(buf, sizeof buf, "%.*s", (int)n, text);
    fprintf(f, "%*s", indent, "");
    wrap(f, buf, indent, indent);
    text += n;
    if (*text) {
      text++;
      fputc('\n', f);
    }
  }
}

/* "-o, --output DIR" */
static void opt_label(const sn_cli_opt *o, char *buf, size_t len)
{
  snprintf(buf, len, "%s%s%s%s%s", o->shrt ? o->shrt : "", o->shrt && o->lng ? ", " : "",
           o->lng ? o->lng : "", o->arg ? " " : "", o->arg ? o->arg : "");
}

static void print_opt(FILE *f, const char *label, const char *text, const char *def)
{
  char buf[1024];
  if (def) snprintf(buf, sizeof buf, "%s (default: %s)", text, def);
  else snprintf(buf, sizeof buf, "%s", text);
  int n = fprintf(f, "  %s", label);
  if (n + 2 > OPTCOL) {
    fprintf(f, "\n%*s", OPTCOL, "");
    n = OPTCOL;
  } else {
    fprintf(f, "%*s", OPTCOL - n, "");
    n = OPTCOL;
  }
  wrap(f, buf, n, OPTCOL);
}

static void print_exits(FILE *f, const sn_cli_exit *e)
{
  fprintf(f, "\nExit status:\n");
  for (; e->text; e++) {
    int n = fprintf(f, "  %d  ", e->code);
    wrap(f, e->text, n, n);
  }
}

void sn_cli_print_help(const sn_cli_cmd *cmd, FILE *f)
{
  char label[128];
  fprintf(f, "Usage: signorini %s%s%s\n\n", cmd->name, cmd->synopsis[0] ? " " : "", cmd->synopsis);
  wrap(f, cmd->summary, 0, 0);
  fputc('\n', f);
  paragraphs(f, cmd->description, 0);
  fprintf(f, "\nOptions:\n");
  for (const sn_cli_opt *o = cmd->opts; o->shrt || o->lng; o++) {
    opt_label(o, label, sizeof label);
    print_opt(f, label, o->text, o->def);
  }
  print_opt(f, "-h, --help", "print this help and exit", NULL);
  print_exits(f, cmd->exits);
  fprintf(f, "\nExamples:\n");
  for (int k = 0; k < 2 && cmd->examples[k].cmd; k++) {
    fprintf(f, "  %s\n      ", cmd->examples[k].cmd);
    wrap(f, cmd->examples[k].text, 6, 6);
  }
}

void sn_cli_print_overview(FILE *f)
{
  fprintf(f, "Usage: signorini COMMAND [ARGS]\n       signorini --help | --version\n\n");
  paragraphs(f, sn_cli_about, 0);
  fprintf(f, "\nCommands:\n");
  for (const sn_cli_cmd *const *c = sn_cli_commands; *c; c++) {
    fprintf(f, "  %s%s%s\n      ", (*c)->name, (*c)->synopsis[0] ? " " : "", (*c)->synopsis);
    wrap(f, (*c)->summary, 6, 6);
  }
  print_exits(f, sn_cli_exits);
  fputc('\n', f);
  wrap(f, "'signorini COMMAND --help' (or 'signorini help COMMAND') describes a command: its options "
          "and their defaults, exit codes and examples; 'man signorini' describes all of them.", 0, 0);
}
