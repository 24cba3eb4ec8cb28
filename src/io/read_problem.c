/* Read a problem of any kind: FCLIB HDF5 by its signature, else Siconos text by content. */
#include "signorini/io.h"

#include "text_scan.h"
#include "inp_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_file_problem_free(sn_file_problem *F)
{
  if (!F) return;
  sn_lcp_free(F->lcp);
  sn_fc_free(F->fc);
  sn_gfc_free(F->gfc);
  sn_solution_free(F->solution);
  sn_solution_free(F->guess);
  free(F);
}

/* HDF5 files start with the 8-byte signature \211HDF\r\n\032\n (at offset 0 for files
 * written without a user block, which covers FCLIB files) */
static int is_hdf5(FILE *f)
{
  unsigned char sig[8];
  static const unsigned char h5[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  return fread(sig, 1, 8, f) == 8 && !memcmp(sig, h5, 8);
}

static const char *contains(const char *path, const char *what) { return strstr(path, what); }

static int read_kind(const char *path, sn_kind k, sn_file_problem *F, char *err, size_t errlen)
{
  F->kind = k;
  if (k == SN_KIND_LCP) return sn_dat_read_lcp(path, &F->lcp, err, errlen);
  if (k == SN_KIND_GFC) return sn_dat_read_gfc(path, &F->gfc, err, errlen);
  return sn_dat_read_fc(path, &F->fc, err, errlen);
}

int sn_read_problem(const char *path, sn_file_problem **out, char *err, size_t errlen)
{
  if (!path || !out) return SN_ERR_ARG;
  *out = NULL;
  FILE *f;
  int oe;
  if (sn_io_open_bounded(path, SN_PROBLEM_MAX_FILE_BYTES, &f, NULL, &oe))   /* no FIFO, no /dev/zero */
    return sn_io_cannot_read(err, errlen, path, oe, SN_PROBLEM_MAX_FILE_BYTES);
  int h5 = is_hdf5(f);
  fclose(f);
  if (h5) return sn_fclib_read(path, out, err, errlen);
  sn_file_problem *F = calloc(1, sizeof *F);
  if (!F) return SN_ERR_NOMEM;
  /* Siconos text files do not say what they hold: the name and folder give a first guess
   * (lcp/, gfc3d/, GlobalFrictionContact...; a local problem otherwise); when the file does
   * not read as that kind, its content decides (sn_dat_detect) */
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  sn_kind guess = SN_KIND_FC;
  if (contains(path, "lcp/") || contains(base, "LCP") || contains(base, "lcp_")) guess = SN_KIND_LCP;
  else if ((contains(path, "gfc3d/") || contains(base, "GFC") || contains(base, "Global")) &&
           !contains(base, "condensed"))
    guess = SN_KIND_GFC;
  int st = read_kind(path, guess, F, err, errlen);
  if (st == SN_ERR_FORMAT) {
    sn_kind k;
    char derr[8];
    if (sn_dat_detect(path, &k, derr, sizeof derr) == SN_OK && k != guess)
      st = read_kind(path, k, F, err, errlen);
  }
  if (st) { sn_file_problem_free(F); return st; }
  *out = F;
  return SN_OK;
}
