"""Rename and references across the folder's files (Beds open, Plants read from disk), every
place a name is written included: types, `in Zone`, `on Type`, a subscription's predicate,
`@inverse(p)`. Renaming keeps what CloudKit stores (`@name("old")`), refuses what would change
it (a zone, a model property) and refuses clashes."""

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import at, open_document, session, span

BEDS = """zone Garden

record Bed in Garden {
    name: String @queryable
    status: Status = .growing @queryable
}

enum Status: String { growing, done = "finished" }
"""

PLANTS = """record Plant in Garden {
    bed: Reference<Bed>
}

subscription NewBeds on Bed where name.beginsWith("N") && status == .growing @silent

model Harvest {
    plot: Plot? @inverse(harvests)
}

model Plot {
    harvests: [Harvest]?
}
"""


def edits(rename):
    """A WorkspaceEdit as `File line:character-line:character "new text"`."""
    return sorted(
        f"{uri.rsplit('/', 1)[1].split('.')[0]} {span(edit.range)} {edit.new_text!r}"
        for uri, changes in rename.changes.items()
        for edit in changes
    )


@pytest.fixture
async def beds(folder):
    (folder / "Plants.cloudschema").write_text(PLANTS)
    async with session() as lsp:
        yield lsp, open_document(lsp, folder / "Beds.cloudschema", BEDS), (folder / "Plants.cloudschema").as_uri()


async def rename(lsp, document, line, character, name):
    return await lsp.text_document_rename_async(types.RenameParams(**at(document, line, character), new_name=name))


async def test_a_record_type_keeps_its_cloudkit_name(beds):
    lsp, document, _ = beds
    assert edits(await rename(lsp, document, 2, 8, "GardenBed")) == [
        "Beds 2:21-2:21 '@name(\"Bed\") '", "Beds 2:7-2:10 'GardenBed'",
        "Plants 1:19-1:22 'GardenBed'", "Plants 4:24-4:27 'GardenBed'",
    ]


async def test_a_field_keeps_its_key_and_its_predicate_follows(beds):
    lsp, document, _ = beds
    assert edits(await rename(lsp, document, 3, 5, "title")) == [
        "Beds 3:27-3:27 ' @name(\"name\")'", "Beds 3:4-3:8 'title'", "Plants 4:34-4:38 'title'",
    ]


async def test_an_enum_case_keeps_its_raw_value_and_its_uses_follow(beds):
    lsp, document, _ = beds
    assert edits(await rename(lsp, document, 7, 23, "sprouting")) == [
        "Beds 4:22-4:29 'sprouting'", "Beds 7:22-7:29 'sprouting'", "Beds 7:29-7:29 ' = \"growing\"'",
        "Plants 4:69-4:76 'sprouting'",
    ]


async def test_a_property_named_by_inverse(folder):
    (folder / "Beds.cloudschema").write_text(BEDS)
    async with session() as lsp:
        plants = open_document(lsp, folder / "Plants.cloudschema", PLANTS)
        references = await lsp.text_document_references_async(
            types.ReferenceParams(**at(plants, 7, 26), context=types.ReferenceContext(include_declaration=True))
        )
        assert [span(r.range) for r in references] == ["7:25-7:33", "11:4-11:12"]
        definition = await lsp.text_document_definition_async(types.DefinitionParams(**at(plants, 7, 26)))
        assert span(definition.range) == "11:4-11:12"


async def test_renames_that_would_change_what_cloudkit_holds_are_refused(folder):
    """A zone and a model property have no @name that keeps what CloudKit holds."""
    (folder / "Beds.cloudschema").write_text(BEDS)
    async with session() as lsp:
        plants = open_document(lsp, folder / "Plants.cloudschema", PLANTS)
        for line, character, reason in [
            (0, 17, "zone 'Garden' is not renamed: CloudKit finds a zone by its name"),
            (11, 6, "property 'Plot.harvests' is not renamed: Core Data's CloudKit mirroring writes it as field CD_harvests"),
        ]:
            for request in [
                lsp.text_document_prepare_rename_async(types.PrepareRenameParams(**at(plants, line, character))),
                rename(lsp, plants, line, character, "Renamed"),
            ]:
                with pytest.raises(JsonRpcException) as error:
                    await request
                assert error.value.code == types.LSPErrorCodes.RequestFailed
                assert error.value.message.startswith(reason)


async def test_references_of_a_field_include_its_predicate(beds):
    lsp, document, plants = beds
    uses = await lsp.text_document_references_async(
        types.ReferenceParams(**at(document, 4, 6), context=types.ReferenceContext(include_declaration=False))
    )
    assert [(r.uri, span(r.range)) for r in uses] == [(plants, "4:58-4:64")]


async def test_clashes_keywords_and_non_names_are_refused(beds):
    lsp, document, _ = beds
    for line, character, name, message in [
        (3, 5, "status", "'Bed' has a member 'status' already"),
        (2, 8, "Plant", "'Plant' is declared already"),
        (2, 8, "9lives", "'9lives' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword"),
        (2, 8, "record", "'record' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword"),
    ]:
        with pytest.raises(JsonRpcException) as error:
            await rename(lsp, document, line, character, name)
        assert (error.value.code, error.value.message) == (types.LSPErrorCodes.RequestFailed, message)


async def test_prepare_rename_names_the_range_or_refuses(beds):
    lsp, document, _ = beds
    prepared = await lsp.text_document_prepare_rename_async(types.PrepareRenameParams(**at(document, 3, 6)))
    assert span(prepared) == "3:4-3:8"
    with pytest.raises(JsonRpcException) as error:
        await lsp.text_document_prepare_rename_async(types.PrepareRenameParams(**at(document, 2, 2)))
    assert error.value.message.startswith("only a record type"), "the keyword 'record' is no name"
