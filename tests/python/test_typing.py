"""Typing and introspection: py.typed and the extension's stub ship with the
package, the stub matches the built module (mypy's stubtest), `mypy --strict`
passes on the package and on a user's script, every public function has a
signature and every public name a docstring, and the defaults of the Python
signatures are the C++ module's."""
import inspect
import os
import re
import subprocess
import sys

import pytest

import pith
import pith._pith
import pith.trafilatura

HERE = os.path.dirname(os.path.abspath(__file__))
TYPED = os.path.join(HERE, "typed")
PACKAGE_DIR = os.path.dirname(pith.__file__)


def _mypy(tmp_path, *args):
    try:
        import mypy  # noqa: F401 - Debian's mypy (scripts/install-deps.sh)
    except ImportError:
        pytest.fail("mypy is not installed: scripts/install-deps.sh installs Debian's mypy")
    env = dict(os.environ, MYPYPATH=os.path.dirname(PACKAGE_DIR), MYPY_CACHE_DIR=str(tmp_path / "mypy-cache"))
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=env, timeout=600)


def test_markers_ship_with_the_package():
    assert os.path.exists(os.path.join(PACKAGE_DIR, "py.typed"))
    assert os.path.exists(os.path.join(PACKAGE_DIR, "_pith.pyi"))


def test_stub_matches_the_module(tmp_path):
    run = _mypy(tmp_path, "mypy.stubtest", "--allowlist", os.path.join(TYPED, "stubtest_allowlist.txt"),
                "--mypy-config-file", os.devnull, "pith._pith")
    assert run.returncode == 0, run.stdout[-3000:]


@pytest.mark.parametrize("target", [["-p", "pith"], [os.path.join(TYPED, "user_script.py")]],
                         ids=["package", "user_script"])
def test_mypy_strict(tmp_path, target):
    run = _mypy(tmp_path, "mypy", "--strict", "--config-file", os.devnull, *target)
    assert run.returncode == 0, run.stdout[-3000:]


def _public(module):
    return [(name, getattr(module, name)) for name in module.__all__]


@pytest.mark.parametrize("module", [pith, pith.trafilatura], ids=["pith", "pith.trafilatura"])
def test_every_public_name_has_a_docstring_and_a_signature(module):
    for name, value in _public(module):
        if not callable(value):
            continue
        assert (value.__doc__ or "").strip(), "%s.%s has no docstring" % (module.__name__, name)
        if inspect.isclass(value) and issubclass(value, BaseException):
            continue
        if inspect.isclass(value) and value.__init__ is object.__init__:
            continue
        if inspect.isclass(value) and "pybind11" in type(value).__name__:
            for attribute, member in vars(value).items():  # properties and methods of the C++ classes
                if not attribute.startswith("_"):
                    assert (member.__doc__ or "").strip(), "%s.%s has no docstring" % (name, attribute)
            if value.__module__ == "pith._pith":
                continue  # made by pith only (Document, Metadata...): nothing to call
        inspect.signature(value)  # raises ValueError when there is none
        for attribute, member in vars(value).items() if inspect.isclass(value) else ():
            if not attribute.startswith("_") and inspect.isfunction(member):
                inspect.signature(member)
                assert (member.__doc__ or "").strip(), "%s.%s.%s has no docstring" % (module.__name__, name,
                                                                                        attribute)
    assert "html" in str(inspect.signature(pith.extract)) and "target_language" in str(inspect.signature(pith.extract))
    assert list(inspect.signature(pith.Document.render).parameters) == ["self", "format", "links", "images", "plain"]


def _native_defaults(function):
    """{argument: default as written} of a pybind11 function's signature line."""
    first_line = function.__doc__.split("\n", 1)[0]
    return dict(re.findall(r"(\w+): [^,=()]+ = ([^,()]+|\([^()]*\))", first_line))


@pytest.mark.parametrize("python,native", [
    (pith.extract, pith._pith.extract),
    (pith.parse_http_response, pith._pith.parse_http_response),
], ids=["extract", "parse_http_response"])
def test_python_defaults_are_the_module_s(python, native):
    native_defaults = _native_defaults(native)
    assert native_defaults
    for name, parameter in inspect.signature(python).parameters.items():
        if name in native_defaults:
            assert repr(parameter.default) == native_defaults[name].strip(), name
