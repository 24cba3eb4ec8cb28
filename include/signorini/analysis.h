/* signorini finite-element analysis: the assembled system of a model (degrees of freedom,
 * sparse stiffness, internal and external forces, stresses) and the quasi-static incremental
 * driver over the steps of a deck.
 *
 * Conventions: a model has ndf displacement components per node (2 or 3); dof c of node i is
 * ndf * i + c. Degrees of freedom of nodes that no element uses are inactive (held at 0, never
 * reported as reactions). Axisymmetric models: element matrices and distributed loads are taken
 * over the whole ring (2 pi times the per-radian element routines), so that concentrated forces
 * and reactions are for the complete circumference, as in Abaqus and CalculiX.
 * Reactions RF = f_int(u) - f_ext at constrained dofs (for a support without applied load, the
 * force the structure receives from it is -RF; the sum of RF balances the applied loads). */
#ifndef SIGNORINI_ANALYSIS_H
#define SIGNORINI_ANALYSIS_H

#include "signorini/contact.h"
#include "signorini/fem.h"
#include "signorini/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- kinematic constraints (*EQUATION, *TIE, *TRANSFORM): master-slave elimination ----
 * src/fem/dofmap.c. The unknowns q are the nodal components in each node's frame (global, or
 * the *TRANSFORM's local one: u_i = R_i q_i); each equation's first term is a dependent q,
 * eliminated. u = T q with T's row d over independent q only (free or prescribed). */
typedef struct {
  int ndof;                /* ndf * nnodes (rows of T, and q's size) */
  int trivial;             /* no equation, no transform: T = I (ptr, col, val NULL) */
  int *ptr, *col;          /* row d: entries ptr[d] .. ptr[d + 1] - 1, q index col */
  double *val;
  unsigned char *dep;      /* per q: 1 when dependent (eliminated) */
  int *dep_eq;             /* per q: the equation that makes it dependent, -1 */
  double *R;               /* per node the frame (9, column j = local axis j), NULL: none */
  unsigned char *touched;  /* per node: in an equation or transformed */
  int dropped;             /* *TIE equations left out: their slave dof has a *BOUNDARY in some
                              step (the boundary holds it) */
} sn_dofmap;

/* Build T for the model's equations and transforms. SN_ERR_FORMAT with "line N: ..." in msg:
 * a dof dependent in two equations, a dependent term whose coefficient vanishes, a cycle of
 * dependents. */
int sn_dofmap_create(const sn_model *m, sn_dofmap **out, char *msg, size_t msglen);
void sn_dofmap_free(sn_dofmap *T);
/* The map of nodal diameter nd of a cyclic symmetric model (src/fem/dofmap_cyclic.c): the
 * model's cyclic *TIE equations with the phase e^(i nd 2 pi / N), as two real copies of the
 * sector (*ncopies = 2: T's rows and columns are copy c's dofs c ndof + d), or one where the
 * phase is real (nd = 0 or N / 2: *ncopies = 1). SN_ERR_FORMAT with a message when the model
 * has no cyclic tie or cyclic ties of different N. */
int sn_dofmap_create_cyclic(const sn_model *m, int nd, int *ncopies, sn_dofmap **out, char *msg, size_t msglen);
/* q = R^T u node by node (every q, dependent ones included) */
void sn_dofmap_local(const sn_dofmap *T, int ndf, const double *u, double *q);
/* u = T q (reads independent q only) */
void sn_dofmap_apply(const sn_dofmap *T, const double *q, double *u);
/* The rows of T^T H on the free q (eq[q] >= 0, numbered by eq): neq x H->n. T NULL or trivial:
 * H's rows on the free dofs. */
int sn_dofmap_reduce_cols(const sn_dofmap *T, const int *eq, int neq, const sn_csc *H, sn_csc **out);
/* The rigid-body modes of the model on its free unknowns (src/fem/rigid_modes.c): the near-null
 * space an aggregation multigrid needs for elasticity. 3D: the translations along x, y, z and the
 * rotations about the axes x, y, z through the centroid of the nodes with a free unknown (*k = 6);
 * 2D: two translations and the rotation about z (*k = 3). Each mode's nodal displacements are
 * taken to the nodes' frames (q = R^T u) and restricted to the free q (eq[q] >= 0, numbered by
 * eq; reference coordinates). *modes: neq x *k, column-major, malloc'ed (free()). *bs = ndf when
 * the free unknowns come in whole nodes numbered consecutively from a multiple of ndf (the block
 * size a multigrid may aggregate by), else 1. T NULL: no transforms. */
int sn_rigid_modes(const sn_model *m, const sn_dofmap *T, const int *eq, int neq, double **modes, int *k, int *bs);

/* ---- the assembled system ---- */
typedef struct sn_fesys sn_fesys;

/* Resolve sections, materials and springs of every element, check element / model dimension
 * agreement and element geometry (degenerate elements refused), build the node-element
 * incidence. Errors: SN_ERR_FORMAT with "element ID (TYPE): reason" in msg. */
