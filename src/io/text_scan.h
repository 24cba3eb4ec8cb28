/* Internal to src/io: a line-counting scanner of whitespace-separated numbers over a whole
 * text file held in memory (the Siconos .dat formats), and the content sniffing of .dat files.
 *
 * Every failure writes "PATH:LINE: what is wrong" into the scanner's message and returns an
 * SN_ERR_* code. Numbers are decimal only ([+-]digits[.digits][e[+-]digits]): NaN, Inf, hex
 * and numbers that overflow a double are refused; they are converted in the "C" locale
 * whatever the caller's locale is. The scanner never reads outside the file's bytes. */
#ifndef SN_IO_TEXT_SCAN_H
#define SN_IO_TEXT_SCAN_H

#include <stddef.h>

#include "signorini/io.h"

typedef struct sn_scan sn_scan;

/* Read the whole file (a regular file of at most SN_SCAN_MAX_BYTES bytes, checked before
 * reading). SN_OK, SN_ERR_IO (cannot be read, not a regular file, too large; message "PATH: reason" in err) or SN_ERR_NOMEM. */
#define SN_SCAN_MAX_BYTES ((size_t)SN_PROBLEM_MAX_FILE_BYTES)
int sn_scan_open(const char *path, sn_scan **out, char *err, size_t errlen);
void sn_scan_close(sn_scan *s);
/* back to the first byte (and line 1); the message is kept */
void sn_scan_rewind(sn_scan *s);
const char *sn_scan_message(const sn_scan *s);   /* last failure, "" if none */
size_t sn_scan_offset(const sn_scan *s);         /* bytes consumed so far */

/* Record a failure "PATH:line: ..." and return code. */
int sn_scan_fail(sn_scan *s, int code, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Line of the next token (or of the file's last byte at the end). */
int sn_scan_line(sn_scan *s);
/* 1 if only whitespace is left */
int sn_scan_at_end(sn_scan *s);

/* Next token: 1 and its bytes (not NUL-terminated) and line, or 0 at the end of the file. */
int sn_scan_token(sn_scan *s, const char **tok, size_t *len, int *line);
/* The next token must be exactly word (what names it in the message). */
int sn_scan_word(sn_scan *s, const char *word);
/* Skip the rest of the current line (after the last token read). */
void sn_scan_skip_line(sn_scan *s);

/* An integer in [lo, hi]; what names it in messages ("the number of contacts").
 * An optional trailing ',' is accepted when comma is non-zero. line may be NULL. */
int sn_scan_int(sn_scan *s, const char *what, long lo, long hi, int comma, int *v, int *line);
/* A finite decimal number. what is a printf format taking two ints (indices; the second may
 * be unused), "q[%d]" or "W(%d, %d)": it is formatted only when the number is missing or bad. */
int sn_scan_double(sn_scan *s, const char *what, int i, int j, double *v, int *line);
/* How many more numbers the bytes left could hold at most (one character and one separator
 * each): sizes read from a file are compared with it before anything is allocated. */
size_t sn_scan_capacity(const sn_scan *s);
/* Fail (SN_ERR_FORMAT, at line) unless count more numbers could fit in the bytes left:
 * each number takes at least one character and one separator. Call before allocating. */
int sn_scan_room(sn_scan *s, size_t count, int line, const char *what);

/* 1 if tok[0..len) is an integer / a decimal number in the accepted grammar */
int sn_scan_is_int(const char *tok, size_t len);
int sn_scan_is_number(const char *tok, size_t len);

/* ---- Siconos .dat content sniffing (siconos_dat.c) ----
 * Which problem a .dat file holds, decided by parsing it as each kind in turn (local
 * frictional contact, global frictional contact, LCP): SN_OK and *kind, or the error of the
 * parse that went furthest into the file. */
int sn_dat_detect(const char *path, sn_kind *kind, char *err, size_t errlen);

#endif
