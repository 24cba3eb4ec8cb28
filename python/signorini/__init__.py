"""signorini: frictional contact problems and their solvers, from Python.

A thin layer over the C library libsignorini (a CPython extension written against the
Python and numpy C APIs, ``signorini._signorini``):

- problems: :class:`FC` (local frictional contact, ``u = W r + q``), :class:`GFC` (global,
  ``M v = H r + f``, ``u = H^T v + w``), :class:`LCP` (``w = M z + q``), built from numpy
  arrays and ``scipy.sparse`` matrices, or read from files with :func:`read` (FCLIB HDF5,
  Siconos ``.dat``) and written with :func:`write` (FCLIB HDF5);
- :func:`solve` with any solver of the library's registry (:func:`solvers`), returning a
  :class:`Result`; the GIL is released while the library computes;
- :class:`Model` (a deck read once: nodes, elements, sets, steps) and :func:`run` (a deck's
  finite-element analysis, every increment as numpy arrays),
  :class:`Scene` (a rigid-body scene stepped from Python), :func:`plot` (charts drawn by the
  library's plotter);
- :class:`Error`, raised with the library's message for library errors.

Modules: ``_problems`` (FC, GFC, LCP), ``_files`` (read, write), ``_solving`` (solve, Result,
solvers, threads), ``_analysis`` (run), ``_scenes`` (Scene), ``_charts`` (plot), ``_args``
(argument checks); the C extension ``_signorini`` (python/src/).

A problem uses the caller's arrays without a copy when their layout already is the library's
(``problem.borrowed`` names them): writing into them changes the problem; ``copy=True`` makes
private copies (docs/python.md, "Ownership and copies").
"""

from . import _signorini
from ._analysis import Model, Run, run
from ._charts import plot
from ._files import read, write
from ._problems import FC, GFC, LCP
from ._scenes import Scene
from ._signorini import Error
from ._solving import Result, set_threads, solve, solvers, strerror, threads

__all__ = ["FC", "GFC", "LCP", "Result", "Error", "read", "write", "solve", "solvers", "run", "Run", "Model", "plot",
           "Scene",
           "set_threads", "threads", "strerror", "__version__"]
__version__ = _signorini.__version__
