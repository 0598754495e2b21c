"""Online play: one server process owns each table and runs its rules; clients get per-seat views.

- `frames`: the versioned JSON frames `{t, v, seq, d}`, their limits and the schema check.
- `views`: a seat's view, a log line and an outcome as JSON (generic over the Rules protocol).
- `room`: one table on the server (seats, credentials, moves, undo consent), pure and socket-free.
- `store`: where tables live between restarts (`TableStore`; `SqliteTableStore` in the data folder).
- `pg_store`: the same tables in PostgreSQL (`PostgresTableStore`, `serve --db postgresql://…`).
- `server`: the asyncio + `websockets` server; `client`: a thread + queue for the pygame loop.
- `guard`: the limits per client address; `listing`: the fair public list; `tls`: wss:// and the
  words for a refused certificate; `attack`: the attacker of `bench --online --attack`.
- `audit`: the privacy oracle the tests and `bench --online` run on every frame.

Nothing here imports pygame.
"""
