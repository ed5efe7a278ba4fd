// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Gives a text view a long text a slice at a time: the first screenful at once, the rest in idle time, so a
/// sheet with a body of 50 MB opens at once and answers every key while its text arrives.
///
/// Each slice breaks its long paragraphs first (a text view lays a paragraph out whole). Filling stops when the
/// view is destroyed.
@MainActor
final class TextFeed {
    /// Scalars read for the first slice, given with the view: a screenful and more of any text.
    static let firstSlice = 16_384
    /// Scalars read for each later slice: about 2 ms of breaking and inserting on this machine's slowest build,
    /// so the main loop is never held for a frame.
    static let laterSlice = 65_536

    private var paragraphs: LongParagraphs
    /// The text's styles (a Markdown body's), applied to each slice as it arrives.
    private let spans: [StyledText.Span]
    /// The indices of ``spans`` by where they start, and the first of them not yet reached by a slice.
    private let spansByStart: [Int]
    private var nextSpan = 0
    /// The spans a slice has reached that go on past it (spans nest, so a few at most).
    private var spansGoingOn: [Int] = []
    private let buffer: ObjectReference<UnsafeMutablePointer<GtkTextBuffer>>
    private let signals = SignalGroup()
    private var idleID: UInt32?

    /// Fills `view`'s buffer with `text`, its paragraphs broken at `longest` scalars and its words at
    /// `longestWord`, with `spans` styling its parts.
    @discardableResult
    init(_ text: String, spans: [StyledText.Span] = [], into view: UnsafeMutablePointer<GtkWidget>, longest: Int, longestWord: Int) {
        paragraphs = LongParagraphs(text, longest: longest, longestWord: longestWord)
        self.spans = spans
        spansByStart = spans.indices.filter { !spans[$0].range.isEmpty }.sorted { spans[$0].range.lowerBound < spans[$1].range.lowerBound }
        buffer = ObjectReference(retaining: created(gtk_text_view_get_buffer(view.cast())))
        append(reading: Self.firstSlice)
        // The reader starts at the top, wherever the text grows.
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer.pointer, &start)
        gtk_text_buffer_place_cursor(buffer.pointer, &start)
        guard !paragraphs.isFinished else { return }
        self.view = view
        // The callbacks keep this feed alive until the text is all in or the view is gone.
        scheduleSlice()
        signals.connect(view.raw, .void("destroy")) { [self] in
            if let idleID { IdleCallback.remove(idleID) }
            if let waitID { TimeoutCallback.remove(waitID) }
            idleID = nil
            waitID = nil
            self.view = nil
        }
    }

    /// The view being filled, until it is destroyed.
    private var view: UnsafeMutablePointer<GtkWidget>?
    /// The wait for the sheets to have been still a while (``restDelay``).
    private var waitID: UInt32?
    /// How long the sheets must have been still before a held-back feed goes on, in milliseconds. Sheets closed
    /// one after another rest for a moment between two of them, and a slice taken then was laid out and drawn in
    /// the next motion's frames, the slowest of them with a 10,000-line text.
    static let restDelay: UInt32 = 150

    /// Adds the next slice in idle time; while a sheet holding the view moves, or is unseen (covered, closed or
    /// built ahead of its opening), waits for the sheets to have come to rest and looks again. A slice re-lays
    /// the view out and redraws every line it has so far (a view in a scrolled sheet is as tall as its text, all
    /// of it on screen as far as the view knows), on top of the frame it lands in: inside a sliding or dragged
    /// sheet's frames that was the slowest of them, and an unseen sheet shows none of its text to read.
    private func scheduleSlice() {
        idleID = IdleCallback.add { [self] in
            guard idleID != nil, let view else { return false }
            if let host = SheetHost.host(of: view), host.isMoving || host.isCovered(view) {
                idleID = nil
                host.whenAtRest { [self] in
                    guard self.view != nil, idleID == nil, waitID == nil else { return }
                    waitID = TimeoutCallback.add(milliseconds: Self.restDelay) { [self] in
                        waitID = nil
                        if self.view != nil { scheduleSlice() }
                        return false
                    }
                }
                return false
            }
            append(reading: Self.laterSlice)
            if paragraphs.isFinished {
                idleID = nil
                signals.disconnectAll()
            }
            return idleID != nil
        }
    }

    private func append(reading scalars: Int) {
        let from = paragraphs.givenOffset
        guard let piece = paragraphs.next(reading: scalars), !piece.isEmpty else { return }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer.pointer, &end)
        gtk_text_buffer_insert(buffer.pointer, &end, piece, -1)
        style(from: from, to: paragraphs.givenOffset)
    }

    /// Applies the styles to the text given out from scalar `from` to `to` (the text's own offsets; the buffer's
    /// are further by the breaks put in before them): the spans going on from earlier slices, then those that
    /// start in this one. Each span is looked at once a slice it reaches, so a long text costs its spans once.
    private func style(from: Int, to: Int) {
        guard !spans.isEmpty, from < to else { return }
        var reached = spansGoingOn
        while nextSpan < spansByStart.count, spans[spansByStart[nextSpan]].range.lowerBound < to {
            reached.append(spansByStart[nextSpan])
            nextSpan += 1
        }
        spansGoingOn.removeAll(keepingCapacity: true)
        let breaks = paragraphs.insertedBreaks
        func bufferOffset(_ offset: Int, includingBreakAt: Bool) -> Int32 {
            // The breaks before `offset` (and at it, if asked), found by halving: the breaks are in order.
            var low = 0
            var high = breaks.count
            while low < high {
                let middle = (low + high) / 2
                if breaks[middle] < offset || (includingBreakAt && breaks[middle] == offset) { low = middle + 1 } else { high = middle }
            }
            return Int32(offset + low)
        }
        for index in reached {
            let span = spans[index]
            if span.range.upperBound > to { spansGoingOn.append(index) }
            guard let tag = MarkdownTags.tag(for: span.style, in: buffer.pointer) else { continue }
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer.pointer, &start, bufferOffset(max(span.range.lowerBound, from), includingBreakAt: true))
            gtk_text_buffer_get_iter_at_offset(buffer.pointer, &end, bufferOffset(min(span.range.upperBound, to), includingBreakAt: false))
            gtk_text_buffer_apply_tag(buffer.pointer, tag, &start, &end)
        }
    }
}
