// The project's tests and benchmarks see the public testing library through this module, as before it
// was split out.
@_exported import ProsceniumTesting
