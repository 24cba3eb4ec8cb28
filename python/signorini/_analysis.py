"""Finite-element analyses of decks: run and its Run."""
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


def run(deck, outdir=None, plots="step"):
    """Run a deck's quasi-static finite-element analysis (``signorini run`` without the CLI).

    Parameters
    ----------
    deck : str or os.PathLike
        An Abaqus/CalculiX-style input deck (docs/deck.md). ``*DYNAMIC`` decks and rigid-body
        scene files are not run from Python yet (NotImplementedError / Error).
    outdir : str or os.PathLike, optional
        When given, the files of ``signorini run DECK -o OUTDIR`` are written there as well
        (created if missing; .vtu series, .pvd, .dat tables, contact CSV, plots): the same
        writers, the same bytes. When None, nothing is written.
    plots : {"step", "increment", "none"}, optional
        When the plots are drawn (with ``outdir``), as ``signorini run --plots``.

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
    deck = _os.fspath(deck)
    base = _os.path.basename(deck)
    if base.lower().endswith(".inp") and len(base) > 4:
        base = base[:-4]
    out = ""
    if outdir is not None:
        out = _os.fspath(outdir)
        _os.makedirs(out, exist_ok=True)
    info, incs = _signorini._run(deck, out, base, _PLOTS[plots])
    return Run(info, incs)
