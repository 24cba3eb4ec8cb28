"""Shared fixtures of the Python tests (run by CTest: tests/CMakeLists.txt, test_python).

The environment gives the paths: SN_DATA (tests/data/problems), SN_CLI (the built `signorini`
program), SN_SRC (the source tree). A skipped test is reported as a failure: a skip is not a
pass (README, "Two commands")."""
import os
import pathlib

import pytest


def _env_path(name):
    v = os.environ.get(name)
    if not v:
        raise RuntimeError(f"{name} is not set: run the Python tests through ctest (tests/CMakeLists.txt)")
    return pathlib.Path(v)


@pytest.fixture(scope="session")
def data():
    return _env_path("SN_DATA")


@pytest.fixture(scope="session")
def cli():
    return _env_path("SN_CLI")


@pytest.fixture(scope="session")
def src():
    return _env_path("SN_SRC")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.skipped:
        rep.outcome = "failed"
        rep.longrepr = f"{item.nodeid}: skipped, and a skip is not a pass"