int sn_fesys_create(const sn_model *m, sn_fesys **out, char *msg, size_t msglen);
void sn_fesys_free(sn_fesys *S);
int sn_fesys_ndof(const sn_fesys *S);
/* Threads of S's element passes (OpenMP; one without it): sn_fesys_internal's internal force,
 * tangent and kept stiffness, and the stresses and strains. n <= 1: the serial element loop
 * (the default); n > 1: a model of some hundreds of elements or more is assembled on n threads
 * (docs/threads.md, "Parallel assembly"), with the same result, bit for bit, for every n. */
void sn_fesys_set_threads(sn_fesys *S, int n);
/* The current nodal temperatures T (nnodes values; copied), or NULL for none: every element
 * whose material has *EXPANSION gets the thermal strain alpha (T - T0) (T0: the model's
 * temp0, 0 where it has none) as an initial strain in sn_fesys_internal (f = K u - f_th),
 * sn_fesys_stress (S = D (eps - eps_th)) and sn_fesys_strain (total strain). SN_OK,
 * SN_ERR_ARG, SN_ERR_NAN, SN_ERR_NOMEM. A thermal strain in a geometrically nonlinear element
 * (NLGEOM, *HYPERELASTIC) and C3D8I geometrically nonlinear: SN_ERR_FORMAT from
 * sn_fesys_internal, with the element in msg. */
int sn_fesys_set_temperature(sn_fesys *S, const double *T);
/* 1 if the internal force is linear in u (no nonlinear spring, no *HYPERELASTIC material; with
 * nlgeom, no truss and no continuum element) */
int sn_fesys_is_linear(const sn_fesys *S, int nlgeom);
/* NLGEOM output measures for sn_fesys_stress / sn_fesys_strain (nlgeom 1): continuum elements
 * report the Cauchy stress F S F^T / J and the Green-Lagrange strain (sn_element_stress_nlgeom);
 * 0 (the default): the small-strain stress and strain (hyperelastic elements: always the former). */
void sn_fesys_set_nlgeom(sn_fesys *S, int nlgeom);
/* The elements sn_fesys_internal assembles: own[e] != 0 for each (ne bytes, copied), NULL for
 * every element (the default). With a share, the internal force and the tangent are this
 * share's sums (K's pattern made for it): a model split over MPI ranks, each assembling its
 * elements and the sums taken over the ranks (docs/parallel.md, "The model split"). Stresses,
 * strains, loads and masses still cover every element. SN_ERR_ARG for a model with *PLASTIC
 * (its history is committed element by element); SN_ERR_NOMEM. */
int sn_fesys_set_owned(sn_fesys *S, const unsigned char *own);
/* active[dof] = 1 for dofs some element uses (ndof ints, owned by S) */
const unsigned char *sn_fesys_active(const sn_fesys *S);

/* Internal force fint(u) (ndof, overwritten). If K is not NULL, also the tangent stiffness
 * restricted to the dofs with eq[dof] >= 0, numbered eq[dof], upper triangle, into *K (built on
 * the first call for a given eq, reused - values refreshed - while eq is unchanged: pass the
 * same eq array and keep *K; a different neq or eq_version rebuilds it).
 * nlgeom: trusses and continuum elements in total Lagrangian form (sn_truss_nlgeom,
 * sn_element_nlgeom); springs stay small-displacement. Elements of a *HYPERELASTIC material are
 * always in total Lagrangian form (neo-Hookean; CalculiX does the same without NLGEOM). */
int sn_fesys_internal(sn_fesys *S, const double *u, int nlgeom, double *fint, const int *eq,
                      int neq, int eq_version, sn_csc **K, char *msg, size_t msglen);

/* Use the constraint map T (kept by the caller; NULL: none) from now on: eq given to
 * sn_fesys_internal then numbers the independent q, and the tangent is T^T K T on them. */
void sn_fesys_set_dofmap(sn_fesys *S, const sn_dofmap *T);
/* *PLASTIC: the J2 history of every plastic integration point recomputed at the converged u
 * (the return mapping from the committed state) and committed; sn_fesys_internal always starts
 * from the committed state, so that an increment that is cut back and retried starts from the
 * last converged one. Call it once per converged increment, before sn_fesys_stress. No-op
 * without *PLASTIC. */
int sn_fesys_commit(sn_fesys *S, const double *u, int nlgeom, char *msg, size_t msglen);
/* Equivalent plastic strain (PEEQ) at every integration point (ip_offset layout; 0 for elements
 * without *PLASTIC), from the committed history. */
int sn_fesys_peeq(const sn_fesys *S, double *Pip);
/* The committed history (SN_J2_NHIST per integration point, ip_offset layout), NULL without
 * *PLASTIC (owned by S). */
const double *sn_fesys_history(const sn_fesys *S);

/* Consistent nodal forces of a pressure p on face `face` of element e, and of the body
 * acceleration g (3 components) on element e, added to f (ndof). */
int sn_fesys_pressure(sn_fesys *S, int e, int face, double p, double *f);
int sn_fesys_gravity(sn_fesys *S, int e, const double *g, double *f);
/* The pressure on the deformed face (element nodes at X + u, u: ndof): the follower load of
 * NLGEOM steps (CalculiX: pressure acts on the current surface), without its load stiffness. */
