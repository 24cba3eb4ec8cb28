"""signorini.run: a deck's analysis with its increments as numpy arrays, against the analytic
values of examples/README.md, and the files it writes equal byte for byte to `signorini run`'s."""
import subprocess

import numpy as np
import pytest

import signorini


def test_onedof_lagrange_analytic_and_same_files_as_cli(cli, src, tmp_path):
    deck = src / "examples" / "onedof_lagrange.inp"
    res = signorini.run(deck, tmp_path / "py")
    # examples/README.md: K = 100, F = -20, gap 0.1: x = -0.1, contact force 10
    assert len(res.increments) == 1 and res.ndf == 2 and list(res.node_ids) == [1, 2, 11, 12, 13, 14, 15]
    inc = res.increments[-1]
    assert inc["U"].shape == (7, 2) and inc["S"].shape == (7, 6)
    assert inc["U"][res.node(2), 0] == pytest.approx(-0.1, abs=1e-9)
    c = inc["contact"]
    assert list(c["node"]) == [2] and c["r"][0, 0] == pytest.approx(10.0, rel=1e-9) and c["area"][0] == 1.0
    assert inc["RF"][res.node(1), 0] + inc["RF"][res.node(15), 0] == pytest.approx(20.0, rel=1e-9)  # supports take F
    subprocess.run([str(cli), "run", str(deck), "-o", str(tmp_path / "cli"), "--quiet"], check=True,
                   capture_output=True, timeout=120)
    # synced to disk or not (fsync=True, --fsync: docs/results.md, "Atomic writes"), the same bytes
    signorini.run(deck, tmp_path / "pysync", fsync=True)
    subprocess.run([str(cli), "run", str(deck), "-o", str(tmp_path / "clisync"), "--quiet", "--fsync"], check=True,
                   capture_output=True, timeout=120)
    for f in sorted((tmp_path / "cli").iterdir()):
        if not f.name.startswith("."):
            for other in ("py", "pysync", "clisync"):
                assert f.read_bytes() == (tmp_path / other / f.name).read_bytes(), (other, f.name)


def test_onedof_friction_three_steps(src):
    # examples/README.md: stick at x = 0 (friction 10), slip to x = 0.09999000200 (friction 10),
    # stick again with no further displacement (friction 0)
    res = signorini.run(src / "examples" / "onedof_friction.inp")
    assert [i["step"] for i in res.increments] == [1, 2, 3] and np.array_equal(res.times, [1.0, 2.0, 3.0])
    x = res.field("U")[:, res.node(2), 0]
    ft = np.array([abs(i["contact"]["r"][0, 1]) for i in res.increments])
    assert x[0] == pytest.approx(0.0, abs=1e-7) and x[1] == pytest.approx(0.09999000200, abs=1e-7)
    assert x[2] == pytest.approx(x[1], abs=1e-7)
    assert ft == pytest.approx([10.0, 10.0, 0.0], abs=1e-5)
    assert res.info["increments"] == 3 and res.info["newton_iterations"] >= 3


def test_run_errors(tmp_path, src):
    with pytest.raises(OSError, match="nothere.inp"):
        signorini.run(tmp_path / "nothere.inp")
    bad = tmp_path / "bad.inp"
    bad.write_text("*NODE\n1, 0., 0.\n*FROBNICATE\n")
    with pytest.raises(signorini.Error, match="bad.inp:3"):
        signorini.run(bad)
    with pytest.raises(ValueError, match="plots"):
        signorini.run(bad, plots="sometimes")
    with pytest.raises(KeyError):
        signorini.run(src / "examples" / "onedof_lagrange.inp").node(99)


def _same_run(a, b):
    """Two Runs equal bit for bit: every increment's numbers and arrays, the node ids."""
    assert np.array_equal(a.node_ids, b.node_ids) and np.array_equal(a.x, b.x) and len(a.increments) == len(b.increments)
    for ia, ib in zip(a.increments, b.increments):
        assert ia.keys() == ib.keys()
        for k in ia:
            if k == "contact":
                assert ia[k].keys() == ib[k].keys()
                for c in ia[k]:
                    assert np.array_equal(ia[k][c], ib[k][c]), c
            else:
                assert np.array_equal(ia[k], ib[k]), k


