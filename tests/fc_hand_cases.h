/* Single frictional contacts solved by hand, shared by the solver and problem tests: W (d x d,
 * column-major), q, mu, and the hand-computed force r and velocity u = W r + q.
 * The table and the computation below come from tests/solver/test_fc_solvers.c, where they were
 * first written; tests/problem/test_socmlcp.c, tests/solver/test_socmix.c and
 * tests/solver/test_soclcp_smooth.c used copies of (part of) it.
 *
 * With W = I the normal and tangential parts decouple: u_N = r_N + q_N = 0 gives r_N = -q_N when
 * q_N < 0; stick r_T = -q_T if |q_T| <= mu r_N, else slip r_T = -mu r_N q_T/|q_T|,
 * u_T = q_T + r_T. The coupled case: W = [2 .5 0; .5 1 0; 0 0 1], q = (-1, 1, 0), mu = 0.2:
 * stick would need r = -W^-1 q = (0.857, -1.43) outside the cone, so slip with u_T > 0:
 * r_T = -0.2 r_N, 2 r_N + 0.5 r_T - 1 = 0 -> r_N = 1/1.9 = 10/19, r_T = -2/19,
 * u_T = 0.5 r_N + r_T + 1 = 22/19 > 0 (consistent). Oblique slip: W = diag(1, 2, 2),
 * q = (-1, 1.2, 1.6), mu = 0.5: r_N = 1, stick would need |r_T| = |q_T|/2 = 1 > 0.5, so
 * r_T = -0.5 (0.6, 0.8), u_T = 2 r_T + q_T = (0.6, 0.8), along -r_T.
 *
 * Which test runs which cases (index ranges of fc_hand[]):
 *   [FC_HAND_CORE, FC_HAND_CORE_END)  the nine cases every user runs (test_soclcp_smooth: these);
 *   [0, FC_HAND_CORE_END)             plus "2d mu=0 q_T=0.4" (test_socmlcp, test_socmix);
 *   [FC_HAND_CORE, FC_HAND_N)         plus slip left, take-off, "2d mu=0" (test_fc_solvers). */
#ifndef SN_TEST_FC_HAND_CASES_H
#define SN_TEST_FC_HAND_CASES_H

typedef struct {
  const char *name;
  int d;
  double W[9], q[3], mu, r[3], u[3];   /* W column-major */
} hand_fc;

static const hand_fc fc_hand[] = {
    {"2d mu=0 q_T=0.4", 2, {1, 0, 0, 1}, {-1, 0.4}, 0.0, {1, 0}, {0, 0.4}},
    /* FC_HAND_CORE */
    {"3d slip", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.5, 0}, 0.3, {1, -0.3, 0}, {0, 0.2, 0}},
    {"3d stick", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-1, 0.2, 0.1}, 0.5, {1, -0.2, -0.1}, {0, 0, 0}},
    {"3d take-off", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {1, 0.3, 0}, 0.5, {0, 0, 0}, {1, 0.3, 0}},
    {"3d coupled slip", 3, {2, 0.5, 0, 0.5, 1, 0, 0, 0, 1}, {-1, 1, 0}, 0.2,
     {10.0 / 19, -2.0 / 19, 0}, {0, 22.0 / 19, 0}},
    {"3d oblique slip", 3, {1, 0, 0, 0, 2, 0, 0, 0, 2}, {-1, 1.2, 1.6}, 0.5, {1, -0.3, -0.4},
     {0, 0.6, 0.8}},
    {"3d mu=0", 3, {1, 0, 0, 0, 1, 0, 0, 0, 1}, {-2, 0.7, -0.1}, 0.0, {2, 0, 0}, {0, 0.7, -0.1}},
    {"2d slip right", 2, {1, 0, 0, 1}, {-1, 0.5}, 0.3, {1, -0.3}, {0, 0.2}},
    {"2d stick", 2, {1, 0, 0, 1}, {-1, 0.1}, 0.3, {1, -0.1}, {0, 0}},
    {"2d coupled slip", 2, {2, 0.5, 0.5, 1}, {-1, 1}, 0.2, {10.0 / 19, -2.0 / 19},
     {0, 22.0 / 19}},
    /* FC_HAND_CORE_END */
    {"2d slip left", 2, {1, 0, 0, 1}, {-1, -1}, 0.3, {1, 0.3}, {0, -0.7}},
    {"2d take-off", 2, {1, 0, 0, 1}, {0.5, -3}, 0.3, {0, 0}, {0.5, -3}},
    {"2d mu=0", 2, {1, 0, 0, 1}, {-2, 0.7}, 0.0, {2, 0}, {0, 0.7}},
};
enum {
  FC_HAND_CORE = 1,
  FC_HAND_CORE_END = 10,
  FC_HAND_N = (int)(sizeof fc_hand / sizeof fc_hand[0]),
};

#endif