int sn_fesys_pressure_current(sn_fesys *S, int e, int face, double p, const double *u, double *f);

/* Mass matrix restricted to the dofs with eq[dof] >= 0, numbered eq (neq x neq, both triangles,
 * CSC): consistent (lumped 0), lumped (1: HRZ diagonal) or consistent at the elements' stiffness
 * points (2: CalculiX' mass, sn_element_mass), from the materials' *DENSITY (0 when
 * none); rigid-body nodes add to their reference node's dofs. SN_OK, SN_ERR_ARG, SN_ERR_NOMEM,
 * SN_ERR_FORMAT (degenerate element). */
int sn_fesys_mass(const sn_fesys *S, int lumped, const int *eq, int neq, sn_csc **M);
/* What a linear perturbation step adds to the tangent of sn_fesys_internal(u, nlgeom): the
 * initial-stress (geometric) stiffness of the integration-point stresses Sip (as
 * sn_fesys_stress gives them) and, u not NULL, the large-displacement stiffness of 3D solids at
 * u (sn_element_stress_stiffness per element, axisymmetric ones times 2 pi), on the dofs with
 * eq[dof] >= 0, numbered eq: upper triangle, CSC. The elements whose tangent already holds both
 * are left out: with nlgeom the trusses and continuum elements (total Lagrangian), and
 * hyperelastic ones always. */
int sn_fesys_stress_stiffness(const sn_fesys *S, const double *u, const double *Sip, int nlgeom, const int *eq,
                              int neq, sn_csc **Kg);

/* Stresses for displacement u: nodal values averaged over the elements that share a node
 * (Snode: nnodes x 6, may be NULL), and integration-point values (Sip: sum over elements of
 * nip x 6, element e starting at ip_offset[e] * 6; may be NULL). Continuum elements only;
 * trusses give S11 (axial stress) at their nodes, springs nothing. */
int sn_fesys_stress(const sn_fesys *S, const double *u, double *Snode, double *Sip);
/* Strains, the same way (from the stresses by the isotropic compliance: plane-stress and
 * axisymmetric out-of-plane components included); shear components are TENSOR components
 * (e12 = gamma12 / 2), as CalculiX prints E. */
int sn_fesys_strain(const sn_fesys *S, const double *u, double *Enode, double *Eip);
/* Both at once, one element pass (any output may be NULL): what sn_fesys_stress and
 * sn_fesys_strain give. */
int sn_fesys_stress_strain(const sn_fesys *S, const double *u, double *Snode, double *Sip, double *Enode, double *Eip);
/* per node: the reference node of the *RIGID BODY it belongs to, or -1 (nnodes ints, owned by
 * S). A rigid body's nodes move with the TRANSLATION of its reference node (rotations are not
 * modelled): elements use the reference node's dofs in place of theirs, so that loads on a
 * rigid body act on its reference node, which may be loaded (*CLOAD) or prescribed. */
const int *sn_fesys_rigid_ref(const sn_fesys *S);
/* per element (nelems values): the internal energy 1/2 ue^T Ke ue of displacement u with the
 * small-strain stiffness (springs: the area under their law), CalculiX' ELSE for linear
 * elastic elements in small deformations (not the stored energy of NLGEOM or hyperelastic
 * elements); vol (may be NULL):
 * the element volumes (EVOL; 0 for springs) */
int sn_fesys_element_energy(const sn_fesys *S, const double *u, double *ener, double *vol);
/* integration-point offsets (nelems + 1 ints, owned by S) */
const int *sn_fesys_ip_offset(const sn_fesys *S);

/* ---- quasi-static incremental analysis ---- */
typedef struct {
  int step, increment;     /* 1-based step; increment within the step */
  int total_increment;     /* 1-based over the whole run */
  double step_time, total_time, load_factor;   /* load_factor = step_time / period */
  int newton_iterations;
  double residual;         /* relative residual of the last Newton iteration */
  int cutbacks;            /* cutbacks before this increment converged */
  const double *u;         /* ndof: displacements */
  const double *rf;        /* ndof: reactions (0 at unconstrained dofs) */
  const double *fext;      /* ndof: external forces */
  const double *s_node;    /* nnodes x 6 averaged nodal stresses */
  const double *s_ip;      /* integration-point stresses (see sn_fesys_stress) */
  const unsigned char *constrained;   /* ndof: 1 where a displacement is prescribed */
  /* contact (models with *CONTACT PAIR): the points of the last contact solve, their total
   * forces r (dim per point, normal first, in the point's frame) and local relative
   * displacements (normal: the new gap; tangential: the slip of this increment) */
  int ncontact;
  const sn_contact_point *contact;
  const double *contact_r, *contact_u;
  const char *contact_solver;        /* registry name that solved the last contact problem */
  int contact_iterations;
  double contact_error;
  const double *residuals;           /* the relative residual of every Newton iteration of the
                                        increment (the first 256) */
  int nresiduals;
  const double *v;         /* ndof: velocities of a dynamic analysis (NULL in static ones: the
                              output then writes no V array) */
  const double *temp;      /* nnodes: temperatures (*INITIAL CONDITIONS, *TEMPERATURE, heat
                              transfer steps), NULL when the model has none */
  const double *contact_cdis;   /* per contact point (dim, its frame): the gap and the tangential
                                   relative displacement accumulated while its node is in contact,
                                   CalculiX' CDIS (static analyses; NULL: none, contact_u is used) */
  const double *e_node, *e_ip;  /* total strains as sn_fesys_strain gives them, computed with the
                                   stresses when sn_static_settings.want_strain (else NULL) */
} sn_increment;

