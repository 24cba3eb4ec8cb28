"""signorini: frictional contact problems and their solvers, from Python.

A thin layer over the C library libsignorini (a CPython extension written against the
Python and numpy C APIs, ``signorini._signorini``):

- problems: :class:`FC` (local frictional contact, ``u = W r + q``), :class:`GFC` (global,
  ``M v = H r + f``, ``u = H^T v + w``), :class:`LCP` (``w = M z + q``), built from numpy
  arrays and ``scipy.sparse`` matrices, or read from files with :func:`read` (FCLIB HDF5,
  Siconos ``.dat``) and written with :func:`write` (FCLIB HDF5);
- :func:`solve` with any solver of the library's registry (:func:`solvers`), returning a
  :class:`Result`; the GIL is released while the library computes;
- :class:`Error`, raised with the library's message for library errors.

Every problem owns a copy of its data, made when it is built: the arrays passed in may be
changed or deleted afterwards (docs/python.md, "Ownership").
"""
import os as _os

import numpy as _np

from . import _signorini
from ._signorini import Error

__all__ = ["FC", "GFC", "LCP", "Result", "Error", "read", "write", "solve", "solvers", "run", "Run", "plot", "Scene",
           "set_threads", "threads", "strerror", "__version__"]
__version__ = _signorini.__version__

_STATUS = {_signorini.OK: "ok", _signorini.MAX_ITER: "max_iter", _signorini.TIME_LIMIT: "time_limit",
           _signorini.STALLED: "stalled", _signorini.RAY: "ray", _signorini.DIVERGED: "diverged"}


# ---- arguments: dtypes, shapes, values ----

def _check_dtype(name, dtype):
    """Refuse what is not a real number (bool, complex, object, strings) with a TypeError."""
    if dtype.kind not in "fiu" or (dtype.kind == "f" and dtype.itemsize > 8):
        raise TypeError(f"{name}: expected real numbers (float64, or a type that converts to it "
                        f"exactly), got dtype {dtype}")


def _vector(name, x):
    """x as a 1-D contiguous float64 array (a view when it already is one)."""
    a = _np.asarray(x)
    _check_dtype(name, a.dtype)
    if a.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D array, got shape {a.shape}")
    return _np.ascontiguousarray(a, dtype=_np.float64)


def _csc(name, A, shape=None):
    """A (ndarray or scipy.sparse, any format) as the raw CSC tuple (m, n, indptr, indices, data)."""
    import scipy.sparse as sp
    if sp.issparse(A):
        _check_dtype(name, A.dtype)
        A = A.tocsc()
    else:
        a = _np.asarray(A)
        _check_dtype(name, a.dtype)
        if a.ndim != 2:
            raise ValueError(f"{name}: expected a 2-D matrix, got shape {a.shape}")
        A = sp.csc_matrix(a)
    if shape is not None and A.shape != shape:
        raise ValueError(f"{name}: expected shape {shape}, got {A.shape}")
    data = _np.ascontiguousarray(A.data, dtype=_np.float64)
    bad = _np.flatnonzero(~_np.isfinite(data))
    if bad.size:
        col = int(_np.searchsorted(A.indptr, bad[0], side="right") - 1)
        raise ValueError(f"{name}[{int(A.indices[bad[0]])}, {col}] is {data[bad[0]]}: the data must be finite")
    return (A.shape[0], A.shape[1], _np.asarray(A.indptr, dtype=_np.int64),
            _np.asarray(A.indices, dtype=_np.int64), data)


def _dim(dim, n, nc, what):
    """The dimension: given (checked) or inferred as n / nc."""
    if dim is None:
        if nc == 0 or n % nc or n // nc not in (2, 3):
            raise ValueError(f"cannot infer dim from len({what}) = {n} and len(mu) = {nc}: "
                             f"len({what}) must be 2 or 3 times len(mu)")
        return n // nc
    if dim not in (2, 3):
        raise ValueError(f"dim must be 2 or 3, got {dim!r}")
    if n != dim * nc:
        raise ValueError(f"len({what}) = {n} is not dim * len(mu) = {dim} * {nc}")
    return dim


def _matrix(raw):
    import scipy.sparse as sp
    if raw is None:
        return None
    m, n, p, i, x = raw
    return sp.csc_matrix((x, i, p), shape=(m, n))


# ---- problems ----

