/* The results of a rigid-body scene run on disk (src/io/scene_output.c, scene_vtu.c,
 * scene_folder.c): frames read back (counts, world points against the body-frame surface moved
 * by the quaternion rotation q p q*, velocities against v + w x (p - x)), the contact cloud
 * against the contacts put into the scene, the two .pvd series against the frames' times, the
 * energy table's columns and rows against sn_scene_energy and the steps' info, the rerun
 * cleanup, the folder lock, the signal handler, no temporary left behind.
 *
 * `test_dyn_scene_output --write DIR` writes the frames of a small scene and expect.txt for
 * tests/dynamics/test_dyn_scene_vtk.py (VTK's own reader). */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "dynamics/surface.h"
#include "signorini/io.h"
#include "signorini/la.h"
#include "signorini/scene_output.h"

/* ---------------------------------------------------------------- reading files back ---- */
static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)len + 1);
  size_t got = fread(s, 1, (size_t)len, f);
  fclose(f);
  s[got] = '\0';
  if (n) *n = got;
  return s;
}

static int b64v(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* the data of <DataArray ... Name="name" ...> (base64 with a UInt64 byte count first), or NULL;
 * *nbytes: the count */
static unsigned char *array_data(const char *xml, const char *name, size_t *nbytes) {
  char key[96];
  snprintf(key, sizeof key, "Name=\"%s\"", name);
  const char *p = strstr(xml, key);
  if (!p) return NULL;
  p = strchr(p, '>') + 1;
  const char *end = strstr(p, "</DataArray>");
  size_t n = (size_t)(end - p), k = 0;
  unsigned char *raw = malloc(n);
  unsigned v = 0;
  int bits = 0;
  for (const char *c = p; c < end; c++) {
    int x = b64v(*c);
    if (x < 0) continue;
    v = v << 6 | (unsigned)x;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      raw[k++] = (unsigned char)(v >> bits & 255);
    }
  }
  uint64_t len;
  memcpy(&len, raw, 8);
  *nbytes = (size_t)len;
  CHECK(k >= 8 + len && k <= 8 + len + 2);
  memmove(raw, raw + 8, (size_t)len);
  return raw;
}

static long attr(const char *xml, const char *name) {
  char key[64];
  snprintf(key, sizeof key, "%s=\"", name);
  const char *p = strstr(xml, key);
  return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

static int exists(const char *dir, const char *name) {
  char p[1200];
  snprintf(p, sizeof p, "%s/%s", dir, name);
  return access(p, F_OK) == 0;
}

static void touch(const char *dir, const char *name) {
  char p[1200];
  snprintf(p, sizeof p, "%s/%s", dir, name);
  FILE *f = fopen(p, "w");
  fputs("old\n", f);
  fclose(f);
}

/* number of entries of dir (besides . and ..) containing s */
static int count_names(const char *dir, const char *s) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strstr(e->d_name, s)) n++;
  closedir(d);
  return n;
}

/* ---------------------------------------------------------------- the scene ---- */
/* q p q* (Hamilton product), independent of the library's rotation matrix */
static void quat_rotate(const double q[4], const double p[3], double out[3]) {
  double w = q[0], x = q[1], y = q[2], z = q[3];
  double t[4] = {-x * p[0] - y * p[1] - z * p[2], w * p[0] + y * p[2] - z * p[1], w * p[1] + z * p[0] - x * p[2],
                 w * p[2] + x * p[1] - y * p[0]};
  out[0] = -t[0] * x + t[1] * w - t[2] * z + t[3] * y;
  out[1] = -t[0] * y + t[2] * w - t[3] * x + t[1] * z;
  out[2] = -t[0] * z + t[3] * w - t[1] * y + t[2] * x;
}

enum { NB = 5 };   /* sphere, small sphere, box, capsule, plane */

static sn_scene *make_scene(void) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.radius = 0.5;
  sn_scene_add_body(S, &d, NULL);
  d.shape.radius = 0.25;
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_BOX;
  d.shape.half[0] = 0.3; d.shape.half[1] = 0.2; d.shape.half[2] = 0.1;
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_CAPSULE;
  d.shape.radius = 0.1; d.shape.half_length = 0.3;
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.x[2] = -1;
  sn_scene_add_body(S, &d, NULL);
  return S;
}

