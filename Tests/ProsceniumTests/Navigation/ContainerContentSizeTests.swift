import Testing
@testable import Proscenium

/// A container's preferred size follows its shown child's, as UIKit's: a navigation controller's is its top
/// screen's with the bar, a tab bar controller's its selected tab's with the bar, so a popover or form sheet
/// showing either fits what it shows; one the app sets itself stays.
@MainActor @Suite("Containers' preferred content size")
struct ContainerContentSizeTests {
    private func sized(_ width: Double, _ height: Double) -> ViewController {
        let controller = ViewController()
        controller.preferredContentSize = Size(width: width, height: height)
        return controller
    }

    @Test("a navigation stack presented as a popover fits its top screen and the bar, through pushes, pops and changes")
    func navigationInAPopover() {
        let fixture = PresentationFixture(size: Size(width: 1200, height: 900))
        let first = sized(400, 300)
        let navigation = NavigationController(rootViewController: first)
        #expect(navigation.preferredContentSize == Size(width: 400, height: 300 + NavigationBar.height))
        navigation.modalPresentationStyle = .popover
        navigation.popoverPresentationController?.sourceView = fixture.root.button
        fixture.root.present(navigation, animated: false)
        fixture.runUntilIdle()
        #expect(navigation.view.frame.size == Size(width: 400, height: 344))
        navigation.pushViewController(sized(500, 200), animated: false)
        fixture.runUntilIdle()
        #expect(navigation.view.frame.size == Size(width: 500, height: 244))
        navigation.topViewController?.preferredContentSize = Size(width: 500, height: 260)
        fixture.runUntilIdle()
        #expect(navigation.view.frame.size == Size(width: 500, height: 304))
        navigation.popViewController(animated: false)
        fixture.runUntilIdle()
        #expect(navigation.view.frame.size == Size(width: 400, height: 344))
    }

    @Test("a size the app sets on the container itself stays; a tab bar controller follows its selected tab with its bar")
    func ownSizeStaysAndTabsFollow() {
        let navigation = NavigationController()
        navigation.preferredContentSize = Size(width: 320, height: 480)
        navigation.setViewControllers([sized(400, 300)], animated: false)
        #expect(navigation.preferredContentSize == Size(width: 320, height: 480))

        let tabs = TabBarController()
        let inbox = sized(400, 300), archive = sized(600, 500)
        tabs.viewControllers = [inbox, archive]
        #expect(tabs.preferredContentSize == Size(width: 400, height: 300 + TabBar.height))
        tabs.selectedIndex = 1
        #expect(tabs.preferredContentSize == Size(width: 600, height: 500 + TabBar.height))
        inbox.preferredContentSize = Size(width: 10, height: 10)
        #expect(tabs.preferredContentSize == Size(width: 600, height: 500 + TabBar.height), "only the selected tab's counts")
    }
}
