/* Heat conduction of the quasi-static driver (private to src/analysis): the temperature field of
 * *HEAT TRANSFER and *COUPLED TEMPERATURE-DISPLACEMENT steps (heat_step.c: the conduction and
 * capacity matrices, the prescribed temperatures, one increment's solve; heat_gap.c: the heat
 * flow across contact points with *GAP CONDUCTANCE). */
#ifndef SN_ANALYSIS_HEAT_INTERNAL_H
#define SN_ANALYSIS_HEAT_INTERNAL_H

#include <stddef.h>

#include "signorini/analysis.h"
#include "signorini/contact.h"

typedef struct {
  int on;                       /* some step of the model is a heat step */
  int nn;
  double *T;                    /* per node: the committed temperatures */
  double *Tn;                   /* the increment's solution */
  unsigned char *fixed;         /* prescribed (kept by later steps until changed) */
  unsigned char *conducts;      /* some conducting element holds the node */
  double *fix_start, *fix_target;
  int *fix_amp;                 /* the *BOUNDARY's AMPLITUDE= (-1: none) */
  int *eq;                      /* per node: unknown number, -1 fixed or not conducting */
  int neq;
  sn_csc *K, *C;                /* conductivity, capacity (nnodes x nnodes, both triangles) */
  double *node_area;            /* per node: tributary area of the model's outer faces (the
                                   area of a node-based slave surface's node) */
  double lscale;                /* search distance of the contact detection */
  int steady;                   /* the step is STEADY STATE */
  int ramp;                     /* boundary temperatures ramped over the step (STEADY STATE, unless
                                   *STEP, AMPLITUDE=STEP), else applied at once (transient: heat
                                   transfer and coupled steps, as CalculiX 2.20 does, measured) */
} sn_heat;

/* the matrices and the area table (nothing when no step is a heat step); T0: the initial field */
int sn_heat_init(sn_heat *H, const sn_model *m, const double *T0, double lscale, char *msg, size_t msglen);
void sn_heat_free(sn_heat *H);
/* a heat step begins: its prescribed temperatures, started from the field T now */
void sn_heat_step(sn_heat *H, const sn_model *m, const sn_step *sp, const double *T);
/* one increment, from the committed field to step time t (increment dt) with the contact points
 * of the displacements u (NULL: the reference configuration): H->Tn */
int sn_heat_solve(sn_heat *H, const sn_model *m, const double *u, double t, double dt, double period, char *msg,
                  size_t msglen);
/* heat_gap.c: the conductance triplets of the contact points of u whose interaction has a *GAP
 * CONDUCTANCE (g = conductance x slave area between the slave node and the master face's nodes
 * weighted by the face's shape functions at the projection), appended to (ti, tj, tx) from *nz
 * (room grown as needed) */
int sn_heat_gap_triplets(const sn_heat *H, const sn_model *m, const double *u, int **ti, int **tj, double **tx,
                         int *nz, int *cap, char *msg, size_t msglen);
/* the tributary areas of the outer faces per node (node_area) */
int sn_heat_node_areas(const sn_model *m, double *area);

#endif
