# Type hints of the C extension signorini._signorini (python/src/); use the package signorini.
from typing import Any, Optional

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float64]
RawCSC = tuple[int, int, npt.NDArray[Any], npt.NDArray[Any], Vector]

__version__: str
OK: int
MAX_ITER: int
TIME_LIMIT: int
STALLED: int
RAY: int
DIVERGED: int
ERR_NOMEM: int
ERR_ARG: int
ERR_DIM: int
ERR_NOT_SPD: int
ERR_SINGULAR: int
ERR_NAN: int
ERR_BACKEND: int
ERR_UNKNOWN: int
ERR_IO: int
ERR_FORMAT: int

class Error(RuntimeError): ...

class FCBase:
    def __new__(cls, dim: int, W: RawCSC, q: Any, mu: Any) -> "FCBase": ...
    _W: RawCSC
    def error(self, r: Any, v: Any = ...) -> float: ...

class GFCBase:
    def __new__(cls, dim: int, M: RawCSC, H: RawCSC, f: Any, w: Any, mu: Any) -> "GFCBase": ...
    _M: RawCSC
    _H: RawCSC
    _G: Optional[RawCSC]
    def error(self, r: Any, v: Any = ...) -> float: ...

class LCPBase:
    def __new__(cls, M: RawCSC, q: Any) -> "LCPBase": ...
    _M: RawCSC
    def error(self, r: Any, v: Any = ...) -> float: ...

def solvers() -> list[dict[str, Any]]: ...
def set_threads(n: int) -> None: ...
def threads() -> tuple[int, int]: ...
def strerror(status: int) -> str: ...
def _read(path: Any, fc: type, gfc: type, lcp: type) -> Any: ...
def _write(path: Any, problem: Any, r: Any, u: Any, v: Any) -> None: ...
def _solve(problem: Any, solver: str, tol: float, max_iter: int, time_limit: float, options: Optional[str],
           r0: Any, v0: Any, callback: Any, history: bool) -> tuple[Any, ...]: ...
def _run(deck: Any, outdir: Any, base: str, plots: int) -> tuple[dict[str, Any], list[dict[str, Any]]]: ...
def _plot(path: Any, series: list[tuple[Any, ...]], title: Optional[str], xlabel: Optional[str], ylabel: Optional[str], logy: bool) -> None: ...
