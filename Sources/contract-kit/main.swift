import Foundation

exit(await ContractKit.main(Array(CommandLine.arguments.dropFirst())))
