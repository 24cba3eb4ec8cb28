/* Internal to src/deck: the Abaqus / CalculiX deck reader's state, shared by the line scanner
 * (inp_scan.c: messages, numbers, the keyword line and its parameters, the sources and
 * *INCLUDE), the maps of ids and names (inp_names.c), the keyword table (inp_keywords.c), one
 * file per family of keywords (inp_geometry.c, inp_material.c, inp_contact.c, inp_step.c,
 * inp_load.c, inp_output.c, inp_dynamic.c) and the reader's loop with the end of the deck
 * (inp_reader.c). Adding a keyword: one entry in inp_keywords.c and its handlers. */
#ifndef SN_DECK_INP_INTERNAL_H
#define SN_DECK_INP_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "io/inp_internal.h"
#include "signorini/fem.h"
#include "signorini/io.h"

#define MAXLINE 4096                 /* characters per line, comments included */
#define MAXFIELDS (MAXLINE / 2 + 4)  /* a line of MAXLINE characters holds fewer fields */
#define MAXDEPTH 16                  /* *INCLUDE nesting */
#define MAXPAR 16                    /* parameters on a keyword line */
#define MAXNAME 80                   /* set, material, surface ... names */
#define MAXCOUNT (1 << 28)           /* nodes, elements, connectivity entries */
#define MAXLIST (1 << 24)            /* boundary / load records of one step, table points */
/* boundary / load records of the whole model (a set expands to one record per member, and
 * the model-data boundaries are copied into every step): at most RECPERITEM per node and
 * element plus RECBASE, so that a small deck cannot ask for gigabytes */
#define RECPERITEM 64
#define RECBASE ((size_t)1 << 20)

/* namespaces of names */
/* namespaces of names; a node-based surface (NS_NSURF) may share its name with an element-face
 * one (NS_SURF), as in CalculiX */
enum { NS_NSET, NS_ELSET, NS_MAT, NS_AMP, NS_SURF, NS_INTER, NS_NSURF };
/* where a keyword may stand: anywhere, model data (before the first *STEP), inside a step,
 * outside a step (*STEP itself), *BOUNDARY's rule; *INCLUDE (read in place of its line, the
 * keyword before it goes on); known to CalculiX or Abaqus but not supported */
enum { W_ANY, W_MODEL, W_STEP, W_NOSTEP, W_BOUNDARY, W_TRANSPARENT, W_UNSUPPORTED };
/* the definition a keyword continues (its suboptions): *MATERIAL's, *SURFACE INTERACTION's */
enum { SUB_MATERIAL = 1, SUB_INTERACTION = 2 };

typedef struct {
  char *buf;          /* the deck's bytes (a deck parsed from memory), or NULL */
  size_t len, pos;
  FILE *fp;           /* a file, read one line at a time, when buf is NULL */
  int own;            /* buf is ours to free */
  int good;           /* lines of it handled without an error */
  int line;           /* line number of the last line read */
  int file;           /* index into rd.fname */
} inp_source;

typedef struct {
  char *name;         /* blanks removed, upper case */
  char *val;          /* NULL if no '='; blanks removed and upper case (quoted: kept, upper) */
  char *raw;          /* the value as written, trimmed (quotes removed) */
} inp_param;

typedef struct {
  int ns, idx;
} inp_nslot;

/* shells and beams expanded into bricks (inp_structural.c): the kind of an element or section */
enum { INP_ST_NONE = 0, INP_ST_SHELL = 1, INP_ST_BEAM = 2 };
typedef struct {
  int kind;                   /* INP_ST_*: *SOLID SECTION 0, *SHELL SECTION, *BEAM SECTION */
  double t, offset;           /* shells: thickness, OFFSET= (fraction of t) */
  int circ;                   /* beams: SECTION=CIRC (radius a) or RECT (a along n1, b along n2) */
  double a, b, n1[3];
  double off1, off2;          /* beams: OFFSET1=, OFFSET2= (fractions of the section's size) */
} inp_stsec;