/* states that depend on the step: positions, orientations about tilted axes, v, w */
static void set_states(sn_scene *S, int step) {
  for (int i = 0; i < NB - 1; i++) {
    double a = 0.3 + 0.2 * i + 0.1 * step, ax[3] = {1, 2 - i, 0.5 * step}, l = sn3_norm(ax);
    sn_body_state st = {{1.5 * i, 0.1 * step, 0.2 * i - 0.05 * step},
                        {cos(a), sin(a) * ax[0] / l, sin(a) * ax[1] / l, sin(a) * ax[2] / l},
                        {0.5 - i, 0.25 * step, 1.0 + i},
                        {0.3 * i - 1, 2.0 - step, 0.7 + 0.1 * i}};
    sn_scene_set_body_state(S, i, &st);
  }
  S->t = 0.125 * step;   /* the scene's time as stepping would leave it (white box) */
}

/* two contacts with known values, as a step leaves them (white box) */
static void set_contacts(sn_scene *S) {
  S->contacts.n = 0;
  for (int k = 0; k < 2; k++) {
    sn_contact c;
    memset(&c, 0, sizeof c);
    c.a = 4;
    c.b = k;
    c.p[0] = 1.0 + k; c.p[1] = -2.0; c.p[2] = 0.5 * k;
    double n[3] = {0, 0.6, 0.8};
    memcpy(c.n, n, sizeof n);
    sn_tangent_frame(c.n, c.t1, c.t2);
    c.gap = -0.01 * (k + 1);
    c.r[0] = 2.0 + k; c.r[1] = 0.3; c.r[2] = -0.4 * k;
    c.status = k ? SN_CONTACT_SLIP : SN_CONTACT_STICK;
    sn_contact_list_push(&S->contacts, &c);
  }
}

/* ---------------------------------------------------------------- the frames ---- */
static void check_bodies_vtu(const char *path, const sn_scene *S, double extent) {
  char *x = slurp(path, NULL);
  CHECK(x != NULL);
  if (!x) return;
  /* surfaces at the default detail: spheres 162 points / 320 triangles, the box 8 / 12, the
   * capsule 24 segments x 8 rings + 2 poles / 2 x 24 x 8, the plane 4 / 2 */
  long np = 2 * 162 + 8 + (24 * 8 + 2) + 4, nc = 2 * 320 + 12 + 2 * 24 * 8 + 2;
  CHECK_INT(attr(x, "NumberOfPoints"), np);
  CHECK_INT(attr(x, "NumberOfCells"), nc);
  size_t nP, nV, nI, nC, nO, nT;
  double *P = (double *)array_data(x, "Points", &nP), *V = (double *)array_data(x, "Velocity", &nV);
  int32_t *id = (int32_t *)array_data(x, "BodyId", &nI), *conn = (int32_t *)array_data(x, "connectivity", &nC);
  int32_t *off = (int32_t *)array_data(x, "offsets", &nO);
  unsigned char *types = array_data(x, "types", &nT);
  CHECK(P && V && id && conn && off && types);
  CHECK_INT(nP, 24 * np);
  CHECK_INT(nV, 24 * np);
  CHECK_INT(nI, 4 * nc);
  CHECK_INT(nC, 12 * nc);
  CHECK_INT(nT, nc);
  long pt = 0, cell = 0;
  for (int i = 0; i < NB; i++) {
    sn_body_state st;
    int nv, nt, *t;
    double *v;
    sn_scene_body_state(S, i, &st);
    CHECK_INT(sn_scene_body_surface(S, i, extent, &nv, &v, &nt, &t), SN_OK);
    double ep = 0, ev = 0;
    for (int k = 0; k < nv; k++, pt++) {
      double r[3], w[3];
      quat_rotate(st.q, v + 3 * k, r);
      sn3_cross(st.w, r, w);
      for (int c = 0; c < 3; c++) {
        ep = fmax(ep, fabs(P[3 * pt + c] - (st.x[c] + r[c])));
        ev = fmax(ev, fabs(V[3 * pt + c] - (st.v[c] + w[c])));
      }
    }
    CHECK(ep < 1e-13 && ev < 1e-13);
    int ok = 1;
    for (int k = 0; k < nt; k++, cell++) {
      ok &= id[cell] == i && off[cell] == 3 * (cell + 1) && types[cell] == 5;
      for (int j = 0; j < 3; j++) ok &= conn[3 * cell + j] == pt - nv + t[3 * k + j];
    }
    CHECK(ok);
    free(v);
    free(t);
  }
  CHECK_INT(pt, np);
  free(P); free(V); free(id); free(conn); free(off); free(types);
  free(x);
}

