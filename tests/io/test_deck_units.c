/* The units line of a deck (docs/deck.md, "Units"; src/io/deck_units.c) through the reader:
 * stored in the model, case-insensitive, anywhere among the comments; other comments that
 * mention units are left alone; malformed lines are errors at their line. */
#include <string.h>

#include "check.h"
#include "signorini/io.h"

static const char *BODY = "*NODE\n1, 0, 0\n2, 1, 0\n*ELEMENT, TYPE=T2D2, ELSET=B\n1, 1, 2\n"
                          "*MATERIAL, NAME=M\n*ELASTIC\n100, 0.3\n*SOLID SECTION, ELSET=B, MATERIAL=M\n1\n";

static int parse(const char *head, sn_model **m, char *msg, size_t len)
{
  char deck[1024];
  snprintf(deck, sizeof deck, "%s%s", head, BODY);
  return sn_inp_parse(deck, strlen(deck), "u.inp", NULL, m, msg, len);
}

static void bad(const char *head, const char *want)
{
  sn_model *m = NULL;
  char msg[256] = "";
  CHECK_INT(parse(head, &m, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(m == NULL);
  if (!strstr(msg, want)) fprintf(stderr, "'%s': got '%s', want '%s'\n", head, msg, want);
  CHECK(strstr(msg, want) != NULL);
}

int main(void)
{
  sn_model *m = NULL;
  char msg[256];
  CHECK_INT(parse("*HEADING\nt\n** units N, mm (a plain comment)\n**  units:length = mm,FORCE=kN , Stress=MPa\n", &m, msg, sizeof msg), SN_OK);
  if (m) {
    CHECK(!strcmp(m->units.length, "mm"));
    CHECK(!strcmp(m->units.force, "kN"));
    CHECK(!strcmp(m->units.stress, "MPa"));
    CHECK(m->units.time[0] == '\0');
  }
  sn_model_free(m);
  m = NULL;
  CHECK_INT(parse("** no units declared\n", &m, msg, sizeof msg), SN_OK);
  if (m) CHECK(m->units.length[0] == '\0' && m->units.force[0] == '\0' && m->units.stress[0] == '\0');
  sn_model_free(m);
  bad("*HEADING\nt\n** UNITS: MASS=t\n", "u.inp:3: UNITS: unknown quantity 'MASS'");
  bad("** UNITS: LENGTH mm\n", "u.inp:1: UNITS: LENGTH needs =UNIT");
  bad("** UNITS: LENGTH=\n", "u.inp:1: UNITS: LENGTH: the unit must have 1 to 15 characters");
  bad("** UNITS: TIME=averyveryverylongunit\n", "UNITS: TIME: the unit must have 1 to 15 characters");
  bad("** UNITS: LENGTH=mm\n** UNITS: LENGTH=m\n", "u.inp:2: UNITS: LENGTH given twice");
  bad("** UNITS:\n", "u.inp:1: UNITS: no unit given");
  return sn_check_report();
}
