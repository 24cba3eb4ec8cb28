/* Internal interface of the contact layer (the .c files of src/contact). include/signorini/contact.h is
 * the API. */
#ifndef SN_CONTACT_INTERNAL_H
#define SN_CONTACT_INTERNAL_H

#include "fem/element_internal.h"
#include "signorini/contact.h"

/* Shape-function family of a face with nfn nodes in a space of dimension sdim (LINE2, LINE3,
 * TRI3, QUAD4, TRI6, QUAD8), SN_FAM_NONE when there is none. */
sn_fefam sn_contact_face_family(int sdim, int nfn);

/* Tributary areas of the nodes of one face (X: nfn x 3 in face order): area[a] += integral
 * of N_a over the face, times `thick` (plane models) or 2 pi r (axisym != 0). SN_OK or
 * SN_ERR_FORMAT (degenerate face). */
int sn_contact_face_areas(int sdim, int nfn, const double *X, double thick, int axisym,
                          double *area);

#endif
