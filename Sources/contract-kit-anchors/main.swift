import AnchorCheck
import KitSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `contract-kit-anchors`: `contract-kit anchors` alone, in a binary that links only the anchor
// checker. A CI gate starts it on every pull request, and it starts in about half the time:
// `contract-kit` also links the model-server client, and with it, on Linux,
// FoundationNetworking and the libcurl it loads. On Linux this binary loads FoundationEssentials
// alone, not Foundation and its ICU data: no module it links imports Foundation there.
HeapGrowth.growCoarsely()
let program = "contract-kit-anchors"
var arguments = Arguments(CommandLine.arguments.dropFirst())
if arguments.wantsHelp() {
  Output.print(AnchorsCommand.helpText(invokedAs: program))
  exit(ExitCode.ok)
}
do {
  exit(try AnchorsCommand.run(&arguments))
} catch {
  let report = ErrorReport(
    error, program: program, usage: AnchorsCommand.usageLine(invokedAs: program),
    invocation: program)
  for line in report.lines { Output.error(line) }
  exit(report.exitCode)
}
