/* signorini file formats: FCLIB HDF5 and Siconos text (.dat).
 *
 * Readers return SN_OK and a problem owned by the caller, or an SN_ERR_* code and a one-line
 * message in err (always NUL-terminated when errlen > 0) naming the file and, for text
 * formats, the line: "Capsules.dat:12: expected 3 numbers, found 2". They never crash on
 * malformed input, never read out of bounds and refuse sizes that would exhaust memory. */
#ifndef SIGNORINI_IO_H
#define SIGNORINI_IO_H

#include "signorini/fem.h"
#include "signorini/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a file holds. */
typedef enum { SN_KIND_UNKNOWN = 0, SN_KIND_LCP, SN_KIND_FC, SN_KIND_GFC } sn_kind;

/* A problem of any kind, with the solution and guess stored beside it (if any). */
typedef struct {
  sn_kind kind;
  sn_lcp *lcp;
  sn_fc *fc;
  sn_gfc *gfc;
  sn_solution *solution;   /* FCLIB /solution, NULL if absent */
  sn_solution *guess;      /* FCLIB first /guesses entry, NULL if absent */
} sn_file_problem;

void sn_file_problem_free(sn_file_problem *F);   /* frees members and the struct */

/* Read by content: HDF5 signature -> FCLIB; otherwise Siconos text, kind from the folder
 * name or the first lines (see siconos_dat.c). */
int sn_read_problem(const char *path, sn_file_problem **out, char *err, size_t errlen);

/* ---- Siconos text .dat ---- */
/* local frictional contact, 2D or 3D, dense or sparse-block (SBM) W */
int sn_dat_read_fc(const char *path, sn_fc **out, char *err, size_t errlen);
int sn_dat_read_gfc(const char *path, sn_gfc **out, char *err, size_t errlen);
int sn_dat_read_lcp(const char *path, sn_lcp **out, char *err, size_t errlen);
/* Write a problem in the layout the readers above accept (Siconos' *_printInFile layout; every
 * matrix as storage 2, compressed-column CSparse print; numbers %.17g, read back bit for bit;
 * exact zeros of the matrices left out), via a temporary name renamed on success. The problem is
 * validated first (sn_*_check: SN_ERR_* and "PATH: not written: invalid problem: ..."); a global
 * problem with equality constraints (neq > 0) has no .dat layout: SN_ERR_ARG. NULL path or
 * problem: SN_ERR_ARG. A file that cannot be written: SN_ERR_IO, "PATH: reason", nothing left. */
int sn_dat_write_fc(const char *path, const sn_fc *P, char *err, size_t errlen);
int sn_dat_write_gfc(const char *path, const sn_gfc *P, char *err, size_t errlen);
int sn_dat_write_lcp(const char *path, const sn_lcp *P, char *err, size_t errlen);

/* ---- FCLIB HDF5 ---- */
/* Read /fclib_local or /fclib_global (and /solution, /guesses when present). */
int sn_fclib_read(const char *path, sn_file_problem **out, char *err, size_t errlen);
/* Write a local or global problem (exactly one of fc, gfc non-NULL) with an optional
 * solution, to path via a temporary name renamed on success. */
int sn_fclib_write(const char *path, const sn_fc *fc, const sn_gfc *gfc,
                   const sn_solution *solution, char *err, size_t errlen);
/* Write only a solution file: /solution with r, u (and v) — what `signorini solve -o` writes. */
int sn_fclib_write_solution(const char *path, const sn_solution *S, char *err, size_t errlen);
/* Read the /solution group of a file. */
int sn_fclib_read_solution(const char *path, sn_solution **out, char *err, size_t errlen);

/* ==== finite-element results: VTK XML (.vtu, .pvd) and CalculiX-style text tables (.dat) ====
 * (src/io/vtu_writer.c, src/io/results_writer.c; layouts in docs/results.md)
 * Every file is written under a temporary name in the target's folder and renamed over the
 * target when complete: readers never see a partial file, and on any failure the temporary
 * file is removed, the target is left as it was, and SN_ERR_IO (or SN_ERR_ARG for bad input,
 * SN_ERR_NOMEM) is returned with "PATH: reason" in msg. */

/* A named array of point (node) or cell (element) values, data[ncomp * i + c]. */
typedef struct {
  const char *name;                /* "RF", "S", "CPRESS", ... (XML-escaped when written) */
  int ncomp;                       /* components per point / cell, >= 1 */
  const double *data;
  /* ncomp component names shown by ParaView, or NULL: a 6-component array is then taken as a
   * symmetric tensor in Abaqus order and named NAME11, NAME22, NAME33, NAME12, NAME13, NAME23
   * (S -> S11 ... S23); other arrays get none (ParaView shows X, Y, Z or NAME_0 ...). */
  const char *const *components;
} sn_field;

