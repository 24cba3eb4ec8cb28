"""Problem files: read (FCLIB HDF5, Siconos .dat) and write (FCLIB HDF5)."""
import os as _os

from . import _signorini
from ._problems import FC, GFC, LCP
from ._solving import Result

def read(path):
    """Read a problem file through the library's readers.

    Parameters
    ----------
    path : str or os.PathLike
        An FCLIB HDF5 file (``/fclib_local`` or ``/fclib_global``, told by its signature) or
        a Siconos text ``.dat`` file (LCP, 2D/3D local or global frictional contact).

    Returns
    -------
    FC, GFC or LCP
        The problem; an FCLIB file's stored solution and first guess are its ``solution``
        and ``guess`` attributes (None when absent).

    Raises
    ------
    OSError
        The file cannot be read.
    Error
        The file is malformed (the message names the file, and the line for text files).
    """
    return _signorini._read(_os.fspath(path), FC, GFC, LCP)


def _solution_arrays(problem, solution):
    if solution is None:
        return None, None, None
    if isinstance(solution, Result):
        return solution.r, solution.u, solution.v
    if isinstance(solution, dict):
        return solution["r"], solution["u"], solution.get("v")
    raise TypeError(f"solution: expected a Result, a dict with r, u (v) or None, got {type(solution)!r}")


def write(path, problem, solution=None):
    """Write a problem (and a solution) as an FCLIB HDF5 file through the library's writer.

    Parameters
    ----------
    path : str or os.PathLike
        The file, written whole under a temporary name and renamed. Only FCLIB HDF5: the
        library has no writer of Siconos ``.dat`` files (a ``.dat`` name is refused).
    problem : FC, GFC or LCP
        The problem. An LCP is written as its solution alone (FCLIB has no LCP layout), as
        ``signorini solve -o`` does; it then needs a solution.
    solution : Result or dict, optional
        ``r`` and ``u`` (and ``v`` for a global problem) stored as ``/solution``.

    Raises
    ------
    ValueError
        A ``.dat`` name, an LCP without a solution, arrays of the wrong size or with NaN.
    OSError
        The file cannot be written.
    """
    path = _os.fspath(path)
    if str(path).endswith(".dat"):
        raise ValueError(f"{path}: the library writes FCLIB HDF5 files only (no Siconos .dat writer)")
    r, u, v = _solution_arrays(problem, solution)
    _signorini._write(path, problem, r, u, v)
