/* Output steps of *DYNAMIC decks (dynamic_run.c, output_due): the output requests' FREQUENCY= is
 * honoured as CalculiX honours it (every f-th time step, kept by later steps that give none;
 * FREQUENCY=0: the step's end only), TIME POINTS= gives the steps into which a point falls, and
 * without either a step has at most 100 outputs; the last time step of a step is always one. A
 * free C3D8 cube (density 1) pulled by a constant load; counted are the time steps reported with
 * output (the initial state, reported first, counts too). CalculiX' contdamp1 (FREQUENCY=10,
 * 100 time steps) prints 10 blocks, as signorini now does (it printed 101). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  int n, steps[128];   /* total_increment of each output */
} outs;

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en, int output,
                   void *user)
{
  (void)m, (void)S, (void)en;
  outs *o = user;
  if (output && o->n < 128) o->steps[o->n++] = inc->total_increment;
  return SN_OK;
}

/* steps: the deck's *STEP blocks after the model */
static int run(const char *steps, outs *o)
{
  char d[4096], msg[512];
  snprintf(d, sizeof d,
           "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
           "*ELEMENT,TYPE=C3D8,ELSET=E\n1,1,2,3,4,5,6,7,8\n*MATERIAL,NAME=M\n*ELASTIC\n1000.,0.3\n*DENSITY\n1.\n"
           "*SOLID SECTION,ELSET=E,MATERIAL=M\n*TIME POINTS,NAME=TP\n0.0025,0.0071\n%s", steps);
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "due.inp", NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  if (st) return st;
  memset(o, 0, sizeof *o);
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = o;
  sn_dynamic_info info;
  st = sn_dynamic_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  return st;
}

static void expect(const outs *o, int n, const int *want)
{
  CHECK_INT(o->n, n);
  for (int k = 0; k < n && k < o->n; k++) CHECK_INT(o->steps[k], want[k]);
}

#define LOAD "*CLOAD\n5,3,1.\n6,3,1.\n7,3,1.\n8,3,1.\n"

int main(void)
{
  outs o;
  /* 10 time steps of 1e-3, FREQUENCY=3: 3, 6, 9 and the end; the next step (10 more) keeps it */
  CHECK_INT(run("*STEP\n*DYNAMIC\n0.001,0.01\n" LOAD "*NODE PRINT,FREQUENCY=3\nU\n*END STEP\n"
                "*STEP\n*DYNAMIC\n0.001,0.01\n*END STEP\n", &o), SN_OK);
  expect(&o, 9, (const int[]){0, 3, 6, 9, 10, 13, 16, 19, 20});
  /* FREQUENCY=0: the end only */
  CHECK_INT(run("*STEP\n*DYNAMIC\n0.001,0.01\n" LOAD "*NODE PRINT,FREQUENCY=0\nU\n*END STEP\n", &o), SN_OK);
  expect(&o, 2, (const int[]){0, 10});
  /* TIME POINTS 0.0025 and 0.0071: the steps ending at 0.003 and 0.008, and the end */
  CHECK_INT(run("*STEP\n*DYNAMIC\n0.001,0.01\n" LOAD "*NODE PRINT,TIME POINTS=TP\nU\n*END STEP\n", &o), SN_OK);
  expect(&o, 4, (const int[]){0, 3, 8, 10});
  /* no request: at most 100 a step (250 time steps: every third one, and the end) */
  CHECK_INT(run("*STEP\n*DYNAMIC\n0.0001,0.025\n" LOAD "*END STEP\n", &o), SN_OK);
  CHECK_INT(o.n, 85);   /* the initial state, 3, 6, ..., 249, 250 */
  CHECK_INT(o.steps[1], 3);
  CHECK_INT(o.steps[83], 249);
  CHECK_INT(o.steps[84], 250);
  return sn_check_report();
}
