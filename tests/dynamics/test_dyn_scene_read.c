/* The scene-file reader (src/deck/, docs/dynamics.md): parsed values against the file's own
 * numbers and the analytic masses (sphere 4/3 pi r^3 rho, box 8 a b c rho, capsule pi r^2 (L +
 * 4/3 r) rho), orientations against the rotation they name (axis-angle: q = (cos a/2, sin a/2
 * axis); NORMAL: body +z onto the normal), the lattice generator's count, names and spacing,
 * the *DYNAMIC settings, *INCLUDE and its confinement, and bad scenes refused with FILE:LINE. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "dynamics/dyn_internal.h"
#include "signorini/scene_io.h"

static sn_scene *parse(const char *text, sn_scene_run *run, char *msg, size_t cap, int *st)
{
  sn_scene *S = NULL;
  *st = sn_scene_parse(text, strlen(text), "t.inp", NULL, &S, run, msg, cap);
  return S;
}

static void good_scene(void)
{
  const char *text =
      "** a comment first\n"
      "*SCENE\n"
      "*HEADING\n"
      "two bodies, a floor\n"
      "*MATERIAL, NAME=Steel\n"
      "*DENSITY\n"
      "7800.\n"
      "*material, name=RUBBER\n"
      "*density\n"
      "1100\n"
      "*CONTACT PROPERTY\n"
      "0.5, 0.1\n"
      "*CONTACT PROPERTY, MATERIAL1=STEEL, MATERIAL2=rubber\n"
      "0.7, 0.9\n"
      "*GRAVITY\n"
      "0, -9.81, 0\n"
      "*BODY, NAME=FLOOR, TYPE=PLANE\n"
      "0, 0, 0\n"
      "*ORIENTATION, TYPE=NORMAL\n"
      "0, 1, 0\n"
      "*BODY, NAME=BALL, TYPE=SPHERE, RADIUS=0.1, MATERIAL=STEEL\n"
      "1, 2, 3\n"
      "*VELOCITY\n"
      "0.5, 0, 0, 0, 0, 2\n"
      "*BODY, NAME=BRICK, TYPE=BOX, HALF X=0.2, HALF Y=0.1, HALF Z=0.05, MATERIAL=RUBBER\n"
      "0, 1, 0\n"
      "*ORIENTATION, TYPE=AXIS ANGLE\n"
      "0, 1, 0, 30\n"
      "*BODY, NAME=PILL, TYPE=CAPSULE, RADIUS=0.05, LENGTH=0.3, MASS=2.5\n"
      "0, 2, 0\n"
      "*ORIENTATION, TYPE=QUATERNION\n"
      "2, 0, 0, 0\n"
      "*DYNAMIC, METHOD=MOREAU, THETA=0.6, TOL=1e-9, MAXIT=77, PROJECTION=YES, MARGIN=0.01, WARM START=NO, SOLVER=nsn_ac\n"
      "0.1, 0.3\n"
      "*OUTPUT, FREQUENCY=5, ENERGY=NO\n"
      "*FCLIB\n"
      "1, 3\n"
      "*SOLVER OPTIONS\n"
      "rho, 0.5\n"
      "ls, armijo\n";
  char msg[512];
  sn_scene_run run;
  int st;
  sn_scene *S = parse(text, &run, msg, sizeof msg, &st);
  CHECK_INT(st, SN_OK);
  if (!S) {
    fprintf(stderr, "%s\n", msg);
    return;
  }
  CHECK_INT(sn_scene_nbodies(S), 4);
  CHECK(!strcmp(run.heading, "two bodies, a floor"));
  int ball = sn_scene_find_body(S, "BALL"), brick = sn_scene_find_body(S, "BRICK"), pill = sn_scene_find_body(S, "PILL");
  CHECK_INT(ball, 1);
  CHECK_INT(brick, 2);
  CHECK_INT(pill, 3);
  /* masses: sphere 4/3 pi r^3 rho, box 8 a b c rho; MASS= as given */
  CHECK_CLOSE(sn_scene_body_mass(S, ball), 4.0 / 3.0 * SN_PI * 1e-3 * 7800, 1e-14, 0);
  CHECK_CLOSE(sn_scene_body_mass(S, brick), 8 * 0.2 * 0.1 * 0.05 * 1100, 1e-14, 0);
  CHECK_CLOSE(sn_scene_body_mass(S, pill), 2.5, 1e-14, 0);
  CHECK(isinf(sn_scene_body_mass(S, 0)));
  CHECK_CLOSE(S->b[pill].shape.half_length, 0.15, 1e-15, 0);
  /* state */
  sn_body_state bs;
  sn_scene_body_state(S, ball, &bs);
  CHECK_CLOSE(bs.x[0], 1, 0, 0);
  CHECK_CLOSE(bs.x[1], 2, 0, 0);
  CHECK_CLOSE(bs.x[2], 3, 0, 0);
  CHECK_CLOSE(bs.v[0], 0.5, 0, 0);
  CHECK_CLOSE(bs.w[2], 2, 0, 0);
  /* axis-angle: 30 degrees about y is q = (cos 15, 0, sin 15, 0) */
  sn_scene_body_state(S, brick, &bs);
  CHECK_CLOSE(bs.q[0], cos(15 * SN_PI / 180), 1e-15, 1e-15);
  CHECK_CLOSE(bs.q[2], sin(15 * SN_PI / 180), 1e-15, 1e-15);
  CHECK_CLOSE(bs.q[1], 0, 0, 1e-15);
  /* the quaternion normalised */
  sn_scene_body_state(S, pill, &bs);
  CHECK_CLOSE(bs.q[0], 1, 1e-15, 0);
  /* NORMAL (0, 1, 0): the plane's body +z is world +y (third column of R) */
  const double *R = S->b[0].R;
  CHECK_CLOSE(R[2], 0, 0, 1e-15);
  CHECK_CLOSE(R[5], 1, 1e-15, 0);
  CHECK_CLOSE(R[8], 0, 0, 1e-15);
  /* laws: the pair's own, and the default for the others */
  double mu, e;
  sn_scene_law(S, ball, brick, &mu, &e);
  CHECK_CLOSE(mu, 0.7, 0, 0);
  CHECK_CLOSE(e, 0.9, 0, 0);
  sn_scene_law(S, ball, pill, &mu, &e);
  CHECK_CLOSE(mu, 0.5, 0, 0);
  CHECK_CLOSE(e, 0.1, 0, 0);
  CHECK_CLOSE(S->g[1], -9.81, 0, 0);
  CHECK_CLOSE(S->g[2], 0, 0, 0);
  /* the run */
  CHECK_INT(run.method, SN_SCENE_MOREAU);
  CHECK_CLOSE(run.dt, 0.1, 0, 0);
  CHECK_CLOSE(run.total, 0.3, 0, 0);
  CHECK_INT(sn_scene_run_steps(&run), 3);   /* 0.3 / 0.1 = 2.9999999999999996 in doubles */
  CHECK_CLOSE(run.settings.theta, 0.6, 0, 0);
  CHECK_CLOSE(run.settings.solve.tol, 1e-9, 0, 0);
  CHECK_INT(run.settings.solve.max_iter, 77);
  CHECK_INT(run.settings.projection, 1);
  CHECK_INT(run.settings.warm_start, 0);
  CHECK_CLOSE(run.settings.margin, 0.01, 0, 0);
  CHECK(!strcmp(run.solver, "nsn_ac"));
  sn_dyn_settings s;
  sn_scene_run_settings(&run, &s);
  CHECK(s.solver == run.solver);
  CHECK(!strcmp(run.options, "rho=0.5,ls=armijo"));   /* *SOLVER OPTIONS, as written */
  CHECK(s.solve.options == run.options);
  CHECK_INT(run.frame_every, 5);
  CHECK_INT(run.energy, 0);
  CHECK_INT(run.ndump, 2);
  CHECK_INT(run.dump[1], 3);
  CHECK_INT(run.line, 33);
  sn_scene_free(S);
}

