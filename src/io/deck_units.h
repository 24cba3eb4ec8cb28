/* Internal to src/io: the units line of a deck, "** UNITS: LENGTH=mm, FORCE=N, STRESS=MPa,
 * TIME=s" (docs/deck.md, "Units"). */
#ifndef SN_IO_DECK_UNITS_H
#define SN_IO_DECK_UNITS_H

#include <stddef.h>

#include "signorini/fem.h"

/* comment: the text of a comment line after its "**". Returns 0 when it is not a units line
 * (any comment not starting with "UNITS:", case-insensitive, after blanks), 1 when it is one
 * and was stored in m->units, -1 on a malformed one (msg says what: an unknown quantity, a
 * missing "=", an empty or over-long unit, a quantity given twice). */
int sn_deck_units(const char *comment, sn_model *m, char *msg, size_t msglen);

#endif
