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
    def __new__(cls, dim: int, W: RawCSC, q: Any, mu: Any, borrowed: tuple[str, ...] = ...) -> "FCBase": ...
    borrowed: tuple[str, ...]
    _W: RawCSC
    def error(self, r: Any, v: Any = ...) -> float: ...

class GFCBase:
    def __new__(cls, dim: int, M: RawCSC, H: RawCSC, f: Any, w: Any, mu: Any,
                borrowed: tuple[str, ...] = ...) -> "GFCBase": ...
    borrowed: tuple[str, ...]
    _M: RawCSC
    _H: RawCSC
    _G: Optional[RawCSC]
    def error(self, r: Any, v: Any = ...) -> float: ...

class LCPBase:
    def __new__(cls, M: RawCSC, q: Any, borrowed: tuple[str, ...] = ...) -> "LCPBase": ...
    borrowed: tuple[str, ...]
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
def _plot(path: Any, series: list[tuple[Any, ...]], title: Optional[str], xlabel: Optional[str], ylabel: Optional[str], logy: bool) -> None: ...

class ModelBase:
    def __new__(cls, deck: Any) -> "ModelBase": ...
    deck: str
    _header: dict[str, Any]
    _nodes: tuple[npt.NDArray[np.int32], Vector]
    _elements: tuple[npt.NDArray[np.int32], tuple[str, ...], npt.NDArray[np.int32], npt.NDArray[np.int32]]
    _sets: list[tuple[str, str, npt.NDArray[np.int32]]]
    _steps: list[dict[str, Any]]
    def _run(self, outdir: Any, base: str, plots: int) -> tuple[dict[str, Any], list[dict[str, Any]]]: ...

class SceneBase:
    def __new__(cls, path: Any) -> "SceneBase": ...
    def _step(self, n: int) -> tuple[int, int, int, float, float]: ...
    def _states(self) -> tuple[Vector, Vector, Vector, Vector]: ...
    def _contacts(self) -> tuple[Any, ...]: ...
    def _energy(self) -> tuple[float, float, float, float, float]: ...
    def _last_problem(self, fc: type) -> tuple[Any, Vector]: ...
