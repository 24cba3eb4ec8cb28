/* The output and control keywords of CalculiX' contact decks (src/deck/inp_output.c,
 * inp_controls.c; docs/deck.md, "Output requests"): each accepted on a small hand-made deck
 * with what it stores in the model, each misspelt parameter or value refused with the line.
 *  - request keywords without a data line (nothing selected); S under *NODE PRINT (a note);
 *  - *CONTACT FILE, *CONTACT PRINT (TOTALS=, the spellings CDISP / CSTRESS / CSTRE read as
 *    CDIS / CSTR, as CalculiX reads the first four letters), *EL PRINT ELSE / EVOL / ENER,
 *    *EL FILE, POSITION= and *NODE FILE, CONTACT ELEMENT(S), *NSET, FREQUENCY= (parameters
 *    CalculiX 2.20 skips with "parameter not recognized", checked by running ccx on these
 *    lines: accepted, with a note each);
 *  - *TIME POINTS (times, GENERATE) and TIME POINTS= of a request; FREQUENCY=;
 *  - *CONTROLS, PARAMETERS=TIME INCREMENTATION / FIELD / LINE SEARCH / CONTACT ... and RESET:
 *    read and checked, a note "*CONTROLS ... ignored" with the deck and line. */
#include "check.h"
#include "signorini/fem.h"
#include "signorini/io.h"

#include <stdio.h>
#include <string.h>

/* a cube on a cube, the model of every deck here; then the step text */
static const char *const MODEL =
    "*NODE, NSET=NALL\n"
    "1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
    "11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
    "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1,1,2,3,4,5,6,7,8\n2,11,12,13,14,15,16,17,18\n"
    "*ELSET, ELSET=ELOW\n1\n*ELSET, ELSET=EUP\n2\n"
    "*NSET, NSET=NSLAVE, FREQUENCY=100\n11, 12, 13, 14\n"                 /* line 25: friction2's typo */
    "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
    "*SURFACE, NAME=SM\nELOW, S2\n*SURFACE, NAME=SS\nEUP, S1\n"
    "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n"
    "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSS, SM\n"
    "*BOUNDARY\n1, 1, 3\n2, 1, 3\n3, 1, 3\n4, 1, 3\n"
    "*TIME POINTS, NAME=TP\n0.3, 0.75\n"
    "*TIME POINTS, NAME=TG, GENERATE\n0., 1., 0.25\n";   /* 48 lines: the step starts at line 49 */

static sn_model *parse(const char *step, int want, char *msg, size_t len)
{
  char deck[8192];
  snprintf(deck, sizeof deck, "%s%s", MODEL, step);
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "t.inp", NULL, &m, msg, len);
  CHECK_INT(st, want);
  if (st != want) fprintf(stderr, "  deck step:\n%s  message: %s\n", step, msg);
  return m;
}

/* the model's notes hold a line starting with "t.inp:LINE: note: " that contains text */
static int has_note(const sn_model *m, int line, const char *text)
{
  char head[64];
  snprintf(head, sizeof head, "t.inp:%d: note: ", line);
  for (const char *s = m && m->notes ? m->notes : ""; *s;) {
    const char *e = strchr(s, '\n');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    char l[1024];
    snprintf(l, sizeof l, "%.*s", (int)n, s);
    if (!strncmp(l, head, strlen(head)) && strstr(l, text)) return 1;
    s += n + (e != NULL);
  }
  return 0;
}

