"""Problem files: read and write (FCLIB HDF5, Siconos .dat)."""
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
    """Write a problem (and a solution) through the library's writers, the format by the name.

    Parameters
    ----------
    path : str or os.PathLike
        The file, written whole under a temporary name and renamed. A name ending in ``.dat``
        (any case) is written as Siconos text (``sn_dat_write_*``: Siconos' ``printInFile``
        layout, matrices as compressed-column sparse, numbers with 17 significant digits, so
        that ``read`` gives back every array bit for bit; exact zeros of the matrices are not
        stored); any other name as FCLIB HDF5.
    problem : FC, GFC or LCP
        The problem. As ``.dat`` every kind is written (a GFC with equality constraints is
        refused with ``Error``: the layout has none). As FCLIB an LCP is written as its solution alone (FCLIB
        has no LCP layout), as ``signorini solve -o`` does; it then needs a solution.
    solution : Result or dict, optional
        ``r`` and ``u`` (and ``v`` for a global problem) stored as ``/solution`` (FCLIB only:
        the ``.dat`` format holds no solution, and one given with a ``.dat`` name is refused).

    Raises
    ------
    ValueError
        A solution with a ``.dat`` name, an LCP without a solution (FCLIB), arrays of the wrong
        size or with NaN.
    OSError
        The file cannot be written.
    Error
        The library refuses the problem (as ``.dat``: a GFC with equality constraints).
    """
    path = _os.fspath(path)
    name = _os.fsdecode(path)
    if name.lower().endswith(".dat"):
        if solution is not None:
            raise ValueError(f"{name}: the Siconos .dat format holds no solution; "
                             "write the solution to an FCLIB .hdf5 file")
        _signorini._write_dat(path, problem)
        return
    r, u, v = _solution_arrays(problem, solution)
    _signorini._write(path, problem, r, u, v)
