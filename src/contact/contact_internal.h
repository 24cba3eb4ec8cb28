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

/* Mortar rows of a SURFACE TO SURFACE pair (mortar.c). */
typedef struct {
  int nf;
  const int *elem, *face;    /* per master face */
  const double *lo, *hi;     /* nf x 3 bounding boxes, grown by the search distance */
} sn_mortar_master;

typedef struct {
  int keep;                  /* 1: the node carries a contact row */
  double weight;             /* W_j = int Phi_j dA */
  double gap;                /* weighted gap / W_j */
  double normal[3], t1[3], t2[3];
  int nterm;
  int tnode[SN_MORTAR_MAXTERM];     /* dof nodes */
  double tcoef[SN_MORTAR_MAXTERM];  /* (D_jk, -M_jl) / W_j */
} sn_mortar_row;

/* rows[k] for the slave node with slot k (slot: node -> 0..ns-1 for the pair's slave nodes);
 * SN_OK, SN_ERR_NOMEM, SN_ERR_FORMAT (a row coupling more than SN_MORTAR_MAXTERM nodes:
 * *bad_node = its slot), or an error of the master projection. */
int sn_mortar_rows(const sn_model *m, const sn_surface *SS, const sn_mortar_master *MF,
                   const double *xc, const int *dofnode, const int *slot, int ns, double sd,
                   sn_mortar_row *rows, int *bad_node);

#endif
