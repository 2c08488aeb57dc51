// Hard bounds of the workspace. They are constants, not environment variables, because they
// are safety limits rather than deployment choices; callers may ask for less, never for more.

/** Longest accepted workspace path (characters) and path component (UTF-8 bytes). */
export const maxPathLength = 1024;
export const maxPathComponentBytes = 255;

/** `viewWorkspaceFile`: default and largest number of bytes returned. */
export const defaultViewBytes = 64 * 1024;
export const maxViewBytes = 1024 * 1024;

/** `runRestrictedCommand`: default and largest wall-clock time. */
export const defaultCommandTimeoutMs = 10_000;
export const maxCommandTimeoutMs = 120_000;

/** `runRestrictedCommand`: default and largest captured bytes per stream (stdout, stderr). */
export const defaultCommandOutputBytes = 64 * 1024;
export const maxCommandOutputBytes = 1024 * 1024;

/** Largest command line: argument count and bytes per argument. */
export const maxCommandArguments = 64;
export const maxCommandArgumentBytes = 4096;

/** Largest file a command may write through `stdout_to` (bigger output is discarded). */
export const maxEphemeralFileBytes = 64 * 1024 * 1024;

/** Largest file that can be published to Derived. */
export const maxPublishBytes = 256 * 1024 * 1024;

/** Session environment bounds. */
export const maxEnvironmentVariables = 64;
export const maxEnvironmentNameLength = 64;
export const maxEnvironmentValueBytes = 4096;
export const maxEnvironmentTotalBytes = 32 * 1024;

/** `listWorkspaceFiles`: entries and directory depth walked per area. */
export const maxListEntries = 2000;
export const maxListDepth = 12;
