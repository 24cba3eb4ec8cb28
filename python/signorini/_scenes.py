"""Rigid-body scenes read from scene files or built body by body, stepped from Python."""
import numpy as _np

from . import _signorini
from ._args import _math_index
from ._problems import FC
from ._solving import _STATUS

def _index0(x, name):
    """A non-negative int (refusing bools and floats)."""
    return 0 if x == 0 and isinstance(x, (int, _np.integer)) and not isinstance(x, bool) else _math_index(x, name)


_SHAPES = {"sphere": 0, "box": 1, "capsule": 2, "cylinder": 3, "convex": 4, "plane": 5, "mesh": 6}
_MOTIONS = {"dynamic": 0, "fixed": 1, "kinematic": 2}


class Scene(_signorini.SceneBase):
    """A rigid-body scene (docs/dynamics.md), read from a file or built body by body, stepped
    from Python.

    Parameters
    ----------
    path : str or os.PathLike, optional
        A scene file (first keyword ``*SCENE``): bodies, materials, contact laws and its
        ``*DYNAMIC`` step, whose time step (``dt``), method and solver settings :meth:`step`
        uses. Nothing is written (``signorini run SCENE`` writes the frames). Without a path,
        an empty scene: gravity (0, 0, -9.81), every contact law mu = 0, e = 0, Moreau-Jean
        time stepping with the default settings of a scene file's ``*DYNAMIC``; fill it with
        :meth:`add_body`, :meth:`set_gravity` and :meth:`set_contact_law`.
    dt : float, optional
        The time step of an empty scene (default 1e-3 s); a file's is its own.

    Raises
    ------
    OSError
        The file cannot be read.
    Error
        The scene is invalid ("FILE:LINE: message").

    Attributes
    ----------
    time, dt, period : float
        The scene's time, the file's time step (event-driven: output interval) and period.
    nbodies : int
        Number of bodies; ``names`` their names in index order.
    method : str
        "moreau" (Moreau-Jean time stepping) or "event" (event-driven).

    Notes
    -----
    A scene changes as it steps: use one from one thread at a time (a concurrent
    :meth:`step` is refused with RuntimeError). The GIL is released while it steps.
    """
    __slots__ = ()

    def add_body(self, shape, *, radius=0.0, half=(0.0, 0.0, 0.0), half_length=0.0, vertices=None,
                 triangles=None, motion="dynamic", density=1000.0, mass=0.0, x=(0.0, 0.0, 0.0),
                 q=(1.0, 0.0, 0.0, 0.0), v=(0.0, 0.0, 0.0), w=(0.0, 0.0, 0.0), material=0, name=None):
        """Add a body; returns its index (0, 1, 2, ... in order of addition).

        Parameters
        ----------
        shape : {"sphere", "box", "capsule", "cylinder", "convex", "plane", "mesh"}
            sphere: ``radius``; box: ``half`` (half extents along the body axes); capsule and
            cylinder: ``radius`` and ``half_length`` (axis body z); convex: the hull of
            ``vertices`` (n x 3, body frame); plane: through ``x``, outward normal the body z
            axis (solid below), fixed or kinematic only; mesh: ``vertices`` and ``triangles``
            (n x 3 vertex indices, counter-clockwise seen from outside), fixed or kinematic only.
        motion : {"dynamic", "fixed", "kinematic"}, optional
            kinematic bodies move with their constant ``v`` and ``w``.
        density, mass : float, optional
            kg/m^3 (default 1000), or a mass > 0 that overrides it.
        x, q, v, w : sequences of float, optional
            Position, orientation quaternion (w, x, y, z; normalised), linear and angular velocity.
        material : int, optional
            Contact material index (>= 0) for :meth:`set_contact_law`.
        name : str, optional
            Default "body<index>".

        Raises
        ------
        ValueError
            An unknown shape or motion, a vector of the wrong length, a NaN.
        Error
            The library refused the body (non-positive size or density, fewer than 4
            non-coplanar vertices, a dynamic plane or mesh, ...).
        """
        if shape not in _SHAPES:
            raise ValueError(f"shape {shape!r}: one of {', '.join(_SHAPES)} expected")
        if motion not in _MOTIONS:
            raise ValueError(f"motion {motion!r}: one of {', '.join(_MOTIONS)} expected")
        if name is not None and not isinstance(name, str):
            raise TypeError("name must be a str")
        return self._add_body(_SHAPES[shape], _MOTIONS[motion], float(radius), half, float(half_length), vertices,
                              triangles, float(density), float(mass), x, q, v, w,
                              _index0(material, "material"), name)

    def set_gravity(self, g):
        """Set the gravity vector (m/s^2; default (0, 0, -9.81))."""
        self._set_gravity(g)

    def set_contact_law(self, mu, e=0.0, materials=None):
        """Set Coulomb's mu and Newton's restitution e of a pair of materials.

        Parameters
        ----------
        mu : float
            Friction coefficient, >= 0.
        e : float, optional
            Restitution coefficient in [0, 1] (default 0).
        materials : (int, int), optional
            The pair of material indices; None (default) sets the law of every pair that has
            none of its own.
        """
        ma, mb = (-1, -1) if materials is None else (_index0(materials[0], "materials[0]"),
                                                      _index0(materials[1], "materials[1]"))
        self._set_contact_law(ma, mb, float(mu), float(e))

    def step(self, n=1):
        """Advance by n time steps (event-driven: n output intervals).

        Parameters
        ----------
        n : int, optional
            Steps, >= 0 (default 1).

        Returns
        -------
        dict
            ``status`` (the worst contact-solver status over the steps, as :class:`Result`'s),
            and of the last step ``contacts`` (in its problem), ``iterations``, ``error``,
            ``max_penetration``.

        Raises
        ------
        Error
            A step failed (the library's message).
        """
        st, nc, it, err, pen = self._step(_math_index(n, "n") if n else 0)
        return {"status": _STATUS.get(st, "error"), "contacts": nc, "iterations": it, "error": err,
                "max_penetration": pen}

    def states(self):
        """The bodies' states now.

        Returns
        -------
        dict of ndarray
            ``x`` (positions, nbodies x 3), ``q`` (orientations as quaternions w, x, y, z,
            nbodies x 4), ``v`` and ``w`` (linear and angular velocities, nbodies x 3); rows in
            body index order (``names``).
        """
        x, q, v, w = self._states()
        return {"x": x, "q": q, "v": v, "w": w}

    def contacts(self):
        """The contacts of the last step.

        Returns
        -------
        dict of ndarray
            ``a``, ``b`` (body indices; the normal points from a to b), ``status`` (0 open,
            1 stick, 2 slip), ``gap`` (at the step's start), and n x 3 ``point``, ``normal``,
            ``impulse`` (normal, tangential; on b) and ``u`` (relative velocity after the step,
            local frame).
        """
        ab, gap, point, normal, impulse, u = self._contacts()
        return {"a": ab[:, 0], "b": ab[:, 1], "status": ab[:, 2], "gap": gap, "point": point, "normal": normal,
                "impulse": impulse, "u": u}

    def energy(self):
        """Energies now (kinetic, gravity potential) and accumulated since the scene was read.

        Returns
        -------
        dict of float
            ``kinetic``, ``potential``, ``friction_work``, ``impact_loss``, ``kinematic_work``.
        """
        return dict(zip(("kinetic", "potential", "friction_work", "impact_loss", "kinematic_work"),
                        self._energy()))

    def last_problem(self):
        """The last Moreau-Jean step's local frictional contact problem and its impulses.

        Returns
        -------
        (FC, ndarray)
            The problem (W = H^T M^-1 H, q) as :class:`FC`, ready for :func:`solve`, and the
            impulses r the step found.

        Raises
        ------
        Error
            No step was made yet.
        """
        return self._last_problem(FC)

    def __repr__(self):
        return f"<signorini.Scene {self.nbodies} bodies, t = {self.time:g}, {self.method}>"
