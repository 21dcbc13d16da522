"""The type stub (seega/__init__.pyi) names what the module has, and the module documents it."""

import ast
import inspect
import pathlib

import seega

STUB = pathlib.Path(seega.__file__).with_name("__init__.pyi")
# What every class has from Python or pybind11 itself, not from this module.
INHERITED = set(dir(object)) | {"__dict__", "__module__", "__weakref__", "__init__", "__doc__", "__getstate__"}


def stub_tree():
    tree = ast.parse(STUB.read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {}
    for n in tree.body:
        if isinstance(n, ast.ClassDef):
            members = {m.name for m in n.body if isinstance(m, ast.FunctionDef)}
            members |= {m.target.id for m in n.body if isinstance(m, ast.AnnAssign)}
            classes[n.name] = members
    variables = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    return functions, classes, variables


def test_the_stub_names_every_public_name_and_nothing_else():
    functions, classes, variables = stub_tree()
    assert set(functions) | set(classes) | variables == set(seega.__all__)


def test_the_stub_names_every_method_and_property_of_each_class():
    _, classes, _ = stub_tree()
    for name, members in classes.items():
        cls = getattr(seega, name)
        public = {m for m in dir(cls) if not m.startswith("_") or m in ("__copy__", "__deepcopy__", "__enter__", "__exit__", "__eq__", "__hash__")}
        if issubclass(cls, Exception):
            public = {m for m in public if m not in dir(OSError)} | {"summary"}
        public -= {m for m in INHERITED if m not in ("__eq__", "__hash__")} - {"__eq__", "__hash__"}
        if "__eq__" not in cls.__dict__:
            public.discard("__eq__")
        if "__hash__" not in cls.__dict__ or cls.__dict__["__hash__"] is None:
            public.discard("__hash__")
        stubbed = members - {"__init__"}
        assert public == stubbed, f"{name}: the module has {sorted(public - stubbed)}, the stub {sorted(stubbed - public)}"


def test_python_functions_take_the_stubs_parameters():
    functions, _, _ = stub_tree()
    for name, node in functions.items():
        fn = getattr(seega, name)
        try:
            signature = inspect.signature(fn)
        except ValueError:  # a function of the extension: pybind11 gives no signature object
            continue
        stub_args = [a.arg for a in node.args.args + node.args.kwonlyargs]
        if node.args.kwarg:
            stub_args.append(node.args.kwarg.arg)
        assert list(signature.parameters) == stub_args, name


def test_every_public_function_and_method_has_a_docstring():
    missing = []
    for name in seega.__all__:
        obj = getattr(seega, name)
        if isinstance(obj, str):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for member, value in vars(obj).items():
                if member.startswith("_") or not (callable(value) or isinstance(value, property)):
                    continue
                if not (getattr(value, "__doc__", "") or "").strip():
                    missing.append(f"{name}.{member}")
    assert missing == []