/* How sn_vtu_write_enc stores the arrays' values (every one in the machine's byte order, each
 * preceded by a UInt64 header, as VTK's XML formats define them):
 *   SN_VTU_RAW: format="appended" arrays in one <AppendedData encoding="raw"> block after the
 *     XML structure ("_" then, per array, its byte count and its bytes): the smallest and
 *     fastest form, read by ParaView / VTK; the file is XML up to that block only.
 *   SN_VTU_ZLIB: the same appended raw block, each array zlib-compressed (compressor=
 *     "vtkZLibDataCompressor"; per array one block: the header UInt64 1, its size, its last
 *     block's size, the compressed size, then zlib's stream).
 *   SN_VTU_BASE64: format="binary" arrays inline in base64 (about 4/3 of the raw size): the
 *     whole file is one valid XML document. */
typedef enum { SN_VTU_RAW = 0, SN_VTU_ZLIB = 1, SN_VTU_BASE64 = 2 } sn_vtu_encoding;

/* VTK XML UnstructuredGrid (.vtu), one piece: the model's nodes and elements, Float64 values
 * (UInt64 headers, the machine's byte order) in the given encoding. Point arrays: "U" (from
 * u, m->ndf values per node, may be NULL; always written with 3 components, z = 0 in 2D),
 * the caller's point fields, "NodeId" (Int32); cell arrays: the caller's cell fields,
 * "ElementId" (Int32). Element node order is Abaqus', which for every supported type is VTK's
 * (docs/results.md). An unknown encoding: SN_ERR_ARG. */
int sn_vtu_write_enc(const char *path, const sn_model *m, const double *u, const sn_field *point,
                     int npoint, const sn_field *cell, int ncell, sn_vtu_encoding enc, char *msg,
                     size_t msglen);
/* sn_vtu_write_enc with SN_VTU_RAW */
int sn_vtu_write(const char *path, const sn_model *m, const double *u, const sn_field *point,
                 int npoint, const sn_field *cell, int ncell, char *msg, size_t msglen);

/* ParaView collection (.pvd) of n files (names as they go into the file: relative to the .pvd's
 * folder) at the given times. Rewrite it after every increment. */
int sn_pvd_write(const char *path, int n, const double *times, const char *const *files,
                 char *msg, size_t msglen);

/* A text results file in the layout of CalculiX' .dat (*NODE PRINT, *EL PRINT, *CONTACT
 * PRINT tables). Blocks are added to the increment in progress; sn_results_flush() commits
 * the increment: the first time the file is written under a temporary name and renamed, then
 * each increment's blocks are appended in place after the bytes already committed (the file's
 * length checked first; a failed write cuts it back), so an interrupted run leaves the complete
 * increments already flushed (docs/results.md, "Files that grow"). */
typedef struct sn_results sn_results;

typedef enum { SN_TOTALS_NO = 0, SN_TOTALS_YES, SN_TOTALS_ONLY } sn_totals;

typedef struct {
  const char *var;     /* CalculiX' name: node tables "U", "RF" (ncomp 3, or 2 with z printed
                          as 0); integration-point tables "S", "E" (ncomp 6), "ENER" (1);
                          element tables "EVOL", "ELSE" (1); contact tables "CDIS", "CSTR"
                          (3), "CELS" (1) */
  const char *set;     /* set name for the header ("for set NAME"); NULL or "" for node and
                          element tables: "for all nodes" / "for all elements"; not used by
                          contact tables ("for all contact elements") */
  double time;         /* total time of the increment */
  int nrows;
  int ncomp;           /* values per row in val */
  const int *id;       /* per row: node id (U, RF, CDIS, CSTR) or element id */
  const int *ip;       /* per row: integration point, 1-based (S, E, ENER); NULL otherwise */
  const double *val;   /* val[ncomp * row + c] */
  sn_totals totals;    /* TOTALS=YES/ONLY: RF ("total force"), EVOL ("total volume"), ELSE
                          ("total internal energy"), CELS ("total contact spring energy") */
  const unsigned char *local;   /* node tables, per row: 1 when the values are in the node's
                                   *TRANSFORM frame (the row ends with " L", as CalculiX marks
                                   it); NULL: none */
} sn_results_block;

/* Start a results file: creates (or atomically empties) path. */
int sn_results_open(const char *path, sn_results **out, char *msg, size_t msglen);
/* Format one block into the increment in progress (nothing is written yet). */
int sn_results_add(sn_results *r, const sn_results_block *b, char *msg, size_t msglen);
/* Text added as it is to the increment in progress (the eigenvalue tables of a *FREQUENCY
 * step, formatted by their writer). */
