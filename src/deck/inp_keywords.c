/* Keywords of CalculiX and Abaqus that signorini knows but does not support (yet): a deck
 * that uses one gets "*KEYWORD is not supported yet", not "unknown keyword", so that a typo
 * and a missing feature read differently. Keys are written as the reader compares them:
 * blanks removed, upper case. */
#include "io/inp_internal.h"

#include <stdio.h>
#include <string.h>

#include "signorini/solver.h"

static const char *const unsupported[][2] = {
  /* procedures */
  {"FREQUENCY", "*FREQUENCY"}, {"HEATTRANSFER", "*HEAT TRANSFER"},
  {"MODALDYNAMIC", "*MODAL DYNAMIC"}, {"STEADYSTATEDYNAMICS", "*STEADY STATE DYNAMICS"},
  {"COMPLEXFREQUENCY", "*COMPLEX FREQUENCY"}, {"BUCKLE", "*BUCKLE"}, {"VISCO", "*VISCO"},
  {"CREEP", "*CREEP"}, {"COUPLEDTEMPERATURE-DISPLACEMENT", "*COUPLED TEMPERATURE-DISPLACEMENT"},
  {"UNCOUPLEDTEMPERATURE-DISPLACEMENT", "*UNCOUPLED TEMPERATURE-DISPLACEMENT"},
  {"SENSITIVITY", "*SENSITIVITY"}, {"ELECTROMAGNETICS", "*ELECTROMAGNETICS"}, {"GREEN", "*GREEN"},
  {"NOANALYSIS", "*NO ANALYSIS"}, {"SUBSTRUCTUREGENERATE", "*SUBSTRUCTURE GENERATE"},
  {"SELECTCYCLICSYMMETRYMODES", "*SELECT CYCLIC SYMMETRY MODES"},
  /* constraints and couplings */
  {"EQUATION", "*EQUATION"}, {"TIE", "*TIE"}, {"MPC", "*MPC"}, {"COUPLING", "*COUPLING"},
  {"KINEMATIC", "*KINEMATIC"}, {"DISTRIBUTING", "*DISTRIBUTING"},
  {"DISTRIBUTINGCOUPLING", "*DISTRIBUTING COUPLING"}, {"TRANSFORM", "*TRANSFORM"},
  {"CYCLICSYMMETRYMODEL", "*CYCLIC SYMMETRY MODEL"}, {"PRE-TENSIONSECTION", "*PRE-TENSION SECTION"},
  {"SUBMODEL", "*SUBMODEL"},
  /* materials other than linear elasticity */
  {"PLASTIC", "*PLASTIC"}, {"HYPERELASTIC", "*HYPERELASTIC"}, {"HYPERFOAM", "*HYPERFOAM"},
  {"DEFORMATIONPLASTICITY", "*DEFORMATION PLASTICITY"}, {"CYCLICHARDENING", "*CYCLIC HARDENING"},
  {"EXPANSION", "*EXPANSION"}, {"CONDUCTIVITY", "*CONDUCTIVITY"}, {"SPECIFICHEAT", "*SPECIFIC HEAT"},
  {"USERMATERIAL", "*USER MATERIAL"}, {"DEPVAR", "*DEPVAR"},
  {"ELECTRICALCONDUCTIVITY", "*ELECTRICAL CONDUCTIVITY"},
  {"MAGNETICPERMEABILITY", "*MAGNETIC PERMEABILITY"},
  /* sections and elements */
  {"SHELLSECTION", "*SHELL SECTION"}, {"BEAMSECTION", "*BEAM SECTION"},
  {"MEMBRANESECTION", "*MEMBRANE SECTION"}, {"FLUIDSECTION", "*FLUID SECTION"},
  {"USERELEMENT", "*USER ELEMENT"}, {"DASHPOT", "*DASHPOT"}, {"MASS", "*MASS"},
  {"ORIENTATION", "*ORIENTATION"}, {"NORMAL", "*NORMAL"}, {"DISTRIBUTION", "*DISTRIBUTION"},
  /* parts and assemblies */
  {"PART", "*PART"}, {"ENDPART", "*END PART"}, {"ASSEMBLY", "*ASSEMBLY"},
  {"ENDASSEMBLY", "*END ASSEMBLY"}, {"INSTANCE", "*INSTANCE"}, {"ENDINSTANCE", "*END INSTANCE"},
  /* initial state, temperatures, thermal loads */
  {"TEMPERATURE", "*TEMPERATURE"},
  {"PHYSICALCONSTANTS", "*PHYSICAL CONSTANTS"}, {"VALUESATINFINITY", "*VALUES AT INFINITY"},
  {"CFLUX", "*CFLUX"}, {"DFLUX", "*DFLUX"}, {"FILM", "*FILM"}, {"RADIATE", "*RADIATE"},
  /* contact options and changes between steps */
  {"MODELCHANGE", "*MODEL CHANGE"}, {"CHANGEFRICTION", "*CHANGE FRICTION"},
  {"CHANGESURFACEBEHAVIOR", "*CHANGE SURFACE BEHAVIOR"}, {"CHANGEMATERIAL", "*CHANGE MATERIAL"},
  {"CHANGEPLASTIC", "*CHANGE PLASTIC"}, {"CHANGESOLIDSECTION", "*CHANGE SOLID SECTION"},
  {"CONTACTDAMPING", "*CONTACT DAMPING"}, {"GAP", "*GAP"}, {"GAPCONDUCTANCE", "*GAP CONDUCTANCE"},
  {"GAPHEATGENERATION", "*GAP HEAT GENERATION"}, {"CLEARANCE", "*CLEARANCE"},
  {"CONTACTINTERFERENCE", "*CONTACT INTERFERENCE"}, {"CONTROLS", "*CONTROLS"},
  {"TIMEPOINTS", "*TIME POINTS"},
  /* output requests other than the *... PRINT / FILE ones of docs/deck.md */
  {"CONTACTFILE", "*CONTACT FILE"}, {"CONTACTOUTPUT", "*CONTACT OUTPUT"},
  {"NODEOUTPUT", "*NODE OUTPUT"}, {"ELEMENTOUTPUT", "*ELEMENT OUTPUT"}, {"OUTPUT", "*OUTPUT"},
  {"SECTIONPRINT", "*SECTION PRINT"}, {"FACEPRINT", "*FACE PRINT"}, {"RESTART", "*RESTART"},
};

