"""The built wheel, installed in a fresh virtual environment outside the clone (no PYTHONPATH, another working
directory), gives an `uncase` command and an importable uncase_core with every asset and schema it reads.

No network: the wheel is built with the project venv's setuptools and wheel (--no-build-isolation), and the fresh
venv sees the project venv's already installed dependencies through a .pth file, so pip checks that the declared
dependencies are met without downloading anything."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("pyproject.toml", "README.md", "uncase_core", "uncase_store", "assets")
UNPINNED_ON_PURPOSE = ("pyarrow",)  # installed by streamlit at the version it works with (requirements.txt says why)


def _requirements_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            requirement = Requirement(line)
            pins[requirement.name.lower()] = next(iter(requirement.specifier)).version
    return pins


def test_declared_dependencies_are_the_pinned_ones():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = _requirements_pins()
    declared = [Requirement(text) for text in
                (*project["dependencies"], *project["optional-dependencies"]["app"])]
    for requirement in declared:
        if requirement.name in UNPINNED_ON_PURPOSE:
            continue
        assert requirement.name.lower() in pins, f"{requirement} is not pinned in requirements.txt"
        assert requirement.specifier.contains(pins[requirement.name.lower()]), (requirement, pins)
    unpinned = set(pins) - {r.name.lower() for r in declared}
    assert not unpinned, f"pinned in requirements.txt but not declared in pyproject.toml: {unpinned}"


def test_the_package_list_is_every_package_on_disk():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    on_disk = {".".join(path.parent.relative_to(ROOT).parts) for top in ("uncase_core", "uncase_store")
               for path in (ROOT / top).rglob("__init__.py")}
    assert listed == on_disk | {"uncase_core.assets.data"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    pytest.importorskip("wheel", reason="building a wheel needs the wheel package (requirements-dev.txt)")
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SHIPPED:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name, **({"ignore": shutil.ignore_patterns("__pycache__")}
                                            if (ROOT / name).is_dir() else {}))
    dist = work / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
                    "-w", str(dist), str(source)], check=True, cwd=work)
    (wheel_file,) = dist.glob("*.whl")
    target = work / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # The project venv's installed dependencies, seen (not copied) by the fresh venv: nothing downloaded.
    (Path(site) / "project-dependencies.pth").write_text(
        "\n".join(dict.fromkeys((sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]))) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index", "-q",
                    str(wheel_file)], check=True, cwd=work)
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    return wheel_file, target, elsewhere, env


def _uncase(installed, *args):
    _, target, elsewhere, env = installed
    return subprocess.run([str(target / "bin" / "uncase"), *map(str, args)], cwd=elsewhere, env=env,
                          capture_output=True, text=True)


def test_the_wheel_holds_every_asset_and_schema(installed):
    wheel_file = installed[0]
    names = set(zipfile.ZipFile(wheel_file).namelist())
    assets = {f"uncase_core/assets/data/{p.relative_to(ROOT / 'assets').as_posix()}"
              for p in (ROOT / "assets").rglob("*") if p.is_file()}
    assert assets <= names, sorted(assets - names)[:5]
    assert {"uncase_core/cli/schemas/rag.schema.json", "uncase_core/cli/schemas/compare.schema.json"} <= names
    assert not any(name.startswith(("ui/", "app_pages/", "tests/", "bench/")) for name in names)


def test_the_installed_copy_is_the_one_imported(installed):
    _, target, elsewhere, env = installed
    found = subprocess.run([str(target / "bin" / "python"), "-c",
                            "import uncase_core, uncase_core.assets.reader as r; print(uncase_core.__file__); "
                            "print(len(r.load_index()), r.ASSETS)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    assert found[0].startswith(str(target))
    count, assets = found[1].split(" ", 1)
    assert int(count) > 0 and assets.startswith(str(target))


def test_the_installed_command(installed, tmp_path):
    helped = _uncase(installed, "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("usage: uncase ")
    rag = _uncase(installed, "rag", ROOT / "assets" / "rag" / "en" / "all_good.json")
    assert rag.returncode == 0, rag.stderr
    assert json.loads(rag.stdout)["schema_version"] == 1
    pair = (ROOT / "assets" / "compare" / "en" / "system_a.json", ROOT / "assets" / "compare" / "en" / "system_b.json")
    compared = _uncase(installed, "compare", *pair, "--format", "markdown", "--resamples", "200")
    assert compared.returncode == 1, compared.stderr  # a failing gate: B is clearly less faithful
    assert compared.stdout.splitlines()[-1] == "**Gate: fail** (faithfulness), exit status 1"
    blank = tmp_path / "blank.json"
    blank.write_text(json.dumps({"id": "q", "question": "q", "passages": [{"id": "p", "text": "t", "relevant": None}]}))
    assert _uncase(installed, "rag", blank).returncode == 3
    assert _uncase(installed, "rag", tmp_path / "missing.json").returncode == 2