static void event_scene(void)
{
  const char *text = "*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0,1\n"
                     "*DYNAMIC, METHOD=EVENT, EVENT TOL=1e-12, SOLVER=nsgs\n0.01, 1.005, , 1e-4\n*OUTPUT, FREQUENCY=0\n";
  char msg[512];
  sn_scene_run run;
  int st;
  sn_scene *S = parse(text, &run, msg, sizeof msg, &st);
  CHECK_INT(st, SN_OK);
  if (!S) return;
  CHECK_INT(run.method, SN_SCENE_EVENT);
  CHECK_CLOSE(run.dt, 0.01, 0, 0);
  CHECK_CLOSE(run.settings.dt, 1e-4, 0, 0);
  CHECK_CLOSE(run.settings.event_tol, 1e-12, 0, 0);
  CHECK_INT(sn_scene_run_steps(&run), 101);   /* 100 intervals of 0.01 and a last one of 0.005 */
  CHECK_INT(run.frame_every, 0);
  CHECK(!strcmp(run.solver, ""));             /* nsgs: the default, matrix-free */
  /* no MATERIAL=: density 1000 */
  CHECK_CLOSE(sn_scene_body_mass(S, 0), 4.0 / 3.0 * SN_PI * 1000, 1e-14, 0);
  CHECK(!strcmp(sn_scene_body_name(S, 0), "body0"));
  sn_scene_free(S);
}

