"""Argument checks and conversions shared by the package: dtypes, shapes, CSC matrices."""
import numpy as _np

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


def _math_index(x, name):
    """A positive int (refusing bools, floats with a fraction, values over the library's int)."""
    if isinstance(x, bool) or not isinstance(x, (int, _np.integer)):
        raise TypeError(f"{name}: expected an int, got {type(x)!r}")
    if x < 1 or x > 2**31 - 1:
        raise ValueError(f"{name} must be in [1, 2**31 - 1], got {x}")
    return int(x)
