# Type hints of the package signorini (python/signorini/__init__.py; docs/python.md).
import os
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt
import scipy.sparse

from ._signorini import FCBase, GFCBase, LCPBase, ModelBase, SceneBase

__version__: str

ArrayLike = npt.ArrayLike
Matrix = Union[npt.ArrayLike, scipy.sparse.spmatrix]
Vector = npt.NDArray[np.float64]
PathLike = Union[str, bytes, os.PathLike]

class Error(RuntimeError):
    """A library error: args = (message, status)."""

class FC(FCBase):
    dim: int
    nc: int
    n: int
    kind: str
    q: Vector
    mu: Vector
    solution: Optional[dict[str, Vector]]
    guess: Optional[dict[str, Vector]]
    borrowed: tuple[str, ...]
    def __new__(cls, W: Matrix, q: ArrayLike, mu: ArrayLike, dim: Optional[int] = ..., copy: bool = ...) -> "FC": ...
    @property
    def W(self) -> scipy.sparse.csc_matrix: ...
    def error(self, r: ArrayLike) -> float: ...

class GFC(GFCBase):
    dim: int
    nc: int
    ndof: int
    n: int
    kind: str
    f: Vector
    w: Vector
    mu: Vector
    solution: Optional[dict[str, Vector]]
    guess: Optional[dict[str, Vector]]
    borrowed: tuple[str, ...]
    def __new__(cls, M: Matrix, H: Matrix, f: ArrayLike, w: ArrayLike, mu: ArrayLike,
                dim: Optional[int] = ..., copy: bool = ...) -> "GFC": ...
    @property
    def M(self) -> scipy.sparse.csc_matrix: ...
    @property
    def H(self) -> scipy.sparse.csc_matrix: ...
    @property
    def G(self) -> Optional[scipy.sparse.csc_matrix]: ...
    def error(self, r: ArrayLike, v: ArrayLike) -> float: ...

class LCP(LCPBase):
    n: int
    kind: str
    q: Vector
    solution: Optional[dict[str, Vector]]
    guess: Optional[dict[str, Vector]]
    borrowed: tuple[str, ...]
    def __new__(cls, M: Matrix, q: ArrayLike, copy: bool = ...) -> "LCP": ...
    @property
    def M(self) -> scipy.sparse.csc_matrix: ...
    def error(self, r: ArrayLike) -> float: ...

Problem = Union[FC, GFC, LCP]

class Result:
    status_code: int
    r: Vector
    u: Vector
    v: Optional[Vector]
    iterations: int
    error: float
    seconds: float
    solver: Optional[str]
    history: Vector
    tried: list[dict[str, Any]]
    abs_residual: float
    penetration: float
    cone_violation: float
    stopped: bool
    @property
    def status(self) -> str: ...
    @property
    def solved(self) -> bool: ...
    @property
    def message(self) -> str: ...

def read(path: PathLike) -> Problem: ...
def write(path: PathLike, problem: Problem,
          solution: Union[Result, dict[str, ArrayLike], None] = ...) -> None: ...
def solvers() -> list[dict[str, Any]]: ...
def solve(problem: Problem, solver: str = ..., tol: float = ..., max_iter: Optional[int] = ...,
          time_limit: Optional[float] = ..., options: Union[dict[str, Any], str, None] = ...,
          r0: Optional[ArrayLike] = ..., v0: Optional[ArrayLike] = ...,
          callback: Optional[Callable[[int, float], Any]] = ..., history: bool = ...) -> Result: ...
def set_threads(n: int) -> None: ...
def threads() -> tuple[int, int]: ...
def strerror(status: int) -> str: ...

class Run:
    node_ids: npt.NDArray[np.int32]
    x: npt.NDArray[np.float64]
    ndf: int
    increments: list[dict[str, Any]]
    info: dict[str, Any]
    def node(self, node_id: int) -> int: ...
    def field(self, name: str) -> npt.NDArray[np.float64]: ...
    @property
    def times(self) -> Vector: ...

class Model(ModelBase):
    deck: str
    heading: str
    ndf: int
    dynamic: bool
    units: dict[str, str]
    node_ids: npt.NDArray[np.int32]
    x: npt.NDArray[np.float64]
    elem_ids: npt.NDArray[np.int32]
    elem_types: tuple[str, ...]
    node_sets: dict[str, npt.NDArray[np.int32]]
    elem_sets: dict[str, npt.NDArray[np.int32]]
    steps: list[dict[str, Any]]
    def __new__(cls, deck: PathLike) -> "Model": ...
    def element_nodes(self, k: int) -> npt.NDArray[np.int32]: ...
    def run(self, outdir: Optional[PathLike] = ..., plots: str = ..., fsync: bool = ...) -> Run: ...

def run(deck: PathLike, outdir: Optional[PathLike] = ..., plots: str = ..., fsync: bool = ...) -> Run: ...

def plot(path: PathLike, series: list[tuple[Any, ...]], title: Optional[str] = ..., xlabel: Optional[str] = ...,
         ylabel: Optional[str] = ..., logy: bool = ...) -> None: ...

class Scene(SceneBase):
    time: float
    dt: float
    period: float
    nbodies: int
    method: str
    heading: str
    names: list[Optional[str]]
    def __new__(cls, path: Optional[PathLike] = ..., dt: float = ...) -> "Scene": ...
    def add_body(self, shape: str, *, radius: float = ..., half: Sequence[float] = ...,
                 half_length: float = ..., vertices: Optional[npt.ArrayLike] = ...,
                 triangles: Optional[npt.ArrayLike] = ..., motion: str = ..., density: float = ...,
                 mass: float = ..., x: Sequence[float] = ..., q: Sequence[float] = ...,
                 v: Sequence[float] = ..., w: Sequence[float] = ..., material: int = ...,
                 name: Optional[str] = ...) -> int: ...
    def set_gravity(self, g: Sequence[float]) -> None: ...
    def set_contact_law(self, mu: float, e: float = ..., materials: Optional[tuple[int, int]] = ...) -> None: ...
    def step(self, n: int = ...) -> dict[str, Any]: ...
    def states(self) -> dict[str, Vector]: ...
    def contacts(self) -> dict[str, npt.NDArray[Any]]: ...
    def energy(self) -> dict[str, float]: ...
    def last_problem(self) -> tuple[FC, Vector]: ...
