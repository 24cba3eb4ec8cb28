/* io/out_file.h: a file written under a temporary name and renamed, with and without its fsync
 * (nosync: a run's per-increment files, synced once by sn_outfile_sync when the run ends):
 * both leave the complete file and no temporary one; sn_outfile_sync syncs a file and a folder
 * and says which path it could not open. */
#define _DEFAULT_SOURCE 1 /* mkdtemp */
#include "check.h"
#include "io/out_file.h"
#include "signorini/common.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int count_entries(const char *dir)
{
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  if (d) closedir(d);
  return n;
}

int main(void)
{
  char dir[] = "/tmp/sn_outfile_sync_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char path[256], msg[512] = "";
  for (int nosync = 0; nosync < 2; nosync++) {
    snprintf(path, sizeof path, "%s/f%d.txt", dir, nosync);
    sn_outfile o;
    CHECK_INT(sn_outfile_create(&o, path, msg, sizeof msg), SN_OK);
    CHECK_INT(o.nosync, 0);             /* the default: synced before the rename */
    o.nosync = nosync;
    fprintf(o.f, "line %d\n", nosync);
    CHECK_INT(sn_outfile_finish(&o, SN_OK, msg, sizeof msg), SN_OK);
    FILE *f = fopen(path, "r");
    char line[64] = "";
    CHECK(f && fgets(line, sizeof line, f));
    if (f) fclose(f);
    char want[64];
    snprintf(want, sizeof want, "line %d\n", nosync);
    CHECK(!strcmp(line, want));
    CHECK_INT(sn_outfile_sync(path, msg, sizeof msg), SN_OK);
  }
  CHECK_INT(count_entries(dir), 2);      /* no temporary file left */
  CHECK_INT(sn_outfile_sync(dir, msg, sizeof msg), SN_OK);   /* the folder's entries */
  snprintf(path, sizeof path, "%s/missing", dir);
  CHECK_INT(sn_outfile_sync(path, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "missing") != NULL);
  for (int k = 0; k < 2; k++) {
    snprintf(path, sizeof path, "%s/f%d.txt", dir, k);
    remove(path);
  }
  rmdir(dir);
  return sn_check_report();
}
