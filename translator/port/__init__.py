"""cmpi-port: batch porting of a codebase through its own build (docs/port.md)."""
