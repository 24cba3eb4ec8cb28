/* Internal to the library (src/io, and src/analysis for the contact CSV): files written whole under a temporary name beside the target and renamed
 * over it when complete, so that a reader (or a crash) never sees a half-written file.
 *
 *   sn_outfile o;
 *   if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
 *   ... write to o.f with stdio ...
 *   return sn_outfile_finish(&o, rc, msg, msglen);   // rename on rc == 0, remove otherwise
 *
 * The temporary name is "PATH.tmpPID_K", created with O_CREAT | O_EXCL (an existing file is
 * never clobbered). Every failure writes "PATH: reason" into msg and returns SN_ERR_IO (or
 * SN_ERR_NOMEM). Implemented in results_writer.c. */
#ifndef SN_IO_OUT_FILE_H
#define SN_IO_OUT_FILE_H

#include <stdio.h>

typedef struct {
  FILE *f;
  char *tmp;          /* the temporary name (owned) */
  const char *path;   /* the target (the caller's string) */
} sn_outfile;

int sn_outfile_create(sn_outfile *o, const char *path, char *msg, size_t msglen);
/* rc == 0: flush, fsync, close and rename; a failure of any of them returns SN_ERR_IO with a
 * message. rc != 0: close and remove the temporary file, return rc (msg untouched). */
int sn_outfile_finish(sn_outfile *o, int rc, char *msg, size_t msglen);
/* The temporary name sn_outfile_create tries k-th for path in process pid ("PATH.tmpPID_K"),
 * into buf; returns the length it needs (as snprintf). Lets a signal handler know, in advance,
 * what to remove (sn_run_output_on_signal). */
int sn_outfile_tmpname(char *buf, size_t len, const char *path, long pid, int k);
/* "PATH: message" into msg (when msglen > 0); returns code */
int sn_outfile_fail(char *msg, size_t msglen, int code, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif
