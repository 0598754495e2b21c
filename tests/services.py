"""Real PostgreSQL and Redis servers for the `cluster` tests: started on free loopback ports in a
temporary folder, stopped after. Never mocks: what the tests check is what a deployment runs.

PostgreSQL refuses to run as root, so as root (CI) it runs as the `postgres` user in a folder given
to that user. Where a program is missing the tests that need it are skipped, saying which program;
`.ci/run` installs them, so in CI they always run.
"""
from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PG_DIRS = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def find_program(name: str, extra: tuple[str, ...] = ()) -> str | None:
    for folder in extra:
        if os.access(Path(folder) / name, os.X_OK):
            return str(Path(folder) / name)
    return shutil.which(name)


def wait_for_port(port: int, host: str = "127.0.0.1", timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection((host, port), 0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing answered on {host}:{port} within {timeout:.0f} s")


@dataclass
class Postgres:
    """A PostgreSQL server of its own: `url` to connect; `stop()`/`start()` to take it away and
    bring it back (the tests of a database that goes away)."""

    folder: Path
    port: int
    bin: Path
    user: str | None  # run as this user (root cannot run PostgreSQL), or as ourselves

    @property
    def url(self) -> str:
        return f"postgresql://hexgames@127.0.0.1:{self.port}/hexgames"

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        return subprocess.run([*prefix, *argv], check=check, capture_output=True, text=True, timeout=120,
                              cwd=self.folder)

    def init(self) -> None:
        data = self.folder / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "-U", "hexgames", "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        conf = data / "postgresql.conf"
        # a test server: no fsync, small, on loopback only. A commit is still written out before it returns
        # (synchronous_commit stays on; without fsync that costs little): the tests that stop PostgreSQL
        # with -m immediate count on every committed move being there when it starts again.
        with conf.open("a") as f:
            f.write(f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{self.folder}'\n"
                    "fsync = off\nfull_page_writes = off\nmax_connections = 200\n")
        self.start()
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "hexgames", "hexgames")

    def start(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-l", str(self.folder / "log"),
                  "-w", "-t", "60", "start")
        wait_for_port(self.port)

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop",
                  check=False)


def start_postgres() -> Postgres | str:
    """A running PostgreSQL server, or why there can be none here (the program that is missing)."""
    initdb = find_program("initdb", PG_DIRS)
    if initdb is None:
        return "PostgreSQL's initdb is not installed (apt-get install postgresql)"
    user = None
    folder = Path(tempfile.mkdtemp(prefix="hexgames-pg-"))
    if os.geteuid() == 0:
        try:
            user = "postgres"
            entry = pwd.getpwnam(user)
        except KeyError:
            return "PostgreSQL cannot run as root and there is no postgres user"
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    server = Postgres(folder, free_port(), Path(initdb).resolve().parent, user)
    server.init()
    return server


@dataclass
class Redis:
    """A Redis server of its own (no persistence): `url`; `stop()`/`start()` as for Postgres."""

    folder: Path
    port: int
    program: str
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder), "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


def start_redis() -> Redis | str:
    program = find_program("redis-server")
    if program is None:
        return "redis-server is not installed (apt-get install redis-server)"
    server = Redis(Path(tempfile.mkdtemp(prefix="hexgames-redis-")), free_port(), program)
    server.start()
    return server
