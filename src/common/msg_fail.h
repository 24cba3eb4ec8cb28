/* Internal to the library: the error message of a failed call. */
#ifndef SN_COMMON_MSG_FAIL_H
#define SN_COMMON_MSG_FAIL_H

#include <stddef.h>

/* writes the printf-formatted message into msg (msglen bytes, truncated, NUL-terminated; nothing
 * when msg is NULL or msglen 0) and returns code: `return sn_msg_fail(msg, len, SN_ERR_ARG, ...)` */
int sn_msg_fail(char *msg, size_t msglen, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