class FC(_signorini.FCBase):
    """Local frictional contact problem (FCLIB "local"): u = W r + q.

    Find, for every contact i, r_i in the Coulomb cone {|r_T| <= mu_i r_N} with
    u_i + [mu_i |u_T,i|, 0(, 0)] in its dual cone and orthogonal to r_i (Coulomb's law with
    De Saxce's modification). Components per contact: normal first, then the tangent(s).

    Parameters
    ----------
    W : (n, n) ndarray or scipy.sparse matrix
        The Delassus operator, n = dim * nc. Copied: converted to CSC (any sparse format or a
        dense array; a dense array keeps its nonzeros), then copied into the problem.
    q : (n,) array_like of float64
        Free velocity. Copied.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. Copied.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(q) / len(mu) when omitted.

    Raises
    ------
    TypeError
        An argument is not made of real numbers (complex, bool, object, strings).
    ValueError
        Shapes that do not agree, NaN or Inf in the data, mu < 0, dim not 2 or 3.

    Attributes
    ----------
    dim, nc, n : int
        Dimension, number of contacts, length of r (dim * nc).
    W : scipy.sparse.csc_matrix
        A copy of W.
    q, mu : ndarray
        Copies of q and mu.
    solution, guess : dict or None
        What the file read held (FCLIB /solution, /guesses): arrays ``r``, ``u``.
    """
    __slots__ = ()

    def __new__(cls, W, q, mu, dim=None):
        q, mu = _vector("q", q), _vector("mu", mu)
        dim = _dim(dim, q.size, mu.size, "q")
        return super().__new__(cls, dim, _csc("W", W, (q.size, q.size)), q, mu)

    @property
    def W(self):
        """W as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._W)

    def __repr__(self):
        return f"<signorini.FC dim={self.dim} nc={self.nc} nnz(W)={self._W[3].size}>"


class GFC(_signorini.GFCBase):
    """Global frictional contact problem (FCLIB "global"): M v = H r + f, u = H^T v + w.

    Same cone conditions on (r, u) per contact as :class:`FC`.

    Parameters
    ----------
    M : (ndof, ndof) ndarray or scipy.sparse matrix
        Symmetric positive definite mass or stiffness matrix (symmetric to 1e-6 relative).
        Converted to CSC and copied.
    H : (ndof, dim * nc) ndarray or scipy.sparse matrix
        Contact Jacobian. Converted to CSC and copied.
    f : (ndof,) array_like of float64
        Force vector. Copied.
    w : (dim * nc,) array_like of float64
        Contact velocity offset. Copied.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. Copied.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(w) / len(mu) when omitted.

    Raises
    ------
    TypeError, ValueError
        As :class:`FC`; also M not symmetric.

    Attributes
    ----------
    dim, nc, ndof, n : int
        Dimension, contacts, length of v, length of r.
    M, H : scipy.sparse.csc_matrix
        Copies. ``G`` is the equality part of a file's problem (None otherwise).
    f, w, mu : ndarray
        Copies.
    solution, guess : dict or None
        What the file read held: arrays ``r``, ``u``, ``v``.
    """
    __slots__ = ()

    def __new__(cls, M, H, f, w, mu, dim=None):
        f, w, mu = _vector("f", f), _vector("w", w), _vector("mu", mu)
        dim = _dim(dim, w.size, mu.size, "w")
        return super().__new__(cls, dim, _csc("M", M, (f.size, f.size)), _csc("H", H, (f.size, w.size)), f, w, mu)

    @property
    def M(self):
        """M as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._M)

    @property
    def H(self):
        """H as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._H)

    @property
    def G(self):
        """The equality constraints' matrix of a file's problem (a copy), or None."""
        return _matrix(self._G)

    def __repr__(self):
        return f"<signorini.GFC dim={self.dim} nc={self.nc} ndof={self.ndof}>"


class LCP(_signorini.LCPBase):
    """Linear complementarity problem: find z >= 0 with w = M z + q >= 0 and z . w = 0.

    Parameters
    ----------
    M : (n, n) ndarray or scipy.sparse matrix
        Converted to CSC and copied.
    q : (n,) array_like of float64
        Copied.

    Raises
    ------
    TypeError, ValueError
        As :class:`FC`.

    Attributes
    ----------
    n : int
        Size.
    M : scipy.sparse.csc_matrix
        A copy.
    q : ndarray
        A copy.
    """
    __slots__ = ()

    def __new__(cls, M, q):
        q = _vector("q", q)
        return super().__new__(cls, _csc("M", M, (q.size, q.size)), q)

    @property
    def M(self):
        """M as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._M)

    def __repr__(self):
        return f"<signorini.LCP n={self.n}>"


