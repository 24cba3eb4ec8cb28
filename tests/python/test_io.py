"""signorini.read / write: FCLIB HDF5 and Siconos .dat through the library's readers and writer,
against the numbers printed in the files and by `signorini info`, and their error messages."""
import numpy as np
import pytest

import signorini


def test_read_dat_and_hdf5_agree(data):
    # the same problem in both formats (tests/data/problems/README.md): FrictionContact3D_1c
    a = signorini.read(data / "fc3d" / "FrictionContact3D_1c.dat")
    b = signorini.read(str(data / "fc3d" / "FrictionContact3D_1c.hdf5"))
    assert isinstance(a, signorini.FC) and isinstance(b, signorini.FC)
    # the .dat file's numbers: W = [[15 -1 -2] [-1 14 1] [-2 1 16]], q = (-1, 2, 3), mu = 0.1
    W = np.array([[15.0, -1.0, -2.0], [-1.0, 14.0, 1.0], [-2.0, 1.0, 16.0]])
    for p in (a, b):
        assert (p.dim, p.nc) == (3, 1)
        assert np.array_equal(p.W.toarray(), W)
        assert np.array_equal(p.q, [-1.0, 2.0, 3.0]) and np.array_equal(p.mu, [0.1])


def test_read_kinds(data):
    assert isinstance(signorini.read(data / "lcp" / "lcp_CPS_1.dat"), signorini.LCP)
    g = signorini.read(data / "gfc3d" / "CubeH8.hdf5")
    assert isinstance(g, signorini.GFC) and g.dim == 3 and g.n == 3 and g.M.shape == (g.ndof, g.ndof)
    f2 = signorini.read(data / "fc2d" / "FrictionContactProblem00071.dat")
    assert isinstance(f2, signorini.FC) and f2.dim == 2 and f2.n == 178


def test_read_errors(tmp_path, data):
    with pytest.raises(OSError, match="no_such_file"):
        signorini.read(tmp_path / "no_such_file.hdf5")
    bad = tmp_path / "bad.dat"
    bad.write_text("3\n1\n15 -1\n")
    with pytest.raises(signorini.Error, match="bad.dat") as e:
        signorini.read(bad)
    assert e.value.args[1] < 0    # the library's status code


def test_write_round_trip_with_solution(tmp_path, data):
    p = signorini.read(data / "fc3d" / "Capsules-i101-404.hdf5")
    res = signorini.solve(p, "nsn_ac")
    out = tmp_path / "caps.hdf5"
    signorini.write(out, p, res)
    q = signorini.read(out)
    assert np.array_equal(q.W.toarray(), p.W.toarray()) and np.array_equal(q.q, p.q) and np.array_equal(q.mu, p.mu)
    assert np.array_equal(q.solution["r"], res.r) and np.array_equal(q.solution["u"], res.u)
    signorini.write(tmp_path / "nosol.hdf5", p)
    assert signorini.read(tmp_path / "nosol.hdf5").solution is None


def test_write_global_and_refusals(tmp_path, data):
    g = signorini.read(data / "gfc3d" / "CubeH8.hdf5")
    res = signorini.solve(g)
    signorini.write(tmp_path / "g.hdf5", g, {"r": res.r, "u": res.u, "v": res.v})
    s = signorini.read(tmp_path / "g.hdf5").solution
    assert np.array_equal(s["r"], res.r) and np.array_equal(s["v"], res.v)
    with pytest.raises(ValueError, match="needs v"):
        signorini.write(tmp_path / "g2.hdf5", g, {"r": res.r, "u": res.u})
    with pytest.raises(ValueError, match="g.dat: the Siconos .dat format holds no solution"):
        signorini.write(tmp_path / "g.dat", g, res)
    assert not (tmp_path / "g.dat").exists()
    lcp = signorini.LCP(np.eye(2), [-1.0, 2.0])
    with pytest.raises(ValueError, match="LCP is written as its solution alone"):
        signorini.write(tmp_path / "l.hdf5", lcp)
    with pytest.raises(ValueError, match=r"r\[0\] is NaN"):
        signorini.write(tmp_path / "l.hdf5", lcp, {"r": [np.nan, 0.0], "u": [0.0, 2.0]})
    with pytest.raises(OSError):
        signorini.write(tmp_path / "no" / "such" / "dir.hdf5", g)
    with pytest.raises(TypeError, match="solution"):
        signorini.write(tmp_path / "x.hdf5", g, [1, 2])


def _same_csc(a, b):
    # bit for bit: the shape, the CSC structure and every value's bytes (canonical on both sides:
    # the library's readers sort the rows of each column and drop exact zeros)
    a, b = a.tocsc(), b.tocsc()
    a.eliminate_zeros()
    return (a.shape == b.shape and np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
            and a.data.tobytes() == b.data.tobytes())


def _same(x, y):
    return np.asarray(x).tobytes() == np.asarray(y).tobytes()


@pytest.mark.parametrize("name", ["fc3d/Capsules-i101-404.hdf5", "fc2d/FrictionContactProblem00071.dat",
                                  "gfc3d/CubeH8.hdf5", "gfc3d/GFC3D_TwoRods1.dat", "lcp/lcp_mmc.dat"])
def test_write_dat_round_trip(tmp_path, data, name):
    # read -> write .dat -> read: every array bit-identical (the writer prints %.17g)
    p = signorini.read(data / name)
    out = tmp_path / "p.DAT"     # the extension in any case
    signorini.write(out, p)
    q = signorini.read(out)
    assert type(q) is type(p) and q.solution is None
    if isinstance(p, signorini.LCP):
        assert _same_csc(p.M, q.M) and _same(p.q, q.q)
    elif isinstance(p, signorini.FC):
        assert (q.dim, q.nc) == (p.dim, p.nc)
        assert _same_csc(p.W, q.W) and _same(p.q, q.q) and _same(p.mu, q.mu)
    else:
        assert (q.dim, q.nc, q.ndof) == (p.dim, p.nc, p.ndof)
        assert _same_csc(p.M, q.M) and _same_csc(p.H, q.H)
        assert _same(p.f, q.f) and _same(p.w, q.w) and _same(p.mu, q.mu)
    # the same problem solves alike (same iterations, same error: an independent check of W and q)
    if isinstance(p, signorini.FC):
        a, b = signorini.solve(p, "nsgs"), signorini.solve(q, "nsgs")
        assert a.iterations == b.iterations and a.error == b.error


def test_write_dat_refusals(tmp_path, data):
    p = signorini.read(data / "lcp" / "lcp_mmc.dat")
    with pytest.raises(OSError, match="dir.dat"):
        signorini.write(tmp_path / "no" / "such" / "dir.dat", p)
    with pytest.raises(ValueError, match="holds no solution"):
        signorini.write(tmp_path / "l.dat", p, {"r": np.zeros(p.n), "u": np.zeros(p.n)})
    assert list(tmp_path.iterdir()) == []
    # a bytes path is a path too (os.fspath): written as .dat, read back with the same size
    b = bytes(tmp_path / "b.dat")
    signorini.write(b, p)
    assert signorini.read(b).n == p.n == 26     # lcp_mmc.dat: n = 26 (its first line)
