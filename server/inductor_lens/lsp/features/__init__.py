"""Pure feature functions: (context, document path, position) -> lsprotocol result.

Positions here are 1-based lines and 0-based character columns (the server converts LSP's
0-based lines).  Nothing in this package touches pygls or the network.
"""