static void check_contacts_vtu(const char *path, const sn_scene *S) {
  char *x = slurp(path, NULL);
  CHECK(x != NULL);
  if (!x) return;
  int n = sn_scene_ncontacts(S);
  CHECK_INT(attr(x, "NumberOfPoints"), n);
  CHECK_INT(attr(x, "NumberOfCells"), n);
  size_t b[8];
  double *P = (double *)array_data(x, "Points", b), *N = (double *)array_data(x, "Normal", b + 1);
  double *In = (double *)array_data(x, "ImpulseN", b + 2), *It = (double *)array_data(x, "ImpulseT", b + 3);
  double *G = (double *)array_data(x, "Gap", b + 4), *I = (double *)array_data(x, "Impulse", b + 5);
  int32_t *Stt = (int32_t *)array_data(x, "Status", b + 6), *A = (int32_t *)array_data(x, "BodyB", b + 7);
  CHECK(P && N && In && It && G && I && Stt && A);
  CHECK_INT(b[0], 24 * n);
  for (int k = 0; k < n && P && N && In && It && G && I && Stt && A; k++) {
    /* set_contacts' values: point (1 + k, -2, k/2), normal (0, .6, .8), r = (2 + k, .3, -.4k) */
    CHECK_CLOSE(P[3 * k], 1.0 + k, 0, 0);
    CHECK_CLOSE(P[3 * k + 2], 0.5 * k, 0, 0);
    CHECK_CLOSE(N[3 * k + 1], 0.6, 0, 0);
    CHECK_CLOSE(In[k], 2.0 + k, 0, 0);
    CHECK_CLOSE(It[k], hypot(0.3, 0.4 * k), 1e-15, 0);
    CHECK_CLOSE(G[k], -0.01 * (k + 1), 0, 0);
    CHECK_INT(Stt[k], k ? SN_CONTACT_SLIP : SN_CONTACT_STICK);
    CHECK_INT(A[k], k);
    /* the world impulse: its normal part is r_N, its length |r| (the frame is orthonormal) */
    double nn[3] = {0, 0.6, 0.8};
    CHECK_CLOSE(sn3_dot(I + 3 * k, nn), 2.0 + k, 1e-14, 0);
    CHECK_CLOSE(sn3_norm(I + 3 * k), sqrt((2.0 + k) * (2.0 + k) + 0.09 + 0.16 * k * k), 1e-14, 0);
  }
  free(P); free(N); free(In); free(It); free(G); free(I); free(Stt); free(A);
  free(x);
}

/* the .pvd lists name.NNNN.vtu for the given steps at times 0.125 step */
static void check_pvd(const char *path, const char *kind, const int *steps, int n) {
  char *x = slurp(path, NULL);
  CHECK(x != NULL);
  if (!x) return;
  const char *p = x;
  int k = 0;
  while ((p = strstr(p, "<DataSet "))) {
    char want[128];
    double t = strtod(strstr(p, "timestep=\"") + 10, NULL);
    snprintf(want, sizeof want, "file=\"run_%s.%04d.vtu\"", kind, k < n ? steps[k] : -1);
    CHECK(k < n && strncmp(strstr(p, "file=\""), want, strlen(want)) == 0);
    if (k < n) CHECK_CLOSE(t, 0.125 * steps[k], 0, 0);
    k++;
    p++;
  }
  CHECK_INT(k, n);
  free(x);
}