static void test_accepted(void)
{
  char msg[512];
  sn_model *m = parse("*STEP\n*STATIC\n0.25, 1.\n"                                           /* 49-51 */
                      "*CONTROLS, PARAMETERS=TIME INCREMENTATION\n100,100,9,100,10,4,,5\n.25,.5,.75,.85,,,1.5\n" /* 52-54 */
                      "*CONTROLS, PARAMETERS=LINE SEARCH\n,1.,1.\n"                          /* 68-69 */
                      "*CONTROLS, RESET\n"                                                   /* 57 */
                      "*NODE PRINT, NSET=NALL, TIME POINTS=TP\nU\n"                          /* 58-59 */
                      "*EL PRINT, ELSET=EALL, TOTALS=YES\nELSE, EVOL, ENER\n"                /* 60-61 */
                      "*CONTACT PRINT, NSET=NSLAVE, TOTALS=ONLY\nCDISP, CSTRESS, CELS\n"     /* 62-63 */
                      "*CONTACT PRINT, SET=NALL, FREQUENCY=10\nCDIS,CSTRE\n"                 /* 64-65 */
                      "*CONTACT FILE, FREQUENCY=2\nCDIS, CSTR, CELS\n"                       /* 66-67 */
                      "*NODE FILE, CONTACT ELEMENT, FREQUENCY=3\nU, RF\n"                    /* 55-56 */
                      "*EL FILE, POSITION=AVERAGED AT NODES\nS, E\n"                         /* 70-71 */
                      "*END STEP\n",
                      SN_OK, msg, sizeof msg);
  if (!m) return;
  CHECK_INT(m->ntimepoints, 2);
  CHECK(!strcmp(m->timepoints[0].name, "TP") && m->timepoints[0].n == 2);
  CHECK_CLOSE(m->timepoints[0].t[1], 0.75, 0, 0);
  CHECK_INT(m->timepoints[1].n, 5);                         /* 0, 0.25, 0.5, 0.75, 1 */
  CHECK_CLOSE(m->timepoints[1].t[4], 1.0, 0, 1e-15);
  const sn_step *s = &m->steps[0];
  CHECK_INT(s->nout, 7);
  CHECK_INT(s->out[0].kind, SN_OUT_NODE_PRINT);
  CHECK_INT(s->out[0].timepoints, 0);
  CHECK_INT(s->out[0].frequency, -1);
  CHECK(!strcmp(s->out[1].vars, "ELSE,EVOL,ENER"));
  CHECK_INT(s->out[1].totals, 1);
  CHECK(!strcmp(s->out[2].vars, "CDIS,CSTR,CELS"));        /* CalculiX' four-letter names */
  CHECK_INT(s->out[2].totals, 2);
  CHECK_INT(s->out[2].set, -1);                             /* NSET= ignored, as CalculiX */
  CHECK(!strcmp(s->out[3].vars, "CDIS,CSTR"));
  CHECK_INT(s->out[3].frequency, 10);
  CHECK_INT(s->out[4].kind, SN_OUT_CONTACT_FILE);
  CHECK_INT(s->out[4].frequency, 2);
  CHECK(!strcmp(s->out[4].vars, "CDIS,CSTR,CELS"));
  CHECK_INT(s->out[5].kind, SN_OUT_NODE_FILE);
  CHECK(!strcmp(s->out[5].vars, "U,RF"));
  CHECK_INT(s->out[6].kind, SN_OUT_EL_FILE);
  /* one note per thing without effect, at its line */
  CHECK(has_note(m, 25, "*NSET, FREQUENCY=100 ignored"));
  CHECK(has_note(m, 52, "*CONTROLS, PARAMETERS=TIME INCREMENTATION ignored"));
  CHECK(has_note(m, 55, "*CONTROLS, PARAMETERS=LINE SEARCH ignored"));
  CHECK(has_note(m, 57, "*CONTROLS, RESET ignored"));
  CHECK(has_note(m, 62, "*CONTACT PRINT, NSET=NSLAVE ignored"));
  CHECK(has_note(m, 64, "*CONTACT PRINT, SET=NALL ignored"));
  CHECK(has_note(m, 68, "CONTACT ELEMENT ignored"));
  CHECK(has_note(m, 70, "POSITION=AVERAGED AT NODES ignored"));
  int lines = 0;
  for (const char *c = m->notes; c && *c; c++) lines += *c == '\n';
  CHECK_INT(lines, 8);
  sn_model_free(m);

  /* nothing else ignored: the one note of the model's *NSET */
  m = parse("*STEP\n*STATIC\n*NODE PRINT\nU\n*END STEP\n", SN_OK, msg, sizeof msg);
  CHECK(m && m->notes && has_note(m, 25, "FREQUENCY") && strchr(m->notes, '\n') == m->notes + strlen(m->notes) - 1);
  sn_model_free(m);
  /* CalculiX' gap deck: an element variable under *NODE PRINT is skipped with a note;
   * contact2: a *NODE FILE without a data line selects nothing (and so replaces the earlier
   * steps' selection) */
  m = parse("*STEP\n*STATIC\n*NODE PRINT, NSET=NALL\nU\nS\n*NODE FILE\n*END STEP\n", SN_OK, msg, sizeof msg);
  if (m) {
    CHECK(!strcmp(m->steps[0].out[0].vars, "U"));
    CHECK(has_note(m, 53, "*NODE PRINT: S ignored: an element variable"));
    CHECK_INT(m->steps[0].out[1].kind, SN_OUT_NODE_FILE);
    CHECK(!strcmp(m->steps[0].out[1].vars, ""));
  }
  sn_model_free(m);
  /* and none at all without it */
  char deck[8192];
  snprintf(deck, sizeof deck, "%s*STEP\n*STATIC\n*END STEP\n", MODEL);
  char *f = strstr(deck, ", FREQUENCY=100");
  memmove(f, f + 15, strlen(f + 15) + 1);
  m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "t.inp", NULL, &m, msg, sizeof msg), SN_OK);
  CHECK(m && m->notes == NULL);
  sn_model_free(m);
}

