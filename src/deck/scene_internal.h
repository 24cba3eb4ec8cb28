/* Internal to src/deck: the scene-file reader's state, shared by the line machinery
 * (scene_read.c: sources, *INCLUDE, keyword lines, data fields, messages) and the keyword table
 * with its handlers (scene_keywords.c). */
#ifndef SN_DECK_SCENE_INTERNAL_H
#define SN_DECK_SCENE_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "signorini/scene_io.h"

#define SR_MAXLINE 4096                  /* characters per line, comments included */
#define SR_MAXFIELDS (SR_MAXLINE / 2 + 4)
#define SR_MAXDEPTH 16                   /* *INCLUDE nesting */
#define SR_MAXPAR 16                     /* parameters on a keyword line */
#define SR_MAXNAME 80                    /* body and material names */
#define SR_MAXMAT 4096                   /* materials */

typedef struct {
  char *buf;          /* bytes of a scene parsed from memory, or NULL */
  size_t len, pos;
  FILE *fp;           /* a file read one line at a time when buf is NULL */
  int line, file;     /* last line read; index into sr.fname */
} sr_source;

typedef struct {
  char *name;         /* blanks removed, upper case */
  char *val;          /* NULL without '='; blanks removed, upper case */
  char *raw;          /* the value as written, trimmed */
} sr_param;

struct sr;
typedef struct {
  const char *key;            /* blanks removed, upper case: "CONTACTPROPERTY" */
  const char *shown;          /* "*CONTACT PROPERTY" */
  const char *params;         /* allowed parameters (blanks removed), blank separated */
  int mindata, maxdata;       /* data lines required / allowed (maxdata -1: any number) */
  int sub;                    /* a suboption of the *BODY or *LATTICE being read */
  int (*begin)(struct sr *);
  int (*data)(struct sr *);
  int (*end)(struct sr *);
} sr_kwdef;

typedef struct {
  char name[SR_MAXNAME + 1];
  double density;             /* NAN until *DENSITY */
  int line;
} sr_material;

/* the *BODY or *LATTICE being read: added to the scene when its last suboption ends */
typedef struct {
  int active, lattice, line, file;
  char name[SR_MAXNAME + 1];
  sn_body_desc d;
  int has_pos, has_orient, has_vel, has_vert, has_tri;
  double *vert;               /* *VERTICES */
  int nvert, cap_vert;
  int *tri;                   /* *TRIANGLES (0-based) */
  int ntri, cap_tri;
  /* lattice: origin, counts, spacing; jitter fraction and seed */
  double origin[3], spacing[3], jitter;
  long count[3];
  unsigned long long seed;
} sr_pending;

typedef struct sr {
  sn_scene *S;
  sn_scene_run *run;
  char *msg;
  size_t msglen;
  const char *basedir;
  char *root;                 /* real path of basedir */
  int anywhere;
  long maxbodies;             /* bodies of the scene, lattices included */
  unsigned long long maxbytes, total;
  sr_source src[SR_MAXDEPTH + 1];
  int depth;
  char **fname;
  int nfname;
  int file, line;             /* where the line being handled is */
  char buf[SR_MAXLINE + 2];
  char kwbuf[SR_MAXLINE + 2];
  char valbuf[2 * SR_MAXLINE + 16];
  sr_param par[SR_MAXPAR];
  int npar;
  char rawcopy[SR_MAXLINE + 2]; /* the data line as written (trimmed), before its split */
  char *f[SR_MAXFIELDS];
  int nf;
  const sr_kwdef *kw;
  int kw_file, kw_line, ndata;
  int nkeywords;              /* keywords read (the first must be *SCENE) */
  int have_dynamic, have_gravity, have_default_law, have_fclib, fclib_file;
  int have_options, options_file;   /* *SOLVER OPTIONS: its line (0: none) and file */
  int kinematic_line, kinematic_file;   /* the first MOTION=KINEMATIC body's (0: none) */
  sr_material *mat;
  int nmat, cur_mat;
  sr_pending pend;
} sr;

/* messages: "FILE:LINE: ..." at the line being handled, or at a given file and line */
int sr_fail(sr *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int sr_fail_at(sr *p, int file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int sr_nomem(sr *p);
/* a string of the file shortened for messages */
const char *sr_show(const char *s, char *out, size_t cap);

/* parameters of the keyword line being handled */
const sr_param *sr_par(const sr *p, const char *name);
/* a name (required or not): copied to out ("" when absent and optional) */
int sr_par_name(sr *p, const char *key, int required, char *out);
/* a number: *v set only when present; *given (may be NULL) says whether it was */
int sr_par_double(sr *p, const char *key, double *v, int *given);
int sr_par_int(sr *p, const char *key, long lo, long hi, long *v, int *given);
/* one of the words of choices (blank separated): *idx its index; -1 when absent */
int sr_par_choice(sr *p, const char *key, const char *choices, int *idx);

/* fields of the data line being handled */
int sr_field_double(sr *p, int k, const char *what, double *v);
int sr_field_int(sr *p, int k, const char *what, long lo, long hi, long *v);
/* fields [lo, hi] of the data line must be present, and no more than hi + 1 */
int sr_fields(sr *p, int lo, int hi, const char *what);

/* the keyword table (scene_keywords.c) and the end of the scene */
const sr_kwdef *sr_keyword(const char *key);
int sr_finish(sr *p);
/* add the *BODY or *LATTICE being read (its suboptions are over) to the scene */
int sr_finish_pending(sr *p);
void sr_free_pending(sr *p);

#endif