# ---- files ----

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


# ---- solvers ----

def solvers():
    """The library's solver registry.

    Returns
    -------
    list of dict
        One dict per solver, in the registry's order (the first is ``auto``): ``name``,
        ``kind`` ("any", "lcp", "fc", "soclcp" or "gfc"), ``dims`` (the contact dimensions
        of an "fc" solver, else None), ``summary``, ``suits``, ``iteration`` (what one
        iteration, the unit of ``max_iter``, is), ``solves_local``, ``solves_global``.
    """
    return _signorini.solvers()


class Result:
    """What :func:`solve` returns.

    Attributes
    ----------
    r : ndarray
        Contact reactions (z for an LCP): the best iterate.
    u : ndarray
        Contact velocities W r + q (H^T v + w for a global problem; w = M z + q for an LCP).
    v : ndarray or None
        Velocities of a global problem.
    status : str
        "ok", "max_iter", "time_limit", "stalled", "ray" or "diverged".
    status_code : int
        The library's code (0 for "ok"; positive for an iterative stop short of the tolerance).
    message : str
        The library's message for the status (sn_strerror).
    solved : bool
        True when the tolerance was reached and the result is honest in absolute terms.
    error : float
        The final error measure (Siconos' relative measure for frictional contact).
    iterations : int
        Outer iterations (over all attempts with "auto").
    seconds : float
        Wall time of the solve, measured by the library.
    solver : str or None
        The solver that produced the result (with "auto", None when none succeeded).
    tried : list of dict
        Every attempt: ``solver``, ``status``, ``iterations``, ``error``, ``seconds``.
    history : ndarray
        Error per iteration (over all attempts with "auto"; empty when history=False).
    abs_residual, penetration, cone_violation : float
        The library's absolute measures (NaN for an LCP).
    stopped : bool
        The progress callback asked to stop (the status is then "stalled").
    """
    __slots__ = ("status_code", "r", "u", "v", "iterations", "error", "seconds", "solver", "history",
                 "tried", "abs_residual", "penetration", "cone_violation", "stopped")

    def __init__(self, t):
        (self.status_code, self.r, self.u, self.v, self.iterations, self.error, self.seconds, self.solver,
         self.history, tried, self.abs_residual, self.penetration, self.cone_violation, self.stopped) = t
        self.tried = [{"solver": n, "status": _STATUS.get(s, "error"), "status_code": s, "iterations": i,
                       "error": e, "seconds": sec} for (n, s, i, e, sec) in tried]

    @property
    def status(self):
        """The status as a word ("ok", "max_iter", ...)."""
        return _STATUS.get(self.status_code, "error")

    @property
    def solved(self):
        """True when the status is "ok"."""
        return self.status_code == _signorini.OK

    @property
    def message(self):
        """The library's message for the status."""
        return strerror(self.status_code)

    def __repr__(self):
        return (f"<signorini.Result {self.status} solver={self.solver} iterations={self.iterations} "
                f"error={self.error:.3e}>")


def _options(options):
    """A dict of solver options as the library's "k=v,k=v" string."""
    if options is None:
        return None
    if isinstance(options, str):
        return options or None
    if not isinstance(options, dict):
        raise TypeError(f"options: expected a dict, got {type(options)!r}")
    parts = []
    for k, v in options.items():
        if not isinstance(k, str) or not k or any(c in k for c in ",= "):
            raise ValueError(f"options: invalid key {k!r}")
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, float):
            v = repr(v)
        v = str(v)
        if not v or any(c in v for c in ",="):
            raise ValueError(f"options: invalid value {v!r} for {k!r}")
        parts.append(f"{k}={v}")
    return ",".join(parts) or None


