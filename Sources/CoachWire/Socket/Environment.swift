// The process environment and the XDG base directories, read one way everywhere (socket, store,
// state, user intents). The XDG Base Directory spec: a relative path in an XDG_* variable is
// invalid and must be ignored, so only absolute values count; an empty value counts as unset.

#if canImport(Glibc)
import Glibc
#endif

public enum Environment {
    /// This process's environment, read from `environ` (no Foundation).
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// Just these variables (those that are set): what a one-shot client needs, without copying
    /// the whole environment into a dictionary at every start (a status bar polls every second).
    public static func only(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

public enum XDGDirectories {
    /// The value of an XDG_* base-directory variable when it is an absolute path; nil otherwise.
    public static func base(_ variable: String, environment: [String: String]) -> String? {
        guard let value = environment[variable], value.hasPrefix("/") else { return nil }
        return value
    }

    /// `$HOME`, else the passwd entry's home directory, else "/".
    public static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func configHome(environment: [String: String]) -> String {
        base("XDG_CONFIG_HOME", environment: environment) ?? home(environment: environment) + "/.config"
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func dataHome(environment: [String: String]) -> String {
        base("XDG_DATA_HOME", environment: environment) ?? home(environment: environment) + "/.local/share"
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public static func stateHome(environment: [String: String]) -> String {
        base("XDG_STATE_HOME", environment: environment) ?? home(environment: environment) + "/.local/state"
    }

    /// `$XDG_RUNTIME_DIR`; the spec has no default (callers pick a fallback and check it).
    public static func runtimeDirectory(environment: [String: String]) -> String? {
        base("XDG_RUNTIME_DIR", environment: environment)
    }
}