/* each bad line, at line 52 (the first after "*STEP / *STATIC / 1., 1."), with a word of
 * the message */
static void test_refused(void)
{
  static const char *const cases[][2] = {
      {"*CONTROLS, PARAMETRS=FIELD\n", "unknown parameter 'PARAMETRS'"},
      {"*CONTROLS, PARAMETERS=FEILD\n", "expected TIME INCREMENTATION"},
      {"*CONTROLS\n", "needs PARAMETERS= or RESET"},
      {"*CONTROLS, PARAMETERS=FIELD\n1,2,3,4,5,6,7,8,9,10,11\n", "at most 10 values"},
      {"*CONTROLS, PARAMETERS=LINE SEARCH\n1, x\n", "control value"},
      {"*CONTROLS, PARAMETERS=FIELD\n1\n2\n", "at most 1 data line"},
      {"*CONTACT FILE, FREQENCY=2\nCDIS\n", "unknown parameter 'FREQENCY'"},
      {"*CONTACT FILE\nCDSI\n", "unknown output variable 'CDSI'"},
      {"*CONTACT PRINT\nCSTRX\n", "unknown output variable 'CSTRX'"},
      {"*CONTACT PRINT, TOTALS=MAYBE\nCELS\n", "TOTALS=MAYBE"},
      {"*EL PRINT, ELSET=EALL\nELSEE\n", "unknown output variable 'ELSEE'"},
      {"*EL FILE, POSITION=CORNERS\nS\n", "POSITION=CORNERS"},
      {"*EL FILE, POSITON=NODES\nS\n", "unknown parameter 'POSITON'"},
      {"*NODE FILE, CONTACT ELEMENTS=YES\nU\n", "takes no value"},
      {"*NODE PRINT, TIME POINTS=NONE\nU\n", "no *TIME POINTS of this name"},
      {"*NODE PRINT, TIME POINTS=TP, FREQUENCY=2\nU\n", "exclude each other"},
      {"*TIME POINTS, NAME=T3\n0.5, 0.4\n", "not larger"},
      {"*TIME POINTS, NAME=TP\n0.5\n", "defined twice"},
      {"*TIME POINTS, NAME=T4, GENERATE\n0., 1.\n", "start, end, increment"},
      {"*TIME POINTS, NAME=T5, TIME=WALL\n0.5\n", "TIME=WALL"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char step[512], msg[512];
    snprintf(step, sizeof step, "*STEP\n*STATIC\n1., 1.\n%s*END STEP\n", cases[k][0]);
    sn_model *m = parse(step, SN_ERR_FORMAT, msg, sizeof msg);
    CHECK(m == NULL);
    int line = 0;
    CHECK(sscanf(msg, "t.inp:%d:", &line) == 1 && line >= 52 && line <= 54);
    if (!strstr(msg, cases[k][1])) {
      fprintf(stderr, "case %zu: '%s' not in '%s'\n", k, cases[k][1], msg);
      CHECK(0);
    }
    sn_model_free(m);
  }
  /* *CONTROLS outside a step, and a misspelt parameter of *NSET (only FREQUENCY is let
   * through, as CalculiX' friction2 deck has it) */
  char msg[512];
  sn_model *m = parse("*CONTROLS, PARAMETERS=FIELD\n*STEP\n*STATIC\n*END STEP\n", SN_ERR_FORMAT, msg, sizeof msg);
  CHECK(strstr(msg, "t.inp:49:") != NULL);
  sn_model_free(m);
  m = parse("*NSET, NSET=X, FREQUENCI=1\n1\n*STEP\n*STATIC\n*END STEP\n", SN_ERR_FORMAT, msg, sizeof msg);
  CHECK(strstr(msg, "t.inp:49: unknown parameter 'FREQUENCI' for *NSET") != NULL);
  sn_model_free(m);
}

int main(void)
{
  test_accepted();
  test_refused();
  return sn_check_report();
}
