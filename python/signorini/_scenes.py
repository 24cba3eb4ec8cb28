"""Rigid-body scenes read from scene files and stepped from Python."""
from . import _signorini
from ._args import _math_index
from ._problems import FC
from ._solving import _STATUS

class Scene(_signorini.SceneBase):
    """A rigid-body scene file (docs/dynamics.md), stepped from Python.

    Parameters
    ----------
    path : str or os.PathLike
        A scene file (first keyword ``*SCENE``): bodies, materials, contact laws and its
        ``*DYNAMIC`` step, whose time step (``dt``), method and solver settings :meth:`step`
        uses. Nothing is written (``signorini run SCENE`` writes the frames).

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