/* Called after every converged increment; a non-zero return stops the run (its value is
 * returned by sn_static_run). */
typedef int (*sn_increment_fn)(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                               void *user);

/* The result of a *FREQUENCY step (docs/deck.md, "*FREQUENCY"): the eigenvalues lambda =
 * omega^2 of K x = lambda M x (K the step's stiffness, M the consistent mass, both on the dofs
 * not prescribed), ascending, with their M-orthonormal modes over all dofs (0 where
 * prescribed), and CalculiX' participation factors (phi^T M r for the rigid-body translations
 * x, y, z and rotations about the x, y, z axes through the origin) and effective modal masses
 * (their squares), and the total effective masses r^T M r. */
typedef struct {
  int step;                /* 1-based */
  int nev;                 /* eigenpairs reported */
  double time;             /* total time at the end of the step (a *FREQUENCY step lasts 1, as
                              in CalculiX) */
  double start_time;       /* total time at its start */
  const double *eigenvalue;    /* nev */
  const double *mode;      /* ndof x nev, column-major */
  const double *participation; /* 6 per mode */
  const double *effective_mass;    /* 6 per mode */
  double total_mass[6];
  int perturbation;        /* the stiffness is the base state's tangent (*STEP, PERTURBATION) */
  int contact_springs;     /* closed contact points that added springs */
  int frictional;          /* some of them with friction (stick springs): CalculiX' stiffness is
                              then nonsymmetric and it prints the table of its complex solver
                              (frequencies only); signorini's stick springs are symmetric */
  int dense;               /* solved by LAPACK (1) or ARPACK (0) */
  int nodal_diameter;      /* *SELECT CYCLIC SYMMETRY MODES: the modes' nodal diameter; -1 none */
} sn_frequency_result;

/* Called after each *FREQUENCY step; a non-zero return stops the run. */
typedef int (*sn_frequency_fn)(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res,
                               void *user);

typedef struct {
  double tol;              /* relative residual tolerance of the Newton iterations (1e-8) */
  int max_newton;          /* Newton iterations before a cutback (16) */
  double cutback;          /* increment factor on failure (0.25) */
  double grow;             /* increment factor after two fast increments (1.5) */
  /* equation solver: 0 automatic (CHOLMOD unless the predicted factor exceeds direct_limit_gb,
   * then conjugate gradients; a step's *STATIC, SOLVER= overrides), 1 CHOLMOD, 2 Jacobi-
   * preconditioned CG (relative tolerance cg_tol, at most cg_max_iter iterations per solve) */
  int linear_solver;
  double direct_limit_gb;  /* 4 */
  double cg_tol;           /* 1e-10 */
  int cg_max_iter;         /* 20000 */
  int fresh_factor;        /* 1: keep no factorization between the contact solves of the run
                              (every solve factorizes anew; for checks of the reuse) */
  sn_increment_fn on_increment;
  /* NULL (default), or called for each converged increment of a *STATIC step (not in *DYNAMIC,
   * heat-transfer, modal or *FREQUENCY steps, which call on_increment only) just before its
   * stresses and strains are recovered, with the increment as
   * on_increment will get it but s_node, s_ip, e_node and e_ip NULL: an output can start there
   * what needs only the displacements, reactions, contact forces and residuals (signorini run
   * draws its charts meanwhile, docs/results.md). The same increment's on_increment follows
   * unless the run fails in between; a non-zero return stops the run; its time counts as output
   * (sn_static_info.output_seconds). */
  sn_increment_fn on_converged;
  void *user;
  sn_frequency_fn on_frequency;  /* *FREQUENCY steps' results (NULL: none; user as above) */
  int want_strain;         /* 1: each increment's total strains too (sn_increment.e_node, e_ip),
                              in the same element pass as its stresses (0) */
  int threads;             /* threads of the library's own parallel loops (element assembly, the
                              contact solver's; docs/threads.md): 0 or 1 one (default 1); the
                              results do not depend on it, bit for bit */
  double blas_min_flops;   /* 0 (default): OpenBLAS' thread count is left as the caller set it.
                              > 0, with threads > 1, for a caller that owns the process's BLAS
                              (signorini run): at its first Newton iteration the run predicts its
                              dense work (the stiffness factor's flops in fronts of 2 000 rows or
                              more, sn_chol_predict_fronts, plus a dense factorization of the
                              contact rows) and, below this, runs on one OpenBLAS thread (sn_set_openblas_threads(1)), set
                              back to `threads` when it returns; the results do not depend on it.
                              PROCESS-WIDE, as sn_set_blas_threads (docs/threads.md) */
  int petsc;               /* 1: each contact increment's global problem (CONTACT=LAGRANGE or
                              INTERIOR) by the distributed ADMM over MPI (sn_gfc_admm_petsc,
                              signorini/petsc.h) instead of the step's solver, the serial chain
                              after it where it fails. COLLECTIVE: after sn_petsc_start, every
                              rank runs the same analysis (every rank holds the whole model; on
                              two ranks or more each assembles its share of the elements in the
                              increments that allow it: docs/parallel.md, "The model split").
                              0 (default): none */
  int petsc_whole;         /* with petsc: 1 every rank assembles the whole model (no split);
                              0 (default): the split where the increment allows it */
  int checked;             /* 1: the caller has just run sn_static_check on this model, which
                              sn_static_run then does not run again (it builds the element
                              system once to check it: 3 ms of the bench Hertz deck); 0 (default) */
  int extrapolate;         /* 1 (default): the penalty treatments (CONTACT=PENALTY, AUGMENTED) on
                              small-strain linear elastic models start each increment after a
                              step's first from the displacements extrapolated linearly in time
                              from the last two converged increments (docs/solvers.md, "Finite-
                              element contact"); 0: from the last converged ones */
  int penalty_schur;       /* 1 (default): on such models the penalty Newton steps are solved on
                              the contact rows' Schur complement of a factor of K made once
                              (docs/solvers.md); 0: K + contact stiffness factorized at every
                              step (GMRES where slipping points make it non-symmetric) */
} sn_static_settings;

