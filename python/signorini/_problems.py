"""The problem types FC, GFC, LCP: numpy / scipy.sparse arguments into the extension's base types."""
from . import _signorini
from ._args import _csc, _dim, _matrix, _vector


def _names(**borrowed):
    """The names whose flag is true, in argument order: a problem's ``borrowed``."""
    return tuple(k for k, v in borrowed.items() if v)


class FC(_signorini.FCBase):
    """Local frictional contact problem (FCLIB "local"): u = W r + q.

    Find, for every contact i, r_i in the Coulomb cone {|r_T| <= mu_i r_N} with
    u_i + [mu_i |u_T,i|, 0(, 0)] in its dual cone and orthogonal to r_i (Coulomb's law with
    De Saxce's modification). Components per contact: normal first, then the tangent(s).

    Parameters
    ----------
    W : (n, n) ndarray or scipy.sparse matrix
        The Delassus operator, n = dim * nc. Borrowed (used without a copy) when it is a
        scipy CSC matrix with int32 indices, float64 data and canonical format; otherwise
        converted to CSC (a dense array keeps its nonzeros) and copied.
    q : (n,) array_like of float64
        Free velocity. Borrowed when a contiguous float64 ndarray, otherwise copied.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. Borrowed or copied as q.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(q) / len(mu) when omitted.
    copy : bool, optional
        True: copy every argument. False (default): borrow what has the library's layout.
        A borrowed array written by the caller changes the problem, also during a solve
        running in another thread; pass copy=True or do not write into it
        (docs/python.md, "Ownership and copies").

    Raises
    ------
    TypeError
        An argument is not made of real numbers (complex, bool, object, strings).
    ValueError
        Shapes that do not agree, NaN or Inf in the data, mu < 0, dim not 2 or 3.

    Attributes
    ----------
    dim, nc, n : int
        Dimension, number of contacts, length of r (dim * nc).
    W : scipy.sparse.csc_matrix
        A copy of W.
    q, mu : ndarray
        Copies of q and mu.
    borrowed : tuple of str
        The arguments whose arrays are the caller's, used without a copy ("W", "q", "mu").
    solution, guess : dict or None
        What the file read held (FCLIB /solution, /guesses): arrays ``r``, ``u``.
    """
    __slots__ = ()

    def __new__(cls, W, q, mu, dim=None, copy=False):
        (q, bq), (mu, bmu) = _vector("q", q, copy), _vector("mu", mu, copy)
        dim = _dim(dim, q.size, mu.size, "q")
        W, bW = _csc("W", W, (q.size, q.size), copy)
        return super().__new__(cls, dim, W, q, mu, borrowed=_names(W=bW, q=bq, mu=bmu))

    @property
    def W(self):
        """W as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._W)

    def __repr__(self):
        return f"<signorini.FC dim={self.dim} nc={self.nc} nnz(W)={self._W[3].size}>"


class GFC(_signorini.GFCBase):
    """Global frictional contact problem (FCLIB "global"): M v = H r + f, u = H^T v + w.

    Same cone conditions on (r, u) per contact as :class:`FC`.

    Parameters
    ----------
    M : (ndof, ndof) ndarray or scipy.sparse matrix
        Symmetric positive definite mass or stiffness matrix (symmetric to 1e-6 relative).
        Borrowed or copied as W of :class:`FC`.
    H : (ndof, dim * nc) ndarray or scipy.sparse matrix
        Contact Jacobian. Borrowed or copied as W of :class:`FC`.
    f : (ndof,) array_like of float64
        Force vector. Borrowed when a contiguous float64 ndarray, otherwise copied.
    w : (dim * nc,) array_like of float64
        Contact velocity offset. As f.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. As f.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(w) / len(mu) when omitted.
    copy : bool, optional
        True: copy every argument; False (default): borrow, with the hazard of :class:`FC`.

    Raises
    ------
    TypeError, ValueError
        As :class:`FC`; also M not symmetric.

    Attributes
    ----------
    dim, nc, ndof, n : int
        Dimension, contacts, length of v, length of r.
    M, H : scipy.sparse.csc_matrix
        Copies. ``G`` is the equality part of a file's problem (None otherwise).
    f, w, mu : ndarray
        Copies.
    borrowed : tuple of str
        The arguments used without a copy.
    solution, guess : dict or None
        What the file read held: arrays ``r``, ``u``, ``v``.
    """
    __slots__ = ()

    def __new__(cls, M, H, f, w, mu, dim=None, copy=False):
        (f, bf), (w, bw), (mu, bmu) = _vector("f", f, copy), _vector("w", w, copy), _vector("mu", mu, copy)
        dim = _dim(dim, w.size, mu.size, "w")
        M, bM = _csc("M", M, (f.size, f.size), copy)
        H, bH = _csc("H", H, (f.size, w.size), copy)
        return super().__new__(cls, dim, M, H, f, w, mu, borrowed=_names(M=bM, H=bH, f=bf, w=bw, mu=bmu))

    @property
    def M(self):
        """M as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._M)

    @property
    def H(self):
        """H as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._H)

    @property
    def G(self):
        """The equality constraints' matrix of a file's problem (a copy), or None."""
        return _matrix(self._G)

    def __repr__(self):
        return f"<signorini.GFC dim={self.dim} nc={self.nc} ndof={self.ndof}>"


class LCP(_signorini.LCPBase):
    """Linear complementarity problem: find z >= 0 with w = M z + q >= 0 and z . w = 0.

    Parameters
    ----------
    M : (n, n) ndarray or scipy.sparse matrix
        Borrowed or copied as W of :class:`FC`.
    q : (n,) array_like of float64
        Borrowed when a contiguous float64 ndarray, otherwise copied.
    copy : bool, optional
        True: copy every argument; False (default): borrow, with the hazard of :class:`FC`.

    Raises
    ------
    TypeError, ValueError
        As :class:`FC`.

    Attributes
    ----------
    n : int
        Size.
    M : scipy.sparse.csc_matrix
        A copy.
    q : ndarray
        A copy.
    borrowed : tuple of str
        The arguments used without a copy.
    """
    __slots__ = ()

    def __new__(cls, M, q, copy=False):
        q, bq = _vector("q", q, copy)
        M, bM = _csc("M", M, (q.size, q.size), copy)
        return super().__new__(cls, M, q, borrowed=_names(M=bM, q=bq))

    @property
    def M(self):
        """M as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._M)

    def __repr__(self):
        return f"<signorini.LCP n={self.n}>"
