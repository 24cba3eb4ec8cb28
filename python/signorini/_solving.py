"""solve, its Result, the solver registry, threads and status messages."""
from . import _signorini
from ._args import _math_index

_STATUS = {_signorini.OK: "ok", _signorini.MAX_ITER: "max_iter", _signorini.TIME_LIMIT: "time_limit",
           _signorini.STALLED: "stalled", _signorini.RAY: "ray", _signorini.DIVERGED: "diverged"}


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
        Cap on outer iterations (the library's default 1000 when None; for "auto" its budget
        in Newton steps over all attempts, an iteration of apgd, ccp or rest counting 1/40).
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
