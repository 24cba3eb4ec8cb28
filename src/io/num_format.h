/* Internal to the library (the .frd and .dat writers of src/io): fixed-width numbers for text
 * result files, without printf's per-call cost.
 *
 * sn_fmt_E(out, v, width, prec) writes what snprintf(out, size, "%*.*E", width, prec, v) writes
 * in the "C" locale, byte for byte, for every double: the exact binary value rounded to prec + 1
 * significant digits as glibc rounds it (to nearest, ties to even, in the current rounding
 * mode), an exponent of at least two digits, the sign of -0.0, "INF" / "NAN" with their sign,
 * blanks on the left up to width. Under any LC_NUMERIC the decimal point written is '.'.
 * Its fast path (num_format.c) scales |v| by a power of ten in double and rounds; the cases it
 * cannot decide for certain go to snprintf. out must hold SN_FMT_E_MAX(width, prec) + 1 bytes;
 * the text is NUL-terminated and its length (without the NUL) returned; -1 when width is not
 * in [0, SN_FMT_MAX_WIDTH] or prec not in [0, SN_FMT_MAX_PREC] (nothing written).
 *
 * sn_fmt_E_fast is the fast path alone: -1 (nothing written) where it leaves the number to
 * snprintf (tests/io/test_num_format.c checks how rarely).
 *
 * sn_fmt_d(out, v, width) writes snprintf's "%*d" of v (out: SN_FMT_D_MAX(width) + 1 bytes);
 * returns the length, -1 for a width outside [0, SN_FMT_MAX_WIDTH]. */
#ifndef SN_IO_NUM_FORMAT_H
#define SN_IO_NUM_FORMAT_H

#define SN_FMT_MAX_WIDTH 64
#define SN_FMT_MAX_PREC 30
/* "-d.<prec digits>E-ddd" is prec + 8 characters */
#define SN_FMT_E_MAX(width, prec) ((width) > (prec) + 8 ? (width) : (prec) + 8)
/* "-2147483648" is 11 characters */
#define SN_FMT_D_MAX(width) ((width) > 11 ? (width) : 11)

int sn_fmt_E(char *out, double v, int width, int prec);
/* sn_fmt_E_n: the n numbers v[0..n-1] one after the other, each as sn_fmt_E writes it (the
 * rounding mode read once for them all, not once a number); out: n SN_FMT_E_MAX(width, prec)
 * + 1 bytes; returns the total length, -1 as sn_fmt_E (or n < 0) */
int sn_fmt_E_n(char *out, const double *v, int n, int width, int prec);
/* sn_fmt_g(out, v, prec) writes what snprintf(out, size, "%.*g", prec, v) writes in the "C"
 * locale, byte for byte (the contact CSV's "%.9g"), for prec in [1, SN_FMT_MAX_PREC]: %g is %e
 * with prec - 1 digits after the point when that exponent X is < -4 or >= prec, else %f with
 * prec - 1 - X of them, trailing zeros and a bare point removed (C11 7.21.6.1); the digits are
 * sn_fmt_E's, rearranged. out: SN_FMT_G_MAX(prec) + 1 bytes; returns the length, -1 for a
 * prec outside the range. */
#define SN_FMT_G_MAX(prec) ((prec) + 10)
int sn_fmt_g(char *out, double v, int prec);
int sn_fmt_E_fast(char *out, double v, int width, int prec);
int sn_fmt_d(char *out, int v, int width);

#endif
