// The gateway speaks CoachWire's JSON-RPC lines: whoever imports CoachGateway sees JSONValue,
// RPCError, GatewayClient and ExitStatus too, as before they moved into the wire module (so code
// written against the older layout keeps compiling; new code imports CoachWire itself).

@_exported import CoachWire
