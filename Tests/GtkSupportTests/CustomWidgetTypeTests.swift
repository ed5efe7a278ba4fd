// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

@MainActor
private final class RecordingDelegate: CustomWidgetDelegate {
    var allocations: [(Int32, Int32)] = []
    var snapshots = 0
    var keys: [UInt32] = []
    let onDispose: () -> Void

    init(onDispose: @escaping () -> Void) { self.onDispose = onDispose }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        orientation == GTK_ORIENTATION_HORIZONTAL ? (40, 120) : (30, 90)
    }

    func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        allocations.append((width, height))
    }

    func snapshot(_ snapshot: OpaquePointer) {
        snapshots += 1
        var color = GdkRGBA(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: 12, height: 7))
        gtk_snapshot_append_color(snapshot, &color, &bounds)
    }

    func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        keys.append(keyval)
        return true
    }

    func dispose() { onDispose() }
}

final class CustomWidgetTypeTests: GtkTestCase {
    @MainActor
    private static var canvasType: CustomWidgetType {
        CustomWidgetType(name: "CardStackTestCanvas", cssName: "testcanvas", accessibleRole: GTK_ACCESSIBLE_ROLE_IMG)
    }

    func testRegistersASubclassOnce() {
        MainActor.assumeIsolated {
            let first = CustomWidgetTypeTests.canvasType.gType
            XCTAssertEqual(CustomWidgetTypeTests.canvasType.gType, first, "registering the same name again returns the same GType")
            XCTAssertEqual(g_type_parent(first), gtk_widget_get_type())
            XCTAssertEqual(String(cString: g_type_name(first)), "CardStackTestCanvas")
        }
    }

    func testMeasureForwardsToTheDelegate() {
        MainActor.assumeIsolated {
            let widget = ObjectReference(sinking: CustomWidgetTypeTests.canvasType.instantiate())
            let delegate = RecordingDelegate(onDispose: {})
            CustomWidgetType.attach(delegate, to: widget.pointer)
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(widget.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual([minimum, natural], [40, 120])
            gtk_widget_measure(widget.pointer, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual([minimum, natural], [30, 90])
            XCTAssertTrue(CustomWidgetType.delegate(of: widget.pointer) === delegate)
        }
    }

    func testSnapshotProducesTheDelegatesRenderNode() {
        MainActor.assumeIsolated {
            let widget = ObjectReference(sinking: CustomWidgetTypeTests.canvasType.instantiate())
            let delegate = RecordingDelegate(onDispose: {})
            CustomWidgetType.attach(delegate, to: widget.pointer)
            let snapshot = created(gtk_snapshot_new())
            cs_widget_get_class(widget.pointer.raw).pointee.snapshot(widget.pointer, snapshot)
            guard let node = gtk_snapshot_free_to_node(snapshot) else {
                return XCTFail("the delegate's snapshot produced no render node")
            }
            let reference = RenderNodeReference(adopting: node)
            XCTAssertEqual(gsk_render_node_get_node_type(reference.node), GSK_COLOR_NODE)
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(reference.node, &bounds)
            XCTAssertEqual(bounds.size.width, 12)
            XCTAssertEqual(bounds.size.height, 7)
            XCTAssertEqual(delegate.snapshots, 1)
        }
    }

    func testShownInstanceIsAllocatedDrawnAndReleasesItsDelegate() {
        MainActor.assumeIsolated {
            weak var watchedDelegate: RecordingDelegate?
            var disposed = 0
            let window = created(gtk_window_new())
            do {
                let widget = CustomWidgetTypeTests.canvasType.instantiate()
                let delegate = RecordingDelegate(onDispose: { disposed += 1 })
                watchedDelegate = delegate
                CustomWidgetType.attach(delegate, to: widget)
                gtk_window_set_child(window.cast(), widget)
                gtk_window_set_default_size(window.cast(), 200, 150)
                gtk_window_present(window.cast())
            }
            XCTAssertTrue(runMainLoop(until: { (watchedDelegate?.snapshots ?? 0) > 0 }), "the shown widget was drawn")
            let allocation = watchedDelegate?.allocations.last
            XCTAssertNotNil(allocation)
            XCTAssertGreaterThanOrEqual(allocation?.0 ?? 0, 120, "allocated at least its natural width")
            XCTAssertGreaterThanOrEqual(allocation?.1 ?? 0, 90)
            XCTAssertNotNil(watchedDelegate, "the instance owns its delegate")
            gtk_window_destroy(window.cast())
            XCTAssertTrue(runMainLoop(until: { watchedDelegate == nil }), "finalizing the widget released the delegate")
            XCTAssertEqual(disposed, 1, "dispose was forwarded once")
        }
    }

    func testKeyPressesReachTheDelegateWhenFocused() {
        MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            let widget = CustomWidgetTypeTests.canvasType.instantiate()
            let delegate = RecordingDelegate(onDispose: {})
            CustomWidgetType.attach(delegate, to: widget)
            gtk_widget_set_focusable(widget, 1)
            gtk_window_set_child(window.cast(), widget)
            gtk_window_present(window.cast())
            XCTAssertTrue(runMainLoop(until: { delegate.snapshots > 0 }))
            XCTAssertTrue(gtk_widget_grab_focus(widget) != 0, "a focusable custom widget takes focus")
            XCTAssertTrue(gtk_widget_has_focus(widget) != 0 || gtk_window_get_focus(window.cast()) == widget)
            gtk_window_destroy(window.cast())
        }
    }
}