struct inp_rd;
typedef struct {
  const char *key;            /* blanks removed: "SOLIDSECTION" */
  const char *shown;          /* "*SOLID SECTION" */
  int where;                  /* W_* */
  const char *params;         /* allowed parameters, blank separated, blanks removed */
  int mindata;                /* data lines required */
  int raw;                    /* data lines not split into fields */
  int sub;                    /* SUB_*: a suboption of the definition being read */
  int (*begin)(struct inp_rd *);
  int (*data)(struct inp_rd *);
  int (*end)(struct inp_rd *);
} inp_kwdef;

typedef struct inp_rd {
  sn_model *m;
  char *msg;
  size_t msglen;
  const char *basedir;
  char *root;                             /* real path of basedir: includes stay under it */
  int anywhere;                           /* includes may be anywhere */
  unsigned long long maxbytes;            /* bytes of one file, and of all lines read in all */
  unsigned long long total;               /* bytes of the lines read so far, every file */
  int noecho;                             /* messages do not quote the line being handled */
  inp_source src[MAXDEPTH + 1];
  int depth;
  char **fname;
  int nfname, fname_cap;
  int file, line;                         /* where the line being handled is */
  char buf[MAXLINE + 2];
  char kwbuf[MAXLINE + 2];
  char valbuf[2 * MAXLINE + 16];
  inp_param par[MAXPAR];
  int npar;
  char *raw;                              /* raw data line (heading, step title) */
  char *f[MAXFIELDS];
  int nf, trailing;                       /* fields of a data line, ends with a comma */
  const inp_kwdef *kw;
  int kw_file, kw_line, ndata;
  /* capacities of the model's arrays */
  size_t cap_nodes, cap_elems, cap_conn, cap_sets, cap_mat, cap_sec, cap_spr, cap_amp,
      cap_surf, cap_rig, cap_int, cap_pair, cap_step, cap_bc, cap_cl, cap_dl, cap_out, cap_item,
      cap_pre, cap_ivel;
  /* id maps during the parse (the model's own tables are built at the end) */
  int *nmap, *emap;
  int nbits, ebits;
  /* name map */
  inp_nslot *names;
  size_t names_cap, names_n;
  /* marker per node / element: bit 0 membership, bits 1..6 element faces */
  unsigned char *mark;
  size_t mark_cap;
  /* where each element was defined */
  int *def_file, *def_line;
  /* names resolved at the end */
  char (*sec_mat)[MAXNAME + 1];
  int *sec_file;
  char (*pair_int)[MAXNAME + 1];
  int *pair_file;
  /* model-data boundaries (before the first *STEP) */
  sn_bc *pre;
  unsigned char *pre_all;
  int *pre_file;
  int npre;
  /* state */
  int in_step, frozen, step_static;
  int *step_file;                          /* file of each *STEP line */
  size_t cap_stepf;
  int dim2, dim3;                          /* an element of 2D / 3D type was seen */
  int cur_mat, cur_int;                    /* *MATERIAL / *SURFACE INTERACTION suboptions */
  int cur_set, generate;                   /* *NSET / *ELSET */
  int node_set, elem_set;                  /* *NODE NSET= / *ELEMENT ELSET= */
  sn_eltype el_type;
  const sn_eldesc *el_desc;
  int el_n, el_file, el_line;              /* element being read (continuation lines) */
  long el_vals[32];
  int cur_sec, cur_spr, cur_amp, cur_surf, cur_pair_type, cur_pair;
  int amp;                                 /* AMPLITUDE= of *BOUNDARY / *CLOAD / *DLOAD */
  int load_new;                            /* OP=NEW on the current *BOUNDARY / *CLOAD / *DLOAD */
  const char *load_kw;                     /* its name, "*CLOAD" */
  int out_kind, out_set;
  size_t nrec;                             /* boundary / load records so far */
  char cur_name[MAXNAME + 1];              /* INTERACTION= of the *CONTACT PAIR being read */
  int cur_small, cur_adjust_set, cur_mortar;           /* its SMALL SLIDING, ADJUST= node set (-1) */
  double cur_adjust;                       /* its ADJUST= distance (0) */
  int cur_change;                          /* *CHANGE FRICTION / SURFACE BEHAVIOR record (-1) */
  char change_kind[24];                    /* "FRICTION" / "SURFACE BEHAVIOR" */
  int change_add;                          /* *MODEL CHANGE: ADD (1) or REMOVE (0) */
  int eq_left;                             /* *EQUATION: terms still to read (0: a count next) */
  int pt_node, pt_surf, pt_given;          /* *PRE-TENSION SECTION: reference node, surface, normal given */
  double pt_n[3];
  int cur_tie;                             /* *CYCLIC SYMMETRY MODEL: its *TIE */
  size_t cap_eqn, cap_eqt, cap_tr, cap_tie;
  int *eqn_file, *tr_file, *tie_file;      /* the file of each *EQUATION, *TRANSFORM, *TIE */
  /* output requests and notes (inp_output.c, inp_controls.c) */
  size_t cap_tp, cap_tpt, notes_len, notes_cap;
  int cur_tp, tp_generate;                 /* the *TIME POINTS being read, its GENERATE */
  /* thermal keywords (inp_thermal.c) */
  int init_temp;                           /* the *INITIAL CONDITIONS being read is TYPE=TEMPERATURE */
  int nt0, *t0_node;                       /* its records, turned into model->temp0 at the end */
  double *t0_val;
  size_t cap_t0n, cap_t0v, cap_temp;
  int temp_step;                           /* the step whose *TEMPERATURE cap_temp counts (1-based) */
  size_t cap_gap;                          /* *GAP (inp_gap.c) */
  size_t cap_tbc;                          /* *BOUNDARY, dof 11 (inp_heat.c): room of step tbc_step */
  int tbc_step;
  /* shells and beams (inp_structural.c) */
  unsigned char *el_struct;                /* per element: INP_ST_* */
  size_t cap_elst, cap_stsec;
  inp_stsec *stsec;                        /* per section */
  int el_struct_kind, el_struct_nn;        /* the *ELEMENT being read: S8 / B32 kind, nodes */
  int has_struct;
  struct inp_rotbc { int node, dof, file, line, optional; } *rotbc;   /* rotations held at zero */
  int nrotbc;
  size_t cap_rotbc;
} inp_rd;

