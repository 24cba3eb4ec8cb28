"""Finite-element analyses of decks: Model (a deck read once), run and its Run."""
import os as _os

import numpy as _np

from . import _signorini

class Run:
    """What :func:`run` returns: every converged increment's results as numpy arrays.

    Attributes
    ----------
    node_ids : ndarray of int32
        The deck's node ids, in the order of the rows of ``U``, ``RF``, ``S``.
    x : ndarray
        The nodes' reference coordinates (nnodes x 3; z = 0 in 2D), rows as ``node_ids``.
    ndf : int
        Displacement components per node (2 or 3).
    increments : list of dict
        One dict per converged increment: ``step``, ``increment``, ``total_increment``,
        ``step_time``, ``time`` (total time), ``load_factor``, ``newton_iterations``,
        ``residual``, ``cutbacks``; ``U`` and ``RF`` (nnodes x ndf displacements and
        reactions), ``S`` (nnodes x 6 averaged nodal stresses, Abaqus order S11 S22 S33 S12
        S13 S23); ``contact``: a dict of the contact points of the increment's last contact
        solve, ``node`` (slave node ids), ``x`` (their positions when detected, npoints x 3), ``r`` (forces, npoints x ndf, normal first, in the
        point's local frame: docs/results.md), ``u`` (relative displacements: the new gap,
        then this increment's slip), ``gap``, ``area`` (tributary areas: pressure = r_N /
        area), ``normal`` (npoints x 3), ``solver``, ``iterations``, ``error``.
    info : dict
        The run's totals: ``increments``, ``cutbacks``, ``newton_iterations``,
        ``contact_solves``, ``ndof``, ``seconds`` and its phases.

    Notes
    -----
    A ``*DYNAMIC`` deck gives one dict per output step (those written as ``BASE.NNNN.vtu``, the
    initial state first; ``total_increment`` counts the time steps), each with ``V`` (nnodes x
    ndf velocities) besides ``U``, ``RF``, ``S`` and ``contact`` (mean contact forces over the
    step); ``info`` then holds ``status`` (0, or the positive status of contact problems accepted
    short of the tolerance: ``contact_missed``, ``first_missed``, ``missed_error``), ``steps``,
    ``ndof``, ``nfree``, ``contact_steps``, ``contact_iterations``, the seconds by phase, and
    ``energy``: arrays over every time step (``time``, ``kinetic``, ``strain``,
    ``external_work``, ``contact_dissipation``, ``damping_dissipation``, ``total``).
    """
    __slots__ = ("node_ids", "x", "ndf", "increments", "info", "_index")

    def __init__(self, info, increments):
        self.info = dict(info)
        self.node_ids = self.info.pop("node_ids")
        self.x = self.info.pop("x")
        self.ndf = self.info.pop("ndf")
        self.increments = increments
        self._index = None

    def node(self, node_id):
        """The row of a node id in ``U``, ``RF``, ``S`` (KeyError when the deck has no such node)."""
        if self._index is None:
            self._index = {int(n): k for k, n in enumerate(self.node_ids)}
        return self._index[int(node_id)]

    def field(self, name):
        """``U``, ``RF`` or ``S`` of every increment stacked: (increments, nnodes, components)."""
        return _np.stack([inc[name] for inc in self.increments])

    @property
    def times(self):
        """The total time of every increment."""
        return _np.array([inc["time"] for inc in self.increments])

    def __repr__(self):
        return f"<signorini.Run {len(self.increments)} increments, {self.node_ids.size} nodes>"


_PLOTS = {"step": 0, "increment": 1, "none": 2}


