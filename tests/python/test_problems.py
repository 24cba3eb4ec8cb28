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
    with pytest.raises(TypeError, match=r"expected \(m, n, indptr, indices, data\)"):
        signorini.FC.__base__.__new__(signorini.FC, 3, "W", Q3, [0.1])


def test_ownership_problem_outlives_its_inputs():
    W = sp.csr_matrix(W3.copy())
    q, mu = Q3.copy(), np.array([0.1])
    p = signorini.FC(W, q, mu)
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