/* ---- messages (inp_scan.c): "FILE:LINE: ..." at the line being handled, or at a given file
 * and line; the status returned (SN_ERR_FORMAT, or code) ---- */
#if defined(__GNUC__)
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF(a, b)
#endif
int inp_fail(inp_rd *p, const char *fmt, ...) PRINTF(2, 3);
int inp_fail_at(inp_rd *p, int file, int line, const char *fmt, ...) PRINTF(4, 5);
int inp_fail_code(inp_rd *p, int code, const char *fmt, ...) PRINTF(3, 4);
int inp_nomem(inp_rd *p);
/* a note for the model (sn_model.notes): "FILE:LINE: text" at the line being handled; SN_OK or
 * SN_ERR_NOMEM */
int inp_note(inp_rd *p, const char *fmt, ...) PRINTF(2, 3);
/* printable copy of s for messages: at most 40 characters (nothing of a non-deck file) */
const char *inp_shown(const inp_rd *p, const char *s, char *out, size_t cap);
#define SHOW(s) inp_shown(p, (s), sbuf_, sizeof sbuf_)
#define SBUF char sbuf_[48]

/* ---- memory ---- */
void *inp_grow(void *ptr, size_t *cap, size_t need, size_t esz);
/* make room for need items in arr (capacity cap); returns from the caller on failure */
#define GROW(arr, cap, need)                                                       \
  do {                                                                             \
    if ((size_t)(need) > (cap)) {                                                  \
      void *q_ = inp_grow((arr), &(cap), (size_t)(need), sizeof *(arr));           \
      if (!q_) return inp_nomem(p);                                                \
      (arr) = q_;                                                                  \
    }                                                                              \
  } while (0)
/* resize arr to n items (capacity kept by the caller) */
#define RESIZE(arr, n)                                                             \
  do {                                                                             \
    void *q_ = realloc((arr), (size_t)(n) * sizeof *(arr));                        \
    if (!q_) return inp_nomem(p);                                                  \
    (arr) = q_;                                                                    \
  } while (0)