typedef struct {
  int status;              /* SN_OK or an error */
  int increments, cutbacks, newton_iterations;
  double seconds, factor_seconds;   /* factor_seconds: the equations of the Newton steps outside
                                       the contact solver (CHOLMOD factorizations and solves, CG,
                                       GMRES / UMFPACK) */
  int ndof, nfree;
  int iterative;           /* 1 if conjugate gradients solved the last step's equations */
  int contact_solves;      /* frictional contact problems solved (models with contact pairs) */
  int uzawa_iterations;    /* multiplier updates of the augmented Lagrangian treatment */
  int cg_iterations;       /* total over the run */
  double predicted_factor_gb;   /* the CHOLMOD factor size predicted by the automatic choice (0
                                   when not predicted: small models go to CHOLMOD directly) */
  double predicted_flops;  /* the dense work's flops predicted for
                              sn_static_settings.blas_min_flops (0 when not predicted) */
  int blas_threads_lowered;   /* 1: the run's OpenBLAS calls ran on one thread (blas_min_flops) */
  int gmres_iterations;    /* penalty / augmented Lagrangian: GMRES products of the slipping
                              (non-symmetric) Newton steps, over the run */
  int lu_fallbacks;        /* penalty Newton steps solved by UMFPACK: non-symmetric ones GMRES did not
                              solve, and symmetric ones whose matrix is not positive definite */
  /* wall time by phase (seconds; with factor_seconds they add up to nearly `seconds`, the
   * rest being increment bookkeeping): element loops (internal forces, tangent, stresses,
   * penalty contact terms), the Lagrange-type contact solves (detection, the contact problem,
   * and the equations solved inside the contact solver, e.g. ADMM's factorization of
   * K + rho H H^T), and the on_increment callback (the results written by `signorini run`) */
  double assembly_seconds, contact_seconds, output_seconds;
  int frequency_steps;     /* *FREQUENCY steps run */
  int factor_reuses;       /* contact solves that reused a factorization of an earlier one
                              (ADMM's M + rho H H^T and reduced form, or the condensed W) */
  int petsc_solves;        /* contact solves by the distributed ADMM (sn_static_settings.petsc) */
  int petsc_reuses;        /* of those, the ones that reused an earlier one's split, matrices
                              and multigrid (sn_petsc_cache) */
  int split_solves;        /* of those, the ones on the model split over the ranks (this rank
                              assembled its share of the elements) */
  int split_elements;      /* the elements this rank assembled there (0: no split) */
  int split_ranks;         /* the ranks the model was split over (0: no split) */
  int penalty_schur_steps; /* penalty Newton steps solved on the contact rows' Schur complement */
  int penalty_schur_factors;   /* factorizations of K (contact rows last) they were made from */
  int penalty_schur_reuses;    /* of those steps, the ones solved by GMRES on the dense
                                  factorization of an earlier step */
} sn_static_info;

void sn_static_settings_default(sn_static_settings *s);
/* Run every *STEP of the model (static; small strain, or NLGEOM: trusses and continuum elements in
 * total Lagrangian form; nonlinear springs).
 * Loads and prescribed displacements persist from one step to the next (Abaqus' OP=MOD);
 * within a step a load without amplitude ramps linearly from its value at the end of the
 * previous step to its new value, one with an *AMPLITUDE follows it. Increments as *STATIC
 * says: DIRECT fixed, otherwise automatic (cut back by `cutback` when Newton fails, down to the
 * minimum; grown by `grow` after two increments converged in at most 4 iterations, up to the
 * maximum; INC= increments at most). A model with contact pairs is refused (SN_ERR_ARG): contact
 * comes with the contact analysis. Errors come back in msg (deck line where known). */
