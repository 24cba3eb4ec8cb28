/* Example: rigid-body contact dynamics through the signorini library.
 *
 *   scene_api [SCENE.inp]
 *
 * Without a file it builds a scene in code: a fixed floor (a plane) and a ball of radius 0.1,
 * mass 1, dropped from rest with its centre at height 1.1 (so 1 m above the floor), no
 * restitution (e = 0), friction 0.5, gravity 9.81. It advances the scene by Moreau-Jean steps of
 * 1 ms (sn_scene_step) for 1 s and reads the state on the way:
 *  - at t = 0.2 s, before any contact, the height: Moreau-Jean's theta = 1/2 scheme integrates a
 *    constant acceleration exactly, so z = 1.1 - 9.81 x 0.2^2 / 2 = 0.9038;
 *  - at t = 1 s, the ball has landed (at t = sqrt(2/9.81) = 0.45 s) and rests: z = 0.1, v = 0,
 *    one contact whose normal impulse per step balances gravity, m g dt = 9.81e-3.
 * With a scene file it reads it (sn_scene_read), runs its *DYNAMIC step (sn_scene_simulate, no
 * files written) and prints the same line for the scene's last body. It prints:
 *
 *   z_0.2 0.9038 z 0.1 vz 0 contacts 1 normal_impulse 0.00981 steps 1000 unconverged 0 */
#include <math.h>
#include <signorini/signorini.h>
#include <stdio.h>
#include <string.h>

/* the floor and the ball; the ball's index in *ball */
static int build(sn_scene **S, int *ball)
{
  int st = sn_scene_create(S);
  if (st) return st;
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.name = "floor";
  d.shape.kind = SN_SHAPE_PLANE;   /* through the origin, normal +z */
  d.motion = SN_BODY_FIXED;
  if ((st = sn_scene_add_body(*S, &d, NULL))) return st;
  sn_body_desc_default(&d);
  d.name = "ball";
  d.shape.kind = SN_SHAPE_SPHERE;
  d.shape.radius = 0.1;
  d.mass = 1.0;
  d.x[2] = 1.1;
  if ((st = sn_scene_add_body(*S, &d, ball))) return st;
  return sn_scene_set_contact_law(*S, -1, -1, 0.5, 0.0);   /* every pair: mu = 0.5, e = 0 */
}

/* the sum of the normal impulses of the last step */
static double normal_impulse(const sn_scene *S)
{
  double sum = 0;
  sn_body_contact c;
  for (int k = 0; k < sn_scene_ncontacts(S); k++)
    if (sn_scene_contact(S, k, &c) == SN_OK) sum += c.impulse[0];
  return sum;
}

static int from_code(void)
{
  sn_scene *S = NULL;
  int ball, st = build(&S, &ball);
  if (st) {
    fprintf(stderr, "scene_api: cannot build the scene: %s\n", sn_strerror(st));
    sn_scene_free(S);
    return 1;
  }
  sn_dyn_settings s;
  sn_dyn_settings_default(&s);
  s.dt = 1e-3;
  s.solve.tol = 1e-10;
  double z02 = NAN;
  int steps = 0, unconverged = 0;
  sn_dyn_info info;
  sn_body_state b;
  for (; steps < 1000; steps++) {
    st = sn_scene_step(S, &s, &info);
    if (st < 0) {
      fprintf(stderr, "scene_api: step %d: %s\n", steps + 1, sn_strerror(st));
      sn_scene_free(S);
      return 1;
    }
    unconverged += st > 0;   /* the solver stopped short of tol: said, not hidden */
    if (steps + 1 == 200) {
      sn_scene_body_state(S, ball, &b);
      z02 = b.x[2];
    }
  }
  sn_scene_body_state(S, ball, &b);
  printf("z_0.2 %.10g z %.10g vz %.3g contacts %d normal_impulse %.10g steps %d unconverged %d\n", z02, b.x[2],
         b.v[2], sn_scene_ncontacts(S), normal_impulse(S), steps, unconverged);
  sn_scene_free(S);
  return 0;
}

static int from_file(const char *path)
{
  char msg[1024];
  sn_scene *S = NULL;
  sn_scene_run run;
  int st = sn_scene_read(path, NULL, &S, &run, msg, sizeof msg);
  if (st) {
    fprintf(stderr, "%s\n", msg);
    return 1;
  }
  sn_scene_run_info info;
  st = sn_scene_simulate(S, &run, NULL, NULL, NULL, &info, msg, sizeof msg);
  if (st < 0) {
    fprintf(stderr, "scene_api: %s\n", msg);
    sn_scene_free(S);
    return 1;
  }
  sn_body_state b;
  sn_scene_body_state(S, sn_scene_nbodies(S) - 1, &b);
  printf("z_0.2 - z %.10g vz %.3g contacts %d normal_impulse %.10g steps %ld unconverged %ld\n", b.x[2], b.v[2],
         sn_scene_ncontacts(S), normal_impulse(S), info.steps, info.unconverged);
  sn_scene_free(S);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc > 2) {
    fprintf(stderr, "usage: scene_api [SCENE.inp]\n");
    return 2;
  }
  return argc == 2 ? from_file(argv[1]) : from_code();
}