int sn_results_add_text(sn_results *r, const char *text, char *msg, size_t msglen);
/* Commit the increment in progress to the file (a no-op when nothing was added). */
int sn_results_flush(sn_results *r, char *msg, size_t msglen);
/* Free r; blocks added since the last flush are discarded. */
void sn_results_close(sn_results *r);

/* CalculiX' ASCII result file (.frd, the format CalculiX GraphiX reads: cgx manual, "Result
 * Format"): the header, the nodes (block 2C) and elements (block 3C) of the model, then one
 * result block (-4 / -5 records) per variable and output increment, and the end mark 9999.
 * sn_frd_flush() commits the blocks added so far the way sn_results_flush() does (the first
 * time under a temporary name, renamed; then appended in place over the end mark, the end mark
 * after them): between flushes the file on disk is complete, with its end mark. */
typedef struct sn_frd sn_frd;

typedef struct {
  const char *name;            /* the block's label: "DISP", "STRESS", "CONTACT" ... */
  int ncomp;                   /* values per node (at most 6) */
  const char *const *comp;     /* the component names: "D1", "D2", "D3" ... */
  int tensor;                  /* 1: components of a symmetric tensor (type 4), 0: vector (2)
                                  or scalar (1, ncomp 1) */
  int vector_all;              /* vectors: an "ALL" component record after the three */
  double time;                 /* total time of the increment */
  int step, increment;
  int nrows;
  const int *id;               /* node ids */
  const double *val;           /* val[ncomp * row + c] */
} sn_frd_block;

/* Start path with the model's header, nodes and elements (written at once, atomically). */
int sn_frd_open(const char *path, const sn_model *m, sn_frd **out, char *msg, size_t msglen);
int sn_frd_add(sn_frd *f, const sn_frd_block *b, char *msg, size_t msglen);
int sn_frd_flush(sn_frd *f, char *msg, size_t msglen);
void sn_frd_close(sn_frd *f);
/* ==== end of the finite-element results section ==== */

/* ---- Abaqus / CalculiX input decks (.inp): the model of include/signorini/fem.h ----
 * The subset read (keywords, parameters, data lines, signorini's own *STEP parameters
 * CONTACT= and SOLVER=) is documented in docs/deck.md. Anything outside it -- an unknown
 * keyword or parameter, a malformed or out-of-range value, a dangling name -- is an error,
 * never skipped. On success SN_OK and *out (free with sn_model_free). On error a negative
 * status (SN_ERR_FORMAT malformed deck, SN_ERR_IO a file cannot be read, SN_ERR_NOMEM,
 * SN_ERR_ARG), *out = NULL, nothing leaked, and msg = "FILE:LINE: reason" (FILE: the
 * included file when the error is in one; always NUL-terminated when msglen > 0).
 *
 * sn_inp_read: the deck at path; *INCLUDE, INPUT= names are resolved relative to the
 * directory of path (absolute names as written) and must lie inside its folder tree. A deck
 * that cannot be read: SN_ERR_IO and "cannot read PATH: reason" (no line number). */
int sn_inp_read(const char *path, sn_model **out, char *msg, size_t msglen);
/* Bytes of one deck file (the deck and each included file) and of one problem file (FCLIB
 * HDF5, Siconos .dat): a larger file is refused before it is read, as is anything that is not
 * a regular file (a FIFO, /dev/zero, a folder). Deck lines are read one at a time (at most
 * 4096 characters each: a longer line is refused when its 4097th character is read). */
#define SN_INP_MAX_FILE_BYTES 2147483647ull
#define SN_PROBLEM_MAX_FILE_BYTES 2147483647ull
/* What sn_inp_read_opts may do beyond the defaults (sn_inp_options_default). */
typedef struct {
  /* 0 (default): an *INCLUDE file must lie inside the folder tree of the deck (its real
   * path, symbolic links resolved, under the real path of the deck's folder); 1: anywhere */
  int allow_include_anywhere;
  /* per file, and for the deck with all its included files together (counted as their lines
   * are read: an *INCLUDE repeated, or a file growing while read, cannot read more);
   * default SN_INP_MAX_FILE_BYTES */
  unsigned long long max_file_bytes;
} sn_inp_options;
void sn_inp_options_default(sn_inp_options *o);
/* sn_inp_read with options (NULL: the defaults, as sn_inp_read) */
int sn_inp_read_opts(const char *path, const sn_inp_options *opt, sn_model **out, char *msg,
                     size_t msglen);
/* The deck held in memory (text[0..len), need not be NUL-terminated); name is what messages
 * call it (NULL: "<memory>"); *INCLUDE names are resolved relative to basedir (and must lie
 * inside its folder tree), and refused (an error) when basedir is NULL. */
int sn_inp_parse(const char *text, size_t len, const char *name, const char *basedir,
                 sn_model **out, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif
#endif
