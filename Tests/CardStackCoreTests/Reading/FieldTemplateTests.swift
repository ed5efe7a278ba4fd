// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// A part made of several fields: `--field subtitle='#{number} · {labels}'`, and the subtitle a list gets by default.
final class FieldTemplateTests: XCTestCase {
    private func render(_ template: String, _ names: [String], _ values: [String?]) -> String? {
        FieldTemplate(template)?.resolved(for: names).render { values[$0] }
    }

    func testATemplateNamesItsFieldsAndPlainTextIsNoTemplate() {
        XCTAssertEqual(FieldTemplate("#{number} · {labels}")?.fieldNames, ["number", "labels"])
        XCTAssertNil(FieldTemplate("Notes"), "one field's name")
        XCTAssertNil(FieldTemplate("{{not a field}}"), "doubled braces are braces")
        XCTAssertEqual(FieldTemplate("{{{a}}}")?.pieces, [.text("{"), .field("a"), .text("}")])
    }

    func testTextJoiningAMissingFieldIsDropped() {
        let names = ["number", "labels", "state"]
        XCTAssertEqual(render("#{number} · {labels} ({state})", names, ["107", "bug, ui", "OPEN"]), "#107 · bug, ui (OPEN)")
        XCTAssertEqual(render("#{number} · {labels} ({state})", names, ["107", nil, "OPEN"]), "#107 (OPEN)")
        XCTAssertEqual(render("#{number} · {labels}", names, ["107", "  "]), "#107", "a blank field is missing")
        XCTAssertEqual(render("#{number} · {labels}", names, [nil, "bug"]), "bug", "the text before the first field is that field's")
        XCTAssertNil(render("#{number} · {labels}", names, [nil, nil]))
        XCTAssertEqual(render("{labels} ({state})", names, [nil, nil, "OPEN"]), "(OPEN)", "an opening bracket goes with the field after it")
        XCTAssertEqual(render("{labels} ({state})", names, [nil, "bug", nil]), "bug", "the closing one with the field before it")
        XCTAssertEqual(render("{Number}", names, ["7", nil, nil]), "7", "field names match without regard to case")
        XCTAssertNil(render("{missing}", names, ["7", nil, nil]))
    }

    func testTheDefaultSubtitleAddsShortIdentifyingFields() throws {
        let mapping = CardFieldMapping()
        let names = ["title", "author", "number", "labels", "state", "body"]
        let columns = try mapping.columns(for: names)
        let template = try XCTUnwrap(mapping.subtitleTemplate(for: names, columns: columns))
        XCTAssertEqual(template.render { ["Crash", "octocat", "107", "bug, ui", "OPEN", "Steps"][$0] }, "octocat · #107 · bug, ui · OPEN")
        XCTAssertEqual(template.render { ["Crash", nil, "v2", nil, "OPEN", "Steps"][$0] }, "v2 · OPEN", "a number that isn't one stays as written")
        let long = String(repeating: "x", count: FieldTemplate.Resolved.shortLimit + 1)
        XCTAssertEqual(template.render { ["Crash", nil, "1", long, nil, nil][$0] }, "#1", "a long value is no short identifier")
        XCTAssertNil(mapping.subtitleTemplate(for: ["title", "author"], columns: try mapping.columns(for: ["title", "author"])),
                     "nothing to add: the subtitle is the one field")
    }

    func testAChosenTemplateFillsTheSubtitleAndTheIdStays() throws {
        let csv = Data("Name,Status,Tags\nBuy milk,open,home\nCall Ada,done,\n".utf8)
        let plain = try DeckReader.read(csv, as: .csv, title: "Todo", baseDirectory: nil).deck
        XCTAssertEqual(plain.cards.map(\.subtitle), ["home · open", "done"], "by default: the tags and the status")
        let chosen = try CardFieldMapping.choice("subtitle={Status}: {Tags}").get()
        let templated = try DeckReader.read(csv, as: .csv, title: "Todo", baseDirectory: nil,
                                            mapping: CardFieldMapping(chosen: [chosen.0: chosen.1])).deck
        XCTAssertEqual(templated.cards.map(\.subtitle), ["open: home", "done"])
        XCTAssertEqual(templated.cards.map(\.id), plain.cards.map(\.id), "a card without an id keeps it whatever its subtitle shows")
        let lines = Data(#"{"name": "Buy milk", "status": "open", "tags": ["home", "errand"]}"#.utf8)
        let json = try DeckReader.read(lines, as: .jsonLines, title: "Todo", baseDirectory: nil,
                                       mapping: CardFieldMapping(chosen: [.subtitle: "{tags} / {status}"])).deck
        XCTAssertEqual(json.cards[0].subtitle, "home, errand / open")
    }
}
