/* An increment whose contact problem has no solution (docs/deck.md, "When an increment has no
 * solution"): a CPE4 block on a fixed base, pressed with N = 2, then pushed sideways with T up
 * to 1 beyond mu N = 0.6 and held by nothing else (tests/data/inp/slide_beyond_friction.inp).
 * Every solver of the chain misses (admm at its cap, socmixg stalled) or fails (the condensed
 * ones: K is singular), the best result is kept and missed the tolerance, so the increment is
 * cut back towards the limit load T = mu N: the run stops at step 2, increment 5
 * (T = 0.6016) with a status < 0, after reporting five increments (before the review's fix
 * the last solver's error ended it at once at increment 3, T = 0.75), and the message names
 * the step's line, the increment, the time, the solvers tried and the cause. With one contact node the block can turn about it: the message says
 * that the contacts do not fix it in every direction. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECK SN_TEST_DATA "/inp/slide_beyond_friction.inp"

static int count(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m; (void)S; (void)inc;
  (*(int *)user)++;
  return 0;
}

static int run(sn_model *m, int *n, char *msg, size_t len)
{
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = count;
  s.user = n;
  sn_static_info info;
  return sn_static_run(m, &s, &info, msg, len);
}

static void test_sliding(void)
{
  sn_model *m = NULL;
  char msg[1024];
  CHECK_INT(sn_inp_read(DECK, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  int n = 0;
  int st = run(m, &n, msg, sizeof msg);
  CHECK(st < 0);
  CHECK_INT(n, 5);                          /* step 1, then T = 0.25, 0.5, 0.5625, 0.578 */
  printf("%s\n", msg);
  CHECK(strstr(msg, "line 44: step 2, increment 5, time 0.601562 (total time 1.60156): no solution found for the contact problem (2 points); solvers tried: admm (") != NULL);
  CHECK(strstr(msg, "socmixg (") && strstr(msg, "nsgs (matrix is not symmetric positive definite)") && strstr(msg, "prox ("));
  CHECK(strstr(msg, "likely cause: the tangential load 0.6016 exceeds mu times the normal load (0.3 x 2 = 0.6) and nothing "
                    "else holds the body: rigid-body sliding, no static equilibrium") != NULL);
  sn_model_free(m);
}

/* the deck's text into text (cap bytes); 0 when it cannot be read */
static int read_deck(char *text, size_t cap)
{
  FILE *f = fopen(DECK, "rb");
  CHECK(f != NULL);
  if (!f) return 0;
  size_t len = fread(text, 1, cap - 1, f);
  fclose(f);
  text[len] = '\0';
  return 1;
}

/* the same block touching with one node only: it can turn about it */
static void test_one_point(void)
{
  char text[4096];
  if (!read_deck(text, sizeof text)) return;
  char *six = strstr(text, "\n6\n*CONTACT PAIR");    /* the second slave node */
  CHECK(six != NULL);
  if (!six) return;
  memmove(six, six + 2, strlen(six + 2) + 1);
  sn_model *m = NULL;
  char msg[1024];
  CHECK_INT(sn_inp_parse(text, strlen(text), "one_point.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  int n = 0;
  int st = run(m, &n, msg, sizeof msg);
  CHECK(st < 0);
  CHECK_INT(n, 0);
  printf("%s\n", msg);
  /* cut back to the minimum increment (1e-5: 0.25^8 = 1.53e-5 is the last above it) */
  CHECK(strstr(msg, "step 1, increment 1, time 1.52588e-05 (total time 1.52588e-05): no solution found for the contact problem (1 point)") != NULL);
  CHECK(strstr(msg, "likely cause: a body is held by its contacts only and they do not fix it in every direction") != NULL);
  sn_model_free(m);
}

/* a load on a node that nothing holds (a node of no element, constraint or boundary condition:
 * a robustness run, 6 December 2026): its degree of freedom is in no equation, and the load was
 * dropped without a word (the run ended normally with U = 0 there); now refused at its line */
static void test_orphan_load(void)
{
  char text[4096], out[4200];
  if (!read_deck(text, sizeof text)) return;
  char *el = strstr(text, "*ELEMENT, TYPE=CPE4, ELSET=BASE");
  char *ld = strstr(text, "TOP, 2, -1.\n*END STEP");
  CHECK(el != NULL && ld != NULL);
  if (!el || !ld) return;
  /* node 99 after the nodes; *CLOAD 99, 2, -1 in step 1 */
  int a = (int)(el - text), b = (int)(ld - text) + (int)strlen("TOP, 2, -1.\n");
  snprintf(out, sizeof out, "%.*s99, 5, 5\n%.*s99, 2, -1.\n%s", a, text, b - a, el, text + b);
  sn_model *m = NULL;
  char msg[1024];
  CHECK_INT(sn_inp_parse(out, strlen(out), "orphan.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) return;
  int n = 0;
  int st = run(m, &n, msg, sizeof msg);
  printf("%s\n", msg);
  CHECK(st < 0);
  CHECK_INT(n, 0);
  CHECK(strstr(msg, "*CLOAD on degree of freedom 2 of node 99, which no element, constraint or boundary condition holds") != NULL);
  sn_model_free(m);
}

int main(void)
{
  test_sliding();
  test_one_point();
  test_orphan_load();
  return sn_check_report();
}
