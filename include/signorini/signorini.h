/* signorini: contact mechanics with Coulomb friction. Include this for the whole public API. */
#ifndef SIGNORINI_H
#define SIGNORINI_H
#include "signorini/version.h"
#include "signorini/common.h"
#include "signorini/la.h"
#include "signorini/problem.h"
#include "signorini/io.h"
#include "signorini/solver.h"
#include "signorini/onedof.h"
#include "signorini/fem.h"
#include "signorini/contact.h"
#include "signorini/analysis.h"
#include "signorini/plot.h"
#include "signorini/dynamics.h"
#include "signorini/petsc.h"
#include "signorini/scene_output.h"
#include "signorini/scene_io.h"
#endif
