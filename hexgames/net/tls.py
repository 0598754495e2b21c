"""TLS for online play: the server's certificate (`serve --cert --key`: wss://), and the words a
player reads when the app refuses a server's certificate.

The app trusts what the system trusts (`ssl.create_default_context`, which websockets uses for a
wss:// address); a test, or a player with a private authority, hands `Client` a context of its own.
"""
from __future__ import annotations

import ssl
from pathlib import Path

from hexgames.core.protocol import Reason


class CertificateError(ValueError):
    """A certificate or key `serve` cannot use; the message says which file and why."""


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """The TLS context of a server with this certificate chain and private key (PEM files)."""
    for what, path in (("certificate", cert), ("key", key)):
        if not Path(path).is_file():
            raise CertificateError(f"the {what} file {path} does not exist")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(str(cert), str(key))
    except ssl.SSLError as e:
        raise CertificateError(f"the certificate {cert} and key {key} cannot be used ({e.reason or e})") from None
    except OSError as e:
        raise CertificateError(f"the certificate {cert} or key {key} cannot be read ({e.strerror or e})") from None
    return context


def refusal(error: BaseException) -> Reason | None:
    """Why the app refused the server's certificate, or could not make a secure connection, in
    words; None for an error that is neither."""
    if isinstance(error, ssl.SSLCertVerificationError):
        why = error.verify_message or error.reason or str(error)
        return Reason("net.connection.certificate", "the server's certificate was refused: {why}", why=str(why))
    if isinstance(error, ssl.SSLError):
        return Reason("net.connection.tls", "no secure connection could be made ({why})",
                      why=str(error.reason or error))
    return None
