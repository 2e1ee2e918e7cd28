"""``canasta-learn play``: the play view as a stand-alone page for a class (Voila, no code shown).

Writes a one-cell notebook that opens a `PlayWidget` with the options given, and serves it
with Voila (which shows the widgets only, never the code), on the first free port from 8866,
printing the URL it serves. The notebook goes in a temporary folder removed when Voila stops
(Ctrl+C included), or in ``--dir``, kept. The page's Save writes into ``--save-dir`` (default
``~/canasta-games``) and offers the record as a download. ``--no-voila`` only writes the notebook
and prints where it is. The page speaks the command's language (``--lang pt_BR``, else
``CANASTA_LEARN_LANG`` or the system locale): the cell chooses it with
``canasta_learn.set_language`` before it opens the view, so the notebook speaks it wherever it
is run, whatever the kernel's environment says.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.extras import require_extra
from ..core.files import replace_file
from ..core.i18n import get_language, gettext, normalize_language
from ._serve import serving_arguments, url_host

__all__ = ["play_code", "register", "run_play", "serve_with_voila", "write_and_serve", "write_play_notebook"]

#: The modules of the ``lessons`` extra that the play page needs (Voila runs it in a kernel).
VOILA_MODULES = ("voila", "ipykernel", "ipywidgets", "anywidget")

#: Voila's usual port: the play view is served on the first free port from it.
VOILA_PORT = 8866

#: Where the page's Save writes game records (the notebook's own folder is temporary).
SAVE_DIR = "~/canasta-games"

#: The notebook's name in the folder.
NOTEBOOK = "canasta-play.ipynb"


def play_code(profile: str = "classic", seed: int | None = None, bots: str = "greedy",
              speed: str = "normal", game: bool = False, seat: int = 0, save_dir: str | None = None,
              language: str | None = None) -> str:
    """The code of the notebook's cell (checked: the profile, bots and speed must exist);
    ``save_dir`` is where the page's Save writes (default: the notebook's folder); with
    ``language`` (``"en"``, ``"pt_BR"``), the cell first makes the engine speak it.

    >>> "PlayWidget(profile='classic'" in play_code()
    True
    >>> play_code(language="pt-BR").splitlines()[:2]
    ['import canasta_learn', "canasta_learn.set_language('pt_BR')"]
    """
    from ..play.bots import BOT_NAMES
    from ..profiles import get_profile
    from ..widgets.play import SPEEDS

    prof = get_profile(profile)  # a ProfileError names the profiles there are
    if bots not in BOT_NAMES:
        raise ValueError(gettext("--bots must be one of {names}, not {value}.").format(
            names=", ".join(BOT_NAMES), value=repr(bots)))
    if speed not in SPEEDS:
        raise ValueError(gettext("--speed must be one of {names}, not {value}.").format(
            names=", ".join(SPEEDS), value=repr(speed)))
    if not 0 <= seat < prof.player_count:
        raise ValueError(gettext("--seat must be 0-{last} in {profile}, not {value}.").format(
            last=prof.player_count - 1, profile=prof.name, value=seat))
    speaking = ("" if language is None else
                f"import canasta_learn\ncanasta_learn.set_language({normalize_language(language)!r})\n")
    return (f"{speaking}from canasta_learn.widgets import PlayWidget\n"
            f"PlayWidget(profile={prof.name!r}, seed={seed!r}, bots={bots!r}, speed={speed!r}, "
            f"game={bool(game)!r}, seat={seat!r}"
            + ("" if save_dir is None else f", save_dir={save_dir!r}") + ")")


def write_play_notebook(folder: Path, code: str, name: str = NOTEBOOK) -> Path:
    """Write the one-cell notebook ``name`` (with kernelspec metadata, so that Voila can run it); a
    different notebook already there is kept as ``canasta-play-1.ipynb`` (the next free number)
    and the command says so."""
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "play", "metadata": {},
                   "outputs": [], "source": code}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                    "language": "python"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    text = json.dumps(notebook, indent=1)
    if path.is_file() and path.read_text(encoding="utf-8", errors="replace") != text:
        # an earlier notebook (perhaps edited) is kept under the next free name, never overwritten
        number = 1
        while (kept := folder / f"{path.stem}-{number}{path.suffix}").exists():
            number += 1
        path.rename(kept)
        print(gettext("Kept the earlier {path} as {kept}.").format(path=path, kept=kept.name), flush=True)
    replace_file(path, text)
    return path


#: JupyterLab extensions installed beside Voila (by the ``lessons`` and ``site`` extras) that
#: are not for Voila: jupytext's needs JupyterLab's document manager and JupyterLite's kernel
#: needs JupyterLite's services, so in Voila each only fails to load (a console error). The
#: play page leaves them out.
VOILA_EXTENSION_DENYLIST = ("jupyterlab-jupytext", "@jupyterlite/pyodide-kernel-extension")


def voila_command(notebook: Path, extra: list[str]) -> list[str]:
    """The command that serves the notebook with Voila (code hidden, without the JupyterLab
    extensions of `VOILA_EXTENSION_DENYLIST`)."""
    # one option per item: traitlets 5 warns (on the learner's terminal) about a list in one option
    denylist = [f"--VoilaConfiguration.extension_denylist={name}" for name in VOILA_EXTENSION_DENYLIST]
    return [sys.executable, "-m", "voila", str(notebook), "--strip_sources=True", *denylist, *extra]


def run_play(args: argparse.Namespace) -> int:
    """Handle ``canasta-learn play``."""
    if args.no_voila:  # before writing anything
        require_extra("widgets", "canasta-learn play")
    else:
        require_extra("lessons", "canasta-learn play", modules=VOILA_MODULES)
    save_dir = str(Path(args.save_dir).expanduser().resolve())
    # the language the command speaks (--lang, else the environment), written into the cell:
    # the kernel Voila starts would otherwise speak its own environment's language
    code = play_code(args.profile, args.seed, args.bots, args.speed, args.game, args.seat, save_dir,
                     language=get_language())
    return write_and_serve(code, args)


def write_and_serve(code: str, args: argparse.Namespace, name: str = NOTEBOOK, serving: str | None = None) -> int:
    """Write the one-cell notebook ``name`` holding ``code`` and serve it with Voila: in
    ``args.dir`` (kept), or with ``args.no_voila`` only write it (a new temporary folder, kept)
    and print its path, else in a temporary folder removed when Voila stops (Ctrl+C too)."""
    prefix = f"{Path(name).stem}-"
    if args.no_voila or args.dir:
        folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix=prefix))
        notebook = write_play_notebook(folder, code, name)
        if args.no_voila:
            print(notebook)
            return 0
        return serve_with_voila(notebook, args, serving)
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:  # removed on exit and on Ctrl+C
        return serve_with_voila(write_play_notebook(Path(tmp), code, name), args, serving)


def serve_with_voila(notebook: Path, args: argparse.Namespace, serving: str | None = None, page: str = "") -> int:
    """Serve ``notebook`` (or a folder of notebooks) with Voila, code hidden, on a free port
    (Voila's arguments in ``args.voila_args``), print its URL (in ``serving``, a sentence with
    ``{url}``; default: the play view's; ``page``, a path the URL ends with), and wait until it
    stops (on Ctrl+C: let Voila stop, then end it)."""
    extra: list[str] = list(args.voila_args or [])
    if extra[:1] == ["--"]:
        extra = extra[1:]
    extra, port = serving_arguments(extra, "Voila", VOILA_PORT)
    if serving is None:
        serving = gettext("Serving the play view at {url} with Voila (Ctrl+C to stop).")
    print(serving.format(
        url=f"http://{url_host(extra, 'Voila')}:{port}/{page}"), flush=True)
    try:
        voila = subprocess.Popen(voila_command(notebook, extra))
    except FileNotFoundError as error:  # pragma: no cover - no Python?
        raise OSError(gettext("could not start Voila: {error}").format(error=error)) from error
    try:
        return voila.wait()
    except KeyboardInterrupt:
        _stop(voila)
        raise


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop Voila after a Ctrl+C: an interrupt (a terminal sends it to Voila too), then a
    terminate, then a kill, each given a few seconds."""
    steps: tuple[tuple[Callable[[], None], float], ...] = (
        (lambda: process.send_signal(signal.SIGINT), 10.0), (process.terminate, 5.0), (process.kill, 5.0))
    for step, wait in steps:
        if process.poll() is not None:
            return
        step()
        try:
            process.wait(timeout=wait)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):  # a second Ctrl+C: the next step at once
            continue


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    from ..play.bots import BOT_NAMES

    play = subparsers.add_parser(
        "play", help=gettext("open the play view as a page (Voila: widgets only, no code)"),
        description=gettext("Play Canasta against bots in the browser: the play view alone, as a Voila "
                            "page (install with pip install 'canasta-learn[lessons]' for Voila). "
                            "Arguments after -- go to Voila (e.g. -- --port 8867)."))
    play.add_argument("--profile", default="classic", help=gettext("the rules profile (default classic)"))
    play.add_argument("--seed", type=int, default=None, help=gettext("deal the same cards every time"))
    play.add_argument("--bots", default="greedy", help=gettext(
        "the other seats' bot: {names} (default greedy)").format(names=", ".join(BOT_NAMES)))
    play.add_argument("--speed", default="normal", help=gettext("bot speed: instant, normal or slow"))
    play.add_argument("--seat", type=int, default=0, help=gettext("your seat (default 0, North)"))
    play.add_argument("--game", action="store_true", help=gettext("a whole game to the target score"))
    play.add_argument("--dir", default=None,
                      help=gettext("where to write the notebook (default: a temporary folder)"))
    play.add_argument("--save-dir", default=SAVE_DIR,
                      help=gettext("the folder the page's Save writes game records into (default {folder}; "
                                   "the page also offers each as a download)").format(folder=SAVE_DIR))
    play.add_argument("--no-voila", action="store_true",
                      help=gettext("only write the notebook and print its path"))
    play.add_argument("voila_args", nargs=argparse.REMAINDER, help=gettext("-- then arguments for Voila"))
    play.set_defaults(handler=run_play)