int sn_static_run(const sn_model *m, const sn_static_settings *s, sn_static_info *info,
                  char *msg, size_t msglen);
/* The checks sn_static_run makes before its first increment (contact pairs, steps, element
 * geometry, sections and materials; a *DYNAMIC step is refused: sn_dynamic_run runs those),
 * without running: call it before creating output files. */
int sn_static_check(const sn_model *m, char *msg, size_t msglen);

/* ---- dynamic analysis (*DYNAMIC steps; docs/fe-dynamics.md) ----
 * Linear elastodynamics (small strain) M a + C v + K u = f_ext + contact, C = alpha M + beta K
 * (*DAMPING), integrated by the Moreau-Jean time-stepping scheme (Jean 1999, "The non-smooth
 * contact dynamics method", CMAME 177; Acary 2016, "Energy conservation and dissipation
 * properties of time-integration methods for nonsmooth elastodynamics with contact", ZAMM 96):
 * theta method on the smooth forces, velocity-level Signorini condition with Newton's impact
 * law and Coulomb friction on the contact points (the static analysis' node-to-surface
 * detection) that are active at the step's predicted gap; each step's global frictional
 * contact problem (M + h theta C + h^2 theta^2 K) v+ = f + H p, u = H^T v+ + w, solved through
 * the registry: condensed on the contact unknowns (W = H^T M_hat^-1 H) and solved by
 * sn_fc_solve by default, or by sn_gfc_solve as it is when *STEP, SOLVER= names a solver of
 * global problems. Fixed time steps (the *DYNAMIC initial increment). */
typedef struct {
  double time;             /* total time */
  double kinetic;          /* 1/2 v^T M v */
  double strain;           /* 1/2 u^T K u */
  double external_work;    /* work of the loads since the start, sum of f_theta . (u+ - u) */
  double contact_dissipation;   /* minus the work of the contact impulses, sum of -p . v_theta
                                   (>= 0: energy taken by impacts and friction) */
  double damping_dissipation;   /* Rayleigh damping, sum of h v_theta^T C v_theta */
  double total;            /* kinetic + strain + contact and damping dissipation - external
                              work: constant (the initial energy) for theta = 1/2; for theta >
                              1/2 it decreases by the scheme's numerical dissipation (with fixed
                              supports: the work of reactions at moving prescribed dofs is not
                              counted) */
} sn_dyn_energy;

/* Called after every time step, and once before the first with the initial state (output: 1
 * every settings.output_every steps, at the end of each *STEP and for the initial state;
 * inc->rf, s_node and s_ip only then, NULL otherwise). inc->v holds the velocities; the
 * contact arrays hold the points detected at the step's start with the mean contact forces
 * over the step (impulse / h) and, per point, the local relative displacements as in the
 * static analysis (normal: the new gap to first order; tangential: the slip of the step).
 * inc->total_increment counts the time steps (0: the initial state). A non-zero return stops
 * the run and is returned. */
typedef int (*sn_dynamic_fn)(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                             const sn_dyn_energy *e, int output, void *user);

typedef struct {
  double tol;              /* contact solver tolerance (1e-10) */
  int max_iter;            /* contact solver iterations (sn_settings' max_iter, 5000) */
  int output_every;        /* 0: automatic, at most 100 outputs per step (every ceil(n / 100) time steps) */
  sn_dynamic_fn on_step;
  void *user;
  int threads;             /* threads of the library's own loops (the element passes, the contact
                              solver's; docs/threads.md): 0 or 1 one (default), as
                              sn_static_settings.threads; the results do not depend on it */
  double condensed_max_mb; /* without SOLVER= on the *STEP: where the condensed problem cannot
                              take W from the block of M_hat^-1 on the contact rows (soft points,
                              more than 4 000 rows), it is formed by one solve per contact
                              unknown, holding Z = M_hat^-1 H_a dense; where Z would exceed this
                              many MiB the step's problem is solved in global form by ADMM
                              instead (M_hat and H kept sparse; docs/fe-dynamics.md, "Cost of a
                              contact step"). 0: 512 */
  int delassus_max_rows;   /* the most contact rows whose block of M_hat^-1 the condensed route
                              keeps (|rows|^2 doubles); above, one solve per contact unknown, or
                              the global form (condensed_max_mb). 0: 4 000 */
} sn_dynamic_settings;