/* ---------------------------------------------------------------- the run ---- */
static const char *HEAD = "step,time,kinetic,potential,friction_work,impact_loss,kinematic_work,total,"
                          "contacts,iterations,solver_error,max_speed,max_penetration,solver_status";

static void check_csv(const char *path, const double (*want)[6], int nrows) {
  char *x = slurp(path, NULL);
  CHECK(x != NULL);
  if (!x) return;
  CHECK(strncmp(x, HEAD, strlen(HEAD)) == 0 && x[strlen(HEAD)] == '\n');
  char *line = strchr(x, '\n') + 1;
  int rows = 0;
  while (*line) {
    double v[14];
    char *p = line;
    int ncol = 0;
    for (; ncol < 14; ncol++) {
      v[ncol] = strtod(p, &p);
      if (*p != ',') { ncol++; break; }
      p++;
    }
    CHECK_INT(ncol, 14);
    CHECK(*p == '\n');
    if (rows < nrows) {
      CHECK_INT(v[0], rows);                        /* step */
      CHECK_CLOSE(v[1], 0.125 * rows, 0, 0);        /* time */
      for (int c = 0; c < 6; c++)                   /* energies: sn_scene_energy's, or NaN */
        CHECK(isnan(want[rows][c]) ? isnan(v[2 + c]) : v[2 + c] == want[rows][c]);
      if (rows > 0) {                               /* the info passed: 7 + step contacts ... */
        CHECK_INT(v[8], 7 + rows);
        CHECK_INT(v[9], 10 * rows);
        CHECK_CLOSE(v[10], 1e-9 * rows, 1e-15, 0);
        CHECK_CLOSE(v[11], 3.5 + rows, 0, 0);
        CHECK_CLOSE(v[12], 1e-4 * rows, 0, 0);
        CHECK_INT(v[13], rows == 2 ? SN_MAX_ITER : SN_OK);
      }
    }
    rows++;
    line = strchr(line, '\n') + 1;
  }
  CHECK_INT(rows, nrows);
  free(x);
}

