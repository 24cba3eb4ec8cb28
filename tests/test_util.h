/* Helpers shared by the tests that read the shared Siconos data (SN_DATA_DIR, ../shared/data):
 * those tests skip a file that is absent, so that the suite passes without the data. */
#ifndef SN_TEST_UTIL_H
#define SN_TEST_UTIL_H

#include <stdio.h>

#include "signorini/io.h"

/* SN_DATA_DIR/dir/file (SN_DATA_DIR/file when dir is NULL) read, or NULL when it is absent or
 * cannot be read (the caller skips it) */
static inline sn_file_problem *read_shared(const char *dir, const char *file)
{
  char path[1024], err[256];
  if (dir) snprintf(path, sizeof path, "%s/%s/%s", SN_DATA_DIR, dir, file);
  else snprintf(path, sizeof path, "%s/%s", SN_DATA_DIR, file);
  sn_file_problem *F = NULL;
  if (sn_read_problem(path, &F, err, sizeof err)) return NULL;
  return F;
}

#endif
