"""signorini.Scene: a scene file stepped from Python, against free fall, Newton's restitution,
the momentum balance of a Moreau-Jean step and the energy balance (examples/scenes/bouncing_ball.inp:
a steel ball, R = 0.1 m, density 7800, dropped from z = 1.1 m onto a plane, e = 0.8, dt = 1e-3)."""
import math
import threading

import numpy as np
import pytest

import signorini

G = 9.81
MASS = 7800 * 4 / 3 * math.pi * 0.1 ** 3


@pytest.fixture
def ball(src):
    return signorini.Scene(src / "examples" / "scenes" / "bouncing_ball.inp")


def test_free_fall_and_energy(ball):
    assert ball.names == ["FLOOR", "BALL"] and ball.nbodies == 2 and ball.method == "moreau"
    assert ball.dt == 1e-3 and ball.period == 2.0 and ball.time == 0.0
    info = ball.step(200)
    # theta = 1/2 integrates a constant acceleration exactly: z = 1.1 - g t^2 / 2, v = -g t
    s = ball.states()
    assert ball.time == pytest.approx(0.2, abs=1e-12) and info["status"] == "ok" and info["contacts"] == 0
    assert s["x"][1, 2] == pytest.approx(1.1 - G * 0.2 ** 2 / 2, abs=1e-12)
    assert s["v"][1, 2] == pytest.approx(-G * 0.2, abs=1e-12) and np.array_equal(s["q"][1], [1, 0, 0, 0])
    e = ball.energy()
    assert e["kinetic"] + e["potential"] == pytest.approx(MASS * G * 1.1, rel=1e-12)


def test_impact_momentum_restitution_and_last_problem(ball):
    while ball.step()["contacts"] == 0:
        v_before = ball.states()["v"][1, 2]
    c = ball.contacts()
    assert list(c["a"]) == [0] and list(c["b"]) == [1] and np.allclose(c["normal"][0], [0, 0, 1])
    # the step's momentum balance (Moreau-Jean): m (v+ - v-) = -m g dt + P_N
    v_after = ball.states()["v"][1, 2]
    assert MASS * (v_after - v_before) == pytest.approx(-MASS * G * ball.dt + c["impulse"][0, 0], rel=1e-9)
    # the step's problem, solved again by the registry, gives the step's impulse back
    p, r = ball.last_problem()
    assert isinstance(p, signorini.FC) and p.nc == 1 and np.allclose(r, c["impulse"][0], rtol=1e-6)
    assert signorini.solve(p, "nsn_ac").r == pytest.approx(r, rel=1e-6)


def test_bounce_height_and_energy_balance(ball):
    # Newton's restitution: the first apex is 0.1 + e^2 (1.1 - 0.1) = 0.74 m, to O(dt)
    ball.step(500)
    z = []
    for _ in range(800):
        ball.step()
        z.append(ball.states()["x"][1, 2])
    assert max(z) == pytest.approx(0.74, abs=2e-3)
    e = ball.energy()
    assert e["kinetic"] + e["potential"] + e["impact_loss"] == pytest.approx(MASS * G * 1.1, rel=1e-9)


def test_scene_errors(tmp_path, src):
    with pytest.raises(OSError):
        signorini.Scene(tmp_path / "none.inp")
    bad = tmp_path / "bad.inp"
    bad.write_text("*SCENE\n*BODY, NAME=B, TYPE=CUBE\n")
    with pytest.raises(signorini.Error, match="bad.inp:2"):
        signorini.Scene(bad)
    s = signorini.Scene(src / "examples" / "scenes" / "bouncing_ball.inp")
    with pytest.raises(signorini.Error, match="no Moreau-Jean step"):
        s.last_problem()
    with pytest.raises(ValueError):
        s.step(-1)


def test_two_threads_on_one_scene_one_refused(src):
    s = signorini.Scene(src / "examples" / "scenes" / "bouncing_ball.inp")
    errors = []

    def work():
        try:
            s.step(3000)
        except RuntimeError as e:
            errors.append(e)
    ts = [threading.Thread(target=work) for _ in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    # either both ran one after the other (t = 6 s) or one was refused (t = 3 s)
    assert (len(errors) == 1 and s.time == pytest.approx(3.0)) or (not errors and s.time == pytest.approx(6.0))


def built_ball():
    """examples/scenes/bouncing_ball.inp built in code"""
    s = signorini.Scene(dt=1e-3)
    assert s.add_body("plane", motion="fixed", name="floor") == 0
    assert s.add_body("sphere", radius=0.1, density=7800, x=(0, 0, 1.1), name="ball") == 1
    s.set_contact_law(0.3, 0.8)
    return s


def test_scene_built_in_code_equals_the_file(src):
    """the same bodies, law, gravity and time step as the file: the same bits through the
    first impact (t = 1.5 s; the ball hits at t = 0.4295 s)"""
    s, f = built_ball(), signorini.Scene(src / "examples" / "scenes" / "bouncing_ball.inp")
    assert s.names == ["floor", "ball"] and s.nbodies == 2 and s.dt == 1e-3 and s.method == "moreau"
    s.step(1500)
    f.step(1500)
    for k in ("x", "q", "v", "w"):
        assert np.array_equal(s.states()[k], f.states()[k])
    assert s.time == pytest.approx(1.5)
    assert s.states()["v"][1, 2] > 0 or s.states()["x"][1, 2] < 1.1   # it bounced


def test_scene_built_gravity_materials_and_refusals():
    s = signorini.Scene(dt=1e-2)
    s.set_gravity((0.0, 0.0, -1.0))
    s.add_body("plane", motion="fixed", material=1)
    b = s.add_body("box", half=(0.1, 0.1, 0.1), mass=2.0, x=(0, 0, 0.1), v=(1.0, 0, 0), material=2)
    s.set_contact_law(0.5, 0.0, materials=(1, 2))
    s.step(10)   # the box slides on the plane: v_x = 1 - mu g t = 1 - 0.5 * 1 * 0.1
    assert s.dt == 1e-2 and s.time == pytest.approx(0.1)
    # to the step solver's tolerance (measured 1.8e-9 from 0.95)
    assert s.states()["v"][b, 0] == pytest.approx(0.95, abs=1e-7)
    with pytest.raises(ValueError, match="shape 'cube'"):
        s.add_body("cube")
    with pytest.raises(ValueError, match="motion"):
        s.add_body("sphere", radius=0.1, motion="flying")
    with pytest.raises(signorini.Error, match="add_body"):
        s.add_body("sphere", radius=-1.0)
    with pytest.raises(signorini.Error, match="add_body"):
        s.add_body("plane")          # a dynamic plane
    with pytest.raises(ValueError, match="x: expected length 3"):
        s.add_body("sphere", radius=0.1, x=(0, 0))
    with pytest.raises(ValueError, match="NaN"):
        s.add_body("sphere", radius=0.1, v=(0, float("nan"), 0))
    with pytest.raises(signorini.Error, match="set_contact_law"):
        s.set_contact_law(-0.1)
    with pytest.raises(ValueError):
        signorini.Scene(dt=0.0)
    with pytest.raises(ValueError, match="dt is the file's"):   # also the default's value, given
        signorini.Scene("examples/scenes/bouncing_ball.inp", dt=1e-3)
    assert signorini.Scene(None, dt=0.5).dt == 0.5 and signorini.Scene().dt == 1e-3
    assert s.nbodies == 2
