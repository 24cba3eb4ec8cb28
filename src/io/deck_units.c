/* The units line of a deck (deck_units.h): a comment, so that Abaqus and CalculiX read the
 * same deck unchanged, naming the units of length, force, stress and time. */
#include "io/deck_units.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* the slot of quantity q (len characters) in m->units, or NULL */
static char *slot(sn_model *m, const char *q, size_t len)
{
  static const char *const names[] = {"LENGTH", "FORCE", "STRESS", "TIME"};
  char *slots[] = {m->units.length, m->units.force, m->units.stress, m->units.time};
  for (int k = 0; k < 4; k++)
    if (strlen(names[k]) == len && !strncasecmp(q, names[k], len)) return slots[k];
  return NULL;
}

int sn_deck_units(const char *c, sn_model *m, char *msg, size_t msglen)
{
  while (*c == ' ' || *c == '\t') c++;
  if (strncasecmp(c, "UNITS:", 6)) return 0;
  c += 6;
  int seen = 0;
  for (;;) {
    while (*c == ' ' || *c == '\t' || *c == ',') c++;
    if (!*c) break;
    const char *q = c;
    while (isalpha((unsigned char)*c)) c++;
    size_t ql = (size_t)(c - q);
    char *dst = slot(m, q, ql);
    if (!dst) {
      snprintf(msg, msglen, "UNITS: unknown quantity '%.*s' (LENGTH, FORCE, STRESS, TIME)", (int)(ql ? ql : 1), q);
      return -1;
    }
    while (*c == ' ' || *c == '\t') c++;
    if (*c != '=') { snprintf(msg, msglen, "UNITS: %.*s needs =UNIT (e.g. LENGTH=mm)", (int)ql, q); return -1; }
    c++;
    while (*c == ' ' || *c == '\t') c++;
    const char *u = c;
    while (*c && *c != ',' && *c != ' ' && *c != '\t') c++;
    size_t ul = (size_t)(c - u);
    if (ul == 0 || ul >= sizeof m->units.length) {
      snprintf(msg, msglen, "UNITS: %.*s: the unit must have 1 to %d characters", (int)ql, q, (int)sizeof m->units.length - 1);
      return -1;
    }
    if (dst[0]) { snprintf(msg, msglen, "UNITS: %.*s given twice", (int)ql, q); return -1; }
    memcpy(dst, u, ul);
    dst[ul] = '\0';
    seen = 1;
  }
  if (!seen) { snprintf(msg, msglen, "UNITS: no unit given (e.g. ** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa)"); return -1; }
  return 1;
}
