"""signorini.FC / GFC / LCP: construction from numpy and scipy.sparse, refused input, ownership
(a problem outlives the arrays it was built from), attributes, and the error measures against
values computed by hand."""
import gc
import math

import numpy as np
import pytest
import scipy.sparse as sp

import signorini

W3 = np.array([[15.0, -1.0, -2.0], [-1.0, 14.0, 1.0], [-2.0, 1.0, 16.0]])   # FrictionContact3D_1c's W
Q3 = np.array([-1.0, 2.0, 3.0])


def test_fc_from_dense_and_every_sparse_format():
    ref = signorini.FC(W3, Q3, [0.1])
    assert (ref.dim, ref.nc, ref.n, ref.kind) == (3, 1, 3, "fc")
    assert np.array_equal(ref.W.toarray(), W3)
    for fmt in ("csr", "csc", "coo", "lil", "dok", "bsr", "dia"):
        p = signorini.FC(sp.csr_matrix(W3).asformat(fmt), Q3, np.array([0.1]))
        assert np.array_equal(p.W.toarray(), W3), fmt
        assert np.array_equal(p.q, Q3) and np.array_equal(p.mu, [0.1])


def test_fc_dim_inferred_or_given():
    p2 = signorini.FC(np.eye(4), [1.0, 0.0, 1.0, 0.0], [0.3, 0.3])
    assert p2.dim == 2 and p2.nc == 2
    p3 = signorini.FC(np.eye(6), np.ones(6), [0.3, 0.3], dim=3)
    assert p3.dim == 3 and p3.nc == 2
    with pytest.raises(ValueError, match="dim"):
        signorini.FC(np.eye(6), np.ones(6), [0.3, 0.3], dim=2)
    with pytest.raises(ValueError, match="infer dim"):
        signorini.FC(np.eye(4), np.ones(4), [0.3])        # 4 / 1 is neither 2 nor 3
    with pytest.raises(ValueError, match="dim must be 2 or 3"):
        signorini.FC(np.eye(4), np.ones(4), [0.3], dim=4)


@pytest.mark.parametrize("bad, exc, msg", [
    (dict(q=np.array([1 + 1j, 2, 3])), TypeError, "q: expected real numbers"),
    (dict(q=np.array(["a", "b", "c"])), TypeError, "q: expected real numbers"),
    (dict(q=np.array([True, False, True])), TypeError, "q: expected real numbers"),
    (dict(q=np.array([None, 1.0, 2.0], dtype=object)), TypeError, "q: expected real numbers"),
    (dict(W=W3.astype(complex)), TypeError, "W: expected real numbers"),
    (dict(q=np.ones((3, 1))), ValueError, r"q: expected a 1-D array, got shape \(3, 1\)"),
    (dict(q=np.ones(4)), ValueError, "infer dim"),
    (dict(mu=np.ones(2)), ValueError, "infer dim"),
    (dict(W=np.eye(4)), ValueError, r"W: expected shape \(3, 3\), got \(4, 4\)"),
    (dict(W=np.ones(9)), ValueError, "W: expected a 2-D matrix"),
    (dict(q=np.array([1.0, np.nan, 3.0])), ValueError, r"q\[1\] is NaN"),
    (dict(mu=np.array([np.inf])), ValueError, r"mu\[0\] is infinite"),
    (dict(W=np.where(np.eye(3) > 0, np.nan, W3)), ValueError, r"W\[0, 0\] is nan"),
    (dict(mu=np.array([-0.1])), ValueError, "invalid problem: .*mu"),
])
def test_fc_refuses(bad, exc, msg):
    args = dict(W=W3, q=Q3, mu=np.array([0.1]))
    args.update(bad)
    with pytest.raises(exc, match=msg):
        signorini.FC(**args)


