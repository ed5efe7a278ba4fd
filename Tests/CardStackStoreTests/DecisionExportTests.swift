// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import XCTest

@testable import CardStackStore

/// CSV and JSON exports keep every character and every date exact.
final class DecisionExportTests: XCTestCase {
    private let awkwardRows = [
        ExportRow(cardID: "plain", title: "Dune", direction: .right, label: "Keep", decidedAt: Fixture.start, path: "/photos/a, b.jpg"),
        ExportRow(cardID: "comma", title: "Hello, \"world\"", direction: .left, label: "Keep", decidedAt: Fixture.date(1)),
        ExportRow(cardID: "lines", title: "line 1\nline 2\r\nline 3", direction: .up, label: "Keep", decidedAt: Fixture.date(60)),
        ExportRow(cardID: "markup", title: "<b>Tom & Jerry</b> =SUM(A1) 'x' ;", direction: .down, label: "Keep", decidedAt: Fixture.date(3600)),
        ExportRow(cardID: "accent", title: "\"\u{301}tude — Ünïcödé 🃏", direction: .right, label: "Keep", decidedAt: Fixture.date(86_400)),
        ExportRow(cardID: "gone", title: "", direction: .left, label: "Keep", decidedAt: Fixture.start.addingTimeInterval(0.999)),
    ]

    func testCSVQuotesOnlyWhatRFC4180Requires() {
        // Written as records joined by "\n": a multi-line literal can't hold the `"""` that doubled quotes make.
        let records = [
            #"id,title,direction,label,decided_at,path"#,
            #"plain,Dune,right,Keep,2026-11-21T09:35:44Z,"/photos/a, b.jpg""#,
            #"comma,"Hello, ""world""",left,Keep,2026-11-21T09:35:45Z,"#,
            "lines,\"line 1\nline 2\r\nline 3\",up,Keep,2026-11-21T09:36:44Z,",
            #"markup,<b>Tom & Jerry</b> =SUM(A1) 'x' ;,down,Keep,2026-11-21T10:35:44Z,"#,
            "accent,\"\"\"\u{301}tude — Ünïcödé 🃏\",right,Keep,2026-11-22T09:35:44Z,",
            #"gone,,left,Keep,2026-11-21T09:35:44Z,"#,
        ]
        XCTAssertEqual(DecisionExport.csv(awkwardRows), records.map { $0 + "\n" }.joined())
    }

    func testCSVNeutralisesFormulasAndNeverWritesNUL() {
        let rows = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)", "\tx", "a\u{0}b", "x=1"].enumerated().map { index, title in
            ExportRow(cardID: "c\(index)", title: title, direction: .right, label: "Keep", decidedAt: Fixture.start)
        }
        let titles = DecisionExport.csv(rows).split(separator: "\n").dropFirst().map { line in
            String(line.dropFirst(3).dropLast(",right,Keep,2026-11-21T09:35:44Z,".count))
        }
        XCTAssertEqual(titles, [
            #""'=HYPERLINK(""http://x"",""y"")""#, #""'+1""#, #""'-2""#, #""'@SUM(A1)""#, "\"'\tx\"", "a\u{FFFD}b", "x=1",
        ])
        XCTAssertFalse(DecisionExport.csv(rows).unicodeScalars.contains("\u{0}"))
    }

    func testCSVOfNothingIsTheHeader() {
        XCTAssertEqual(DecisionExport.csv([]), "id,title,direction,label,decided_at,path\n")
    }

    func testDatesAreISO8601UTCToTheSecond() {
        XCTAssertEqual(DecisionExport.timestamp(Fixture.start), "2026-11-21T09:35:44Z")
        XCTAssertEqual(DecisionExport.timestamp(Fixture.start.addingTimeInterval(0.999)), "2026-11-21T09:35:44Z")
        XCTAssertEqual(DecisionExport.timestamp(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    }

    func testJSONParsesBackToTheSameRows() throws {
        let text = DecisionExport.json(awkwardRows)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])
        XCTAssertEqual(parsed.count, awkwardRows.count)
        for (object, row) in zip(parsed, awkwardRows) {
            XCTAssertEqual(object, [
                "id": row.cardID,
                "title": row.title,
                "direction": row.direction.rawValue,
                "label": row.label,
                "decided_at": DecisionExport.timestamp(row.decidedAt),
                "path": row.path ?? "",
            ])
        }
        XCTAssertTrue(text.contains("\"title\": \"<b>Tom & Jerry</b> =SUM(A1) 'x' ;\""), "markup is kept verbatim")
        XCTAssertTrue(text.hasSuffix("]\n"))
    }

    func testJSONIsPrettyWithKeysInFieldOrder() {
        let row = ExportRow(cardID: "a/b", title: "tab\there\u{1}", direction: .up, label: "Up", decidedAt: Fixture.start)
        XCTAssertEqual(DecisionExport.json([row]), """
            [
              {
                "id": "a/b",
                "title": "tab\\there\\u0001",
                "direction": "up",
                "label": "Up",
                "decided_at": "2026-11-21T09:35:44Z",
                "path": ""
              }
            ]

            """)
        XCTAssertEqual(DecisionExport.json([]), "[]\n")
    }

    func testExportRowsTakeTitlesFromTheDeck() throws {
        let store = DecisionStore.inMemory()
        try store.record(.decided(cardID: "card-1", direction: .right), in: Fixture.key, at: Fixture.date(0))
        try store.record(.decided(cardID: "removed", direction: .left), in: Fixture.key, at: Fixture.date(1))
        try store.record(.decided(cardID: "card-0", direction: .up), in: Fixture.key, at: Fixture.date(2))
        try store.record(.undone(cardID: "card-0"), in: Fixture.key, at: Fixture.date(3))
        XCTAssertEqual(try store.exportRows(of: Fixture.deck(count: 2), key: Fixture.key), [
            ExportRow(cardID: "card-1", title: "Card 1", direction: .right, label: "Keep", decidedAt: Fixture.date(0)),
            ExportRow(cardID: "removed", title: "", direction: .left, label: "Skip", decidedAt: Fixture.date(1)),
        ])
    }
}