/* ---- characters, numbers, parameters (inp_scan.c) ---- */
static inline int is_blank(char c) { return c == ' ' || c == '\t'; }
static inline char upc(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 32) : c; }
char *inp_trim(char *s);
/* 1: an integer in [INT_MIN, INT_MAX] (stored in *v); 0: not an integer; -1: out of range */
int inp_parse_int(const char *s, long *v);
int inp_is_integer(const char *s);
/* a field: an integer in [lo, hi], a finite number; else a message naming what */
int inp_get_int(inp_rd *p, const char *s, const char *what, long lo, long hi, int *out);
int inp_get_dbl(inp_rd *p, const char *s, const char *what, double *out);
/* the parameter name (blanks removed, upper case) of the keyword line, NULL if absent */
inp_param *inp_par(inp_rd *p, const char *name);
/* a name given as parameter key (required or not): copied to out; "" if absent and optional */
int inp_par_name(inp_rd *p, const char *key, int required, char *out);
/* a flag parameter (no value): *on 1 if present */
int inp_par_flag(inp_rd *p, const char *key, int *on);
/* name is one of the words of list (blank or comma separated) */
int inp_in_list(const char *list, const char *name);

/* ---- lines and sources (inp_scan.c) ---- */
/* Split the keyword line (after '*') into p->kwbuf: the keyword's key (blanks removed, upper
 * case) into key, the parameters into p->par */
int inp_keyword_parse(inp_rd *p, const char *line, char *key, size_t keycap);
/* push the source buf (owned if own) or, buf NULL, the file fp, named name (freed on failure) */
int inp_push_source(inp_rd *p, char *buf, size_t len, int own, FILE *fp, const char *name);
void inp_pop_source(inp_source *s);
/* the next line of the source on top into p->buf: 1, 0 at its end, or an error */
int inp_next_line(inp_rd *p);

/* ---- ids, names, sets (inp_names.c) ---- */
int inp_idmap_add(inp_rd *p, int **tab, int *bits, const int *ids, int n);
int inp_node_index(inp_rd *p, int id);             /* -1 if not defined */
int inp_elem_index(inp_rd *p, int id);
int inp_name_find(inp_rd *p, int ns, const char *name);
int inp_name_add(inp_rd *p, int ns, int idx);
int inp_new_set(inp_rd *p, int kind, const char *name, int *idx);
int inp_find_set(inp_rd *p, int kind, const char *name);
/* the set named name must exist */
int inp_need_set(inp_rd *p, int kind, const char *name, int *idx);
int inp_set_push(inp_rd *p, sn_set *s, int item);
/* p->mark holds a byte per node and element */
int inp_mark_ensure(inp_rd *p);
/* the node / element of a data field: id (must exist) or set name. One of idx or set. */
int inp_item_or_set(inp_rd *p, const char *s, int kind, int *idx, int *set);

/* ---- shared by the families of keywords ---- */
static inline sn_step *cur_step(inp_rd *p) { return &p->m->steps[p->m->nsteps - 1]; }
/* face label Sn (surfaces) or Pn (loads): n in 1..9, 0 if malformed (inp_contact.c) */
int inp_face_label(const char *s, char letter);
int inp_check_face(inp_rd *p, int e, int face, const char *label);
/* the mesh is complete (the first *STEP, or the end): ndf known (inp_step.c) */
int inp_freeze(inp_rd *p);
/* n more boundary / load records (the budget of RECPERITEM) */
int inp_rec_room(inp_rd *p, size_t n, int file, int line);
/* at the end: each step's SOLVER= and NLGEOM against the model */
int inp_check_steps(inp_rd *p);
/* SN_OK when the registry's solver name (lower case) can solve a step's contact problem:
 * lagrange: the step's treatment is LAGRANGE or INTERIOR (the others use no solver); ndf: the
 * model's dimension (0: not known yet). Else SN_ERR_FORMAT and the reason in why. */
int sn_inp_check_solver(const char *name, int lagrange, int ndf, char *why, size_t cap);
/* dof in 1..ndf once the mesh is complete, 1..3 before (inp_load.c) */
int inp_get_dof(inp_rd *p, const char *s, const char *what, int *dof);