const char *sn_inp_unsupported(const char *key)
{
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
    if (!strcmp(unsupported[i][0], key)) return unsupported[i][1];
  return NULL;
}

/* the names of the registry's solvers of a step's contact problem (kinds gfc and fc) */
static void contact_solver_names(char *out, size_t cap)
{
  size_t k = 0;
  out[0] = '\0';
  for (const sn_solver_entry *e = sn_solvers(); e->name && k + 1 < cap; e++)
    if (!strcmp(e->kind, "gfc") || !strcmp(e->kind, "fc")) {
      int w = snprintf(out + k, cap - k, "%s%s", k ? " " : "", e->name);
      if (w < 0) break;
      k += (size_t)w;
    }
}

int sn_inp_check_solver(const char *name, int lagrange, int ndf, char *why, size_t cap)
{
  char names[256];
  contact_solver_names(names, sizeof names);
  const sn_solver_entry *e = sn_solver_find(name);
  if (!lagrange) {
    snprintf(why, cap, "SOLVER=%s chooses the contact solver of CONTACT=LAGRANGE or INTERIOR; this step's "
             "treatment (PENALTY or AUGMENTED) uses none: remove SOLVER= or change CONTACT=", name);
    return SN_ERR_FORMAT;
  }
  if (!strcmp(name, "auto")) return SN_OK;   /* the default: the automatic order for FE contact */
  if (!e) {
    snprintf(why, cap, "SOLVER=%s: unknown solver (a step's contact problem is solved by one of: %s, or auto (the default); "
             "'signorini solvers' describes them)", name, names);
    return SN_ERR_FORMAT;
  }
  if (strcmp(e->kind, "gfc") && strcmp(e->kind, "fc")) {
    snprintf(why, cap, "SOLVER=%s: %s solves %s problems, not a step's frictional contact problem "
             "(auto, or solvers of kind gfc or fc: %s)", name, name, e->kind, names);
    return SN_ERR_FORMAT;
  }
  if (ndf && !strcmp(e->kind, "fc") && !(e->dims & (1 << ndf))) {
    snprintf(why, cap, "SOLVER=%s: %s solves %s contact problems only and the model is %dD", name, name,
             (e->dims & 4) ? "2D" : "3D", ndf);
    return SN_ERR_FORMAT;
  }
  return SN_OK;
}
