"""The problem types FC, GFC, LCP: numpy / scipy.sparse arguments into the extension's base types."""
from . import _signorini
from ._args import _csc, _dim, _matrix, _vector

class FC(_signorini.FCBase):
    """Local frictional contact problem (FCLIB "local"): u = W r + q.

    Find, for every contact i, r_i in the Coulomb cone {|r_T| <= mu_i r_N} with
    u_i + [mu_i |u_T,i|, 0(, 0)] in its dual cone and orthogonal to r_i (Coulomb's law with
    De Saxce's modification). Components per contact: normal first, then the tangent(s).

    Parameters
    ----------
    W : (n, n) ndarray or scipy.sparse matrix
        The Delassus operator, n = dim * nc. Copied: converted to CSC (any sparse format or a
        dense array; a dense array keeps its nonzeros), then copied into the problem.
    q : (n,) array_like of float64
        Free velocity. Copied.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. Copied.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(q) / len(mu) when omitted.

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
    solution, guess : dict or None
        What the file read held (FCLIB /solution, /guesses): arrays ``r``, ``u``.
    """
    __slots__ = ()

    def __new__(cls, W, q, mu, dim=None):
        q, mu = _vector("q", q), _vector("mu", mu)
        dim = _dim(dim, q.size, mu.size, "q")
        return super().__new__(cls, dim, _csc("W", W, (q.size, q.size)), q, mu)

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
        Converted to CSC and copied.
    H : (ndof, dim * nc) ndarray or scipy.sparse matrix
        Contact Jacobian. Converted to CSC and copied.
    f : (ndof,) array_like of float64
        Force vector. Copied.
    w : (dim * nc,) array_like of float64
        Contact velocity offset. Copied.
    mu : (nc,) array_like of float64
        Friction coefficients, >= 0. Copied.
    dim : {2, 3}, optional
        Contact dimension; inferred as len(w) / len(mu) when omitted.

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
    solution, guess : dict or None
        What the file read held: arrays ``r``, ``u``, ``v``.
    """
    __slots__ = ()

    def __new__(cls, M, H, f, w, mu, dim=None):
        f, w, mu = _vector("f", f), _vector("w", w), _vector("mu", mu)
        dim = _dim(dim, w.size, mu.size, "w")
        return super().__new__(cls, dim, _csc("M", M, (f.size, f.size)), _csc("H", H, (f.size, w.size)), f, w, mu)

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
        Converted to CSC and copied.
    q : (n,) array_like of float64
        Copied.

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
    """
    __slots__ = ()

    def __new__(cls, M, q):
        q = _vector("q", q)
        return super().__new__(cls, _csc("M", M, (q.size, q.size)), q)

    @property
    def M(self):
        """M as a new scipy.sparse.csc_matrix (a copy)."""
        return _matrix(self._M)

    def __repr__(self):
        return f"<signorini.LCP n={self.n}>"
