#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Entry point of the `todo` command: parses the arguments, then runs the command.
// (The command views are being written; this entry point is replaced with them.)
print("todo: under construction")
