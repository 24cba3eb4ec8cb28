/* signorini demo seed-1dof: the first seed's one-dof contact algorithms, printed in the
 * seed's own columns (Python 2 number formats) and written as CSV. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "signorini/onedof.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 512

/* Python 2 str(float): 12 significant digits, ".0" appended to integral values */
static const char *py(double v, char *buf)
{
  snprintf(buf, 40, "%.12g", v);
  if (!strpbrk(buf, ".einn")) strcat(buf, ".0");
  return buf;
}

/* the seed's end-of-step lines of the friction example */
static void print_step(const sn_1dof_friction_step *e)
{
  char b1[40], b2[40];
  printf("Total Displacement & Displacement of current step= %s %s\n", py(e->x_total, b1),
         py(e->x_step, b2));
  printf("frictional force= %s\nSpring force= %s\n", py(e->friction, b1), py(e->spring, b2));
  printf("Reaction force= %s\n\n", py(e->reaction, b1));
}

static const char *methods[] = {"penalty", "lagrange", "al", "ip", "nonlinear", "friction"};
enum { NMETHODS = 6 };

/* column names of the CSV for each method (type,step,iter,inner then v0..v2) */
static const char *csv_cols[] = {
    "x,gap,pressure", "x,gap,pressure", "disp_incr,gap,lambda", "disp,lambda,barrier",
    "a,b,c", "a,b,c"};

static int write_csv(const char *dir, int m, const sn_1dof_trace *tr, const char *summary)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/seed-1dof-%s.csv", dir, methods[m]);
  sn_cli_outfile o;
  if (sn_cli_out_open(&o, path)) return sn_cli_fail("cannot write %s: %s", path, strerror(errno));
  static const char *types[] = {"iter", "inner", "switch", "step"};
  fprintf(o.f, "# signorini demo seed-1dof --method %s\n# %s\n", methods[m], summary);
  fprintf(o.f, "row,step,iter,inner,%s\n", csv_cols[m]);
  int n = tr->n < tr->cap ? tr->n : tr->cap;
  for (int i = 0; i < n; i++) {
    const sn_1dof_row *r = &tr->row[i];
    fprintf(o.f, "%s,%d,%d,%d,%.17g,%.17g,%.17g\n", types[r->type], r->step, r->iter, r->inner,
            r->v[0], r->v[1], r->v[2]);
  }
  if (sn_cli_out_close(&o)) return sn_cli_fail("cannot write %s: %s", path, strerror(errno));
  return 0;
}

static int run_method(int m, const char *outdir)
{
  char b1[40], b2[40], b3[40], b4[40], summary[512];
  sn_1dof P;
  sn_1dof_seed(&P);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;       /* the seed's TOL */
  s.max_iter = 200;
  sn_1dof_row rows[MAX_ROWS];
  sn_1dof_trace tr = {rows, MAX_ROWS, 0};
  sn_1dof_result res;
  sn_info info = {0};
  int st = 0;
  printf("===== %s =====\n", methods[m]);
  switch (m) {
  case 0:
  case 1:
    st = m == 0 ? sn_1dof_penalty(&P, &res) : sn_1dof_lagrange(&P, &res);
    if (st < 0) break;
    printf("K= %s F= %s g0= %s%s%s\n", py(P.K, b1), py(P.F, b2), py(P.g0, b3),
           m == 0 ? " eps= " : "", m == 0 ? py(P.eps, b4) : "");
    if (tr.n < tr.cap) {
      rows[tr.n] = (sn_1dof_row){SN_ROW_ITER, 0, 1, 0, {res.x, res.gap, res.pressure}};
      tr.n++;
    }
    break;
  case 2:
    st = sn_1dof_al(&P, &s, &tr, &res, &info);
    if (st < 0) break;
    printf("iter,    disp  incr   ,        gap     ,       Lagrangian\n");
    for (int i = 0; i < tr.n && i < tr.cap; i++)
      printf("%3d, %12.9f, %14.7e, %12.9f\n", rows[i].iter, rows[i].v[0], rows[i].v[1], rows[i].v[2]);
    break;
  case 3:
    st = sn_1dof_ip(&P, &s, &tr, &res, &info);
    if (st < 0) break;
    printf("iter, displacement, Lagrangian, barrier parameter\n");
    for (int i = 0; i < tr.n && i < tr.cap; i++)
      printf("%3d, %12.9f, %12.9f, %12.7e\n", rows[i].iter, rows[i].v[0], rows[i].v[1], rows[i].v[2]);
    break;
  case 4:
    P.c = -0.1;
    st = sn_1dof_al_nonlinear(&P, &s, &tr, &res, &info);
    if (st < 0) break;
    for (int i = 0; i < tr.n && i < tr.cap; i++) {
      const sn_1dof_row *r = &rows[i];
      if (i == 0)
        printf("Initial displacement and contact gap %s %s\niter, disp incr     ,      gap     , Lagrangian\n",
               py(r->v[0], b1), py(P.g0, b2));
      if (r->type == SN_ROW_INNER) printf("         internal loop, disp= %s\n", py(r->v[0], b1));
      else printf("%3d, %12.9f, %14.7e, %12.9f\n", r->iter, r->v[0], r->v[1], r->v[2]);
    }
    break;
  default: {
    sn_1dof_friction FP;
    sn_1dof_friction_seed(&FP);
    sn_1dof_friction_step steps[8];
    st = sn_1dof_friction_solve(&FP, &s, &tr, steps, &info);
    if (st < 0) break;
    int step = 0;
    for (int i = 0; i < tr.n && i < tr.cap; i++) {
      const sn_1dof_row *r = &rows[i];
      if (r->type == SN_ROW_STEP) {
        if (step > 0) print_step(&steps[step - 1]);
        step = r->step;
        printf("-----Step: %d\nExternal Force= %s %s\nIter, Displacement , Lagrangian\n", r->step,
               py(r->v[0], b1), py(r->v[1], b2));
      } else if (r->type == SN_ROW_SWITCH) {
        printf("   From %s state: %s %s %s\n", r->v[2] ? "stick to slip" : "slip to stick",
               py(r->v[0], b1), r->v[2] ? ">" : "<", py(r->v[1], b2));
      } else if (r->type == SN_ROW_INNER) {
        printf("         internal loop, disp= %s %s\n", py(r->v[0], b1), py(r->v[1], b2));
      } else {
        printf("%3d, %12.9f, %12.9f\n", r->iter, r->v[0], r->v[1]);
      }
    }
    if (step > 0) print_step(&steps[step - 1]);
    snprintf(summary, sizeof summary, "final x_total=%.17g friction=%.17g status=%s",
             steps[FP.nsteps - 1].x_total, steps[FP.nsteps - 1].friction, sn_strerror(st));
    goto done;
  }
  }
  if (st < 0) return sn_cli_fail("%s: %s", methods[m], sn_strerror(st));
  printf("Displacement= %s\nFinal gap= %s\nContact force= %s\n", py(res.x, b1), py(res.gap, b2),
         py(res.force, b3));
  snprintf(summary, sizeof summary, "displacement=%.17g gap=%.17g contact_force=%.17g status=%s",
           res.x, res.gap, res.force, sn_strerror(st));
done:
  if (st < 0) return sn_cli_fail("%s: %s", methods[m], sn_strerror(st));
  if (st > 0) fprintf(stderr, "signorini: %s: %s\n", methods[m], sn_strerror(st));
  printf("\n");
  if (outdir && write_csv(outdir, m, &tr, summary)) return 1;
  return st > 0 ? 1 : 0;
}

