#include "common/msg_fail.h"

#include <stdarg.h>
#include <stdio.h>

int sn_msg_fail(char *msg, size_t msglen, int code, const char *fmt, ...)
{
  if (msg && msglen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
  }
  return code;
}
