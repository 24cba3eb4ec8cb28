"""Charts drawn by the library's plotter (sn_plot_lines)."""
import os as _os

from . import _signorini
from ._args import _vector

_STYLES = {"line": 0, "linemarkers": 1, "markers": 2, "bars": 3}


def plot(path, series, title=None, xlabel=None, ylabel=None, logy=False):
    """Draw an x-y line chart with the library's plotter (sn_plot_lines: cairo; no matplotlib).

    Parameters
    ----------
    path : str or os.PathLike
        The chart, PNG, SVG or PDF by its extension; written whole under a temporary name.
    series : list of tuple
        ``(name, x, y)`` or ``(name, x, y, style)`` per curve: x None for 1, 2, ..., n;
        style "line" (default), "linemarkers", "markers" or "bars". At most 64 series.
    title, xlabel, ylabel : str, optional
        Labels.
    logy : bool, optional
        Logarithmic y axis (points with y <= 0 are left out).

    Raises
    ------
    ValueError
        Arrays of different lengths, NaN in the data, an unknown style.
    OSError
        The file cannot be written.
    Error
        The plot module cannot be loaded, or an unknown file extension.
    """
    spec = []
    for s in series:
        name, x, y, style = (tuple(s) + ("line",))[:4]
        if style not in _STYLES:
            raise ValueError(f"style must be one of {sorted(_STYLES)}, got {style!r}")
        spec.append((name, None if x is None else _vector("x", x), _vector("y", y), _STYLES[style]))
    _signorini._plot(_os.fspath(path), spec, title, xlabel, ylabel, bool(logy))