def test_model_of_onedof_lagrange(src, tmp_path):
    deck = src / "examples" / "onedof_lagrange.inp"
    m = signorini.Model(deck)
    # the deck's own lines (examples/onedof_lagrange.inp): 7 nodes, a SPRINGA 1-2 and a CPE4 wall 11-14,
    # NSET MASS = {2}, one static step of period 1 at line 40
    assert list(m.node_ids) == [1, 2, 11, 12, 13, 14, 15] and m.ndf == 2 and not m.dynamic
    assert np.array_equal(m.x[m.node_ids.tolist().index(12)], [-0.1, -0.5, 0.0])
    assert list(m.elem_ids) == [1, 2] and m.elem_types == ("SPRINGA", "CPE4")
    assert list(m.element_nodes(0)) == [1, 2] and list(m.element_nodes(1)) == [11, 12, 13, 14]
    assert list(m.node_sets["MASS"]) == [2] and list(m.elem_sets["WALL"]) == [2] and list(m.elem_sets["SPRING"]) == [1]
    assert len(m.steps) == 1 and m.steps[0]["procedure"] == "static" and m.steps[0]["period"] == 1.0
    assert m.steps[0]["cloads"] == 1 and m.heading.startswith("seed 000 section 1")
    with pytest.raises(IndexError):
        m.element_nodes(2)
    # the attributes are copies
    m.x[:] = 7.0
    assert m.x[0, 0] == 1.0
    # the same results as signorini.run on the same deck, bit for bit; twice from one model, the same
    ref = signorini.run(deck)
    first = m.run()
    _same_run(first, ref)
    _same_run(m.run(tmp_path / "out"), ref)
    assert (tmp_path / "out" / "onedof_lagrange.pvd").exists()
    assert first.increments[-1]["U"][first.node(2), 0] == pytest.approx(-0.1, abs=1e-9)   # examples/README.md


def test_model_errors(src, tmp_path):
    bad = tmp_path / "bad.inp"
    bad.write_text("*NODE\n1, 0., 0.\n2, 1., 0.\n*ELEMENT, TYPE=T2D2\n1, 1, 7\n")
    with pytest.raises(signorini.Error, match="bad.inp:5"):
        signorini.Model(bad)
    with pytest.raises(OSError, match="nothere.inp"):
        signorini.Model(tmp_path / "nothere.inp")
    m = signorini.Model(src / "examples" / "bar_impact.inp")
    assert m.dynamic and m.steps[0]["procedure"] == "dynamic"


def test_model_runs_in_threads_at_once(src):
    # the model is read-only (sn_static_run takes it const): four runs of one model in four threads
    # give what one run alone gives, bit for bit
    import threading
    m = signorini.Model(src / "examples" / "onedof_friction.inp")
    ref = m.run()
    out = [None] * 4

    def work(k):
        out[k] = m.run()

    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for r in out:
        _same_run(r, ref)


def test_dynamic_deck_energy_and_same_files_as_cli(cli, src, tmp_path):
    """examples/bar_impact.inp (*DYNAMIC, Moreau-Jean theta = 1/2, a bar hitting a wall at v0 = 1):
    the total energy is conserved (docs/fe-dynamics.md: constant for theta = 1/2), the output
    steps carry U and V, and the files are those of `signorini run`, byte for byte"""
    deck = src / "examples" / "bar_impact.inp"
    res = signorini.run(deck, tmp_path / "py")
    info = res.info
    assert info["status"] == 0 and info["steps"] == 1600 and info["contact_missed"] == 0
    e = info["energy"]
    assert len(e["time"]) == 1601 and e["total"][0] > 0
    assert np.abs(e["total"] - e["total"][0]).max() <= 1e-9 * e["total"][0]
    assert len(res.increments) == 101 and res.increments[0]["time"] == 0.0
    first, last = res.increments[0], res.increments[-1]
    assert first["V"].shape == (405, 2) and np.array_equal(first["U"], np.zeros_like(first["U"]))
    assert last["time"] == pytest.approx(e["time"][-1])
    subprocess.run([str(cli), "run", str(deck), "-o", str(tmp_path / "cli"), "--quiet"], check=True,
                   capture_output=True, timeout=120)
    names = sorted(f.name for f in (tmp_path / "cli").iterdir() if not f.name.startswith("."))
    assert "bar_impact_energy.csv" in names and len(names) > 100
    for name in names:
        assert (tmp_path / "cli" / name).read_bytes() == (tmp_path / "py" / name).read_bytes(), name


def test_controls_ignored_is_a_warning(src, tmp_path):
    # *CONTROLS has no effect in signorini (docs/deck.md, "Output requests"): the run says so, one
    # UserWarning "DECK:LINE: note: *CONTROLS ... ignored" per keyword, as `signorini run` on stderr
    text = (src / "examples" / "onedof_lagrange.inp").read_text().replace(
        "*END STEP", "*CONTROLS, PARAMETERS=FIELD\n0.005, 0.01\n*END STEP")
    deck = tmp_path / "controls.inp"
    deck.write_text(text)
    line = text.splitlines().index("*CONTROLS, PARAMETERS=FIELD") + 1
    with pytest.warns(UserWarning, match=r"controls\.inp:%d: note: \*CONTROLS, PARAMETERS=FIELD ignored" % line):
        res = signorini.run(deck)
    assert res.increments[-1]["U"][res.node(2), 0] == pytest.approx(-0.1, abs=1e-9)   # the run as without it