int sn_cli_demo(int argc, char **argv)
{
  const char *example = NULL, *method = "all", *outdir = NULL;
  int k;
  sn_args a;
  sn_args_init(&a, &sn_cli_cmd_demo, argc, argv);
  while ((k = sn_args_next(&a)) > 0) {
    if (k == SN_ARGS_POS && !example) example = a.val;
    else if (k == SN_ARGS_POS) return sn_args_error(a.cmd, "more than one example given ('%s')", a.val);
    else if (sn_args_is(&a, "--method")) method = a.val;
    else if (sn_args_is(&a, "-o")) outdir = a.val;
  }
  if (k == SN_ARGS_EXIT) return a.rc;
  if (outdir && !outdir[0]) return sn_args_error(a.cmd, "-o needs a folder (an empty name was given)");
  if (!example) return sn_args_error(a.cmd, "missing example name (available: seed-1dof)");
  if (strcmp(example, "seed-1dof"))
    return sn_args_error(a.cmd, "unknown example '%s' (available: seed-1dof)", example);
  int which = -1;
  if (strcmp(method, "all")) {
    for (int m = 0; m < NMETHODS; m++)
      if (!strcmp(method, methods[m])) which = m;
    if (which < 0)
      return sn_args_error(&sn_cli_cmd_demo, "unknown method '%s' (penalty, lagrange, al, ip, nonlinear, friction, all)", method);
  }
  if (outdir && sn_cli_make_dirs(outdir))
    return sn_cli_fail("cannot create folder %s: %s", outdir, strerror(errno));
  int rc = 0;
  for (int m = 0; m < NMETHODS; m++)
    if (which < 0 || which == m) {
      int r = run_method(m, outdir);
      if (r > rc) rc = r;
    }
  if (outdir && rc == 0) fprintf(stderr, "signorini: results written to %s/\n", outdir);
  return rc;
}

const sn_cli_cmd sn_cli_cmd_demo = {
    "demo", "seed-1dof [OPTIONS]",
    "one-degree-of-freedom contact problems solved by each contact algorithm, with iteration tables",
    "seed-1dof: a mass on a spring pushed towards a rigid wall across a gap, and a block on a "
    "spring with Coulomb friction loaded in steps (include/signorini/onedof.h), solved by "
    "penalty, Lagrange multipliers, augmented Lagrangian, a primal-dual interior-point method, "
    "augmented Lagrangian with a nonlinear spring, and stick-slip friction. Prints each "
    "method's iteration table and result.",
    {{"-m", "--method", "M", "all",
      "one of penalty, lagrange, al, ip, nonlinear, friction, or all of them"},
     {"-o", "--output", "DIR", "none",
      "also write one CSV per method, seed-1dof-METHOD.csv, into DIR (created if missing)"}},
    {{0, "every method converged"},
     {1, "a method failed or did not converge, or a file cannot be written"},
     {2, "usage error"}},
    {{"signorini demo seed-1dof --method al",
      "the augmented Lagrangian iterations: displacement increment, gap and multiplier"},
     {"signorini demo seed-1dof -o demo", "every method, with demo/seed-1dof-METHOD.csv"}},
    sn_cli_demo};
