/* The deck's keyword table (docs/deck.md, "Keywords"): one entry per keyword, with where it may
 * stand, its parameters (any other is an error), the data lines it needs and its handlers, in
 * one file per family (inp_internal.h). The keywords of CalculiX and Abaqus that signorini knows
 * but does not support (yet) are entries too: a deck that uses one gets "*KEYWORD is not
 * supported yet", not "unknown keyword", so that a typo and a missing feature read differently.
 * Keys are written as the reader compares them: blanks removed, upper case. */
#include <stddef.h>
#include <string.h>

#include "deck/inp_internal.h"

#define UNSUPPORTED(key, shown) {key, shown, W_UNSUPPORTED, "", 0, 0, 0, NULL, NULL, NULL}

/* key, shown, where, parameters, data lines required, raw data lines, suboption of, begin, data, end */
static const inp_kwdef keywords[] = {
  /* the line scanner (inp_scan.c) */
  {"INCLUDE", "*INCLUDE", W_TRANSPARENT, "INPUT", 0, 0, 0, inp_include, NULL, NULL},
  /* geometry and sets (inp_geometry.c) */
  {"HEADING", "*HEADING", W_ANY, "", 0, 1, 0, NULL, inp_heading_data, NULL},
  {"NODE", "*NODE", W_MODEL, "NSET", 1, 0, 0, inp_node_begin, inp_node_data, NULL},
  {"ELEMENT", "*ELEMENT", W_MODEL, "TYPE ELSET", 1, 0, 0, inp_element_begin, inp_element_data, inp_element_end},
  {"NSET", "*NSET", W_ANY, "NSET GENERATE FREQUENCY", 1, 0, 0, inp_nset_begin, inp_set_data, inp_set_end},
  {"ELSET", "*ELSET", W_ANY, "ELSET GENERATE", 1, 0, 0, inp_elset_begin, inp_set_data, inp_set_end},
  {"RIGIDBODY", "*RIGID BODY", W_MODEL, "NSET ELSET REFNODE", 0, 0, 0, inp_rigid_begin, NULL, NULL},
  /* materials, sections and springs (inp_material.c) */
  {"MATERIAL", "*MATERIAL", W_MODEL, "NAME", 0, 0, 0, inp_material_begin, NULL, NULL},
  {"ELASTIC", "*ELASTIC", W_MODEL, "TYPE", 1, 0, SUB_MATERIAL, inp_elastic_begin, inp_elastic_data, NULL},
  {"PLASTIC", "*PLASTIC", W_MODEL, "HARDENING", 1, 0, SUB_MATERIAL, inp_plastic_begin, inp_plastic_data, NULL},  /* inp_plastic.c */
  {"DENSITY", "*DENSITY", W_MODEL, "", 1, 0, SUB_MATERIAL, inp_density_begin, inp_density_data, NULL},
  {"EXPANSION", "*EXPANSION", W_MODEL, "TYPE ZERO", 1, 0, SUB_MATERIAL, inp_expansion_begin, inp_expansion_data, NULL},
  {"HYPERELASTIC", "*HYPERELASTIC", W_MODEL, "NEOHOOKE ARRUDA-BOYCE MOONEY-RIVLIN OGDEN POLYNOMIAL REDUCEDPOLYNOMIAL YEOH N", 1, 0, SUB_MATERIAL, inp_hyper_begin, inp_hyper_data, NULL},  /* inp_hyperelastic.c */
  {"SHELLSECTION", "*SHELL SECTION", W_MODEL, "ELSET MATERIAL OFFSET", 0, 0, 0, inp_shell_section_begin, inp_shell_section_data, inp_struct_section_end},  /* inp_structural.c */
  {"BEAMSECTION", "*BEAM SECTION", W_MODEL, "ELSET MATERIAL SECTION OFFSET1 OFFSET2", 0, 0, 0, inp_beam_section_begin, inp_beam_section_data, inp_struct_section_end},
  {"SOLIDSECTION", "*SOLID SECTION", W_MODEL, "ELSET MATERIAL", 0, 0, 0,
   inp_section_begin, inp_section_data, inp_section_end},
  {"GAP", "*GAP", W_MODEL, "ELSET", 1, 0, 0, inp_gap_begin, inp_gap_data, NULL},
  {"SPRING", "*SPRING", W_MODEL, "ELSET NONLINEAR", 0, 0, 0, inp_spring_begin, inp_spring_data, inp_spring_end},
  /* contact and interactions (inp_contact.c) */
  {"SURFACE", "*SURFACE", W_MODEL, "NAME TYPE", 1, 0, 0, inp_surface_begin, inp_surface_data, inp_surface_end},
  {"SURFACEINTERACTION", "*SURFACE INTERACTION", W_MODEL, "NAME", 0, 0, 0, inp_interaction_begin, NULL, NULL},
  {"SURFACEBEHAVIOR", "*SURFACE BEHAVIOR", W_ANY, "PRESSURE-OVERCLOSURE", 0, 0, SUB_INTERACTION,
   inp_behavior_begin, inp_behavior_data, inp_behavior_end},
  {"FRICTION", "*FRICTION", W_ANY, "LAGRANGE", 1, 0, SUB_INTERACTION, inp_friction_begin, inp_friction_data, NULL},
  {"CONTACTPAIR", "*CONTACT PAIR", W_MODEL, "INTERACTION TYPE SMALLSLIDING ADJUST", 1, 0, 0, inp_pair_begin, inp_pair_data, NULL},
  {"CONTACTDAMPING", "*CONTACT DAMPING", W_MODEL, "TANGENTFRACTION", 1, 0, SUB_INTERACTION, inp_damping_contact_begin,
   inp_damping_contact_data, NULL},
  {"CHANGEFRICTION", "*CHANGE FRICTION", W_STEP, "INTERACTION", 0, 0, 0, inp_change_friction_begin, NULL, NULL},
  {"CHANGESURFACEBEHAVIOR", "*CHANGE SURFACE BEHAVIOR", W_STEP, "INTERACTION", 0, 0, 0, inp_change_behavior_begin, NULL, NULL},
  {"MODELCHANGE", "*MODEL CHANGE", W_STEP, "TYPE ADD REMOVE", 1, 0, 0, inp_model_change_begin, inp_model_change_data, NULL},
  /* kinematic constraints (inp_constraint.c) */
  {"EQUATION", "*EQUATION", W_MODEL, "", 1, 0, 0, inp_equation_begin, inp_equation_data, inp_equation_end},
  {"TRANSFORM", "*TRANSFORM", W_MODEL, "NSET TYPE", 1, 0, 0, inp_transform_begin, inp_transform_data, NULL},
  {"TIE", "*TIE", W_MODEL, "NAME POSITIONTOLERANCE ADJUST CYCLICSYMMETRY", 1, 0, 0, inp_tie_begin, inp_tie_data, NULL},
  {"PRE-TENSIONSECTION", "*PRE-TENSION SECTION", W_MODEL, "NODE SURFACE ELEMENT", 0, 0, 0, inp_pretension_begin,
   inp_pretension_data, inp_pretension_end},  /* inp_pretension.c */
  {"CYCLICSYMMETRYMODEL", "*CYCLIC SYMMETRY MODEL", W_MODEL, "N NGRAPH TIE ELSET CHECK", 1, 0, 0, inp_cyclic_begin,
   inp_cyclic_data, NULL},
  /* steps (inp_step.c) */
  {"STEP", "*STEP", W_NOSTEP, "NLGEOM INC CONTACT SOLVER AMPLITUDE PERTURBATION", 0, 1, 0, inp_step_begin, inp_step_data, NULL},
  {"STATIC", "*STATIC", W_STEP, "DIRECT SOLVER", 0, 0, 0, inp_static_begin, inp_static_data, NULL},
  {"ENDSTEP", "*END STEP", W_STEP, "", 0, 0, 0, inp_endstep_begin, NULL, NULL},
  /* loads and boundary conditions (inp_load.c) */
  {"AMPLITUDE", "*AMPLITUDE", W_ANY, "NAME TIME DEFINITION", 1, 0, 0, inp_amplitude_begin, inp_amplitude_data, NULL},
  {"BOUNDARY", "*BOUNDARY", W_BOUNDARY, "AMPLITUDE OP", 0, 0, 0, inp_load_begin, inp_boundary_data, inp_load_end},
  {"CLOAD", "*CLOAD", W_STEP, "AMPLITUDE OP", 0, 0, 0, inp_load_begin, inp_cload_data, inp_load_end},
  {"DLOAD", "*DLOAD", W_STEP, "AMPLITUDE OP", 0, 0, 0, inp_load_begin, inp_dload_data, inp_load_end},
  {"TEMPERATURE", "*TEMPERATURE", W_STEP, "AMPLITUDE OP", 0, 0, 0, inp_temperature_begin, inp_temperature_data, NULL},
  /* eigenfrequencies (inp_frequency.c) */
  {"FREQUENCY", "*FREQUENCY", W_STEP, "SOLVER STORAGE GLOBAL CYCMPC", 1, 0, 0, inp_frequency_begin, inp_frequency_data, NULL},
  {"SELECTCYCLICSYMMETRYMODES", "*SELECT CYCLIC SYMMETRY MODES", W_STEP, "NMIN NMAX", 0, 0, 0, inp_cyclic_modes_begin,
   NULL, NULL},
  /* modal dynamics (inp_modal.c) */
  {"MODALDYNAMIC", "*MODAL DYNAMIC", W_STEP, "SOLVER DIRECT DELTMX STEADYSTATE", 1, 0, 0, inp_modal_begin, inp_static_data, NULL},
  {"MODALDAMPING", "*MODAL DAMPING", W_STEP, "RAYLEIGH MODAL", 1, 0, 0, inp_modal_damping_begin, inp_modal_damping_data, NULL},
  /* dynamic analyses (inp_dynamic.c) */
  {"DYNAMIC", "*DYNAMIC", W_STEP, "DIRECT SOLVER ALPHA EXPLICIT RELATIVETOABSOLUTE THETA MASS RESTITUTION", 1, 0, 0,
   inp_dynamic_begin, inp_static_data, NULL},
  {"DAMPING", "*DAMPING", W_MODEL, "ALPHA BETA STRUCTURAL", 0, 0, SUB_MATERIAL, inp_damping_begin, NULL, NULL},
  {"INITIALCONDITIONS", "*INITIAL CONDITIONS", W_MODEL, "TYPE", 1, 0, 0, inp_initial_begin, inp_initial_data, NULL},
  /* output requests (inp_output.c) */
  {"NODEPRINT", "*NODE PRINT", W_STEP, "NSET FREQUENCY TOTALS GLOBAL TIMEPOINTS", 0, 0, 0,
   inp_nodeprint_begin, inp_out_data, NULL},
  {"ELPRINT", "*EL PRINT", W_STEP, "ELSET FREQUENCY TOTALS GLOBAL TIMEPOINTS", 0, 0, 0, inp_elprint_begin, inp_out_data, NULL},
  {"CONTACTPRINT", "*CONTACT PRINT", W_STEP, "FREQUENCY TOTALS TIMEPOINTS NSET SET", 0, 0, 0,
   inp_contactprint_begin, inp_out_data, NULL},
  {"NODEFILE", "*NODE FILE", W_STEP, "NSET FREQUENCY OUTPUT GLOBAL TIMEPOINTS CONTACTELEMENTS CONTACTELEMENT", 0, 0, 0,
   inp_nodefile_begin, inp_out_data, NULL},
  {"ELFILE", "*EL FILE", W_STEP, "ELSET NSET FREQUENCY OUTPUT GLOBAL TIMEPOINTS POSITION CONTACTELEMENTS", 0, 0, 0,
   inp_elfile_begin, inp_out_data, NULL},
  {"CONTACTFILE", "*CONTACT FILE", W_STEP, "NSET FREQUENCY TIMEPOINTS CONTACTELEMENTS", 0, 0, 0,
   inp_contactfile_begin, inp_out_data, NULL},
  {"TIMEPOINTS", "*TIME POINTS", W_ANY, "NAME TIME GENERATE", 1, 0, 0, inp_timepoints_begin, inp_timepoints_data, NULL},
  {"CONTROLS", "*CONTROLS", W_STEP, "PARAMETERS RESET", 0, 0, 0, inp_controls_begin, inp_controls_data, NULL},
  /* heat conduction (inp_heat.c) */
  {"CONDUCTIVITY", "*CONDUCTIVITY", W_MODEL, "TYPE", 1, 0, SUB_MATERIAL, inp_conductivity_begin, inp_conductivity_data, NULL},
  {"SPECIFICHEAT", "*SPECIFIC HEAT", W_MODEL, "", 1, 0, SUB_MATERIAL, inp_specific_heat_begin, inp_specific_heat_data, NULL},
  {"GAPCONDUCTANCE", "*GAP CONDUCTANCE", W_MODEL, "USER", 1, 0, SUB_INTERACTION, inp_gap_conductance_begin,
   inp_gap_conductance_data, NULL},
  {"HEATTRANSFER", "*HEAT TRANSFER", W_STEP, "STEADYSTATE DIRECT", 1, 0, 0, inp_heat_begin, inp_heat_data, NULL},
  {"COUPLEDTEMPERATURE-DISPLACEMENT", "*COUPLED TEMPERATURE-DISPLACEMENT", W_STEP, "STEADYSTATE DIRECT", 1, 0, 0,
   inp_heat_begin, inp_heat_data, NULL},
  /* known to CalculiX or Abaqus, not supported (yet): procedures */
  UNSUPPORTED("STEADYSTATEDYNAMICS", "*STEADY STATE DYNAMICS"),
  UNSUPPORTED("COMPLEXFREQUENCY", "*COMPLEX FREQUENCY"), UNSUPPORTED("BUCKLE", "*BUCKLE"),
  UNSUPPORTED("VISCO", "*VISCO"), UNSUPPORTED("CREEP", "*CREEP"),
  UNSUPPORTED("UNCOUPLEDTEMPERATURE-DISPLACEMENT", "*UNCOUPLED TEMPERATURE-DISPLACEMENT"),
  UNSUPPORTED("SENSITIVITY", "*SENSITIVITY"), UNSUPPORTED("ELECTROMAGNETICS", "*ELECTROMAGNETICS"),
  UNSUPPORTED("GREEN", "*GREEN"), UNSUPPORTED("NOANALYSIS", "*NO ANALYSIS"),
  UNSUPPORTED("SUBSTRUCTUREGENERATE", "*SUBSTRUCTURE GENERATE"),
  /* constraints and couplings */
  UNSUPPORTED("MPC", "*MPC"),
  UNSUPPORTED("COUPLING", "*COUPLING"), UNSUPPORTED("KINEMATIC", "*KINEMATIC"),
  UNSUPPORTED("DISTRIBUTING", "*DISTRIBUTING"), UNSUPPORTED("DISTRIBUTINGCOUPLING", "*DISTRIBUTING COUPLING"),

  UNSUPPORTED("SUBMODEL", "*SUBMODEL"),
  /* materials other than linear elasticity */
  UNSUPPORTED("HYPERFOAM", "*HYPERFOAM"), UNSUPPORTED("DEFORMATIONPLASTICITY", "*DEFORMATION PLASTICITY"),
  UNSUPPORTED("CYCLICHARDENING", "*CYCLIC HARDENING"),
  UNSUPPORTED("USERMATERIAL", "*USER MATERIAL"), UNSUPPORTED("DEPVAR", "*DEPVAR"),
  UNSUPPORTED("ELECTRICALCONDUCTIVITY", "*ELECTRICAL CONDUCTIVITY"),
  UNSUPPORTED("MAGNETICPERMEABILITY", "*MAGNETIC PERMEABILITY"),
  /* sections and elements */
  UNSUPPORTED("MEMBRANESECTION", "*MEMBRANE SECTION"), UNSUPPORTED("FLUIDSECTION", "*FLUID SECTION"),
  UNSUPPORTED("USERELEMENT", "*USER ELEMENT"), UNSUPPORTED("DASHPOT", "*DASHPOT"), UNSUPPORTED("MASS", "*MASS"),
  UNSUPPORTED("ORIENTATION", "*ORIENTATION"), UNSUPPORTED("NORMAL", "*NORMAL"),
  UNSUPPORTED("DISTRIBUTION", "*DISTRIBUTION"),
  /* parts and assemblies */
  UNSUPPORTED("PART", "*PART"), UNSUPPORTED("ENDPART", "*END PART"), UNSUPPORTED("ASSEMBLY", "*ASSEMBLY"),
  UNSUPPORTED("ENDASSEMBLY", "*END ASSEMBLY"), UNSUPPORTED("INSTANCE", "*INSTANCE"),
  UNSUPPORTED("ENDINSTANCE", "*END INSTANCE"),
  /* initial state, temperatures, thermal loads */
  UNSUPPORTED("PHYSICALCONSTANTS", "*PHYSICAL CONSTANTS"),
  UNSUPPORTED("VALUESATINFINITY", "*VALUES AT INFINITY"), UNSUPPORTED("CFLUX", "*CFLUX"),
  UNSUPPORTED("DFLUX", "*DFLUX"), UNSUPPORTED("FILM", "*FILM"), UNSUPPORTED("RADIATE", "*RADIATE"),
  /* contact options and changes between steps */
  UNSUPPORTED("CHANGEMATERIAL", "*CHANGE MATERIAL"), UNSUPPORTED("CHANGEPLASTIC", "*CHANGE PLASTIC"),
  UNSUPPORTED("CHANGESOLIDSECTION", "*CHANGE SOLID SECTION"), 
  UNSUPPORTED("GAPHEATGENERATION", "*GAP HEAT GENERATION"), UNSUPPORTED("CLEARANCE", "*CLEARANCE"),
  UNSUPPORTED("CONTACTINTERFERENCE", "*CONTACT INTERFERENCE"),
  /* output requests other than the *... PRINT / FILE ones of docs/deck.md */
  UNSUPPORTED("CONTACTOUTPUT", "*CONTACT OUTPUT"),
  UNSUPPORTED("NODEOUTPUT", "*NODE OUTPUT"), UNSUPPORTED("ELEMENTOUTPUT", "*ELEMENT OUTPUT"),
  UNSUPPORTED("OUTPUT", "*OUTPUT"), UNSUPPORTED("SECTIONPRINT", "*SECTION PRINT"),
  UNSUPPORTED("FACEPRINT", "*FACE PRINT"), UNSUPPORTED("RESTART", "*RESTART"),
};

const inp_kwdef *inp_keyword(const char *key)
{
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (!strcmp(keywords[i].key, key)) return &keywords[i];
  return NULL;
}
