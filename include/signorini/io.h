/* signorini file formats: FCLIB HDF5 and Siconos text (.dat).
 *
 * Readers return SN_OK and a problem owned by the caller, or an SN_ERR_* code and a one-line
 * message in err (always NUL-terminated when errlen > 0) naming the file and, for text
 * formats, the line: "Capsules.dat:12: expected 3 numbers, found 2". They never crash on
 * malformed input, never read out of bounds and refuse sizes that would exhaust memory. */
#ifndef SIGNORINI_IO_H
#define SIGNORINI_IO_H

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

#ifdef __cplusplus
}
#endif
#endif