def solve(problem, solver="auto", tol=1e-8, max_iter=None, time_limit=None, options=None, r0=None, v0=None,
          callback=None, history=True):
    """Solve a problem with a solver of the library's registry.

    The GIL is released while the library computes (other Python threads run; several
    threads may solve the same problem at once: problems are immutable).

    Parameters
    ----------
    problem : FC, GFC or LCP
        The problem.
    solver : str, optional
        A name of :func:`solvers`, or "auto" (the default): the library chooses by kind and
        size and falls back through the solvers that fit (``signorini solve --solver auto``).
    tol : float, optional
        Tolerance on the error measure (default 1e-8).
    max_iter : int, optional
        Cap on outer iterations (the library's default 1000 when None; for "auto" the total
        over its attempts).
    time_limit : float, optional
        Seconds for the whole solve; None for none.
    options : dict or str, optional
        The solver's own settings, e.g. ``{"local": "ac", "omega": 1.0}``, passed as the
        library's "k=v,k=v" string (``signorini solvers`` lists each solver's keys).
    r0 : array_like, optional
        Starting point for r (z); zero when None. Copied: never modified.
    v0 : array_like, optional
        Starting point for v of a global problem. Copied.
    callback : callable, optional
        ``callback(iteration, error)`` called once per iteration (the GIL taken back for the
        call); a true return value stops the solve (status "stalled", ``Result.stopped``);
        an exception it raises stops the solve and is raised by :func:`solve`.
    history : bool, optional
        Record the error of every iteration in ``Result.history`` (default True).

    Returns
    -------
    Result
        Also when the tolerance was not reached: see ``Result.status`` / ``Result.solved``.

    Raises
    ------
    TypeError
        problem is not a problem, or an argument has the wrong type.
    ValueError
        An unknown solver, one that does not fit the problem, an unknown option, tol <= 0,
        max_iter < 1, time_limit < 0, a starting point of the wrong size or with NaN.
    Error
        The library failed (out of memory, a singular matrix, ...): its message and status.
    """
    if max_iter is None:
        mi = 0
    else:
        mi = _math_index(max_iter, "max_iter")
    t = _signorini._solve(problem, solver, float(tol), mi, 0.0 if time_limit is None else float(time_limit),
                          _options(options), r0, v0, callback, history)
    return Result(t)


def set_threads(n):
    """Set the thread count of OpenBLAS and of CHOLMOD's OpenMP runtime (sn_set_blas_threads).

    PROCESS-WIDE, as ``signorini --threads N``: call it once, before solving, not from threads
    that are solving (docs/threads.md). Results do not depend on it beyond rounding.

    Parameters
    ----------
    n : int
        Threads, 1 <= n <= 4096.

    Raises
    ------
    ValueError
        n out of range.
    """
    _signorini.set_threads(_math_index(n, "n"))


def threads():
    """The BLAS thread count now, and the physical cores this process may run on.

    Returns
    -------
    (int, int)
        ``sn_blas_threads()`` (0 when the BLAS has no thread API) and ``sn_threads_physical()``
        (the default of ``signorini --threads``).
    """
    return _signorini.threads()


def strerror(status):
    """The library's message for a status code (sn_strerror).

    Parameters
    ----------
    status : int
        A status: 0, a positive SN_* stop or a negative SN_ERR_* error.

    Returns
    -------
    str
    """
    return _signorini.strerror(status)


def _math_index(x, name):
    """A positive int (refusing bools, floats with a fraction, values over the library's int)."""
    if isinstance(x, bool) or not isinstance(x, (int, _np.integer)):
        raise TypeError(f"{name}: expected an int, got {type(x)!r}")
    if x < 1 or x > 2**31 - 1:
        raise ValueError(f"{name} must be in [1, 2**31 - 1], got {x}")
    return int(x)



# ---- finite-element analyses ----