static void lattice_file(void)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, "%s/../../examples/scenes/pile.inp", SN_TEST_DATA);
  sn_scene *S = NULL;
  sn_scene_run run;
  int st = sn_scene_read(path, NULL, &S, &run, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (!S) {
    fprintf(stderr, "%s\n", msg);
    return;
  }
  /* 5 planes and 6 x 6 x 10 beads */
  CHECK_INT(sn_scene_nbodies(S), 5 + 360);
  int first = sn_scene_find_body(S, "BEAD_1"), last = sn_scene_find_body(S, "BEAD_360");
  CHECK_INT(first, 5);
  CHECK_INT(last, 364);
  CHECK_INT(sn_scene_find_body(S, "BEAD_361"), -1);
  /* every bead within its jitter (0.5 of the room (0.025/2 - 0.01)) of its lattice node, and no
   * two beads overlapping */
  double room = 0.5 * (0.0125 - 0.01), worst = 0, mind = INFINITY;
  for (int k = 0; k < 360; k++) {
    int ix = k % 6, iy = (k / 6) % 6, iz = k / 36;
    double node[3] = {-0.0625 + 0.025 * ix, -0.0625 + 0.025 * iy, 0.02 + 0.025 * iz};
    sn_body_state a;
    sn_scene_body_state(S, 5 + k, &a);
    for (int i = 0; i < 3; i++) worst = fmax(worst, fabs(a.x[i] - node[i]));
    if (ix < 5) {
      sn_body_state b;
      sn_scene_body_state(S, 6 + k, &b);
      double d[3];
      sn3_sub(a.x, b.x, d);
      mind = fmin(mind, sn3_norm(d));
    }
  }
  CHECK(worst <= room * (1 + 1e-12));
  CHECK(worst > 0.5 * room);                  /* the jitter did move them */
  CHECK(mind >= 0.02);
  CHECK_CLOSE(sn_scene_body_mass(S, first), 4.0 / 3.0 * SN_PI * 1e-6 * 2500, 1e-14, 0);
  double mu, e;
  sn_scene_law(S, first, last, &mu, &e);
  CHECK_CLOSE(mu, 0.4, 0, 0);
  sn_scene_law(S, 0, last, &mu, &e);
  CHECK_CLOSE(mu, 0.3, 0, 0);
  CHECK_CLOSE(run.dt, 2e-3, 0, 0);
  CHECK_INT(sn_scene_run_steps(&run), 300);
  sn_scene_free(S);
}

