"""Every public name of the package is documented (numpydoc sections) and typed in the stub."""
import ast
import inspect
import pathlib

import signorini


def stub_names():
    tree = ast.parse((pathlib.Path(signorini.__file__).parent / "__init__.pyi").read_text())
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | \
           {t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]}


def test_every_public_name_documented_and_in_the_stub():
    names = stub_names()
    for name in signorini.__all__:
        obj = getattr(signorini, name)
        assert name in names, f"{name} missing from __init__.pyi"
        if inspect.isfunction(obj) or inspect.isclass(obj):
            doc = inspect.getdoc(obj)
            assert doc and len(doc.splitlines()) >= 3, name
            if inspect.isfunction(obj) and inspect.signature(obj).parameters:
                assert "Parameters\n----------" in doc, name
    for name in ("solve", "read", "write", "solvers"):
        assert "Returns\n-------" in inspect.getdoc(getattr(signorini, name)) or name == "write"