typedef struct {
  int status;              /* SN_OK; a positive SN_* (the first such solver status) when the run
                              completed but some time step's contact problem missed tol (see
                              contact_missed); or a negative SN_ERR_* */
  int steps;               /* time steps over all *STEPs */
  int ndof, nfree;
  double mass;             /* total mass of the free dofs in direction 1 */
  int contact_steps;       /* time steps with active contact points (a contact problem solved) */
  int contact_missed;      /* of those, the ones whose solver did not reach tol (accepted: the
                              run goes on with the solver's last iterate) */
  int first_missed;        /* the first of them (time step over the run, 1-based; 0: none) */
  double missed_error;     /* the largest solver error among them */
  int contact_iterations;  /* solver iterations, over the run */
  double seconds, assembly_seconds, contact_seconds, output_seconds;
  sn_dyn_energy energy;    /* at the end */
  int delassus_blocks;     /* condensed contact problems whose W = H^T M_hat^-1 H came from the
                              block of M_hat^-1 on the contact rows (no solve per contact
                              unknown; docs/fe-dynamics.md, "Cost of a contact step") */
  int delassus_setups;     /* factorizations of M_hat made for that block (its rows last) */
  int global_fallbacks;    /* contact steps solved in global form by ADMM because the per-column
                              route's Z would exceed condensed_max_mb (no SOLVER= named) */
} sn_dynamic_info;

void sn_dynamic_settings_default(sn_dynamic_settings *s);
/* 1 when some *STEP of m is a *DYNAMIC one */
int sn_model_is_dynamic(const sn_model *m);
/* The checks sn_dynamic_run makes before its first step: every *STEP dynamic (a deck mixing
 * *STATIC and *DYNAMIC steps is refused), CONTACT=LAGRANGE (or the default), a positive density
 * for every element but springs, initial velocities within the model's dofs. */
int sn_dynamic_check(const sn_model *m, char *msg, size_t msglen);
/* Runs every step. SN_OK; a positive status when every time step ran but some contact problem
 * missed the tolerance (info->contact_missed, first_missed, missed_error; msg says so); a
 * negative SN_ERR_* with msg ("line N: ..." when a deck line is to blame) otherwise. */
int sn_dynamic_run(const sn_model *m, const sn_dynamic_settings *s, sn_dynamic_info *info,
                   char *msg, size_t msglen);

/* ---- results of a run on disk ----
 * In folder dir (which must exist): BASE.NNNN.vtu per increment (point arrays U, RF, S with S11..S23, and E with
 * E11..E23 when an *EL FILE or *EL PRINT asks for E; NodeId; cell array ElementId), BASE.pvd
 * (the ParaView series, time = total time, rewritten after every increment), and BASE.dat with
 * the *NODE PRINT (U, RF) and *EL PRINT (S, E) tables the deck requests, in CalculiX' layout
 * (docs/results.md). Every file is written atomically. *NODE FILE / *EL FILE requests are
 * accepted: the VTU files always hold U, RF and S. Other variables are refused by
 * sn_run_output_open with the deck line.
 * For contact models: the contact arrays CPRESS, CSHEAR, CGAP, CSTATUS, CSLIP in the VTU files,
 * BASE_contact.csv, and the *CONTACT PRINT tables (CSTR, CDIS), all in one local frame and
 * sign convention (CalculiX' tangent directions: docs/results.md, "Contact results").
 * Plots next to them (PNG, cairo; axes labelled with the deck's declared units):
 * BASE_convergence.png (the Newton residuals of every increment; a bar per increment when
 * none took more than one iteration), and for contact models BASE_contact_pressure.png and
 * BASE_contact_shear.png (pressure and shear along the contact region, in 3D the largest across
 * it at each position, one curve per
 * increment) and BASE_load.png (total normal and tangential contact force against the
 * largest displacement; bars for a single increment). The plots are drawn when a step ends
 * (and by sn_run_output_finish), not after every increment, unless sn_run_output_configure
 * asks for SN_PLOTS_INCREMENT.
 * Threads: an increment's .dat tables (formatted before sn_run_output_increment returns: they
 * read the element state), .vtu, contact CSV, .pvd and .frd blocks are written on a thread of
 * their own from a copy of its results while the analysis computes the next increment; a step's
 * last increment is written before it returns (with or without plots). The plots are drawn on
 * another thread (started by sn_run_output_converged when the analysis calls it) while the
 * increment's other files are written, and are on disk when it returns; from sn_run_output_configure on, the same thread loads the plot module and its fonts
 * while the analysis computes (so another thread of the program must not draw with
 * sn_plot_lines during a run: cairo's font caches are shared); from sn_run_output_open on,
 * another composes BASE.frd's model text (nodes and elements) when some step has a file
 * request. So m must stay valid and unchanged from sn_run_output_open to sn_run_output_close.
 * These threads block every signal. A signal handler that calls sn_run_output_on_signal while
 * one of them is writing removes their temporaries twice, 10 ms apart; a temporary created in
 * the instant between the second pass and the end of the process stays (the next run into the
 * folder removes it). */
typedef struct sn_run_output sn_run_output;
/* when the static plots are drawn: at the end of every step (default), after every increment
 * (each rewritten whole), or never */