/* *INCLUDE: relative to the scene's folder, and confined to it */
static void include_files(void)
{
  char dir[] = "/tmp/sn_scene_inc_XXXXXX", path[256], sub[256], msg[1024];
  if (!mkdtemp(dir)) {
    CHECK(0);
    return;
  }
  snprintf(sub, sizeof sub, "%s/in", dir);
  CHECK_INT(mkdir(sub, 0700), 0);
  snprintf(path, sizeof path, "%s/bodies.inp", dir);
  FILE *f = fopen(path, "w");
  fputs("*BODY, NAME=B, TYPE=SPHERE, RADIUS=0.5\n0, 0, 7\n", f);
  fclose(f);
  snprintf(path, sizeof path, "%s/in/main.inp", dir);
  f = fopen(path, "w");
  fputs("*SCENE\n*INCLUDE, INPUT=../bodies.inp\n*DYNAMIC\n0.1, 1\n", f);
  fclose(f);
  sn_scene *S = NULL;
  sn_scene_run run;
  /* the scene's folder is dir/in: ../bodies.inp is outside its tree */
  int st = sn_scene_read(path, NULL, &S, &run, msg, sizeof msg);
  CHECK_INT(st, SN_ERR_IO);
  CHECK(strstr(msg, "main.inp:2: *INCLUDE, INPUT=../bodies.inp") && strstr(msg, "outside the scene's folder"));
  sn_scene_read_options o;
  sn_scene_read_options_default(&o);
  o.allow_include_anywhere = 1;
  st = sn_scene_read(path, &o, &S, &run, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (S) {
    sn_body_state bs;
    sn_scene_body_state(S, 0, &bs);
    CHECK_CLOSE(bs.x[2], 7, 0, 0);
    sn_scene_free(S);
  }
  /* an error inside the included file names that file and its line */
  snprintf(sub, sizeof sub, "%s/bodies.inp", dir);
  f = fopen(sub, "w");
  fputs("*BODY, NAME=B, TYPE=SPHERE, RADIUS=0.5\n0, zero, 7\n", f);
  fclose(f);
  st = sn_scene_read(path, &o, &S, &run, msg, sizeof msg);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(strstr(msg, "bodies.inp:2: expected the position") != NULL);
  CHECK(S == NULL);
  remove(sub);
  remove(path);
  snprintf(sub, sizeof sub, "%s/in", dir);
  rmdir(sub);
  rmdir(dir);
}

/* bad scenes: the line and the message */
static void bad_scenes(void)
{
  static const char *const cases[][2] = {
      {"*HEADING\nx\n", "t.inp:1: a scene file starts with *SCENE"},
      {"*SCENE\n*FOO\n", "t.inp:2: unknown keyword *FOO"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1, COLOR=RED\n0,0,0\n", "t.inp:2: unknown parameter 'COLOR' for *BODY"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=-1\n0,0,0\n", "t.inp:2: RADIUS=-1: a size must be positive"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1x\n0,0,0\n", "t.inp:2: expected the value of RADIUS= (a number)"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0\n", "t.inp:3: the position (x, y, z): 3 fields expected, 2 given"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n*DYNAMIC\n1,1\n", "t.inp:2: *BODY needs a data line"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1, MATERIAL=WOOD\n0,0,0\n", "t.inp:2: MATERIAL=WOOD: material WOOD is not defined"},
      {"*SCENE\n*BODY, TYPE=TORUS, RADIUS=1\n0,0,0\n", "t.inp:2: TYPE=TORUS: expected one of"},
      {"*SCENE\n*BODY, TYPE=BOX, RADIUS=1\n0,0,0\n", "t.inp:2: RADIUS= does not apply to TYPE=BOX"},
      {"*SCENE\n*BODY, TYPE=PLANE, MOTION=DYNAMIC\n0,0,0\n", "t.inp:2: a plane cannot be MOTION=DYNAMIC"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0,0\n", "t.inp:3: the scene has no *DYNAMIC"},
      {"*SCENE\n*DYNAMIC\n0, 1\n", "t.inp:3: the time increment 0 is not positive"},
      {"*SCENE\n*DYNAMIC, SOLVER=lemke\n0.1, 1\n", "t.inp:2: SOLVER=lemke: not a solver of 3D frictional contact"},
      {"*SCENE\n*DYNAMIC, THETA=0.2\n0.1, 1\n", "t.inp:2: THETA=0.2 is outside [0.5, 1]"},
      {"*SCENE\n*DYNAMIC\n0.1, 1\n*FCLIB\n11\n", "t.inp:4: *FCLIB: step 11 is after the last step (10)"},
      {"*SCENE\n*DYNAMIC, METHOD=EVENT\n0.1, 1\n*FCLIB\n1\n", "t.inp:4: *FCLIB dumps Moreau-Jean"},
      {"*SCENE\n*CONTACT PROPERTY\n0.3, 1.5\n", "t.inp:3: the restitution coefficient 1.5 is outside [0, 1]"},
      /* a value just outside its range shown as written, not rounded onto the bound */
      {"*SCENE\n*CONTACT PROPERTY\n0.3, 1.0000001\n", "t.inp:3: the restitution coefficient 1.0000001 is outside [0, 1]"},
      {"*SCENE\n*DYNAMIC, THETA=0.49999999\n0.1, 1\n", "t.inp:2: THETA=0.49999999 is outside [0.5, 1]"},
      /* refused when the scene is read, not at the first event-driven step (with half the output written) */
      {"*SCENE\n*BODY, TYPE=PLANE, MOTION=KINEMATIC\n0,0,0\n*VELOCITY\n0,0,1\n*DYNAMIC, METHOD=EVENT\n1e-3, 0.01\n",
       "t.inp:2: MOTION=KINEMATIC bodies move under METHOD=MOREAU only"},
      /* a triangle without a normal */
      {"*SCENE\n*BODY, TYPE=MESH\n0,0,0\n*VERTICES\n0,0,0, 1,0,0, 0,1,0, 2,0,0\n*TRIANGLES\n1, 2, 3\n1, 2, 4\n",
       "t.inp:8: *TRIANGLES: triangle 2 (vertices 1, 2, 4) has no area"},
      {"*SCENE\n*BODY, TYPE=MESH\n0,0,0\n*VERTICES\n0,0,0, 1,0,0, 0,1,0\n*TRIANGLES\n1, 2, 2\n",
       "t.inp:7: *TRIANGLES: triangle 1 repeats a vertex (1, 2, 2)"},
      {"*SCENE\n*DENSITY\n1\n", "t.inp:2: *DENSITY belongs to a *MATERIAL"},
      {"*SCENE\n*MATERIAL, NAME=A\n*MATERIAL, NAME=A\n", "t.inp:3: material A is defined twice"},
      {"*SCENE\n*VELOCITY\n1,2,3\n", "t.inp:2: *VELOCITY belongs to a *BODY or *LATTICE"},
      {"*SCENE\n*BODY, TYPE=CONVEX\n0,0,0\n*VERTICES\n0,0,0\n1,0,0\n0,1,0\n*DYNAMIC\n1,1\n",
       "t.inp:2: TYPE=CONVEX needs at least 4 vertices (3 given)"},
      {"*SCENE\n*BODY, TYPE=MESH\n0,0,0\n*VERTICES\n0,0,0, 1,0,0, 0,1,0\n*TRIANGLES\n1, 2, 4\n",
       "t.inp:7: a vertex number (1 .. the number of vertices) 4 is out of range [1, 3]"},
      {"*SCENE\n*LATTICE, NAME=G, TYPE=SPHERE, RADIUS=0.1\n0,0,0\n2,2,2\n0.1,0.3,0.3\n*DYNAMIC\n1,1\n",
       "t.inp:2: the lattice's spacing 0.1 is less than the sphere's diameter 0.2"},
      {"*SCENE\n*LATTICE, NAME=G, TYPE=SPHERE, RADIUS=0.1\n0,0,0\n10000,10000,10000\n1,1,1\n",
       "t.inp:4: the lattice makes the scene hold more than 2000000 bodies"},
      {"*SCENE\n*GRAVITY\n0, 0, 1e999\n", "t.inp:3: a component of gravity '1e999' overflows a double"},
      {"*SCENE\n0, 0, 0\n", "t.inp:2: *SCENE takes no data lines"},
      {"*SCENE\n*BODY, NAME=A, TYPE=SPHERE, RADIUS=1\n0,0,0\n*BODY, NAME=A, TYPE=SPHERE, RADIUS=1\n3,0,0\n*DYNAMIC\n1,1\n",
       "t.inp:4: a body named A is defined twice"},
      {"*SCENE\n*INCLUDE, INPUT=x.inp\n", "t.inp:2: *INCLUDE, INPUT=x.inp: includes are refused"},
      {"** nothing\n\n", "t.inp:2: no *SCENE"},
      {"*SCENE\n*GRAVITY\n0,0,-1\n*SCENE\n", "t.inp:4: *SCENE is given twice"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1, MOTION=FIXED\n0,0,0\n*VELOCITY\n1,0,0\n", "t.inp:4: *VELOCITY of a MOTION=FIXED body"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0,0\n*ORIENTATION, TYPE=AXIS ANGLE\n0,0,0,30\n", "t.inp:5: *ORIENTATION, TYPE=AXIS ANGLE"},
      {"*SCENE\n*BODY, TYPE=BOX, HALF X=1, HALF Y=1\n0,0,0\n", "t.inp:2: TYPE=BOX needs HALF= (half the side of a cube) or all of"},
      {"*SCENE\n*DYNAMIC\n0.1, 1, 0.01\n", "t.inp:3: the minimum increment (field 3) is not used"},
      {"*SCENE\n*DYNAMIC\n0.1, 1, , 0.05\n", "t.inp:3: the maximum increment (field 4) applies to METHOD=EVENT"},
      /* hostile sizes: a mass of 4/3 pi (1e308)^3 rho overflows, one of (1e-300)^3 underflows */
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1e308\n0,0,0\n", "t.inp:2: the body (unnamed) is refused: its shape, size or state"},
      {"*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1e-300\n0,0,0\n", "t.inp:2: the body (unnamed) is refused: its shape, size or state"},
      {"*SCENE\n*DYNAMIC, METHOD=EVENT\n0.1, 1, , 1e-300\n", "t.inp:3: the time period over the maximum increment makes more"},
      {"*SCENE\n*MATERIAL, NAME=A\n*DENSITY\n1\n*DENSITY\n2\n", "t.inp:5: *DENSITY is given twice for the material A"},
      /* bounds: an event tolerance of 1e-300 stalled every interval; a margin of 1e308 overflows the boxes */
      {"*SCENE\n*DYNAMIC, METHOD=EVENT, EVENT TOL=1e-300\n0.1, 1\n", "t.inp:2: EVENT TOL=1e-300 is outside [1e-15, 1e-3]"},
      {"*SCENE\n*DYNAMIC, METHOD=EVENT, EVENT TOL=1e3\n0.1, 1\n", "t.inp:2: EVENT TOL=1000 is outside [1e-15, 1e-3]"},
      {"*SCENE\n*DYNAMIC, MARGIN=1e308\n0.1, 1\n", "t.inp:2: MARGIN=1e+308 is too large"},
      {"*SCENE\n*BODY, TYPE=BOX, HALF=1\n0,0,0\n*ORIENTATION, TYPE=QUATERNION\n1e200,1e200,1e200,1e200\n",
       "t.inp:5: *ORIENTATION, TYPE=QUATERNION (w, x, y, z): the vector's length overflows"},
      /* a lattice's bodies are NAME_1, NAME_2, ...: names unique across lattices and bodies */
      {"*SCENE\n*LATTICE, NAME=L, TYPE=SPHERE, RADIUS=0.1\n0,0,0\n2,1,1\n1,1,1\n*LATTICE, NAME=L, TYPE=SPHERE, RADIUS=0.1\n"
       "0,0,5\n2,1,1\n1,1,1\n*DYNAMIC\n1,1\n", "t.inp:6: the lattice L names its bodies L_1, L_2, ...: a body named L_1 exists"},
      {"*SCENE\n*BODY, NAME=L_2, TYPE=SPHERE, RADIUS=0.1\n0,0,9\n*LATTICE, NAME=L, TYPE=SPHERE, RADIUS=0.1\n0,0,0\n2,1,1\n"
       "1,1,1\n*DYNAMIC\n1,1\n", "t.inp:4: the lattice L names its bodies L_1, L_2, ...: a body named L_2 exists"},
      /* *SOLVER OPTIONS: checked against the step's solver when the scene is read whole */
      {"*SCENE\n*SOLVER OPTIONS\nfoo, 1\n*DYNAMIC\n0.1, 1\n", "t.inp:2: *SOLVER OPTIONS: the matrix-free nsgs does not know an option in 'foo=1'"},
      {"*SCENE\n*DYNAMIC\n0.1, 1\n*SOLVER OPTIONS\nomega, 2.5\n", "t.inp:4: *SOLVER OPTIONS: the matrix-free nsgs refuses a value in 'omega=2.5'"},
      {"*SCENE\n*DYNAMIC\n0.1, 1\n*SOLVER OPTIONS\naccel, cg\n", "t.inp:4: *SOLVER OPTIONS: the matrix-free nsgs refuses a value in 'accel=cg'"},
      {"*SCENE\n*DYNAMIC\n0.1, 1\n*SOLVER OPTIONS\nOMEGA, 1.5\n", "t.inp:4: *SOLVER OPTIONS: the matrix-free nsgs does not know an option in 'OMEGA=1.5'"},
      {"*SCENE\n*DYNAMIC, SOLVER=apgd\n0.1, 1\n*SOLVER OPTIONS\nomega, 1.5\n", "t.inp:4: *SOLVER OPTIONS: solver 'apgd' does not know an option in 'omega=1.5'"},
      {"*SCENE\n*DYNAMIC, SOLVER=auto\n0.1, 1\n*SOLVER OPTIONS\nomega, 1.5\n", "t.inp:4: *SOLVER OPTIONS: solver 'auto' does not know an option in 'omega=1.5' (auto takes no options"},
      {"*SCENE\n*DYNAMIC, SOLVER=global:admm\n0.1, 1\n*SOLVER OPTIONS\nsweeps, 3\n", "t.inp:4: *SOLVER OPTIONS: solver 'admm' does not know an option in 'sweeps=3'"},
      {"*SCENE\n*DYNAMIC, METHOD=EVENT\n0.1, 1\n*SOLVER OPTIONS\nomega, 1.5\n", "t.inp:4: *SOLVER OPTIONS apply to METHOD=MOREAU"},
      {"*SCENE\n*SOLVER OPTIONS\nomega, 1.5\nomega, 1.2\n", "t.inp:4: *SOLVER OPTIONS: the option omega is given twice"},
      {"*SCENE\n*SOLVER OPTIONS\nomega\n", "t.inp:3: *SOLVER OPTIONS (an option's name, its value): 2 fields expected, 1 given"},
      {"*SCENE\n*SOLVER OPTIONS\nom-ega, 1\n", "t.inp:3: *SOLVER OPTIONS: the option name om-ega holds letters, digits and '_' only"},
      {"*SCENE\n*SOLVER OPTIONS\nomega, 1\n*SOLVER OPTIONS\nsweep, forward\n", "t.inp:4: a second *SOLVER OPTIONS (a scene has one, on line 2)"},
      {"*SCENE\n*SOLVER OPTIONS\n*DYNAMIC\n0.1, 1\n", "t.inp:2: *SOLVER OPTIONS needs a data line"},
      {"*SCENE\n*DYNAMIC, SOLVER=apgd\n0.1, 1\n*SOLVER OPTIONS\nL0, abc\n", "t.inp:4: *SOLVER OPTIONS: solver 'apgd' refuses the options 'L0=abc'"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char msg[512];
    sn_scene_run run;
    int st;
    sn_scene *S = parse(cases[k][0], &run, msg, sizeof msg, &st);
    CHECK(st < 0);
    CHECK(S == NULL);
    if (strncmp(msg, cases[k][1], strlen(cases[k][1]))) {
      fprintf(stderr, "case %zu: got '%s', expected '%s...'\n", k, msg, cases[k][1]);
      CHECK(0);
    }
  }
}

/* a run whose state overflows stops with SN_ERR_NAN and says where: a 1 m sphere of density
 * 1000 at 1e300 m/s has a kinetic energy of 0.5 * 4189 kg * 1e600 J, beyond the largest double */
static void overflow_run(void)
{
  char msg[512];
  sn_scene_run run;
  int st;
  sn_scene *S = parse("*SCENE\n*BODY, NAME=FAST, TYPE=SPHERE, RADIUS=1\n0,0,0\n*VELOCITY\n1e300,0,0\n*DYNAMIC\n1e-3, 4e-3\n",
                      &run, msg, sizeof msg, &st);
  CHECK(st == SN_OK && S != NULL);
  if (!S) return;
  sn_scene_run_info info;
  st = sn_scene_simulate(S, &run, NULL, NULL, NULL, &info, msg, sizeof msg);
  CHECK(st == SN_ERR_NAN);
  CHECK(strstr(msg, "the energies of the initial state overflow") != NULL);
  sn_scene_free(S);
  /* gravity -1e308 from rest: the initial energies are 0; after one step of 1e-3 s the state is
   * finite (v = -1e305 m/s, z of order -1e302 m) but the kinetic energy 0.5 * 4189 kg * 1e610
   * and the potential m |g| z overflow */
  S = parse("*SCENE\n*GRAVITY\n0,0,-1e308\n*BODY, NAME=FAST, TYPE=SPHERE, RADIUS=1\n0,0,0\n*DYNAMIC\n1e-3, 4e-3\n", &run, msg,
            sizeof msg, &st);
  CHECK(st == SN_OK && S != NULL);
  if (!S) return;
  st = sn_scene_simulate(S, &run, NULL, NULL, NULL, &info, msg, sizeof msg);
  CHECK(st == SN_ERR_NAN);
  CHECK(strstr(msg, "Moreau-Jean step 1 (time 0.001): the energies of the scene overflow") != NULL);
  sn_scene_free(S);
}

int main(void)
{
  overflow_run();
  good_scene();
  event_scene();
  lattice_file();
  include_files();
  bad_scenes();
  return sn_check_report();
}