class Run:
    """What :func:`run` returns: every converged increment's results as numpy arrays.

    Attributes
    ----------
    node_ids : ndarray of int32
        The deck's node ids, in the order of the rows of ``U``, ``RF``, ``S``.
    x : ndarray
        The nodes' reference coordinates (nnodes x 3; z = 0 in 2D), rows as ``node_ids``.
    ndf : int
        Displacement components per node (2 or 3).
    increments : list of dict
        One dict per converged increment: ``step``, ``increment``, ``total_increment``,
        ``step_time``, ``time`` (total time), ``load_factor``, ``newton_iterations``,
        ``residual``, ``cutbacks``; ``U`` and ``RF`` (nnodes x ndf displacements and
        reactions), ``S`` (nnodes x 6 averaged nodal stresses, Abaqus order S11 S22 S33 S12
        S13 S23); ``contact``: a dict of the contact points of the increment's last contact
        solve, ``node`` (slave node ids), ``x`` (their positions when detected, npoints x 3), ``r`` (forces, npoints x ndf, normal first, in the
        point's local frame: docs/results.md), ``u`` (relative displacements: the new gap,
        then this increment's slip), ``gap``, ``area`` (tributary areas: pressure = r_N /
        area), ``normal`` (npoints x 3), ``solver``, ``iterations``, ``error``.
    info : dict
        The run's totals: ``increments``, ``cutbacks``, ``newton_iterations``,
        ``contact_solves``, ``ndof``, ``seconds`` and its phases.
    """
    __slots__ = ("node_ids", "x", "ndf", "increments", "info", "_index")

    def __init__(self, info, increments):
        self.info = dict(info)
        self.node_ids = self.info.pop("node_ids")
        self.x = self.info.pop("x")
        self.ndf = self.info.pop("ndf")
        self.increments = increments
        self._index = None

    def node(self, node_id):
        """The row of a node id in ``U``, ``RF``, ``S`` (KeyError when the deck has no such node)."""
        if self._index is None:
            self._index = {int(n): k for k, n in enumerate(self.node_ids)}
        return self._index[int(node_id)]

    def field(self, name):
        """``U``, ``RF`` or ``S`` of every increment stacked: (increments, nnodes, components)."""
        return _np.stack([inc[name] for inc in self.increments])

    @property
    def times(self):
        """The total time of every increment."""
        return _np.array([inc["time"] for inc in self.increments])

    def __repr__(self):
        return f"<signorini.Run {len(self.increments)} increments, {self.node_ids.size} nodes>"


_PLOTS = {"step": 0, "increment": 1, "none": 2}


def run(deck, outdir=None, plots="step"):
    """Run a deck's quasi-static finite-element analysis (``signorini run`` without the CLI).

    Parameters
    ----------
    deck : str or os.PathLike
        An Abaqus/CalculiX-style input deck (docs/deck.md). ``*DYNAMIC`` decks and rigid-body
        scene files are not run from Python yet (NotImplementedError / Error).
    outdir : str or os.PathLike, optional
        When given, the files of ``signorini run DECK -o OUTDIR`` are written there as well
        (created if missing; .vtu series, .pvd, .dat tables, contact CSV, plots): the same
        writers, the same bytes. When None, nothing is written.
    plots : {"step", "increment", "none"}, optional
        When the plots are drawn (with ``outdir``), as ``signorini run --plots``.

    Returns
    -------
    Run
        Every converged increment's U, RF, S and contact fields as numpy arrays (copies made
        as the analysis runs; no file is read back).

    Raises
    ------
    OSError
        The deck cannot be read.
    Error
        The deck is malformed ("FILE:LINE: reason"), the output folder is in use, or the
        analysis failed (an increment without equilibrium): the library's message.
    """
    if plots not in _PLOTS:
        raise ValueError(f"plots must be one of {sorted(_PLOTS)}, got {plots!r}")
    deck = _os.fspath(deck)
    base = _os.path.basename(deck)
    if base.lower().endswith(".inp") and len(base) > 4:
        base = base[:-4]
    out = ""
    if outdir is not None:
        out = _os.fspath(outdir)
        _os.makedirs(out, exist_ok=True)
    info, incs = _signorini._run(deck, out, base, _PLOTS[plots])
    return Run(info, incs)


# ---- charts ----

_STYLES = {"line": 0, "linemarkers": 1, "markers": 2, "bars": 3}


def plot(path, series, title=None, xlabel=None, ylabel=None, logy=False):
    """Draw an x-y line chart with the library's plotter (sn_plot_lines: cairo; no matplotlib).

    Parameters
    ----------
    path : str or os.PathLike
        The chart, PNG, SVG or PDF by its extension; written whole under a temporary name.
    series : list of tuple
        ``(name, x, y)`` or ``(name, x, y, style)`` per curve: x None for 1, 2, ..., n;
        style "line" (default), "linemarkers", "markers" or "bars". At most 64 series.
    title, xlabel, ylabel : str, optional
        Labels.
    logy : bool, optional
        Logarithmic y axis (points with y <= 0 are left out).

    Raises
    ------
    ValueError
        Arrays of different lengths, NaN in the data, an unknown style.
    OSError
        The file cannot be written.
    Error
        The plot module cannot be loaded, or an unknown file extension.
    """
    spec = []
    for s in series:
        name, x, y, style = (tuple(s) + ("line",))[:4]
        if style not in _STYLES:
            raise ValueError(f"style must be one of {sorted(_STYLES)}, got {style!r}")
        spec.append((name, None if x is None else _vector("x", x), _vector("y", y), _STYLES[style]))
    _signorini._plot(_os.fspath(path), spec, title, xlabel, ylabel, bool(logy))


