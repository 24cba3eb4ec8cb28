/* SIGINT / SIGTERM for the command-line program: one cleanup function (removing what is being
 * written) runs, then the signal's default action ends the process with the usual status
 * (130, 143). Signals that are ignored on entry (a background job of a shell without job
 * control) are left ignored. The program's one place of signal state: the library keeps none. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

static const int g_sigs[2] = {SIGINT, SIGTERM};
static void (*volatile g_cleanup)(void);
static struct sigaction g_old[2];
static int g_set[2];

static void on_signal(int sig)
{
  void (*fn)(void) = g_cleanup;
  if (fn) fn();
  raise(sig);   /* SA_RESETHAND: the default action once this handler returns */
}

void sn_cli_catch_signals(void (*cleanup)(void))
{
  if (!cleanup) {
    for (int k = 0; k < 2; k++)
      if (g_set[k]) sigaction(g_sigs[k], &g_old[k], NULL);
    memset(g_set, 0, sizeof g_set);
    g_cleanup = NULL;
    return;
  }
  g_cleanup = cleanup;
  for (int k = 0; k < 2; k++) {
    if (g_set[k]) continue;
    if (sigaction(g_sigs[k], NULL, &g_old[k]) || g_old[k].sa_handler == SIG_IGN) continue;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);             /* one cleanup at a time: both blocked in the handler */
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    g_set[k] = sigaction(g_sigs[k], &sa, NULL) == 0;
  }
}

int sn_cli_release_guarded(int (*release)(void *), void *arg)
{
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &block, &old);   /* the library's threads block every signal already */
  int st = release(arg);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  sn_cli_catch_signals(NULL);
  return st;
}