class Model(_signorini.ModelBase):
    """A deck read once (the library's reader, ``sn_inp_read``), to look at and to run.

    Parameters
    ----------
    deck : str or os.PathLike
        An Abaqus/CalculiX-style input deck (docs/deck.md); ``*INCLUDE`` files are resolved
        relative to it.

    Raises
    ------
    OSError
        The deck cannot be read.
    Error
        The deck is malformed: the library's message, "FILE:LINE: reason".

    Attributes
    ----------
    deck : str
        The path as given.
    heading : str
        The ``*HEADING`` text ("" when none).
    ndf : int
        Displacement components per node (2 or 3).
    dynamic : bool
        Whether a step is ``*DYNAMIC`` (then every step is: :meth:`run` integrates it by
        Moreau-Jean, sn_dynamic_run).
    units : dict
        The units the deck declares (``** UNITS:`` comment): ``length``, ``force``,
        ``stress``, ``time`` ("" where not declared).
    node_ids : ndarray of int32
        The node ids in the model's order (the rows of ``x`` and of a run's ``U``, ``RF``, ``S``).
    x : ndarray
        Reference coordinates, nnodes x 3 (z = 0 in 2D).
    elem_ids : ndarray of int32
        The element ids in the model's order.
    elem_types : tuple of str
        Each element's type ("CPE4", "C3D8", ...).
    node_sets, elem_sets : dict of str to ndarray of int32
        The deck's ``*NSET`` / ``*ELSET`` sets (names upper-cased, as the library keeps them):
        node ids or element ids, in the order of the deck.
    steps : list of dict
        Per ``*STEP``: ``procedure`` ("static" or "dynamic"), ``nlgeom``, ``dt0``, ``period``,
        ``dtmin``, ``dtmax``, ``inc``, the counts of ``boundaries``, ``cloads``, ``dloads``
        records, and the deck ``line``.

    Every attribute is a copy made when it is read (the arrays are new each time and may be
    written); the model itself never changes, so it may be run several times, from several
    threads at once.
    """
    __slots__ = ("_cache",)

    def __new__(cls, deck):
        self = super().__new__(cls, _os.fspath(deck))
        self._cache = self._header
        return self

    heading = property(lambda self: self._cache["heading"], doc="The *HEADING text.")
    ndf = property(lambda self: self._cache["ndf"], doc="Displacement components per node.")
    dynamic = property(lambda self: self._cache["dynamic"], doc="Whether a step is *DYNAMIC.")
    units = property(lambda self: dict(self._cache["units"]), doc="The declared units (a new dict).")
    node_ids = property(lambda self: self._nodes[0], doc="Node ids (a new int32 array).")
    x = property(lambda self: self._nodes[1], doc="Reference coordinates, nnodes x 3 (a new array).")
    elem_ids = property(lambda self: self._elements[0], doc="Element ids (a new int32 array).")
    elem_types = property(lambda self: self._elements[1], doc="Each element's type name.")
    steps = property(lambda self: self._steps, doc="One dict per *STEP (new dicts).")

    @property
    def node_sets(self):
        """The node sets: name -> node ids (new arrays)."""
        return {name: ids for name, kind, ids in self._sets if kind == "node"}

    @property
    def elem_sets(self):
        """The element sets: name -> element ids (new arrays)."""
        return {name: ids for name, kind, ids in self._sets if kind == "element"}

    def element_nodes(self, k):
        """The node ids of the k-th element (model order, 0-based) as a new int32 array."""
        _, _, ptr, conn = self._elements
        if not 0 <= k < ptr.size - 1:
            raise IndexError(f"element index {k} out of range [0, {ptr.size - 1})")
        return conn[ptr[k]:ptr[k + 1]].copy()

    def run(self, outdir=None, plots="step", fsync=False):
        """Run the model's quasi-static finite-element analysis (``signorini run`` without the CLI).

        Parameters
        ----------
        outdir : str or os.PathLike, optional
            When given, the files of ``signorini run DECK -o OUTDIR`` are written there as well
            (created if missing; .vtu series, .pvd, .dat tables, contact CSV, plots), named
            after the deck: the same writers, the same bytes. When None, nothing is written.
        plots : {"step", "increment", "none"}, optional
            When the plots are drawn (with ``outdir``), as ``signorini run --plots``.
        fsync : bool, optional
            Sync the files to disk before returning, as ``signorini run --fsync`` (durability
            against a power failure; by default every file is complete when it appears, and the
            operating system writes it to disk in its own time: docs/results.md, "Atomic writes").

        Returns
        -------
        Run
            Every converged increment's U, RF, S and contact fields as numpy arrays.

        Raises
        ------
        Error
            The output folder is in use, or the analysis failed (an increment without
            equilibrium): the library's message. The model is unchanged and may be run again.
        """
        if plots not in _PLOTS:
            raise ValueError(f"plots must be one of {sorted(_PLOTS)}, got {plots!r}")
        base = _os.path.basename(self.deck)
        if base.lower().endswith(".inp") and len(base) > 4:
            base = base[:-4]
        out = ""
        if outdir is not None:
            out = _os.fspath(outdir)
            _os.makedirs(out, exist_ok=True)
        info, incs = self._run(out, base, _PLOTS[plots], bool(fsync))
        return Run(info, incs)

    def __repr__(self):
        return (f"<signorini.Model {self.deck!r}: {self.node_ids.size} nodes, {self.elem_ids.size} elements, "
                f"{len(self.steps)} steps>")


def run(deck, outdir=None, plots="step", fsync=False):
    """Run a deck's quasi-static finite-element analysis: ``Model(deck).run(outdir, plots, fsync)``.

    Parameters
    ----------
    deck : str or os.PathLike
        An Abaqus/CalculiX-style input deck (docs/deck.md), quasi-static or ``*DYNAMIC``
        (docs/fe-dynamics.md; rigid-body scene files: :class:`Scene`).
    outdir : str or os.PathLike, optional
        When given, the files of ``signorini run DECK -o OUTDIR`` are written there as well
        (created if missing; .vtu series, .pvd, .dat tables, contact CSV, plots): the same
        writers, the same bytes. When None, nothing is written.
    plots : {"step", "increment", "none"}, optional
        When the plots are drawn (with ``outdir``), as ``signorini run --plots``.
    fsync : bool, optional
        Sync the files to disk before returning, as ``signorini run --fsync`` (durability
        against a power failure; by default every file is complete when it appears, and the
        operating system writes it to disk in its own time: docs/results.md, "Atomic writes").

    Returns
    -------
    Run
        Every converged increment's U, RF, S and contact fields as numpy arrays (copies made
        as the analysis runs; no file is read back).

    Raises
    ------
    OSError
        The deck cannot be read.
    Error
        The deck is malformed ("FILE:LINE: reason"), the output folder is in use, or the
        analysis failed (an increment without equilibrium): the library's message.
    """
    if plots not in _PLOTS:
        raise ValueError(f"plots must be one of {sorted(_PLOTS)}, got {plots!r}")
    return Model(deck).run(outdir, plots, fsync)