# ---- rigid-body scenes ----

class Scene(_signorini.SceneBase):
    """A rigid-body scene file (docs/dynamics.md), stepped from Python.

    Parameters
    ----------
    path : str or os.PathLike
        A scene file (first keyword ``*SCENE``): bodies, materials, contact laws and its
        ``*DYNAMIC`` step, whose time step (``dt``), method and solver settings :meth:`step`
        uses. Nothing is written (``signorini run SCENE`` writes the frames).

    Raises
    ------
    OSError
        The file cannot be read.
    Error
        The scene is invalid ("FILE:LINE: message").

    Attributes
    ----------
    time, dt, period : float
        The scene's time, the file's time step (event-driven: output interval) and period.
    nbodies : int
        Number of bodies; ``names`` their names in index order.
    method : str
        "moreau" (Moreau-Jean time stepping) or "event" (event-driven).

    Notes
    -----
    A scene changes as it steps: use one from one thread at a time (a concurrent
    :meth:`step` is refused with RuntimeError). The GIL is released while it steps.
    """
    __slots__ = ()

    def step(self, n=1):
        """Advance by n time steps (event-driven: n output intervals).

        Parameters
        ----------
        n : int, optional
            Steps, >= 0 (default 1).

        Returns
        -------
        dict
            ``status`` (the worst contact-solver status over the steps, as :class:`Result`'s),
            and of the last step ``contacts`` (in its problem), ``iterations``, ``error``,
            ``max_penetration``.

        Raises
        ------
        Error
            A step failed (the library's message).
        """
        st, nc, it, err, pen = self._step(_math_index(n, "n") if n else 0)
        return {"status": _STATUS.get(st, "error"), "contacts": nc, "iterations": it, "error": err,
                "max_penetration": pen}

    def states(self):
        """The bodies' states now.

        Returns
        -------
        dict of ndarray
            ``x`` (positions, nbodies x 3), ``q`` (orientations as quaternions w, x, y, z,
            nbodies x 4), ``v`` and ``w`` (linear and angular velocities, nbodies x 3); rows in
            body index order (``names``).
        """
        x, q, v, w = self._states()
        return {"x": x, "q": q, "v": v, "w": w}

    def contacts(self):
        """The contacts of the last step.

        Returns
        -------
        dict of ndarray
            ``a``, ``b`` (body indices; the normal points from a to b), ``status`` (0 open,
            1 stick, 2 slip), ``gap`` (at the step's start), and n x 3 ``point``, ``normal``,
            ``impulse`` (normal, tangential; on b) and ``u`` (relative velocity after the step,
            local frame).
        """
        ab, gap, point, normal, impulse, u = self._contacts()
        return {"a": ab[:, 0], "b": ab[:, 1], "status": ab[:, 2], "gap": gap, "point": point, "normal": normal,
                "impulse": impulse, "u": u}

    def energy(self):
        """Energies now (kinetic, gravity potential) and accumulated since the scene was read.

        Returns
        -------
        dict of float
            ``kinetic``, ``potential``, ``friction_work``, ``impact_loss``, ``kinematic_work``.
        """
        return dict(zip(("kinetic", "potential", "friction_work", "impact_loss", "kinematic_work"),
                        self._energy()))

    def last_problem(self):
        """The last Moreau-Jean step's local frictional contact problem and its impulses.

        Returns
        -------
        (FC, ndarray)
            The problem (W = H^T M^-1 H, q) as :class:`FC`, ready for :func:`solve`, and the
            impulses r the step found.

        Raises
        ------
        Error
            No step was made yet.
        """
        return self._last_problem(FC)

    def __repr__(self):
        return f"<signorini.Scene {self.nbodies} bodies, t = {self.time:g}, {self.method}>"