typedef enum { SN_PLOTS_STEP = 0, SN_PLOTS_INCREMENT = 1, SN_PLOTS_NONE = 2 } sn_plot_when;
/* Takes the folder for this run: a lock (dir/.signorini.lock, removed by sn_run_output_close;
 * a second run into the same folder, from this process or another, gets SN_ERR_IO and a message
 * naming the owner's process), then removes the earlier results of the same base there
 * (BASE.NNNN.vtu of any number, BASE.pvd, BASE.dat, the contact CSV, the plots, the energy CSV and plot, and temporaries
 * left by a killed run), so that a rerun replaces them. BASE.dat is created with the first
 * printed table (none without a *NODE PRINT, *EL PRINT or *CONTACT PRINT). On a file system
 * without locks the run goes on unlocked, and sn_run_output_note says so. */
int sn_run_output_open(const char *dir, const char *base, const sn_model *m, sn_run_output **out,
                       char *msg, size_t msglen);
/* 1 when some output request asks for strains (E, ENER): set sn_static_settings.want_strain
 * then, so that each increment's strains come with its stresses in one element pass */
int sn_run_output_wants_strain(const sn_run_output *R);
/* sn_increment_fn-compatible: user = the sn_run_output */
int sn_run_output_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                            void *user);
/* sn_increment_fn-compatible, for sn_static_settings.on_converged (user = the sn_run_output):
 * the charts of an increment that will draw them (a step's end, or every increment with
 * SN_PLOTS_INCREMENT) are started here, on their thread, while the analysis recovers the
 * increment's stresses; sn_run_output_increment then waits for them as before. Optional: without
 * it sn_run_output_increment starts them itself; with it, every call must be followed by the
 * same increment's sn_run_output_increment (a second call first: SN_ERR_ARG). An increment
 * whose output never comes (the run stopped in between) is left out of the charts again by
 * sn_run_output_finish. */
int sn_run_output_converged(const sn_model *m, const sn_fesys *S, const sn_increment *inc,
                            void *user);
/* sn_frequency_fn-compatible (user = the sn_run_output): a *FREQUENCY step's results: in BASE.dat
 * CalculiX' eigenvalue output, participation factors, effective modal masses and total
 * effective mass, then per mode the step's *NODE PRINT / *EL PRINT tables (U the mode, RF its
 * internal forces K phi, S and E its stresses and strains) under "E I G E N V A L U E    N U M B E R";
 * one .vtu per mode (U, RF, S), numbered after the increments, in the series at time
 * t0 + k / nev for mode k of nev (t0: the step's start). */
int sn_run_output_frequency(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user);
/* BASE_energy.csv (time, kinetic, strain, contact_dissipation, damping_dissipation,
 * external_work, total) and the plot BASE_energy.png of the n rows of a dynamic run so far,
 * both rewritten whole (atomically). */
int sn_run_output_energy(sn_run_output *o, const sn_model *m, const sn_dyn_energy *rows, int n);
/* The VTU encoding (default SN_VTU_RAW: raw appended data) and when the plots are drawn
 * (default SN_PLOTS_STEP); call before the first increment. */
void sn_run_output_configure(sn_run_output *o, sn_vtu_encoding vtu, sn_plot_when plots);
/* Durability (default off): on, every file of the run and the folder's entries are synced to
 * disk (fsync) when the run ends (sn_run_output_finish, or sn_run_output_close for a run that did
 * not finish), and the files so far at a step's end while its charts are drawn; a dynamic run's
 * energy CSV and plot before their rename; so that a power failure after a completed run loses
 * none of them. Off, every file is still complete when it appears under its name (a temporary
 * renamed in, or appended to in place), and the operating system writes it to disk in its own
 * time (the writeback of each increment's .vtu, the appends and the charts started at once).
 * Call before the first increment. */
void sn_run_output_set_fsync(sn_run_output *o, int on);
/* After the run, whether it completed or stopped: draws the plots of the increments written
 * since the last drawing (a run that stopped within a step); SN_OK when there are none. */
int sn_run_output_finish(sn_run_output *o, const sn_model *m);
/* message of the last failure of sn_run_output_increment or sn_run_output_finish ("" if none) */
const char *sn_run_output_error(const sn_run_output *o);
int sn_run_output_count(const sn_run_output *o);   /* increments written or being written */
/* Waits for the files of the last increment, which sn_run_output_increment hands to a thread of
 * their own and returns (they are written while the analysis computes the next increment; a
 * failure to write them is returned by the next sn_run_output_increment, or here, by
 * sn_run_output_finish and sn_run_output_energy). SN_OK or that failure (message in
 * sn_run_output_error). */
int sn_run_output_wait(sn_run_output *o);
/* a note for the user about the output folder ("" if none): the file system has no locks */
const char *sn_run_output_note(const sn_run_output *o);
/* For a SIGINT / SIGTERM handler (async-signal-safe: unlink and nanosleep only, no allocation, no
 * lock): removes the temporary files the writers may hold, twice 10 ms apart, and the lock file. The process is
 * expected to end right after (re-raise the signal); o must not be used any more. */
void sn_run_output_on_signal(const sn_run_output *o);
/* Waits for the last increment's files (a failure to write them is not reported here: call
 * sn_run_output_finish, or sn_run_output_wait, first), syncs what is not synced (with
 * sn_run_output_set_fsync), releases the folder, frees o. */
void sn_run_output_close(sn_run_output *o);

#ifdef __cplusplus
}
#endif
#endif
