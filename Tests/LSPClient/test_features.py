"""What an editor shows, asked by a client announcing Neovim 0.11's capabilities (UTF-8
positions, Markdown, nested symbols): diagnostics as `cloudschema lint` reports them, hover,
definition, references, highlights, symbols, completion by place, formatting, semantic
tokens, quick fixes, incremental changes, and `.ckdb` documents."""

import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import BINARY, apply, at, diagnostics, lint, open_document, session, span

GARDEN = """zone Garden

record Bed in Garden {
    name: String @queryable @sortable
    status: Status = .growing @queryable
    cover: Asset? @queryable
}

record Plant in Garden {
    bed: Reference<Bed> @parent
    nickname: Strng
}

enum Status: String { growing, done }

subscription NewBeds on Bed where name.beginsWith("N") && status == .growing @silent
"""


async def test_initialize_announces_what_the_server_does():
    async with session() as lsp:
        result = lsp.initialize_result
        assert result.server_info.name == "cloudschema"
        capabilities = result.capabilities
        assert capabilities.position_encoding == "utf-8", "Neovim offers UTF-8 first"
        assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
        for provider in [
            "hover_provider", "definition_provider", "references_provider", "document_highlight_provider",
            "document_symbol_provider", "workspace_symbol_provider", "document_formatting_provider",
        ]:
            assert getattr(capabilities, provider) is True, provider
        assert capabilities.rename_provider.prepare_provider is True
        assert capabilities.code_action_provider.code_action_kinds == ("quickfix",)
        assert "@" in capabilities.completion_provider.trigger_characters
        assert capabilities.semantic_tokens_provider.full is True


async def test_diagnostics_are_lints(folder):
    path = folder / "Garden.cloudschema"
    path.write_text(GARDEN)
    expected = [
        (d["id"], f"{d['line'] - 1}:{d['column'] - 1}-{d['endLine'] - 1}:{d['endColumn'] - 1}", d["message"], d["severity"])
        for d in lint(path)
    ]
    assert [d[0] for d in expected] == ["INDEX_ASSET", "TYPE_UNKNOWN"]
    async with session() as lsp:
        published = await diagnostics(lsp, open_document(lsp, path, GARDEN))
        severities = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning"}
        assert [(d.code, span(d.range), d.message, severities[d.severity]) for d in published] == expected
        assert all(d.source == "cloudschema" for d in published)


async def test_hover_definition_references_highlights(folder):
    async with session() as lsp:
        document = open_document(lsp, folder / "Garden.cloudschema", GARDEN)
        hover = await lsp.text_document_hover_async(types.HoverParams(**at(document, 3, 6)))
        assert hover.contents.kind == types.MarkupKind.Markdown
        assert hover.contents.value.splitlines() == [
            "**name**: `String` in record type `Bed`  ",
            "CloudKit field `name`: `STRING`  ",
            "Indexes: `QUERYABLE`, `SORTABLE`",
        ]
        used = await lsp.text_document_hover_async(types.HoverParams(**at(document, 9, 20)))
        assert used.contents.value.startswith("**record** `Bed`"), "Reference<Bed>: the hover of Bed's declaration"
        definition = await lsp.text_document_definition_async(types.DefinitionParams(**at(document, 9, 20)))
        assert (definition.uri, span(definition.range)) == (document, "2:7-2:10")
        references = await lsp.text_document_references_async(
            types.ReferenceParams(**at(document, 2, 8), context=types.ReferenceContext(include_declaration=True))
        )
        assert [span(r.range) for r in references] == ["2:7-2:10", "9:19-9:22", "15:24-15:27"]
        highlights = await lsp.text_document_document_highlight_async(types.DocumentHighlightParams(**at(document, 13, 6)))
        assert [span(h.range) for h in highlights] == ["4:12-4:18", "13:5-13:11"]


async def test_document_and_workspace_symbols(folder):
    async with session() as lsp:
        document = open_document(lsp, folder / "Garden.cloudschema", GARDEN)
        symbols = await lsp.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=document))
        )
        assert [(s.name, s.kind, [c.name for c in s.children]) for s in symbols] == [
            ("Garden", types.SymbolKind.Namespace, []),
            ("Bed", types.SymbolKind.Struct, ["name", "status", "cover"]),
            ("Plant", types.SymbolKind.Struct, ["bed", "nickname"]),  # nickname's type is unknown: it stays
            ("Status", types.SymbolKind.Enum, ["growing", "done"]),
        ]
        found = await lsp.workspace_symbol_async(types.WorkspaceSymbolParams(query="bed"))
        assert [(s.name, s.location.uri, span(s.location.range)) for s in found] == [("Bed", document, "2:7-2:10")]


@pytest.mark.parametrize(
    "text, line, character, offered, not_offered",
    [
        ("zone Garden\n\n", 1, 0, ["record", "enum", "model", "subscription"], ["String"]),
        ("record Bed {\n    size: \n}\n", 1, 10, ["String", "Int64", "Reference"], ["record", "@queryable"]),
        ("record Bed {\n    size: Int64 @\n}\n", 1, 17, ["queryable", "sortable"], ["unique", "String"]),
        ("zone Garden\nrecord Bed in \n", 1, 14, ["Garden", "public"], ["String"]),
    ],
)
async def test_completion_by_place(folder, text, line, character, offered, not_offered):
    async with session() as lsp:
        document = open_document(lsp, folder / "Bed.cloudschema", text)
        result = await lsp.text_document_completion_async(types.CompletionParams(**at(document, line, character)))
        items = result.items if isinstance(result, types.CompletionList) else result
        labels = {item.label for item in items}
        assert set(offered) <= labels, sorted(labels)
        assert not labels & set(not_offered), sorted(labels)


