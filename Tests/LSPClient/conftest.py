"""`cloudschema lsp` driven by pytest-lsp's client (pygls and lsprotocol underneath): a client
nobody on this team wrote, speaking the protocol as its authors read LSP 3.17, checking each
answer against the capabilities it announced (`LspSpecificationWarning`, an error here).

Each test starts the server in a folder of its own, since the schema files of a document's
folder form one schema. `CLOUDSCHEMA` is the binary (run.sh sets it)."""

import asyncio
import contextlib
import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig

BINARY = os.environ.get("CLOUDSCHEMA", "cloudschema")

# What the client announces: Neovim 0.11's capabilities as pytest-lsp recorded them (Markdown
# hovers, nested symbols, UTF-8 positions offered), or none at all (plain text, flat symbols, UTF-16).
NEOVIM = "neovim"
BARE = types.ClientCapabilities()


def capabilities(client):
    return pytest_lsp.client_capabilities(client) if isinstance(client, str) else client


@contextlib.asynccontextmanager
async def server():
    """A started server, not yet initialized; stopped afterwards."""
    client = await ClientServerConfig(server_command=[BINARY, "lsp"]).start()
    try:
        yield client
    finally:
        if client._server.returncode is None:  # a test failed before `exit`
            client._server.kill()
        await client.stop()


@contextlib.asynccontextmanager
async def session(client=NEOVIM, process_id=None):
    """An initialized server; shut down and exited afterwards."""
    async with server() as lsp:
        lsp.initialize_result = await lsp.initialize_session(
            types.InitializeParams(capabilities=capabilities(client), process_id=process_id)
        )
        yield lsp
        await lsp.shutdown_session()
        assert lsp._server.returncode == 0, "exit after shutdown is code 0"


@pytest.fixture
def folder(tmp_path):
    """A folder for one test's schema files."""
    return tmp_path


def uri(path):
    return pathlib.Path(path).as_uri()


def open_document(lsp, path, text):
    """Sends didOpen (the file need not exist on disk); returns its URI."""
    document = uri(path)
    language = "ckdb" if str(path).endswith(".ckdb") else "cloudschema"
    lsp.diagnostics.pop(document, None)
    lsp.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=document, language_id=language, version=1, text=text)
        )
    )
    return document


async def diagnostics(lsp, document, timeout=20):
    """The next diagnostics published for `document` (popped before the action that causes them)."""
    async def wait():
        while document not in lsp.diagnostics:
            await asyncio.sleep(0.01)
        return lsp.diagnostics[document]

    return await asyncio.wait_for(wait(), timeout)


def at(document, line, character):
    return {"text_document": types.TextDocumentIdentifier(uri=document), "position": types.Position(line, character)}


def span(range):
    """A Range as `line:character-line:character`."""
    return f"{range.start.line}:{range.start.character}-{range.end.line}:{range.end.character}"


def lint(path):
    """`cloudschema lint --format json` on `path`: its diagnostics."""
    result = subprocess.run([BINARY, "lint", "--format", "json", str(path)], capture_output=True, text=True)
    return json.loads(result.stdout)["diagnostics"]


def apply(text, edits):
    """The text after `edits` (TextEdits on an ASCII text), applied from the end."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(position):
        return starts[position.line] + position.character  # ASCII snippets: characters are bytes

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text
