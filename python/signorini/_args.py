"""Argument checks and conversions shared by the package: dtypes, shapes, CSC matrices."""
import numpy as _np

def _check_dtype(name, dtype):
    """Refuse what is not a real number (bool, complex, object, strings) with a TypeError."""
    if dtype.kind not in "fiu" or (dtype.kind == "f" and dtype.itemsize > 8):
        raise TypeError(f"{name}: expected real numbers (float64, or a type that converts to it "
                        f"exactly), got dtype {dtype}")


def _vector(name, x, copy=None):
    """x as a 1-D C-contiguous aligned float64 array.

    copy=None: x itself (or a view of it) when it already is one, else a converted copy (what
    a chart needs). copy=False / True (problems): returns (array, borrowed), the array a private
    copy unless copy is False and x is an ndarray of that layout, borrowed True when the array
    is the caller's memory."""
    a = _np.asarray(x)
    _check_dtype(name, a.dtype)
    if a.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D array, got shape {a.shape}")
    if copy is None:
        return _np.ascontiguousarray(a, dtype=_np.float64)
    if copy:
        return _np.array(a, dtype=_np.float64, order="C", copy=True), False
    b = _np.require(a, dtype=_np.float64, requirements=["C", "A"])
    return b, isinstance(x, _np.ndarray) and _np.may_share_memory(b, x)


def _borrowable(A):
    """True when a scipy.sparse matrix is already in the library's sn_csc layout: CSC, int32
    indptr and indices, float64 data, each 1-D C-contiguous aligned in native byte order, and
    canonical (rows sorted, no duplicates). The library accepts unsorted rows and duplicates
    (la.h, sn_csc_check), but scipy sorts and sums such a matrix in place on its own
    (sort_indices, sum_duplicates inside other operations): a non-canonical matrix is copied so
    that no scipy call can change a problem behind the caller's back."""
    if A.format != "csc":
        return False
    for arr, dt in ((A.indptr, _np.int32), (A.indices, _np.int32), (A.data, _np.float64)):
        if not (isinstance(arr, _np.ndarray) and arr.dtype == dt and arr.dtype.isnative and arr.ndim == 1
                and arr.flags.c_contiguous and arr.flags.aligned):
            return False
    return bool(A.has_canonical_format)


def _csc(name, A, shape=None, copy=False):
    """A (ndarray or scipy.sparse, any format) as the raw CSC tuple (m, n, indptr, indices, data)
    and whether that tuple is the caller's memory (borrowed): a scipy CSC matrix already in the
    library's layout (see _borrowable) is passed as it is unless copy is True; anything else
    becomes private copies."""
    import scipy.sparse as sp
    borrowed = False
    if sp.issparse(A):
        _check_dtype(name, A.dtype)
        borrowed = not copy and _borrowable(A)
        if not borrowed:
            A = A.tocsc()
    else:
        a = _np.asarray(A)
        _check_dtype(name, a.dtype)
        if a.ndim != 2:
            raise ValueError(f"{name}: expected a 2-D matrix, got shape {a.shape}")
        A = sp.csc_matrix(a)
    if shape is not None and A.shape != shape:
        raise ValueError(f"{name}: expected shape {shape}, got {A.shape}")
    data = A.data if borrowed else _np.array(A.data, dtype=_np.float64, order="C", copy=True)
    bad = _np.flatnonzero(~_np.isfinite(data))
    if bad.size:
        col = int(_np.searchsorted(A.indptr, bad[0], side="right") - 1)
        raise ValueError(f"{name}[{int(A.indices[bad[0]])}, {col}] is {data[bad[0]]}: the data must be finite")
    if borrowed:
        return (A.shape[0], A.shape[1], A.indptr, A.indices, data), True
    # private copies; int64 so that the extension converts them to int32 arrays of its own
    return (A.shape[0], A.shape[1], _np.array(A.indptr, dtype=_np.int64), _np.array(A.indices, dtype=_np.int64),
            data), False


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