def test_integer_and_float32_inputs_convert_exactly():
    p = signorini.FC(np.eye(3, dtype=np.int32), np.array([-1, 0, 0], dtype=np.int64), np.array([0.5], dtype=np.float32))
    assert p.q.dtype == np.float64 and np.array_equal(p.q, [-1.0, 0.0, 0.0]) and p.mu[0] == 0.5


def test_base_types_check_raw_csc():
    # the extension's own checks, below the Python conversion (a corrupt CSC never reaches the library)
    idx = np.array([0, 1, 2], dtype=np.int64)
    with pytest.raises(ValueError, match="row index 7 out of range"):
        signorini.FC.__base__.__new__(signorini.FC, 3, (3, 3, np.array([0, 1, 2, 3]), np.array([0, 7, 2]), np.ones(3)),
                                      Q3, [0.1])
    with pytest.raises(ValueError, match="indptr decreases"):
        signorini.FC.__base__.__new__(signorini.FC, 3, (3, 3, np.array([0, 2, 1, 3]), idx, np.ones(3)), Q3, [0.1])
    with pytest.raises(ValueError, match="indptr has length"):
        signorini.FC.__base__.__new__(signorini.FC, 3, (3, 3, np.array([0, 3]), idx, np.ones(3)), Q3, [0.1])
    with pytest.raises(ValueError, match="index 4294967296 exceeds the library's int"):
        signorini.FC.__base__.__new__(signorini.FC, 3, (3, 3, np.array([0, 1, 2, 3]), np.array([0, 2**32, 2]),
                                                        np.ones(3)), Q3, [0.1])
    with pytest.raises(TypeError, match="borrowed: expected a tuple of str"):
        signorini.FC.__base__.__new__(signorini.FC, 3, (3, 3, np.array([0, 1, 2, 3]), idx, np.ones(3)), Q3, [0.1],
                                      borrowed="q")
    with pytest.raises(TypeError, match=r"expected \(m, n, indptr, indices, data\)"):
        signorini.FC.__base__.__new__(signorini.FC, 3, "W", Q3, [0.1])


def test_ownership_copy_true_problem_outlives_its_inputs():
    W = sp.csc_matrix(W3.copy())
    q, mu = Q3.copy(), np.array([0.1])
    p = signorini.FC(W, q, mu, copy=True)
    assert p.borrowed == ()
    first = signorini.solve(p, "nsn_ac").r.copy()
    q[:] = 1e300          # changing the inputs changes nothing
    W.data[:] = np.nan
    del W, q, mu
    gc.collect()
    again = signorini.solve(p, "nsn_ac")
    assert np.array_equal(again.r, first)
    # the getters are copies too
    qq = p.q
    qq[:] = 0
    assert np.array_equal(p.q, Q3)
    # a result outlives its problem
    r = again.r
    del p, again
    gc.collect()
    assert np.array_equal(r, first)


def test_fc_error_measure_by_hand():
    # W = I, q = (-1, 0, 0), mu = 0.5: r = (1, 0, 0) solves it (u = 0, r in the cone) -> error 0;
    # r = 0: u = q, e = -P_K(-q) = -(1, 0, 0), normalised by max(|q|, |r|, |u|) = 1 -> error 1
    # (problem.h, sn_fc_error).
    p = signorini.FC(np.eye(3), [-1.0, 0.0, 0.0], [0.5])
    assert p.error([1.0, 0.0, 0.0]) == 0.0
    assert p.error(np.zeros(3)) == 1.0
    with pytest.raises(ValueError, match="r: expected length 3"):
        p.error(np.zeros(2))
    with pytest.raises(TypeError, match="v is for global problems only"):
        p.error(np.zeros(3), np.zeros(3))