async def test_formatting_is_cloudschema_format(folder):
    text = "record Bed {\n  name:String   @sortable @queryable\n}\n"
    formatted = subprocess.run([BINARY, "format", "-"], input=text, capture_output=True, text=True, check=True).stdout
    async with session() as lsp:
        document = open_document(lsp, folder / "Bed.cloudschema", text)
        options = types.FormattingOptions(tab_size=4, insert_spaces=True)
        edits = await lsp.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=document), options=options)
        )
        assert apply(text, edits) == formatted == "record Bed {\n    name: String @queryable @sortable\n}\n"

        broken = open_document(lsp, folder / "Broken.cloudschema", "record Bed {\n    name String\n}\n")
        with pytest.raises(JsonRpcException) as error:
            await lsp.text_document_formatting_async(
                types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=broken), options=options)
            )
        assert error.value.code == types.LSPErrorCodes.RequestFailed
        assert error.value.message.startswith("not formatted: the file has 1 syntax error (line 2:")


async def test_semantic_tokens_colour_words_used_as_names(folder):
    text = (
        "record Bed {\n    in: Perm = .read @queryable\n}\nenum Perm: String { read, write }\n"
        "subscription Reads on Bed where in == .read @silent\n"
    )
    async with session() as lsp:
        legend = lsp.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
        document = open_document(lsp, folder / "Bed.cloudschema", text)
        tokens = await lsp.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=document))
        )
        line = character = 0
        decoded = []
        for i in range(0, len(tokens.data), 5):
            delta_line, delta_start, length, kind, _ = tokens.data[i : i + 5]
            line, character = line + delta_line, (character + delta_start if delta_line == 0 else delta_start)
            decoded.append((text.splitlines()[line][character : character + length], legend[kind]))
        assert decoded == [
            ("Bed", "struct"), ("in", "property"), ("Perm", "enum"), ("read", "enumMember"),
            ("Perm", "enum"), ("read", "enumMember"), ("write", "enumMember"),
            ("Bed", "struct"), ("in", "property"), ("read", "enumMember"),
        ]


async def test_a_quick_fix_applied_clears_its_finding(folder):
    async with session() as lsp:
        document = open_document(lsp, folder / "Garden.cloudschema", GARDEN)
        published = await diagnostics(lsp, document)
        finding = next(d for d in published if d.code == "INDEX_ASSET")
        actions = await lsp.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=document), range=finding.range,
                context=types.CodeActionContext(diagnostics=[finding]),
            )
        )
        assert [(a.title, a.kind, a.is_preferred) for a in actions] == [
            ("remove @queryable", "quickfix", True), ("Ignore INDEX_ASSET here", "quickfix", False),
        ]
        fixed = apply(GARDEN, actions[0].edit.changes[document])
        assert "    cover: Asset?\n" in fixed
        ignored = apply(GARDEN, actions[1].edit.changes[document])
        assert "    // cloudschema:ignore INDEX_ASSET <reason>\n    cover: Asset? @queryable\n" in ignored

        lsp.diagnostics.pop(document, None)
        lsp.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=document, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
            )
        )
        assert [d.code for d in await diagnostics(lsp, document)] == ["TYPE_UNKNOWN"]


async def test_incremental_changes_edit_their_ranges(folder):
    async with session() as lsp:
        document = open_document(lsp, folder / "Garden.cloudschema", GARDEN)
        await diagnostics(lsp, document)
        lsp.diagnostics.pop(document, None)
        # `Strng` -> `String`, then `@queryable` -> nothing, each a range of the text before it.
        changes = [
            types.TextDocumentContentChangePartial(range=types.Range(types.Position(10, 14), types.Position(10, 19)), text="String"),
            types.TextDocumentContentChangePartial(range=types.Range(types.Position(5, 17), types.Position(5, 28)), text=""),
        ]
        lsp.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=document, version=2), content_changes=changes
            )
        )
        assert list(await diagnostics(lsp, document)) == []


CKDB = """DEFINE SCHEMA

    CREATE ROLE Moderator;

    RECORD TYPE Bed (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        name            STRING QUERYABLE SORTABLE,
        cover           ASSET QUERYABLE,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_world",
        GRANT READ TO Moderator
    );
"""


async def test_ckdb_documents(folder):
    path = folder / "schema.ckdb"
    path.write_text(CKDB)
    expected = [(d["id"], f"{d['line'] - 1}:{d['column'] - 1}-{d['endLine'] - 1}:{d['endColumn'] - 1}") for d in lint(path)]
    async with session() as lsp:
        document = open_document(lsp, path, CKDB)
        assert [(d.code, span(d.range)) for d in await diagnostics(lsp, document)] == expected
        assert "INDEX_ASSET" in [code for code, _ in expected]
        hover = await lsp.text_document_hover_async(types.HoverParams(**at(document, 11, 10)))
        assert hover.contents.value.startswith("**name**: `String?` in record type `Bed`  \nCloudKit field `name`: `STRING`")
        symbols = await lsp.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=document))
        )
        assert [(s.name, [c.name for c in s.children]) for s in symbols] == [("Moderator", []), ("Bed", ["name", "cover"])]
        references = await lsp.text_document_references_async(
            types.ReferenceParams(**at(document, 2, 17), context=types.ReferenceContext(include_declaration=True))
        )
        assert [span(r.range) for r in references] == ["2:16-2:25", "16:22-16:31"]
        definition = await lsp.text_document_definition_async(types.DefinitionParams(**at(document, 16, 24)))
        assert span(definition.range) == "2:16-2:25"
