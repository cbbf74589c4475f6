"""Argument checks of the public functions, so that a mistake gets a short,
readable error before anything reaches the C++ module.

pybind11's own TypeError lists every argument's repr: for extract() that is
the whole page (over a megabyte). The functions of the package are therefore
Python functions with a real signature (inspect.signature, help(), IDEs)
whose arguments are checked against their annotations here; every repr put in
a message is cut to SHORT_REPR_CHARS.
"""
import functools
import inspect
import typing
from typing import Any, Callable, Dict, Iterable, List, Tuple, Type, TypeVar, Union

# The longest repr of a caller's value put in an error message.
SHORT_REPR_CHARS = 80

F = TypeVar("F", bound=Callable[..., Any])


def short_repr(value: object) -> str:
    """repr(value), cut to SHORT_REPR_CHARS characters."""
    text = repr(value)
    return text if len(text) <= SHORT_REPR_CHARS else text[:SHORT_REPR_CHARS - 3] + "..."


def choice(function: str, name: str, value: object, allowed: Iterable[str]) -> None:
    """Raises ValueError naming the value and the allowed ones when value is not among them."""
    allowed = list(allowed)
    if value not in allowed:
        raise ValueError("%s(): %s=%s is not one of %s" % (function, name, short_repr(value),
                                                             ", ".join(map(repr, allowed))))


def _accepted(annotation: Any) -> Tuple[Tuple[Type[Any], ...], List[str]]:
    """The classes isinstance() checks for an annotation, and their names for a
    message; no classes: anything is accepted."""
    if annotation is Any or annotation is object:
        return (), []
    origin = typing.get_origin(annotation)
    if origin is Union:
        classes: List[Type[Any]] = []
        names: List[str] = []
        for arg in typing.get_args(annotation):
            arg_classes, arg_names = _accepted(arg)
            if not arg_classes:
                return (), []
            classes.extend(arg_classes)
            names.extend(arg_names)
        return tuple(classes), names
    if origin is not None:  # List[str], Iterable[str]: the container's class only
        return ((origin,), [origin.__name__]) if isinstance(origin, type) else ((), [])
    if annotation is type(None):
        return (type(None),), ["None"]
    if not isinstance(annotation, type):
        return (), []
    # PEP 484: an int is accepted where a float is; a bool is an int, and 0 / 1
    # are taken for False / True as everywhere else in Python.
    if annotation is float or annotation is bool:
        return (annotation, int), [annotation.__name__]
    return (annotation,), [annotation.__name__]


def check_fields(function_name: str, instance: Any) -> None:
    """The same checks for a dataclass's fields (FetchOptions(timeout="5"))."""
    hints = typing.get_type_hints(type(instance))
    for name, annotation in hints.items():
        classes, names = _accepted(annotation)
        value = getattr(instance, name)
        if classes and not isinstance(value, classes):
            raise TypeError("%s(): %s must be %s, not %s (%s)" % (
                function_name, name, _listed(names), type(value).__name__, short_repr(value)))


def _listed(names: List[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else "%s or %s" % (", ".join(names[:-1]), names[-1])


def checked(function_name: str) -> Callable[[F], F]:
    """Checks the arguments of the decorated function against its signature and
    annotations before it runs: a misspelled keyword or a value of the wrong
    type raises a TypeError of a line, naming the function and the argument.
    (By hand rather than with Signature.bind, which costs more than a small
    page's extraction.)"""

    def decorate(func: F) -> F:
        signature = inspect.signature(func)
        hints = typing.get_type_hints(func)
        checks: Dict[str, Tuple[Tuple[Type[Any], ...], str]] = {}
        for name in signature.parameters:
            classes, names = _accepted(hints.get(name, Any))
            if classes:
                checks[name] = (classes, _listed(names))
        kinds = inspect.Parameter
        positional = [p.name for p in signature.parameters.values()
                      if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)]
        keywords = {p.name for p in signature.parameters.values()
                    if p.kind in (kinds.POSITIONAL_OR_KEYWORD, kinds.KEYWORD_ONLY)}
        any_keyword = any(p.kind == kinds.VAR_KEYWORD for p in signature.parameters.values())

        def fail(name: str, value: object, check: Tuple[Tuple[Type[Any], ...], str]) -> None:
            raise TypeError("%s(): %s must be %s, not %s (%s)" % (
                function_name, name, check[1], type(value).__name__, short_repr(value)))

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            if len(args) > len(positional):
                raise TypeError("%s(): takes %d positional argument%s, %d given" % (
                    function_name, len(positional), "" if len(positional) == 1 else "s", len(args)))
            for name, value in zip(positional, args):
                check = checks.get(name)
                if check and not isinstance(value, check[0]):
                    fail(name, value, check)
            for name, value in kwargs.items():
                if name not in keywords and not any_keyword:
                    raise TypeError("%s(): got an unexpected keyword argument %r" % (function_name, name))
                check = checks.get(name)
                if check and not isinstance(value, check[0]):
                    fail(name, value, check)
            return func(*args, **kwargs)

        return typing.cast(F, call)

    return decorate