def test_lcp_and_error_by_hand():
    # M = I, q = (-1, 2): z = (1, 0) solves it; z = 0: |z - max(0, z - w)| / |q| = |(1, 0)| / sqrt(5)
    p = signorini.LCP(np.eye(2), [-1.0, 2.0])
    assert (p.n, p.kind) == (2, "lcp") and np.array_equal(p.M.toarray(), np.eye(2))
    assert p.error([1.0, 0.0]) == 0.0
    assert p.error([0.0, 0.0]) == pytest.approx(1 / math.sqrt(5), rel=1e-15)
    with pytest.raises(ValueError, match=r"M: expected shape \(2, 2\)"):
        signorini.LCP(np.eye(3), [1.0, 2.0])


def test_gfc_construction_and_error():
    # M = H = I, f = (-1, 0, 0), w = 0: v = r + f, u = v; r = (1, 0, 0), v = 0 solves it
    p = signorini.GFC(sp.identity(3), np.eye(3), [-1.0, 0.0, 0.0], np.zeros(3), [0.5])
    assert (p.dim, p.nc, p.ndof, p.n, p.kind) == (3, 1, 3, 3, "gfc") and p.G is None
    assert np.array_equal(p.H.toarray(), np.eye(3)) and np.array_equal(p.f, [-1, 0, 0])
    assert p.error([1.0, 0.0, 0.0], np.zeros(3)) == 0.0
    with pytest.raises(TypeError, match="needs v"):
        p.error([1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="invalid problem"):   # M not symmetric (sn_gfc_check)
        signorini.GFC(np.array([[1.0, 1.0, 0], [0, 1, 0], [0, 0, 1]]), np.eye(3), np.zeros(3), np.zeros(3), [0.5])
    with pytest.raises(ValueError, match=r"H: expected shape \(3, 3\)"):
        signorini.GFC(np.eye(3), np.eye(2), np.zeros(3), np.zeros(3), [0.5])


def _r(p):
    """r of p solved to 1e-14 (nsn_ac: exact to the last bits on these 1-contact problems)."""
    return signorini.solve(p, "nsn_ac", tol=1e-14).r


def _csc32(A):
    """A as a canonical scipy CSC matrix with int32 indices (the library's layout: borrowable)."""
    M = sp.csc_matrix(A)
    M.indptr, M.indices = M.indptr.astype(np.int32), M.indices.astype(np.int32)
    assert M.has_canonical_format
    return M


def test_borrowed_arrays_are_used_without_copy():
    # W = I, mu = 0.5: the solution of u = r + q is r = (-q_N, 0, 0) when q_N < 0, computed by hand
    W, q, mu = _csc32(np.eye(3)), np.array([-1.0, 0.0, 0.0]), np.array([0.5])
    p = signorini.FC(W, q, mu)
    assert p.borrowed == ("W", "q", "mu")
    first = _r(p)
    assert first == pytest.approx([1.0, 0.0, 0.0], abs=1e-12)
    q[0] = -2.0          # the caller's q is the problem's: the next solve sees it
    assert _r(p) == pytest.approx([2.0, 0.0, 0.0], abs=1e-12)
    W.data[:] = 2.0      # W = 2 I: r = -q_N / 2
    assert _r(p) == pytest.approx([1.0, 0.0, 0.0], abs=1e-12)
    W.data[:] = 1.0
    q[0] = -1.0
    # the problem holds references: the caller's names deleted and collected, same bits
    del W, q, mu
    gc.collect()
    assert np.array_equal(_r(p), first)


def test_copy_true_is_not_affected_by_changes():
    W, q, mu = _csc32(np.eye(3)), np.array([-1.0, 0.0, 0.0]), np.array([0.5])
    p = signorini.FC(W, q, mu, copy=True)
    assert p.borrowed == ()
    q[0], W.data[:], mu[0] = -2.0, 5.0, 0.0
    assert _r(p) == pytest.approx([1.0, 0.0, 0.0], abs=1e-12) and p.mu[0] == 0.5


@pytest.mark.parametrize("case", ["int64", "unsorted", "duplicates", "csr", "dense", "float32", "strided", "list",
                                  "bigendian"])
def test_other_layouts_are_copied(case):
    W, q, mu = _csc32(W3), Q3.copy(), np.array([0.25])   # 0.25: exact in float32 too
    expect = ("q", "mu") if case in ("int64", "unsorted", "duplicates", "csr", "dense") else ("W",)
    expect = ("W", "mu") if case == "strided" else expect   # a 1-element view is contiguous: borrowed
    if case == "int64":
        W.indptr, W.indices = W.indptr.astype(np.int64), W.indices.astype(np.int64)
    elif case == "unsorted":   # column 0 rows (2, 0, 1): same matrix, rows not sorted
        W = sp.csc_matrix((W.data[[2, 0, 1, 3, 4, 5, 6, 7, 8]], W.indices[[2, 0, 1, 3, 4, 5, 6, 7, 8]], W.indptr),
                          shape=(3, 3))
        assert not W.has_sorted_indices
    elif case == "duplicates":  # W[0, 0] = 10 + 5, stored twice
        W = sp.csc_matrix((np.r_[10.0, 5.0, W.data[1:]], np.r_[0, 0, W.indices[1:]].astype(np.int32),
                           np.r_[0, W.indptr[1:] + 1].astype(np.int32)), shape=(3, 3))
        assert not W.has_canonical_format
    elif case == "csr":
        W = sp.csr_matrix(W3)
    elif case == "dense":
        W = W3.copy()
    elif case == "float32":
        q, mu = Q3.astype(np.float32), mu.astype(np.float32)
    elif case == "strided":
        q, mu = np.repeat(Q3, 2)[::2], np.repeat(mu, 2)[::2]
    elif case == "list":
        q, mu = list(Q3), [0.25]
    elif case == "bigendian":
        q, mu = Q3.astype(">f8"), mu.astype(">f8")
    ref = _r(signorini.FC(W3, Q3, [0.25], copy=True))
    p = signorini.FC(W, q, mu)
    assert p.borrowed == expect, case
    assert np.array_equal(_r(p), ref), case
    # what was copied does not follow the caller's changes
    if "W" not in expect:
        (W if isinstance(W, np.ndarray) else W.data)[...] = np.nan
    if "q" not in expect and isinstance(q, np.ndarray):
        q[...] = np.nan
    assert np.array_equal(_r(p), ref), case


def test_gfc_and_lcp_borrow_per_argument():
    M, H = _csc32(np.eye(3)), sp.csr_matrix(np.eye(3))       # H not CSC: copied
    f, w, mu = np.array([-1.0, 0.0, 0.0]), np.zeros(3), [0.5]   # mu a list: copied
    p = signorini.GFC(M, H, f, w, mu)
    assert p.borrowed == ("M", "f", "w")
    assert signorini.GFC(M, H, f, w, mu, copy=True).borrowed == ()
    # M = H = I, f = (-1, 0, 0), w = 0: r = (1, 0, 0), v = 0 (by hand, as test_gfc_construction_and_error)
    assert p.error([1.0, 0.0, 0.0], np.zeros(3)) == 0.0
    f[0] = -2.0
    assert p.error([1.0, 0.0, 0.0], np.zeros(3)) > 0 and p.error([2.0, 0.0, 0.0], np.zeros(3)) == 0.0
    # LCP M = I, q = (-1, 2): z = (1, 0) (by hand); q changed to (-3, 2): z = (3, 0)
    M2, q = _csc32(np.eye(2)), np.array([-1.0, 2.0])
    lcp = signorini.LCP(M2, q)
    assert lcp.borrowed == ("M", "q") and lcp.error([1.0, 0.0]) == 0.0
    q[0] = -3.0
    assert lcp.error([3.0, 0.0]) == 0.0
    del M2, q
    gc.collect()
    assert lcp.error([3.0, 0.0]) == 0.0 and signorini.LCP(np.eye(2), np.ones(2)).borrowed == ("q",)