/* ---- the keyword table (inp_keywords.c): the entry of key (blanks removed, upper case), or
 * NULL for a keyword nobody knows ---- */
const inp_kwdef *inp_keyword(const char *key);

/* ---- handlers: begin (the keyword line), data (one data line), end (the next keyword) ---- */
int inp_include(inp_rd *p);                                   /* inp_scan.c */
int inp_heading_data(inp_rd *p);                              /* inp_geometry.c */
int inp_node_begin(inp_rd *p);
int inp_node_data(inp_rd *p);
int inp_element_begin(inp_rd *p);
int inp_element_data(inp_rd *p);
int inp_element_end(inp_rd *p);
int inp_nset_begin(inp_rd *p);
int inp_elset_begin(inp_rd *p);
int inp_set_data(inp_rd *p);
int inp_set_end(inp_rd *p);
int inp_rigid_begin(inp_rd *p);
int inp_material_begin(inp_rd *p);                            /* inp_material.c */
int inp_elastic_begin(inp_rd *p);
int inp_elastic_data(inp_rd *p);
int inp_hyper_begin(inp_rd *p);
int inp_hyper_data(inp_rd *p);
int inp_plastic_begin(inp_rd *p);                             /* inp_plastic.c */
int inp_plastic_data(inp_rd *p);
int inp_density_begin(inp_rd *p);
int inp_density_data(inp_rd *p);
int inp_section_begin(inp_rd *p);
int inp_section_add(inp_rd *p, int kind);                     /* kind: INP_ST_* */
int inp_section_data(inp_rd *p);
int inp_section_end(inp_rd *p);
int inp_spring_begin(inp_rd *p);
int inp_spring_data(inp_rd *p);
int inp_spring_end(inp_rd *p);
int inp_surface_begin(inp_rd *p);                             /* inp_contact.c */
int inp_surface_data(inp_rd *p);
int inp_surface_end(inp_rd *p);
int inp_interaction_begin(inp_rd *p);
int inp_behavior_begin(inp_rd *p);
int inp_behavior_data(inp_rd *p);
int inp_behavior_end(inp_rd *p);
int inp_friction_begin(inp_rd *p);
int inp_friction_data(inp_rd *p);
int inp_pair_begin(inp_rd *p);
/* the surface named by a data field (it must be defined before): its index (inp_contact.c).
 * A name may hold a node-based and an element-face surface: INP_SURF_FACES takes the faces,
 * INP_SURF_NODES the nodes (CalculiX' slave of node-to-surface contact), either one when the
 * name has only one; INP_SURF_ONE refuses a name that has both */
enum { INP_SURF_FACES, INP_SURF_NODES, INP_SURF_ONE };
int inp_surface_named(inp_rd *p, const char *s, int want, int *idx);
int inp_pair_data(inp_rd *p);
int inp_change_friction_begin(inp_rd *p);
int inp_change_behavior_begin(inp_rd *p);
int inp_model_change_begin(inp_rd *p);
int inp_damping_contact_begin(inp_rd *p);
int inp_damping_contact_data(inp_rd *p);
int inp_model_change_data(inp_rd *p);
int inp_step_begin(inp_rd *p);                                /* inp_step.c */
int inp_step_data(inp_rd *p);
int inp_static_begin(inp_rd *p);
int inp_static_data(inp_rd *p);
int inp_endstep_begin(inp_rd *p);
int inp_amplitude_begin(inp_rd *p);                           /* inp_load.c */
int inp_amplitude_data(inp_rd *p);
int inp_load_begin(inp_rd *p);
int inp_load_end(inp_rd *p);
int inp_boundary_data(inp_rd *p);
int inp_cload_data(inp_rd *p);
int inp_dload_data(inp_rd *p);
int inp_nodeprint_begin(inp_rd *p);                           /* inp_output.c */
int inp_elprint_begin(inp_rd *p);
int inp_contactprint_begin(inp_rd *p);
int inp_nodefile_begin(inp_rd *p);
int inp_elfile_begin(inp_rd *p);
int inp_out_data(inp_rd *p);
int inp_equation_begin(inp_rd *p);                            /* inp_constraint.c */
int inp_equation_data(inp_rd *p);
int inp_equation_end(inp_rd *p);
int inp_transform_begin(inp_rd *p);
int inp_transform_data(inp_rd *p);
int inp_tie_begin(inp_rd *p);
int inp_tie_data(inp_rd *p);
int inp_cyclic_begin(inp_rd *p);
int inp_cyclic_data(inp_rd *p);
/* at the end of the deck: equation dofs against ndf, each node's transform, the ties'
 * equations (sn_tie_equations) */
