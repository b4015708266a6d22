"""LSP 3.17's lifecycle through the client: `initialize` first (-32002 before it, a `didOpen`
then dropped), once (-32600 again) and with its required fields (-32602); nothing but `exit`
after `shutdown` (-32600); `exit` is 0 after `shutdown`, 1 without; and the server ends when
the process named by `processId` does."""

import asyncio

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import BARE, at, open_document, server, session


async def error_code(request):
    with pytest.raises(JsonRpcException) as error:
        await request
    return error.value.code


async def raw_request(lsp, method, params):
    """A request whose params lsprotocol's types cannot hold (required fields left out)."""
    typed = lsp.protocol.get_message_type
    lsp.protocol.get_message_type = lambda _: None  # pygls then sends the params as they are
    try:
        return await lsp.protocol.send_request_async(method, params)
    finally:
        lsp.protocol.get_message_type = typed


def initialize_params(process_id=None):
    return types.InitializeParams(capabilities=BARE, process_id=process_id)


async def test_before_initialize_requests_are_refused_and_notifications_dropped(folder):
    async with server() as lsp:
        lsp.capabilities = BARE  # what pytest-lsp checks answers against; nothing is sent yet
        document = open_document(lsp, folder / "Bed.cloudschema", "record Bed {\n    name: String\n}\n")
        hover = lsp.text_document_hover_async(types.HoverParams(**at(document, 1, 5)))
        assert await error_code(hover) == types.ErrorCodes.ServerNotInitialized == -32002
        await lsp.initialize_session(initialize_params())
        assert await lsp.text_document_hover_async(types.HoverParams(**at(document, 1, 5))) is None, "never opened"
        assert document not in lsp.diagnostics
        await lsp.shutdown_session()


async def test_initialize_once_with_its_required_fields():
    async with server() as lsp:
        lsp.capabilities = BARE
        for params in [{}, {"capabilities": {}}, {"processId": "me", "capabilities": {}}, {"processId": None}]:
            assert await error_code(raw_request(lsp, "initialize", params)) == -32602, params
        await lsp.initialize_session(initialize_params())
        assert await error_code(lsp.initialize_async(initialize_params())) == types.ErrorCodes.InvalidRequest == -32600
        await lsp.shutdown_session()


async def test_after_shutdown_only_exit_is_accepted(folder):
    async with server() as lsp:
        await lsp.initialize_session(initialize_params())
        await lsp.shutdown_async(None)
        document = (folder / "Bed.cloudschema").as_uri()
        assert await error_code(lsp.text_document_hover_async(types.HoverParams(**at(document, 0, 0)))) == -32600
        assert await error_code(lsp.shutdown_async(None)) == -32600
        lsp.exit(None)
        assert await asyncio.wait_for(lsp._server.wait(), 10) == 0


async def test_exit_without_shutdown_is_code_one():
    async with server() as lsp:
        await lsp.initialize_session(initialize_params())
        lsp.exit(None)
        assert await asyncio.wait_for(lsp._server.wait(), 10) == 1


async def test_the_server_ends_with_the_process_that_started_it():
    parent = await asyncio.create_subprocess_exec("sleep", "1")
    async with server() as lsp:
        await lsp.initialize_session(initialize_params(process_id=parent.pid))
        assert await lsp.text_document_hover_async(
            types.HoverParams(**at("untitled:Bed", 0, 0))
        ) is None, "serving while its parent lives"
        await parent.wait()  # reaped, so the pid names no process
        assert await asyncio.wait_for(lsp._server.wait(), 10) == 1, "gone without exit: code 1"


async def test_a_null_process_id_is_nothing_to_watch():
    async with session(BARE) as lsp:
        await asyncio.sleep(1.5)
        assert lsp._server.returncode is None
