/// ReactorKit's former name for ``ReactorView``.
@available(*, deprecated, renamed: "ReactorView")
public typealias View = ReactorView

/// ReactorKit's former name for ``DeferredReactorView``.
@available(*, deprecated, renamed: "DeferredReactorView")
public typealias StoryboardView = DeferredReactorView