static void test_run(const char *dir) {
  char msg[512], path[1200];
  /* an earlier run's results and temporaries, and files that are not this run's */
  const char *old[] = {"run_bodies.0099.vtu", "run_contacts.0099.vtu", "run_energy.csv", "run_bodies.pvd",
                       "run_step0007.hdf5", "run_energy.png.tmp123_0", "run_bodies.0001.vtu.tmp9_2"};
  const char *keep[] = {"run.pvd", "run_bodies.vtu", "runx_energy.csv", "other_bodies.0001.vtu", "run_stepX.hdf5"};
  for (size_t k = 0; k < sizeof old / sizeof *old; k++) touch(dir, old[k]);
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++) touch(dir, keep[k]);

  sn_scene *S = make_scene();
  sn_scene_output_settings set;
  sn_scene_output_settings_default(&set);
  CHECK_INT(set.frame_every, 1);
  CHECK_INT(set.energy, 1);
  set.frame_every = 2;
  set.plane_extent = 6;
  sn_scene_output *o;
  CHECK_INT(sn_scene_output_open(dir, "run", S, &set, &o, msg, sizeof msg), SN_OK);
  for (size_t k = 0; k < sizeof old / sizeof *old; k++) CHECK(!exists(dir, old[k]));
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++) CHECK(exists(dir, keep[k]));
  CHECK(exists(dir, ".signorini.lock"));

  /* a second run into the same folder is refused while this one holds it */
  sn_scene_output *o2;
  CHECK_INT(sn_scene_output_open(dir, "other", S, &set, &o2, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "another run") != NULL && o2 == NULL);

  double want[4][6];
  set_contacts(S);
  for (int step = 0; step <= 3; step++) {
    set_states(S, step);
    sn_energy E;
    if (sn_scene_energy(S, &E) == SN_OK) {
      double e[6] = {E.kinetic, E.potential, E.friction_work, E.impact_loss, E.kinematic_work,
                     E.kinetic + E.potential + E.friction_work + E.impact_loss - E.kinematic_work};
      memcpy(want[step], e, sizeof e);
    } else {
      for (int c = 0; c < 6; c++) want[step][c] = NAN;
    }
    sn_dyn_info info = {.status = step == 2 ? SN_MAX_ITER : SN_OK, .ncontacts = 7 + step, .iterations = 10 * step,
                        .error = 1e-9 * step, .max_speed = 3.5 + step, .max_penetration = 1e-4 * step};
    CHECK_INT(sn_scene_output_step(o, S, step, step ? &info : NULL, msg, sizeof msg), SN_OK);
    if (step == 2) {   /* the frame of step 2 as written, against the scene now */
      snprintf(path, sizeof path, "%s/run_bodies.0002.vtu", dir);
      check_bodies_vtu(path, S, 6);
      snprintf(path, sizeof path, "%s/run_contacts.0002.vtu", dir);
      check_contacts_vtu(path, S);
    }
  }
  /* the FCLIB dump before any Moreau-Jean step: refused, nothing written */
  CHECK_INT(sn_scene_output_dump_fclib(o, S, 3, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "run_step0003.hdf5") != NULL);
  CHECK_INT(count_names(dir, ".hdf5"), 1);   /* run_stepX.hdf5, not a result */

  /* the signal handler removes the temporaries that may exist and the lock file */
  char tmp[1300];
  snprintf(tmp, sizeof tmp, "%s/run_energy.csv.tmp%ld_0", dir, (long)getpid());
  touch(dir, strrchr(tmp, '/') + 1);
  snprintf(tmp, sizeof tmp, "%s/run_contacts.0002.vtu.tmp%ld_0", dir, (long)getpid());
  touch(dir, strrchr(tmp, '/') + 1);
  sn_scene_output_on_signal(o);
  CHECK_INT(count_names(dir, ".tmp"), 0);
  CHECK(!exists(dir, ".signorini.lock"));
  sn_scene_output_on_signal(NULL);

  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);
  CHECK(msg[0] == '\0');
  const int steps[2] = {0, 2};
  snprintf(path, sizeof path, "%s/run_bodies.pvd", dir);
  check_pvd(path, "bodies", steps, 2);
  snprintf(path, sizeof path, "%s/run_contacts.pvd", dir);
  check_pvd(path, "contacts", steps, 2);
  snprintf(path, sizeof path, "%s/run_energy.csv", dir);
  check_csv(path, (const double (*)[6])want, 4);
  snprintf(path, sizeof path, "%s/run_energy.png", dir);
  size_t n;
  char *png = slurp(path, &n);
  CHECK(png && n > 1000 && memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
  free(png);
  CHECK(!exists(dir, "run_bodies.0001.vtu") && !exists(dir, "run_bodies.0003.vtu"));
  CHECK(exists(dir, "run_bodies.0000.vtu") && exists(dir, "run_contacts.0000.vtu"));
  CHECK_INT(count_names(dir, ".tmp"), 0);
  CHECK(!exists(dir, ".signorini.lock"));

  /* a rerun replaces them: no frame, no table (energy off) leaves none of the first run's */
  set.frame_every = 0;
  set.energy = 0;
  CHECK_INT(sn_scene_output_open(dir, "run", S, &set, &o, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_step(o, S, 1, NULL, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);
  CHECK_INT(count_names(dir, "run_"), 2);   /* run_bodies.vtu, run_stepX.hdf5: not results */
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++) CHECK(exists(dir, keep[k]));

  /* bad arguments and a missing folder: a message, nothing opened */
  CHECK_INT(sn_scene_output_open("/nonexistent/dir", "run", S, NULL, &o, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "/nonexistent/dir") != NULL && o == NULL);
  CHECK_INT(sn_scene_output_open(dir, "a/b", S, NULL, &o, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_scene_output_open(dir, "run", NULL, NULL, &o, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_scene_output_step(NULL, S, 0, NULL, msg, sizeof msg), SN_ERR_ARG);
  CHECK_INT(sn_scene_output_close(NULL, msg, sizeof msg), SN_ERR_ARG);
  sn_scene_free(S);
}

/* a real Moreau-Jean run (moreau.c): two balls resting on a plane with friction, stepped; the
 * FCLIB dump of the last step read back equals sn_scene_last_problem (W, q, mu) with its
 * impulses as /solution r and u = W r + q; the energy rows hold sn_scene_energy's values and
 * the step's info; the contact frame holds the step's contacts */
static void test_stepped(const char *dir) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  sn_scene_add_body(S, &d, NULL);
  sn_body_desc_default(&d);
  d.shape.radius = 0.1;
  d.x[2] = 0.1 - 1e-4;   /* slightly in: a contact from the first step */
  d.v[0] = 0.3;
  sn_scene_add_body(S, &d, NULL);
  d.x[0] = 1;
  sn_scene_add_body(S, &d, NULL);
  sn_scene_set_contact_law(S, -1, -1, 0.3, 0.0);
  sn_dyn_settings ds;
  sn_dyn_settings_default(&ds);
  sn_scene_output *o;
  char msg[512], path[1200];
  CHECK_INT(sn_scene_output_open(dir, "mj", S, NULL, &o, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_step(o, S, 0, NULL, msg, sizeof msg), SN_OK);
  double kin[4];
  sn_dyn_info info;
  for (int step = 1; step <= 3; step++) {
    CHECK_INT(sn_scene_step(S, &ds, &info), SN_OK);
    CHECK_INT(sn_scene_output_step(o, S, step, &info, msg, sizeof msg), SN_OK);
    sn_energy E;
    CHECK_INT(sn_scene_energy(S, &E), SN_OK);
    kin[step] = E.kinetic;
  }
  CHECK_INT(sn_scene_ncontacts(S), 2);
  CHECK_INT(sn_scene_output_dump_fclib(o, S, 3, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);

  sn_fc *P;
  double *r;
  CHECK_INT(sn_scene_last_problem(S, &P, &r), SN_OK);
  sn_file_problem *F = NULL;
  snprintf(path, sizeof path, "%s/mj_step0003.hdf5", dir);
  CHECK_INT(sn_fclib_read(path, &F, msg, sizeof msg), SN_OK);
  CHECK(F && F->kind == SN_KIND_FC && F->fc && F->solution);
  if (F && F->fc && F->solution) {
    int n = P->dim * P->nc;
    CHECK_INT(F->fc->nc, 2);
    CHECK_INT(F->fc->dim, P->dim);
    CHECK_INT(F->solution->nr, n);
    double *Wa = calloc((size_t)n * n, sizeof *Wa), *Wb = calloc((size_t)n * n, sizeof *Wb), dw = 0, u[12];
    sn_csc_to_dense(P->W, Wa);
    sn_csc_to_dense(F->fc->W, Wb);
    for (int i = 0; i < n * n; i++) dw = fmax(dw, fabs(Wa[i] - Wb[i]));
    CHECK(dw == 0);
    for (int i = 0; i < n; i++) {
      CHECK(F->fc->q[i] == P->q[i] && F->solution->r[i] == r[i]);
      u[i] = P->q[i];
      for (int j = 0; j < n; j++) u[i] += Wa[(size_t)j * n + i] * r[j];   /* column-major dense */
      CHECK_CLOSE(F->solution->u[i], u[i], 1e-12, 1e-14);
    }
    for (int c = 0; c < P->nc; c++) CHECK(F->fc->mu[c] == 0.3);
    CHECK(r[0] > 0);   /* the resting ball pushes: a positive normal impulse */
    free(Wa);
    free(Wb);
  }
  sn_file_problem_free(F);
  sn_fc_free(P);
  free(r);

  /* the table: rows 1..3 hold the step's contacts and the kinetic energy then */
  snprintf(path, sizeof path, "%s/mj_energy.csv", dir);
  char *x = slurp(path, NULL), *line = x ? strchr(x, '\n') + 1 : NULL;
  for (int row = 0; line && *line && row <= 3; row++) {
    char *p = line;
    double v[14];
    for (int c = 0; c < 14; c++) v[c] = strtod(p, &p), p += *p == ',';
    if (row > 0) {
      CHECK_CLOSE(v[2], kin[row], 1e-15, 0);
      CHECK_INT(v[8], 2);
      CHECK_INT(v[13], SN_OK);
    }
    line = strchr(line, '\n') + 1;
  }
  free(x);
  /* the last frame's contacts: the two balls against the plane (body 0), normal +z */
  snprintf(path, sizeof path, "%s/mj_contacts.0003.vtu", dir);
  x = slurp(path, NULL);
  CHECK_INT(attr(x, "NumberOfPoints"), 2);
  size_t nb;
  double *N = (double *)array_data(x, "Normal", &nb), *In = (double *)array_data(x, "ImpulseN", &nb);
  for (int k = 0; k < 2; k++) {
    sn_body_contact c;
    sn_scene_contact(S, k, &c);
    CHECK_CLOSE(N[3 * k + 2], 1.0, 0, 1e-15);
    CHECK(In[k] == c.impulse[0] && In[k] > 0);
  }
  free(N);
  free(In);
  free(x);
  sn_scene_free(S);
}

/* failures: a result that cannot be removed refuses the run (and releases the folder); a frame
 * that cannot be put in place (a folder holds its name) fails with its name, leaves no
 * temporary, and the series goes on listing the frames that were written */
static void test_failures(const char *dir) {
  char msg[512], path[1200];
  sn_scene *S = make_scene();
  sn_scene_output *o;
  snprintf(path, sizeof path, "%s/f_bodies.0003.vtu", dir);
  mkdir(path, 0755);
  touch(dir, "f_bodies.0003.vtu/x");
  CHECK_INT(sn_scene_output_open(dir, "f", S, NULL, &o, msg, sizeof msg), SN_ERR_IO);
  CHECK(o == NULL && strstr(msg, "cannot remove the earlier run's f_bodies.0003.vtu") != NULL);
  CHECK(!exists(dir, ".signorini.lock"));
  snprintf(path, sizeof path, "%s/f_bodies.0003.vtu/x", dir);
  unlink(path);
  snprintf(path, sizeof path, "%s/f_bodies.0003.vtu", dir);
  rmdir(path);

  CHECK_INT(sn_scene_output_open(dir, "f", S, NULL, &o, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_step(o, S, 0, NULL, msg, sizeof msg), SN_OK);
  snprintf(path, sizeof path, "%s/f_bodies.0001.vtu", dir);
  mkdir(path, 0755);
  CHECK_INT(sn_scene_output_step(o, S, 1, NULL, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "f_bodies.0001.vtu") != NULL);
  CHECK_INT(count_names(dir, ".tmp"), 0);
  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);
  rmdir(path);
  snprintf(path, sizeof path, "%s/f_bodies.pvd", dir);
  char *x = slurp(path, NULL);
  CHECK(x && strstr(x, "f_bodies.0000.vtu") && !strstr(x, "f_bodies.0001.vtu"));
  free(x);
  CHECK_INT(count_names(dir, ".tmp"), 0);
  sn_scene_free(S);
}

/* the plane's square from the scene's bounds: bodies at most reach = |x_i - x_plane| + bound_i
 * away, the square's side is 2.4 reach */
static void test_auto_extent(const char *dir) {
  sn_scene *S = make_scene();
  set_states(S, 0);
  double reach = 0;
  for (int i = 0; i < NB - 1; i++) {
    sn_body_state st;
    sn_body_desc d;
    sn_scene_body_state(S, i, &st);
    sn_scene_body_desc(S, i, &d);
    double b = d.shape.kind == SN_SHAPE_SPHERE ? d.shape.radius
             : d.shape.kind == SN_SHAPE_BOX ? sqrt(0.09 + 0.04 + 0.01) : 0.4;
    double dx[3] = {st.x[0], st.x[1], st.x[2] + 1};
    reach = fmax(reach, sn3_norm(dx) + b);
  }
  sn_scene_output *o;
  char msg[512], path[1200];
  CHECK_INT(sn_scene_output_open(dir, "ext", S, NULL, &o, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_step(o, S, 0, NULL, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);
  snprintf(path, sizeof path, "%s/ext_bodies.0000.vtu", dir);
  check_bodies_vtu(path, S, 2.4 * reach);
  sn_scene_free(S);
}

/* more than SN_SCENE_DETAIL1_MAX spheres: each drawn as the icosahedron (12 points, 20 faces) */
static void test_many(const char *dir) {
  sn_scene *S;
  sn_scene_create(&S);
  sn_body_desc d;
  sn_body_desc_default(&d);
  int n = 20001;
  for (int i = 0; i < n; i++) {
    d.shape.radius = 0.01 * (1 + i % 7);
    d.x[0] = i % 100;
    d.x[1] = i / 100;
    sn_scene_add_body(S, &d, NULL);
  }
  sn_scene_output_settings set;
  sn_scene_output_settings_default(&set);
  set.energy = 0;
  sn_scene_output *o;
  char msg[512], path[1200];
  CHECK_INT(sn_scene_output_open(dir, "many", S, &set, &o, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_step(o, S, 0, NULL, msg, sizeof msg), SN_OK);
  CHECK_INT(sn_scene_output_close(o, msg, sizeof msg), SN_OK);
  snprintf(path, sizeof path, "%s/many_bodies.0000.vtu", dir);
  char *x = slurp(path, NULL);
  CHECK_INT(attr(x, "NumberOfPoints"), 12L * n);
  CHECK_INT(attr(x, "NumberOfCells"), 20L * n);
  /* the last sphere's points lie at its radius from its centre */
  size_t nb;
  double *P = (double *)array_data(x, "Points", &nb);
  CHECK_INT(nb, 24L * 12 * n);
  for (int k = 0; k < 12; k++) {
    double *p = P + 3 * (12L * (n - 1) + k), r[3] = {p[0] - (n - 1) % 100, p[1] - (n - 1) / 100, p[2]};
    CHECK_CLOSE(sn3_norm(r), 0.01 * (1 + (n - 1) % 7), 0, 1e-13);   /* centre at x = 200: rounding 200 eps */
  }
  free(P);
  free(x);
  sn_scene_free(S);
}

/* the frames of the small scene and expect.txt (per body: id, shape, x, v, w; per contact:
 * point, N, |T|) for the VTK check */
static int write_for_vtk(const char *dir) {
  sn_scene *S = make_scene();
  sn_scene_output_settings set;
  sn_scene_output_settings_default(&set);
  set.plane_extent = 6;
  sn_scene_output *o;
  char msg[512], path[1200];
  int st = sn_scene_output_open(dir, "vtk", S, &set, &o, msg, sizeof msg);
  for (int step = 0; step <= 2 && !st; step++) {
    set_states(S, step);
    if (step == 1) set_contacts(S);   /* none in the first frame: an empty cloud */
    st = sn_scene_output_step(o, S, step, NULL, msg, sizeof msg);
  }
  if (!st) st = sn_scene_output_close(o, msg, sizeof msg);
  snprintf(path, sizeof path, "%s/expect.txt", dir);
  FILE *f = fopen(path, "w");
  for (int i = 0; f && i < NB; i++) {
    sn_body_state b;
    sn_body_desc d;
    sn_scene_body_state(S, i, &b);
    sn_scene_body_desc(S, i, &d);
    fprintf(f, "body %d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n",
            i, (int)d.shape.kind, d.shape.radius, d.shape.half[0], d.shape.half[1], d.shape.half[2], d.shape.half_length,
            b.x[0], b.x[1], b.x[2], b.v[0], b.v[1], b.v[2], b.w[0], b.w[1], b.w[2], sn_scene_time(S));
  }
  if (f) fclose(f);
  sn_scene_free(S);
  if (st) fprintf(stderr, "%s\n", msg);
  return st || !f;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--write") == 0) return write_for_vtk(argv[2]);
  char dir[] = "/tmp/sn_test_scene_output_XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  test_run(dir);
  test_auto_extent(dir);
  test_stepped(dir);
  test_failures(dir);
  test_many(dir);
  if (!sn_check_failed) {
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd)) fprintf(stderr, "could not remove %s\n", dir);
  } else {
    fprintf(stderr, "files kept in %s\n", dir);
  }
  return sn_check_report();
}
