/* Status messages, default settings, info bookkeeping, option parsing. */
#include "check.h"
#include "signorini/common.h"

#include <string.h>

static int stop_at_3(int iter, double err, void *user)
{
  (void)err;
  (*(int *)user)++;
  return iter >= 3;
}

int main(void)
{
  /* every code has its own message; unknown codes are reported as such */
  int codes[] = {SN_OK, SN_MAX_ITER, SN_TIME_LIMIT, SN_STALLED, SN_RAY, SN_ERR_NOMEM, SN_ERR_ARG,
                 SN_ERR_DIM, SN_ERR_NOT_SPD, SN_ERR_SINGULAR, SN_ERR_NAN, SN_ERR_BACKEND,
                 SN_ERR_UNKNOWN, SN_ERR_IO, SN_ERR_FORMAT};
  int nc = (int)(sizeof codes / sizeof codes[0]);
  for (int a = 0; a < nc; a++) {
    CHECK(strcmp(sn_strerror(codes[a]), "unknown status code") != 0);
    for (int b = a + 1; b < nc; b++) CHECK(strcmp(sn_strerror(codes[a]), sn_strerror(codes[b])) != 0);
  }
  CHECK(strcmp(sn_strerror(12345), "unknown status code") == 0);
  CHECK(strcmp(sn_strerror(SN_ERR_NOT_SPD), "matrix is not symmetric positive definite") == 0);
  CHECK(strlen(sn_version()) >= 5);
  CHECK(strstr(sn_backends(), "SuiteSparse 5.") || strstr(sn_backends(), "SuiteSparse 7."));

  sn_settings s;
  sn_settings_default(&s);
  CHECK_CLOSE(s.tol, 1e-8, 0, 0);
  CHECK_INT(s.max_iter, 1000);
  CHECK(s.time_limit == 0.0 && s.progress == NULL && s.options == NULL);

  /* history is bounded by its capacity; the callback sees every iteration and can stop */
  double hist[2];
  sn_info info = {0};
  info.history = hist;
  info.history_cap = 2;
  sn_info_reset(&info);
  int calls = 0;
  s.progress = stop_at_3;
  s.user = &calls;
  CHECK_INT(sn_info_record(&info, &s, 1, 0.5, sn_wtime()), SN_OK);
  CHECK_INT(sn_info_record(&info, &s, 2, 0.25, sn_wtime()), SN_OK);
  CHECK_INT(sn_info_record(&info, &s, 3, 0.125, sn_wtime()), SN_STALLED);
  /* a solve that started 10 s ago with a 1 s limit is over its time */
  s.progress = NULL;
  s.time_limit = 1.0;
  CHECK_INT(sn_info_record(&info, &s, 4, 0.1, sn_wtime() - 10.0), SN_TIME_LIMIT);
  CHECK_INT(sn_info_record(&info, &s, 5, 0.1, sn_wtime()), SN_OK);
  CHECK_INT(calls, 3);
  CHECK_INT(info.history_len, 2);
  CHECK_CLOSE(hist[1], 0.25, 0, 0);
  CHECK_INT(info.iterations, 5);
  CHECK_CLOSE(info.error, 0.1, 0, 0);

  double v = 0;
  CHECK_INT(sn_option_double("rho=1e3, local=ac", "rho", &v), 1);
  CHECK_CLOSE(v, 1000.0, 0, 0);
  CHECK_INT(sn_option_double("rho=1e3,eps=0.5", "eps", &v), 1);
  CHECK_CLOSE(v, 0.5, 0, 0);
  CHECK_INT(sn_option_double("rho=1e3", "rh", &v), 0);
  CHECK_INT(sn_option_double("rho=abc", "rho", &v), SN_ERR_FORMAT);
  CHECK_INT(sn_option_double("rho=", "rho", &v), SN_ERR_FORMAT);
  CHECK_INT(sn_option_double(NULL, "rho", &v), 0);
  static const char *const keys[] = {"rho", "local", NULL};
  CHECK_INT(sn_option_check("rho=1, local=ac", keys), SN_OK);
  CHECK_INT(sn_option_check("rho=1,omga=1.5", keys), SN_ERR_UNKNOWN);   /* misspelled */
  CHECK_INT(sn_option_check("rho", keys), SN_ERR_FORMAT);
  CHECK_INT(sn_option_check(NULL, keys), SN_OK);

  double t0 = sn_wtime(), t1 = sn_wtime();
  CHECK(t1 >= t0 && t0 > 0);
  return sn_check_report();
}
