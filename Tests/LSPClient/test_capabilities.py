"""The client's capabilities honoured: a client that announces nothing (pytest-lsp's bare
`ClientCapabilities()`) gets plain-text hovers, flat symbols and UTF-16 positions; VS Code's
recorded capabilities (no `positionEncodings`) get UTF-16; Neovim's (UTF-8 offered) get UTF-8."""

from lsprotocol import types

from conftest import BARE, at, diagnostics, open_document, session, span

BED = "zone Garden\nrecord Bed in Garden {\n    name: String @queryable @sortable\n}\n"
# The type is at bytes 21-26 of its line, UTF-16 code units 19-24: the emoji is 4 bytes, 2 units.
EMOJI = "zone Garden\nrecord Bed in Garden {\n    /* 🌱 */ name: Strng\n}\n"


async def test_plain_text_hovers_without_markdown(folder):
    async with session(BARE) as lsp:
        document = open_document(lsp, folder / "Bed.cloudschema", BED)
        hover = await lsp.text_document_hover_async(types.HoverParams(**at(document, 2, 6)))
        assert hover.contents.kind == types.MarkupKind.PlainText
        assert hover.contents.value == "name: String in record type Bed\nCloudKit field name: STRING\nIndexes: QUERYABLE, SORTABLE"


async def test_flat_symbols_without_hierarchical_support(folder):
    async with session(BARE) as lsp:
        document = open_document(lsp, folder / "Bed.cloudschema", BED)
        symbols = await lsp.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=document))
        )
        assert all(isinstance(s, types.SymbolInformation) for s in symbols)
        assert [(s.name, s.container_name, span(s.location.range)) for s in symbols] == [
            ("Garden", None, "0:0-0:11"), ("Bed", None, "1:0-3:1"), ("name", "Bed", "2:4-2:37"),
        ]


async def test_utf16_positions_by_default(folder):
    for client in [BARE, "visual-studio-code"]:
        async with session(client) as lsp:
            assert lsp.initialize_result.capabilities.position_encoding in (None, "utf-16")
            document = open_document(lsp, folder / "Bed.cloudschema", EMOJI)
            assert [(d.code, span(d.range)) for d in await diagnostics(lsp, document)] == [("TYPE_UNKNOWN", "2:19-2:24")]
            hover = await lsp.text_document_hover_async(types.HoverParams(**at(document, 2, 21)))
            assert hover is not None and "TYPE_UNKNOWN" in hover.contents.value


async def test_utf8_positions_when_offered(folder):
    async with session("neovim") as lsp:
        assert lsp.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
        document = open_document(lsp, folder / "Bed.cloudschema", EMOJI)
        assert [(d.code, span(d.range)) for d in await diagnostics(lsp, document)] == [("TYPE_UNKNOWN", "2:21-2:26")]