int inp_constraints_finish(inp_rd *p);
int inp_contactfile_begin(inp_rd *p);
int inp_timepoints_begin(inp_rd *p);
int inp_timepoints_data(inp_rd *p);
int inp_controls_begin(inp_rd *p);                            /* inp_controls.c */
int inp_controls_data(inp_rd *p);
int inp_shell_section_begin(inp_rd *p);                       /* inp_structural.c */
int inp_shell_section_data(inp_rd *p);
int inp_beam_section_begin(inp_rd *p);
int inp_beam_section_data(inp_rd *p);
int inp_struct_section_end(inp_rd *p);
/* S8 / B32 element types: *kind INP_ST_*, *nn original nodes, the brick type (SN_EL_NONE: not one) */
sn_eltype inp_struct_type(const char *name, int *kind, int *nn);
/* at the end of the deck: the expanded nodes, bricks and knot equations */
int inp_expand_structural(inp_rd *p);
/* a node at x numbered (*next_id)++ (inp_structural.c) */
int inp_add_node(inp_rd *p, int *next_id, const double *x);
/* one equation sum_j c_j u(node_j, dof_j) = 0 in global components (dof 1-based), its term dep
 * the dependent one */
int inp_add_equation(inp_rd *p, int file, int line, int n, const int *node, const int *dof, const double *c, int dep);
/* *PRE-TENSION SECTION (inp_pretension.c) */
int inp_pretension_begin(inp_rd *p);
int inp_pretension_data(inp_rd *p);
int inp_pretension_end(inp_rd *p);
/* *BOUNDARY dofs first..last (4..6) of node idx or of set: a rotation held at zero (value 0)
 * for the whole analysis; optional: ENCASTRE / PINNED, only for shell and beam nodes */
int inp_rotation_bc(inp_rd *p, int idx, int set, int first, int last, double value, int optional);
int inp_dynamic_begin(inp_rd *p);                             /* inp_dynamic.c */
int inp_damping_begin(inp_rd *p);
int inp_initial_begin(inp_rd *p);
int inp_initial_data(inp_rd *p);
/* thermal strain (inp_thermal.c) */
int inp_expansion_begin(inp_rd *p);
int inp_expansion_data(inp_rd *p);
int inp_initial_temp_data(inp_rd *p);
int inp_initial_temp_finish(inp_rd *p);
int inp_temperature_begin(inp_rd *p);
int inp_temperature_data(inp_rd *p);
/* heat conduction (inp_heat.c) */
int inp_conductivity_begin(inp_rd *p);
int inp_conductivity_data(inp_rd *p);
int inp_specific_heat_begin(inp_rd *p);
int inp_specific_heat_data(inp_rd *p);
int inp_gap_conductance_begin(inp_rd *p);
int inp_gap_conductance_data(inp_rd *p);
int inp_heat_begin(inp_rd *p);
int inp_heat_data(inp_rd *p);
int inp_temperature_bc(inp_rd *p, int node, double value);
int inp_check_heat(inp_rd *p);
/* *GAP (inp_gap.c) */
int inp_gap_begin(inp_rd *p);
int inp_gap_data(inp_rd *p);
int inp_gap_finish(inp_rd *p);
int inp_frequency_begin(inp_rd *p);                           /* inp_frequency.c */
int inp_frequency_data(inp_rd *p);
int inp_cyclic_modes_begin(inp_rd *p);                        /* inp_frequency.c */
int inp_modal_begin(inp_rd *p);                               /* inp_modal.c */
int inp_modal_damping_begin(inp_rd *p);
int inp_modal_damping_data(inp_rd *p);

#endif
