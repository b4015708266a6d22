ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿDEFINE SCHEMA

/*
    Fathom's CloudKit schema, written by hand rather than auto-created.

    CloudKit's production schema is ADDITIVE-ONLY: a record type deployed to
    production can never be removed, and a field can never be retyped or
    deleted. Letting a Debug run auto-create the schema means whatever the
    Swift structs happened to look like that afternoon becomes permanent, and
    dev and production drift apart silently. This file is the source of truth,
    reviewed like any other code and applied with `cktool import-schema`.

    Field lists are derived from `apply(to:)` in
    Fathom/Data/Sync/CloudKitRecordTypes.swift and from the three singleton
    record builders in Fathom/Data/Sync/SyncEngine+Apply.swift. Merge behavio   sortOrder       INT64,
        modifiedAt      TIMESTAMP,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_creator"
    );

    /* Two-phase set: removal writes deletedAt rather than deleting the record,
       so the removal itself can reach other devices. See Â§3.3. */
    RECORD TYPE BookCategoryMembership (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        bookID          STRING,
        categoryID      STRING,
        addedAt         TIMESTAMP,
        sortOrder       INT64,
        modifiedAt      TIMESTAMP,
        deletedAt       TIMESTAMP,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_creator"
    );

    RECORD TYPE Highlight (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        bookID          STRING,
        locatorJSON     STRING,
        text            STRING,
        createdAt       TIMESTAMP,
        color           STRING,
        deletedAt       TIMESTAMP,
        modifiedAt      TIMESTAMP,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_creator"
    );

    RECORD TYPE Note (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        bookID          STRING,
        locatorJSON     STRING,
        selectedText    STRING,
        noteContent     STRING,
        createdAt       TIMESTAMP,
        chapterTitle    STRING,
        pageNumber      INT64,
        highlightColor  STRING,
        deletedAt       TIMESTAMP,
        modifiedAt      TIMESTAMP,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_creator"
    );

    RECORD TYPE Bookmark (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        bookID          STRING,
        locatorJSON     STRING,
        progression     DOUBLE,
        createdAt       TIMESTAMP,
        chapter   STRING,
        duration        DOUBLE,
        createdAt       TIMESTAMP,
        modifiedAt      TIMESTAMP,
        deviceID        STRING,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_creator"
    );

    /* furthestProgression is a'high-water mark resolved independently of the
       current position, which